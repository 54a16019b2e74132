import Cartography
import Foundation
import Geo

// libFuzzer target: bytes handed to libosmium's PBF reader from memory through the COsmium C interface and
// the importer's callbacks. Whatever is accepted must survive the stored geometry's round trip.
final class CountingSink: MapImportSink {
    var features: [MapFeature] = []
    var edges: [WalkEdge] = []
    func add(_ feature: MapFeature) throws { if features.count < 1000 { features.append(feature) } }
    func add(_ edge: WalkEdge) throws { if edges.count < 5000 { edges.append(edge) } }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let sink = CountingSink()
    _ = try? OSMImporter.run(data: Data(bytes: data, count: size), format: "pbf", path: "fuzz.osm.pbf", collection: "fuzz", sink: sink)
    for feature in sink.features {
        _ = GeometryCoding.decode(GeometryCoding.encode(feature.parts))
        _ = feature.contains(feature.centroid)
    }
    return 0
}
