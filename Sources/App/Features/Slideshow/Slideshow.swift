import Catalog
import Foundation

/// The full-screen round robin of pictures: which artworks, which one is shown, whether it is paused,
/// and a generation number so a timer set for an earlier picture is ignored.
public struct SlideshowState: Hashable, Sendable {
    /// The artworks in the order shown.
    public var ids: [ArtworkKey]
    public var index = 0
    public var paused = false
    /// Seconds between pictures; 0 shows one fixed picture.
    public var interval: Double
    public var generation = 0
    /// Where the pictures came from, for the status line ("your 3 favourites").
    public var origin: String
    /// Artworks from other collections the show found in the store (the Night Watch, cached pictures), so
    /// their titles and pictures can be found while it is on the stack.
    public var artworks: [Artwork]

    public init(ids: [ArtworkKey], interval: Double, origin: String, artworks: [Artwork] = []) {
        self.ids = ids
        self.interval = interval
        self.origin = origin
        self.artworks = artworks
    }

    public var currentID: ArtworkKey? { ids.indices.contains(index) ? ids[index] : nil }
    public var nextID: ArtworkKey? { ids.isEmpty ? nil : ids[(index + 1) % ids.count] }
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
    /// What the store holds to show (answer to `Effect.findSlideshowPictures`).
    case found(SlideshowPictures)
    /// The store could not be asked, and why.
    case lookFailed(String)
}

/// The store's answer to `Effect.findSlideshowPictures`.
public struct SlideshowPictures: Hashable, Sendable {
    /// The Night Watch (`nightWatchKey`'s collection), when the store has it.
    public var nightWatch: Artwork?
    /// Artworks whose images are in the image cache, paintings first, at most `presetCount`.
    public var cached: [Artwork]

    public init(nightWatch: Artwork?, cached: [Artwork]) {
        self.nightWatch = nightWatch
        self.cached = cached
    }

    /// How many pre-set pictures a slideshow without favourites shows.
    public static let presetCount = 4
}

/// How a slideshow starts.
public enum SlideshowStart: Hashable, Sendable {
    /// With these pictures.
    case show(SlideshowState)
    /// Only the store knows what there is to show (is the Night Watch stored? which images are cached?).
    case askTheStore
    /// Nothing to show, and why.
    case nothing(String)
}

/// The Night Watch in the museum's collection, the one fixed picture of a slideshow at interval 0.
public let nightWatchKey = ArtworkKey(collection: CollectionID.rijksmuseum.name, id: "SK-C-5")

/// `S`: favourites' pictures, one every `interval` seconds; without favourites, pre-set pictures whose images are
/// cached (paintings first). Interval 0 shows only the Night Watch, and says how to get it when the store lacks
/// it. What the context cannot answer the run loop finds in the store: the show opens empty and asks
/// (`findSlideshowPictures`, answered with `SlideshowAction.found` to its id). The next picture is decoded ahead.
public enum SlideshowFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> SlideshowAction? {
        if case .slideshow(let action) = command { return action }
        return nil
    }

    /// How a show starts from what the context holds (the shown collection, the favourites) or, once the
    /// store has answered, from what it `found`.
    public static func start(_ context: FeatureContext, found: SlideshowPictures? = nil) -> SlideshowStart {
        let interval = context.slideshowInterval
        let nightWatchOrigin = "the Night Watch (interval 0)"
        guard let found else {
            if interval == 0, let nightWatch = context.anyArtwork(nightWatchKey) {
                return .show(SlideshowState(ids: [nightWatch.key], interval: interval, origin: nightWatchOrigin))
            }
            let withImages = context.favourites.filter { !$0.imageFileName.isEmpty }
            if interval > 0, !withImages.isEmpty {
                return .show(SlideshowState(ids: withImages.map(\.key), interval: interval,
                                            origin: "your \(withImages.count) favourite\(withImages.count == 1 ? "" : "s")"))
            }
            return .askTheStore
        }
        let artworks = (found.nightWatch.map { [$0] } ?? []) + found.cached
        if interval == 0 {
            guard let nightWatch = found.nightWatch else {
                return .nothing("interval 0 shows only Rembrandt's Night Watch, which is not in the store: press p and add Rembrandt van Rijn")
            }
            return .show(SlideshowState(ids: [nightWatch.key], interval: interval, origin: nightWatchOrigin, artworks: artworks))
        }
        let presets = (found.cached.filter { $0.collection == CollectionID.rijksmuseum.name } + found.cached.filter { $0.collection != CollectionID.rijksmuseum.name })
            .prefix(SlideshowPictures.presetCount).map(\.key)
        guard !presets.isEmpty else { return .nothing(nothingToShow) }
        let hearts = context.favourites.count
        let why = hearts == 0 ? "no favourites yet"
            : hearts == 1 ? "your favourite has no picture yet" : "none of your \(hearts) favourites has a picture yet"
        return .show(SlideshowState(ids: presets, interval: interval,
                                    origin: "\(presets.count) cached picture\(presets.count == 1 ? "" : "s") (\(why))", artworks: artworks))
    }

    /// What the status line says while the store is asked.
    public static let looking = "looking for pictures…"

    /// What the status line says when there is nothing to show.
    public static let nothingToShow = "nothing to show: heart artworks with f, or sync to fetch images"

    /// Applies an action.
    @discardableResult
    public static func reduce(_ show: inout SlideshowState, _ action: SlideshowAction, _ context: FeatureContext) -> Reduced {
        var delegates: [Delegate] = []
        switch action {
        case .begin:
            // Opened before the store said what there is to show: it is asked, and answers this screen.
            if show.ids.isEmpty { return Reduced(effects: [.findSlideshowPictures()]) }
        case .found(let pictures):
            guard show.ids.isEmpty else { return .none }
            switch start(context, found: pictures) {
            case .show(let found): show = found
            case .nothing(let why): return Reduced(delegates: [.close, .message(why)])
            case .askTheStore: return Reduced(delegates: [.close, .message(nothingToShow)])
            }
        case .lookFailed(let why):
            return Reduced(delegates: [.close, .message(why)])
        case .step(let delta):
            guard !show.ids.isEmpty else { return .none }
            show.index = ((show.index + delta) % show.ids.count + show.ids.count) % show.ids.count
        case .togglePause:
            show.paused.toggle()
            delegates.append(.message(show.paused ? "slideshow paused (space plays)" : "slideshow playing"))
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
        if show.advances { result.effects.append(.after(seconds: show.interval, .slideshow(.timer(generation: show.generation)))) }
        return result
    }
}
