import Catalog

/// Where an artwork's picture stands, as the views show it.
public enum PictureSlot: Sendable {
    /// Being read and decoded off the main thread.
    case loading
    /// The catalogue names no image for this artwork.
    case nonePublished
    /// The image has not been downloaded yet.
    case notCached
    /// The source was asked and has no picture for it (a fetched artwork's Wikidata item without an image), and why.
    case noneAtSource(String)
    /// The file is there but cannot be shown, and why.
    case failed(String)
    case ready(Picture)
}

/// Why a picture could not be loaded (the result of the run loop's work).
public enum PictureProblem: Hashable, Sendable {
    case nonePublished
    case notCached
    case noneAtSource(String)
    case failed(String)
}

/// Decoded pictures kept in memory, bounded in bytes: the least recently shown go first.
public struct PictureMemory: Sendable {
    public private(set) var slots: [ArtworkKey: PictureSlot] = [:]
    /// Ids of ready pictures, least recently used first.
    private var recency: [ArtworkKey] = []
    public private(set) var bytes = 0
    public var budget: Int

    public init(budget: Int = 96 * 1_048_576) {
        self.budget = budget
    }

    public subscript(id: ArtworkKey) -> PictureSlot? { slots[id] }

    /// Marks a picture as being loaded.
    public mutating func markLoading(_ id: ArtworkKey) {
        slots[id] = .loading
    }

    /// Stores a decoded picture and evicts the least recently used ones beyond the budget (never this one).
    public mutating func store(_ picture: Picture) {
        remove(picture.artwork)
        slots[picture.artwork] = .ready(picture)
        recency.append(picture.artwork)
        bytes += picture.byteCount
        while bytes > budget, let oldest = recency.first, oldest != picture.artwork {
            remove(oldest)
        }
    }

    /// Records why a picture cannot be shown.
    public mutating func fail(_ id: ArtworkKey, _ problem: PictureProblem) {
        remove(id)
        switch problem {
        case .nonePublished: slots[id] = .nonePublished
        case .notCached: slots[id] = .notCached
        case .noneAtSource(let why): slots[id] = .noneAtSource(why)
        case .failed(let reason): slots[id] = .failed(reason)
        }
    }

    /// Marks a picture as just shown, so it is evicted last.
    public mutating func touch(_ id: ArtworkKey) {
        guard let index = recency.firstIndex(of: id) else { return }
        recency.append(recency.remove(at: index))
    }

    /// Forgets one picture (to read it again at another size).
    public mutating func forget(_ id: ArtworkKey) {
        remove(id)
    }

    /// Forgets every answer that a sync may change (not cached, failed); keeps decoded pictures.
    public mutating func forgetMissing() {
        slots = slots.filter { if case .ready = $0.value { return true } else { return false } }
    }

    /// Forgets everything (another collection).
    public mutating func removeAll() {
        slots = [:]
        recency = []
        bytes = 0
    }

    private mutating func remove(_ id: ArtworkKey) {
        if case .ready(let old)? = slots[id] { bytes -= old.byteCount }
        slots[id] = nil
        recency.removeAll { $0 == id }
    }
}
