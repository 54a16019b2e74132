import Catalog
import Geo

/// What the person has seen (issue 47), kept by the root like the hearts: marked with `v`, or by walking past with a
/// live location (every fix, not only those that move the view), shown apart in the table, the lists and the map.
extension AppState {
    /// When an artwork was seen (ISO 8601), or nil.
    public func seenAt(_ artwork: Artwork) -> String? { seen[artwork.key] }

    /// Whether a note about the artwork's OpenStreetMap element was queued today (UTC, by the last tick's time).
    public func isNotedToday(_ artwork: Artwork) -> Bool {
        NoteText.element(artwork.id).map { notedToday.contains($0, on: now) } ?? false
    }

    /// Replaces the seen marks (start-up, and after each change is saved).
    mutating func setSeen(_ marks: [ArtworkKey: String]) {
        guard marks != seen else { return }
        seen = marks
        routeMain(.sharedChanged)
    }

    /// Metres within which a live fix marks an artwork seen (the `seen.within` setting, checked).
    var seenWithin: Double { settings.seenWithin }

    /// A live fix: the artworks the view knows within `seen.within` of it and not seen yet are marked, by the run loop.
    mutating func walkedPast(_ fix: Coordinate) -> [Effect] {
        let fresh = WalkedPast.artworks(main.artworks, near: fix, within: seenWithin).filter { seen[$0] == nil }
        return fresh.isEmpty ? [] : [.markSeen(fresh)]
    }

    /// The title's count: how many of the artworks shown are seen ("12 of 31 seen"), nil when none is.
    public var seenCountText: String? {
        guard !seen.isEmpty else { return nil }
        // Counted over the marks (few), each looked up in the catalogue's index, not over every artwork each frame.
        let count = seen.keys.reduce(0) { $0 + (main.catalog.building(containingArtwork: $1) == nil ? 0 : 1) }
        return "\(count) of \(main.artworks.count) seen"
    }
}
