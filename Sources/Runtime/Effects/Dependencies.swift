import App
import Catalog
import Foundation
import Store
import Sync

/// The store as the run loop's effects use it: its reads, hearts, settings and image-cache look-ups. `CatalogStore`
/// is the one in use; tests give one that fails on purpose.
public protocol StoreAccess: AnyObject {
    var isReadOnly: Bool { get }
    /// Whether settings have a file of their own (they are saved even when the store cannot be written).
    var savesSettingsElsewhere: Bool { get }
    func artworks(collection: String, fields: ArtworkFields, ids: [String]?) throws -> [Artwork]
    func artworks(collections: [String], fields: ArtworkFields) throws -> [Artwork]
    func setting(_ key: String) throws -> String?
    func setSetting(_ key: String, _ value: String?) throws
    func changes(since: String) throws -> [(collection: String, id: String, title: String)]
    func favourites() throws -> [ArtworkKey]
    func favouriteArtworks() throws -> [Artwork]
    func addFavourite(_ artwork: ArtworkKey) throws -> FavouriteOutcome
    func removeFavourite(_ artwork: ArtworkKey) throws -> Bool
    func seenMarks() throws -> [SeenMark]
    func markSeen(_ keys: [ArtworkKey], how: SeenHow, at date: Date) throws -> Int
    func unmarkSeen(_ key: ArtworkKey) throws -> Bool
    func cachedImages() throws -> [CachedImage]
    func cachedImagePath(_ artwork: ArtworkKey) throws -> String?
    func touchCachedImage(_ artwork: ArtworkKey) throws
    /// What was found for a fetched artwork's image reference (why there is none), or nil when never looked up.
    func resolvedPicture(_ reference: String) throws -> ResolvedPicture?
}

extension CatalogStore: StoreAccess {
    public var savesSettingsElsewhere: Bool { userSettings != nil }
}

/// When a timer goes off: the one clock the run loop's effects wait on.
public protocol EffectClock: Sendable {
    /// Runs `work` after `seconds`, on some thread.
    func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void)
}

/// The wall clock, through Dispatch.
public struct DispatchClock: EffectClock {
    public init() {}
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
/// and handed to each feature's effect handler: the store, HTTP, the clock, the browser, the picture decoder and
/// where writers open the store. The location source is given to the session beside it.
public struct Dependencies {
    /// The loop's own store connection.
    public var store: any StoreAccess
    /// The store's path, for connections of background work's own.
    public var storePath: String
    public var http: any HTTPClient
    public var clock: any EffectClock
    public var browser: any WebPageOpening
    public var pictures: any PictureDecoding

    public init(store: any StoreAccess, storePath: String, http: any HTTPClient = CurlHTTPClient(),
                clock: any EffectClock = DispatchClock(), browser: any WebPageOpening = XDGOpen(),
                pictures: any PictureDecoding = CachedPictureDecoder()) {
        self.store = store
        self.storePath = storePath
        self.http = http
        self.clock = clock
        self.browser = browser
        self.pictures = pictures
    }
}
