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
    case start
    case step(Int)
    case togglePause
    /// The timer of generation `generation` went off.
    case timer(generation: Int)
    /// What the store holds for a show the state alone cannot choose: the Night Watch if stored, and artworks
    /// whose images are cached (paintings first).
    case found(SlideshowPictures)
}

/// The store's answer to `Effect.findSlideshowPictures`.
public struct SlideshowPictures: Hashable, Sendable {
    /// The Night Watch (`nightWatchID` in the museum's collection), when the store has it.
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

/// The id of the Night Watch, the one fixed picture of a slideshow at interval 0.
public let nightWatchID = "SK-C-5"

/// `S`: favourites' pictures, one every `interval` seconds; without favourites, pre-set pictures whose images are
/// cached (paintings first). Interval 0 shows only the Night Watch, and says how to get it when the store lacks
/// it. What the state cannot answer (is the Night Watch stored? which images are cached?) the run loop finds in
/// the store (`findSlideshowPictures`, answered with `found`). The next picture is decoded ahead.
func reduceSlideshow(_ state: inout AppState, _ action: SlideshowAction) -> [Effect] {
    switch action {
    case .start:
        // Only what is surely in the store now (the shown collection, the favourites); else the store is asked.
        if state.slideshowInterval == 0,
           let nightWatch = state.artwork(id: nightWatchID) ?? state.favourites.first(where: { $0.id == nightWatchID }) {
            return open(&state, ids: [nightWatch.id], origin: "the Night Watch (interval 0)")
        }
        let withImages = state.favourites.filter { !$0.imageFileName.isEmpty }
        if state.slideshowInterval > 0, !withImages.isEmpty {
            return open(&state, ids: withImages.map(\.id), origin: "your \(withImages.count) favourite\(withImages.count == 1 ? "" : "s")")
        }
        state.lastMessage = "looking for pictures…"
        return [.findSlideshowPictures]
    case .found(let pictures):
        if case .slideshow? = state.overlays.last { return [] }
        state.slideshowArtworks = (pictures.nightWatch.map { [$0] } ?? []) + pictures.cached
        if state.slideshowInterval == 0 {
            guard let nightWatch = pictures.nightWatch else {
                state.lastMessage = "interval 0 shows only Rembrandt's Night Watch, which is not in the store: press p and add Rembrandt van Rijn"
                return []
            }
            return open(&state, ids: [nightWatch.id], origin: "the Night Watch (interval 0)")
        }
        let presets = (pictures.cached.filter { $0.collection == paintingsCollection } + pictures.cached.filter { $0.collection != paintingsCollection })
            .prefix(SlideshowPictures.presetCount).map(\.id)
        guard !presets.isEmpty else {
            state.lastMessage = "nothing to show: heart artworks with f, or sync to fetch images"
            return []
        }
        return open(&state, ids: presets, origin: "\(presets.count) cached picture\(presets.count == 1 ? "" : "s") (no favourites yet)")
    default:
        break
    }
    guard case .slideshow(var show)? = state.overlays.last else { return [] }
    switch action {
    case .start, .found:
        return []
    case .step(let delta):
        guard !show.ids.isEmpty else { return [] }
        show.index = ((show.index + delta) % show.ids.count + show.ids.count) % show.ids.count
    case .togglePause:
        show.paused.toggle()
        state.lastMessage = show.paused ? "slideshow paused (space resumes)" : "slideshow playing"
    case .timer(let generation):
        guard generation == show.generation, show.advances else { return [] }
        show.index = (show.index + 1) % show.ids.count
    }
    state.overlays[state.overlays.count - 1] = .slideshow(show)
    return schedule(&state)
}

/// Asks for the shown and the next picture and, when the show advances, a timer for this picture.
private func schedule(_ state: inout AppState) -> [Effect] {
    guard case .slideshow(var show)? = state.overlays.last else { return [] }
    show.generation += 1
    state.overlays[state.overlays.count - 1] = .slideshow(show)
    var effects: [Effect] = []
    if let id = show.currentID { effects += wantPicture(&state, id) }
    if let next = show.nextID, next != show.currentID { effects += wantPicture(&state, next) }
    if show.advances { effects.append(.slideshowTimer(seconds: show.interval, generation: show.generation)) }
    return effects
}

/// Opens the show on `ids`.
private func open(_ state: inout AppState, ids: [String], origin: String) -> [Effect] {
    if state.lastMessage == "looking for pictures…" { state.lastMessage = nil }
    state.overlays.append(.slideshow(SlideshowState(ids: ids, interval: state.slideshowInterval, origin: origin)))
    return schedule(&state)
}
