import App
import Catalog
import Foundation
import Sources
import Store
import Sync

/// The time, and when a timer goes off: the one clock the run loop and its effects read and wait on (a test's
/// runs only when the test moves it).
public protocol EffectClock: Sendable {
    /// The time now.
    var now: Date { get }
    /// Runs `work` after `seconds`, on some thread.
    func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void)
}

/// The wall clock, through Dispatch.
public struct DispatchClock: EffectClock {
    public init() {}
    public var now: Date { Date() }
    public func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }
}

/// Opens a web page in the user's browser: true when a browser was started.
public protocol WebPageOpening: Sendable {
    /// Why the page cannot be opened from here (no display), or nil.
    var unavailable: String? { get }
    /// Starts the browser on `url`; throws when it cannot be run.
    func open(_ url: String) throws
}

/// `xdg-open`, when there is a display.
public struct XDGOpen: WebPageOpening {
    let environment: [String: String]
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) { self.environment = environment }

    public var unavailable: String? {
        (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty ? "no display" : nil
    }

    public func open(_ url: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // No "--" before the URL: xdg-open takes every argument starting with "-" as an option and refuses
        // "--" itself; the checked URL starts with "http", so it is never read as an option.
        process.arguments = ["xdg-open", url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }
}

/// What the run loop's effects reach the world through, built once by the composition root (the view's command)
/// and handed to each feature's effect handler with nothing else: the store (a reader and a writer), HTTP, the clock,
/// the rate limiter, the browser, the picture decoder, and the services and limits the session was started with. The
/// location source is given to the session beside it.
public struct Dependencies {
    public var store: any StoreAccess
    public var http: any HTTPClient
    public var clock: any EffectClock
    /// Paces the place searches (Nominatim asks for one a second): one limiter for the whole session, so two `@`
    /// searches in a row wait their turns; the composition root's keeps the time in the store, across processes.
    public var nominatimLimiter: any RequestLimiter
    public var browser: any WebPageOpening
    public var pictures: any PictureDecoding
    /// Where the campus service is and where the images go (`s` on the campus), the HTTP limits.
    public var sync: SyncRequest?
    public var limits: SyncLimits
    /// The OpenStreetMap services and where fetched data goes, for the near-me feature (nil: never fetches).
    public var nearMe: NearMeContext?
    /// Where the museum is and the image cache, for the painters screen.
    public var paintings: PaintingsContext
    /// What `s` and the start-up sync refresh collections through (their `SourceProvider`s): the command line gives it.
    public var sources: SourceContext?
    /// OpenStreetMap's notes API and the token, for the detail's N (nil: notes are queued, never sent from the view).
    public var notes: NotesContext?

    public init(store: any StoreAccess, http: any HTTPClient = CurlHTTPClient(), clock: any EffectClock = DispatchClock(),
                nominatimLimiter: any RequestLimiter = NoRequestLimit(), browser: any WebPageOpening = XDGOpen(), pictures: any PictureDecoding = CachedPictureDecoder(),
                sync: SyncRequest? = nil, limits: SyncLimits = SyncLimits(), nearMe: NearMeContext? = nil,
                paintings: PaintingsContext = PaintingsContext(), sources: SourceContext? = nil, notes: NotesContext? = nil) {
        self.store = store
        self.http = http
        self.clock = clock
        self.nominatimLimiter = nominatimLimiter
        self.browser = browser
        self.pictures = pictures
        self.sync = sync
        self.limits = limits
        self.nearMe = nearMe
        self.paintings = paintings
        self.sources = sources
        self.notes = notes
    }
}
