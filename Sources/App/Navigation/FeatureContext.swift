import TerminalTypes
import Catalog
import Foundation
import Geo

/// What a feature may read of the rest of the app: catalogue look-ups, favourites, settings, pictures,
/// the screen's size and the time. Read-only: a feature changes only its own state, and asks its parent
/// for anything else with a `Delegate`.
public protocol FeatureContext {
    /// The terminal's size in cells.
    var size: TerminalSize { get }
    /// The time of the last tick.
    var now: Date { get }
    /// The collection shown.
    var collection: String { get }
    /// Every artwork of the collection shown.
    var artworks: [Artwork] { get }
    /// Hearted artworks from every collection, oldest first.
    var favourites: [Artwork] { get }
    /// Decoded pictures and why others cannot be shown.
    var pictures: PictureMemory { get }
    /// A cell's height over its width.
    var cellAspect: Double { get }
    /// The most cells one pixel picture may cover (the terminal's graphics limit), or nil.
    var pixelLimit: TerminalSize? { get }
    /// Seconds between slideshow pictures.
    var slideshowInterval: Double { get }
    /// Whether distances are shown in feet and miles.
    var imperial: Bool { get }
    /// Whether `s` and fetches may ask the network (false with `--offline`).
    var online: Bool { get }
    /// What would bring a picture not downloaded yet: `s` and what it does for the collection shown, or why nothing.
    var missingPictureHint: String { get }
    /// An artwork shown anywhere: the collection's, a favourite, or one a screen on the stack lists.
    func anyArtwork(_ key: ArtworkKey) -> Artwork?
    /// The building with this key, ranked from the reference point.
    func rankedBuilding(key: String) -> RankedBuilding?
    /// The user's settings, typed (`UserSettings`).
    var settings: UserSettings { get }
    /// Whether an artwork carries a heart.
    func isFavourite(_ artwork: Artwork) -> Bool
    /// When an artwork was seen (ISO 8601), or nil when it is not (issue 47).
    func seenAt(_ artwork: Artwork) -> String?
    /// Whether a note about the artwork was queued for OpenStreetMap today (one an element a day).
    func isNotedToday(_ artwork: Artwork) -> Bool
}

/// What a feature asks of its parent: the one vocabulary every screen on the stack speaks, so the root
/// has one handler and a new screen needs none.
public enum Delegate: Hashable, Sendable {
    /// Load (or keep) an artwork's picture.
    case wantPicture(ArtworkKey)
    /// Load an artwork's picture whole, reading again one decoded at a screen's size (the viewer zooms in).
    case wantWholePicture(ArtworkKey)
    /// Read an artwork's full record from the store, when the catalogue lacks it (a detail opened).
    case wantFullRecord(ArtworkKey)
    /// Push a screen and hand it its first action: each screen's folder offers the constructor
    /// (`Delegate.openDetail(key)`, `Delegate.openBuilding(key)`, `Delegate.openViewer(key)`).
    case push(ScreenPush)
    /// The news was looked at: its badge clears, and the time and what was read are saved.
    case newsRead
    /// Pop this screen.
    case close
    /// A line for the status bar.
    case message(String)
    /// Fit these points on the map (a walk just planned).
    case showOnMap([Coordinate])
    /// Leave every screen and show a painter's paintings in the table.
    case showInTable(painter: String)
}

/// A feature reducer's answer: work for the run loop, and requests to the parent, in order.
public struct Reduced: Hashable, Sendable {
    public var effects: [Effect]
    public var delegates: [Delegate]

    public init(effects: [Effect] = [], delegates: [Delegate] = []) {
        self.effects = effects
        self.delegates = delegates
    }

    /// Nothing to do.
    public static let none = Reduced()
}

/// One step through a list or a scrolled text.
public enum ListStep: Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom

    /// The step a key's command asks for, if it is one.
    public init?(_ command: Command) {
        switch command {
        case .rowUp: self = .up
        case .rowDown: self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .top: self = .top
        case .bottom: self = .bottom
        default: return nil
        }
    }

    /// An index moved by this step among `count`, `page` at a time.
    public func moved(_ index: Int, count: Int, page: Int) -> Int {
        guard count > 0 else { return 0 }
        let next: Int
        switch self {
        case .up: next = index - 1
        case .down: next = index + 1
        case .pageUp: next = index - page
        case .pageDown: next = index + page
        case .top: next = 0
        case .bottom: next = count - 1
        }
        return max(0, min(count - 1, next))
    }

    /// A scroll position moved by this step (no end: the view clamps it).
    public func scrolled(_ scroll: Int, page: Int) -> Int {
        switch self {
        case .up: return max(0, scroll - 1)
        case .down: return scroll + 1
        case .pageUp: return max(0, scroll - page)
        case .pageDown: return scroll + page
        case .top: return 0
        case .bottom: return scroll
        }
    }
}

/// What the user points at: the one answer `f`, `o`, `g` and picture loading share.
public enum Pointed: Sendable {
    case artwork(Artwork)
    case building(RankedBuilding)

    /// The artwork, when it is one.
    public var artwork: Artwork? { if case .artwork(let a) = self { return a } else { return nil } }
    /// The name a route panel shows.
    public var name: String {
        switch self {
        case .artwork(let a): return a.title
        case .building(let b): return b.name
        }
    }
    /// Where it is.
    public var coordinate: Coordinate {
        switch self {
        case .artwork(let a): return a.coordinate
        case .building(let b): return b.building.coordinate
        }
    }
}
