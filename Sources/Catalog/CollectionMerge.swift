/// Several collections shown as one catalogue: the same OpenStreetMap element held by two of them (an imported
/// extract and a fetch of the same city) is shown once, from the collection listed first.
public enum CollectionMerge {
    /// The artworks of `lists` (one list a collection, in the order of preference), each OpenStreetMap element once.
    public static func merge(_ lists: [[Artwork]]) -> [Artwork] {
        guard lists.count > 1 else { return lists.first ?? [] }
        var seenElements = Set<String>()
        var merged: [Artwork] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for list in lists {
            for artwork in list {
                if isOpenStreetMapElement(artwork.id) {
                    guard seenElements.insert(artwork.id).inserted else { continue }
                }
                merged.append(artwork)
            }
        }
        return merged
    }

    /// Whether an id names an OpenStreetMap element ("node/123", "way/45", "relation/6"), the same wherever it is held.
    public static func isOpenStreetMapElement(_ id: String) -> Bool {
        id.hasPrefix("node/") || id.hasPrefix("way/") || id.hasPrefix("relation/")
    }
}
