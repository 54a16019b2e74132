import Cartography
import Foundation
import Geo

// libFuzzer target: OpenStreetMap XML and PBF files and GeoJSON must never crash the importers; whatever
// they accept must survive the stored geometry's round trip and a route over the graph it builds.
final class CountingSink: MapImportSink {
    var features: [MapFeature] = []
    var edges: [WalkEdge] = []
    func add(_ feature: MapFeature) throws { if features.count < 1000 { features.append(feature) } }
    func add(_ edge: WalkEdge) throws { if edges.count < 5000 { edges.append(edge) } }
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-fuzz-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let sink = CountingSink()
    // The first byte picks the reader, so one corpus covers all three.
    switch bytes.first.map({ $0 % 3 }) ?? 0 {
    case 0:
        _ = try? GeoJSONImporter.run(data: bytes.dropFirst(), path: "fuzz.geojson", collection: "fuzz", sink: sink)
    default:
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent(bytes.first.map { $0 % 3 } == 1 ? "fuzz.osm" : "fuzz.osm.pbf")
        guard (try? bytes.dropFirst().write(to: file)) != nil else { return 0 }
        _ = try? OSMImporter.run(path: file.path, collection: "fuzz", sink: sink)
    }
    for feature in sink.features {
        _ = GeometryCoding.decode(GeometryCoding.encode(feature.parts))
        _ = feature.contains(feature.centroid)
    }
    let graph = WalkGraph(edges: sink.edges)
    if let first = sink.edges.first, let last = sink.edges.last {
        _ = Router.route(in: graph, from: first.fromPoint.coordinate, to: last.toPoint.coordinate)
    }
    return 0
}
