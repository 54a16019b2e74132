import Catalog

/// What a merge did to the store, as counts a person can read.
public struct MergeReport: Equatable, Sendable {
    public var new = 0
    public var changed = 0
    public var removed = 0
    public var unchanged = 0
    /// Ids of artworks inserted or changed, whose images may need fetching.
    public var touchedIDs: [String] = []

    public init() {}

    /// How many enabled artworks the response held.
    public var received: Int { new + changed + unchanged }
}
