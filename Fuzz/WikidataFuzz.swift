import Catalog
import Foundation
import Geo

// libFuzzer target (issue 46): the SPARQL 1.1 results reader and the Wikidata items made from its rows must never
// crash, whatever the bytes; a refusal is fine. What they accept keeps its promises: every item has an entity id and
// a point on the Earth, every image is a Commons file name, and conflating the items with themselves as OSM artworks
// merges each at most once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let results = try? SPARQLResults.read(bytes) else { return 0 }
    guard results.bindings.count <= SPARQLResults.maxBindings else { fatalError("more bindings than the cap passed") }
    guard let items = try? WikidataItem.items(from: results) else { return 0 }
    for item in items {
        guard item.id.hasPrefix("Q"), item.latitude.isFinite, abs(item.latitude) <= 90, abs(item.longitude) <= 180 else {
            fatalError("an item off the Earth or without an id passed: \(item.id)")
        }
        guard item.image.isEmpty || (item.image.hasPrefix("File:") && !item.image.contains("/")) else { fatalError("not a Commons file: \(item.image)") }
        _ = item.label(in: ["sv", "en"])
    }
    let osm = items.map { item -> Artwork in
        var artwork = Artwork(id: "node/\(item.id.dropFirst())", title: item.label(in: []), coordinate: item.coordinate, collection: "osm")
        artwork.wikidata = item.id
        return artwork
    }
    let result = Conflation.conflate(osm: osm, items: items)
    let merged = result.osm.filter { !$0.merged.isEmpty }.map(\.wikidata)
    guard merged.count == Set(merged).count, merged.count + result.alone.count == items.count else { fatalError("an item merged twice or lost") }
    return 0
}
