import Catalog
import Geo

/// Where an importer streams what it reads, so a city never has to sit in memory: the store writes each
/// feature and edge as it arrives, inside the import's one transaction.
public protocol MapImportSink: AnyObject {
    func add(_ feature: MapFeature) throws
    func add(_ edge: WalkEdge) throws
}

extension MapImportSink {
    /// Adds an edge for each stretch of a walkable line between consecutive nodes (`ids[i]` names
    /// `points[i]`; a node repeated in a row is skipped, and so is a stretch the line already walked, in
    /// either direction, so a way going back and forth between two nodes adds one edge). Returns how many were added.
    func addWalk(along points: [GeoPoint], ids: [Int64], street: String, kind: WalkKind = .way) throws -> Int {
        var added = 0
        var walked = Set<WalkStretch>()
        // A stretch can come again only where a node does: a way whose nodes are all distinct (a ring's closing
        // node aside) needs no set of what it walked, and most do not (a city's streets are millions of stretches).
        let mayRepeat = points.count > 2 && Self.repeatsANode(ids)
        for i in points.indices.dropFirst() where ids[i - 1] != ids[i] {
            if mayRepeat, !walked.insert(WalkStretch(ids[i - 1], ids[i])).inserted { continue }
            let a = points[i - 1], b = points[i]
            try add(WalkEdge(from: ids[i - 1], to: ids[i], fromPoint: a, toPoint: b,
                             metres: Geodesic.distance(from: a.coordinate, to: b.coordinate), street: street, kind: kind))
            added += 1
        }
        return added
    }
}

extension MapImportSink {
    /// Whether some node of the way comes twice, not counting a ring's last node (its first again). A "ring" of
    /// three (A, B, A) is a walk there and back: its last stretch is its first, so it counts as a repeat.
    static func repeatsANode(_ ids: [Int64]) -> Bool {
        var sorted = ids.count > 3 && ids.first == ids.last ? Array(ids.dropLast()) : ids
        sorted.sort()
        for i in sorted.indices.dropFirst() where sorted[i] == sorted[i - 1] { return true }
        return false
    }
}

/// A stretch between two nodes, the same whichever way it is walked.
private struct WalkStretch: Hashable {
    let low: Int64, high: Int64
    init(_ a: Int64, _ b: Int64) {
        low = min(a, b)
        high = max(a, b)
    }
}

/// One walkable stretch between two nodes of an imported way (both directions: walkers ignore one-way).
public struct WalkEdge: Sendable, Equatable {
    public var from: Int64
    public var to: Int64
    public var fromPoint: GeoPoint
    public var toPoint: GeoPoint
    public var metres: Double
    public var street: String
    /// A street or path, a flight of steps, or a stretch across a pedestrian area: how the steps name it.
    public var kind: WalkKind

    public init(from: Int64, to: Int64, fromPoint: GeoPoint, toPoint: GeoPoint, metres: Double, street: String, kind: WalkKind = .way) {
        self.from = from
        self.to = to
        self.fromPoint = fromPoint
        self.toPoint = toPoint
        self.metres = metres
        self.street = street
        self.kind = kind
    }
}

/// What a walking edge runs along, for the instructions ("up the steps", "across Senaatintori").
/// The raw values are stored: never renumber, only add.
public enum WalkKind: UInt8, Sendable, Equatable {
    case way = 0, steps, area

    /// The street text as stored: the name alone for a way (so stores read by older code stay readable),
    /// else a marker between two unit separators, then the name.
    public func stored(_ street: String) -> String {
        if self == .way && !street.hasPrefix(WalkKind.separator) { return street }
        return "\(WalkKind.separator)\(rawValue)\(WalkKind.separator)\(street)"
    }

    /// The kind and name of a stored street text.
    public static func parse(_ stored: String) -> (kind: WalkKind, street: String) {
        guard stored.hasPrefix(separator) else { return (.way, stored) }
        let parts = stored.split(separator: Character(separator), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, let raw = UInt8(parts[1]), let kind = WalkKind(rawValue: raw) else { return (.way, stored) }
        return (kind, String(parts[2]))
    }

    static let separator = "\u{1F}"
}

/// What one import found: counts for the summary line, and the artworks (few enough to hold).
public struct MapImportResult: Sendable {
    /// The most artworks one file brings (a whole country's public art is a few tens of thousands): a file of more
    /// is refused where the next one would be added, before its records fill memory.
    public static let maxArtworks = 500_000
    public var nodes = 0, ways = 0, relations = 0
    public var features = 0, edges = 0
    /// Steps counted for assembling the multipolygons (`cosmium_assembly_work`), bounded by `OSMLimits`.
    public var multipolygonWork = 0
    public var artworks: [Artwork] = []
    /// Things worth a line on stderr (a relation with a member outside the extract, a GeoJSON feature skipped).
    public var notes: [String] = []

    public init() {}

    /// The artworks' ids made unique (`ids` holds one entry per artwork, in order), with a note for each record
    /// that repeats an id, the first 20 named and the rest counted.
    mutating func unique(_ ids: RecordIDs) {
        let resolved = ids.resolve()
        for (index, id) in resolved.ids.enumerated() where index < artworks.count { artworks[index].id = id }
        notes += resolved.notes.prefix(20)
        if resolved.notes.count > 20 { notes.append("\(resolved.notes.count - 20) more \(ids.noun)s repeat an id: each kept, as ID#2, ID#3, …") }
    }
}

/// Progress while reading, for a bar or a counter on a terminal.
public struct MapImportProgress: Sendable {
    public var nodes: Int, ways: Int, relations: Int
    /// 0...1 when the reader can tell how far through the file it is; 1 once the whole file is read (what is
    /// left is the store's work).
    public var fraction: Double?
}
