import Catalog
import Foundation

/// The full-screen round robin of pictures: which artworks, which one is shown, whether it is paused,
/// and a generation number so a timer set for an earlier picture is ignored.
public struct SlideshowState: Hashable, Sendable {
    /// Artwork ids in the order shown.
    public var ids: [String]
    public var index = 0
    public var paused = false
    /// Seconds between pictures; 0 shows one fixed picture.
    public var interval: Double
    public var generation = 0
    /// Where the pictures came from, for the status line ("your 3 favourites").
    public var origin: String

    public init(ids: [String], interval: Double, origin: String) {
        self.ids = ids
        self.interval = interval
        self.origin = origin
    }

    public var currentID: String? { ids.indices.contains(index) ? ids[index] : nil }
    public var nextID: String? { ids.isEmpty ? nil : ids[(index + 1) % ids.count] }
    /// Whether it moves on by itself.
    public var advances: Bool { interval > 0 && ids.count > 1 && !paused }
}

/// What the slideshow's keys (and its timer) ask for.
public enum SlideshowAction: Hashable, Sendable {
    /// Just shown: ask for its pictures and set its timer.
    case begin
    case step(Int)
    case togglePause
    /// The timer of generation `generation` went off.
    case timer(generation: Int)
}

/// The id of the Night Watch, the one fixed picture of a slideshow at interval 0.
public let nightWatchID = "SK-C-5"

/// `S`: favourites' pictures (or the collection's first four with images), one every `interval` seconds;
/// interval 0 shows only the Night Watch (else the first favourite). The next picture is decoded ahead.
public enum SlideshowFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> SlideshowAction? {
        if case .slideshow(let action) = command { return action }
        return nil
    }

    /// A new slideshow of what the context offers, or nil when there is nothing to show.
    public static func start(_ context: FeatureContext) -> SlideshowState? {
        let (ids, origin) = pictures(context)
        guard !ids.isEmpty else { return nil }
        return SlideshowState(ids: ids, interval: context.slideshowInterval, origin: origin)
    }

    /// What the status line says when there is nothing to show.
    public static let nothingToShow = "nothing to show: heart artworks with f, or sync to fetch images"

    /// Applies an action.
    @discardableResult
    public static func reduce(_ show: inout SlideshowState, _ action: SlideshowAction, _ context: FeatureContext) -> Reduced {
        var delegates: [Delegate] = []
        switch action {
        case .begin:
            break
        case .step(let delta):
            guard !show.ids.isEmpty else { return .none }
            show.index = ((show.index + delta) % show.ids.count + show.ids.count) % show.ids.count
        case .togglePause:
            show.paused.toggle()
            delegates.append(.message(show.paused ? "slideshow paused (space resumes)" : "slideshow playing"))
        case .timer(let generation):
            guard generation == show.generation, show.advances else { return .none }
            show.index = (show.index + 1) % show.ids.count
        }
        var scheduled = schedule(&show)
        scheduled.delegates = delegates + scheduled.delegates
        return scheduled
    }

    /// Asks for the shown and the next picture and, when the show advances, a timer for this picture.
    private static func schedule(_ show: inout SlideshowState) -> Reduced {
        show.generation += 1
        var result = Reduced()
        if let id = show.currentID { result.delegates.append(.wantPicture(id)) }
        if let next = show.nextID, next != show.currentID { result.delegates.append(.wantPicture(next)) }
        if show.advances { result.effects.append(.slideshowTimer(seconds: show.interval, generation: show.generation)) }
        return result
    }

    /// The pictures a slideshow shows, and how to describe them.
    private static func pictures(_ context: FeatureContext) -> ([String], String) {
        let interval = context.slideshowInterval
        if interval == 0 {
            if let nightWatch = context.anyArtwork(id: nightWatchID) { return ([nightWatch.id], "the Night Watch (interval 0)") }
            if let first = context.favourites.first { return ([first.id], "your first favourite (interval 0)") }
        }
        let withImages = context.favourites.filter { !$0.imageFileName.isEmpty }
        if !withImages.isEmpty {
            let ids = interval == 0 ? [withImages[0].id] : withImages.map(\.id)
            return (ids, "your \(withImages.count) favourite\(withImages.count == 1 ? "" : "s")")
        }
        let presets = context.artworks.filter { !$0.imageFileName.isEmpty }.prefix(4).map(\.id)
        return (interval == 0 ? Array(presets.prefix(1)) : Array(presets), "four pictures of \(context.collection) (no favourites yet)")
    }
}
