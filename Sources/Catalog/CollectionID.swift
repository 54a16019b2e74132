import Foundation

/// A collection's identity: the one type that names a collection, and the only place artmap's own collections
/// (`campus`, `osm`, `rijksmuseum`, `wikidata`) are spelled. A collection a file or a person named is `CollectionID(name)`.
public struct CollectionID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The name as stored (`collections.name`, `artworks.collection`).
    public let name: String

    public init(_ name: String) { self.name = name }

    /// The campus service's artworks: the default collection, filled by `artmap sync` and the view's start.
    public static let campus = CollectionID("campus")
    /// The artworks fetched from OpenStreetMap around points (`artmap fetch`, the view's `d` and near-me); also the
    /// name of the base layer those fetches fill.
    public static let osm = CollectionID("osm")
    /// The Rijksmuseum's paintings of the painters followed (`artmap painters`).
    public static let rijksmuseum = CollectionID("rijksmuseum")
    /// The Wikidata items fetched with the map that matched no OpenStreetMap artwork (issue 46).
    public static let wikidata = CollectionID("wikidata")

    /// The collections artmap fills itself, with what: an import into one needs `--replace`.
    public static let builtIn: [CollectionID: String] = [
        .campus: "the campus service's artworks",
        .osm: "the artworks fetched from OpenStreetMap",
        .rijksmuseum: "the Rijksmuseum paintings of the painters you follow",
        .wikidata: "the Wikidata items fetched with the map that match no OpenStreetMap artwork",
    ]

    /// What artmap fills this collection with, when it is one of its own (any case: `OSM` is `osm`).
    public var builtInContents: String? { Self.builtIn[CollectionID(name.lowercased())] }

    /// The source a collection has when none is recorded, from what older artmaps always did with it.
    public var assumedSource: CollectionSource {
        switch self {
        case .campus: return .service(url: "", imageBase: "")
        case .osm: return .openStreetMap
        case .rijksmuseum: return .rijksmuseum
        case .wikidata: return .wikidata
        default: return .unknown
        }
    }

    public var description: String { name }

    public static func < (lhs: CollectionID, rhs: CollectionID) -> Bool { lhs.name < rhs.name }

    public init(from decoder: any Decoder) throws { name = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
