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
}

/// The id of the Night Watch, the one fixed picture of a slideshow at interval 0.
public let nightWatchID = "SK-C-5"

/// `S`: favourites' pictures (or the collection's first four with images), one every `interval` seconds;
/// interval 0 shows only the Night Watch (else the first favourite). The next picture is decoded ahead.
func reduceSlideshow(_ state: inout AppState, _ action: SlideshowAction) -> [Effect] {
    if case .start = action {
        let (ids, origin) = slideshowPictures(state)
        guard !ids.isEmpty else {
            state.lastMessage = "nothing to show: heart artworks with f, or sync to fetch images"
            return []
        }
        let show = SlideshowState(ids: ids, interval: state.slideshowInterval, origin: origin)
        state.overlays.append(.slideshow(show))
        return schedule(&state)
    }
    guard case .slideshow(var show)? = state.overlays.last else { return [] }
    switch action {
    case .start:
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

/// The pictures a slideshow shows, and how to describe them.
private func slideshowPictures(_ state: AppState) -> ([String], String) {
    if state.slideshowInterval == 0 {
        if let nightWatch = state.anyArtwork(id: nightWatchID) { return ([nightWatch.id], "the Night Watch (interval 0)") }
        if let first = state.favourites.first { return ([first.id], "your first favourite (interval 0)") }
    }
    let withImages = state.favourites.filter { !$0.imageFileName.isEmpty }
    if !withImages.isEmpty {
        let ids = state.slideshowInterval == 0 ? [withImages[0].id] : withImages.map(\.id)
        return (ids, "your \(withImages.count) favourite\(withImages.count == 1 ? "" : "s")")
    }
    let presets = state.artworks.filter { !$0.imageFileName.isEmpty }.prefix(4).map(\.id)
    return (state.slideshowInterval == 0 ? Array(presets.prefix(1)) : Array(presets), "four pictures of \(state.collection) (no favourites yet)")
}
