import Cartography
import Foundation
@testable import Sync

// libFuzzer target: answers of the OpenStreetMap services as a fetch meets them. The first byte picks the HTTP
// status; the rest is the body. Overpass's judge (map data, busy, or a failure with a reason taken from an XML or
// JSON remark or an HTML error page) must never crash; what it accepts as map data is OSM XML, is counted
// against the fetch's budget exactly (every `<node`), and is imported as a fetch imports it. The same bytes are a
// Nominatim answer, and an answer to the artworks' query: at most the limit asked for, every place with finite coordinates in range and clean text.
final class CountingSink: MapImportSink {
    var features = 0, edges = 0
    func add(_ feature: MapFeature) throws { features += 1 }
    func add(_ edge: WalkEdge) throws { edges += 1 }
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-fuzz-overpass-\(getpid())")

private func clean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let statuses = [200, 200, 200, 200, 400, 429, 500, 502, 504]
    let status = statuses[Int(data[0]) % statuses.count]
    let body = Data(bytes: data + 1, count: size - 1)

    for reason in [OverpassClient.remark(body), OverpassClient.overpassError(body)].compactMap({ $0 }) {
        guard reason.count <= 300, clean(reason) else { fatalError("a reason that is long or not clean: \(reason.debugDescription)") }
    }
    switch OverpassClient.judge(HTTPResponse(status: status, contentType: "application/osm3s+xml", body: body)) {
    case .busy(let reason), .failed(let reason):
        guard clean(reason) else { fatalError("a judgement that is not clean: \(reason.debugDescription)") }
    case .data(let accepted):
        guard status == 200, accepted == body else { fatalError("accepted something else than the body") }
        let head = String(decoding: body.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard head.hasPrefix("<?xml") || head.hasPrefix("<osm") else { fatalError("accepted what is not OSM XML") }
        // The budget's count is every "<node" of the answer, no more, no fewer.
        let text = Array(body)
        var naive = 0
        if text.count >= 5 {
            for i in 0...(text.count - 5) where text[i] == 0x3C && Array(text[i + 1..<i + 5]) == Array("node".utf8) { naive += 1 }
        }
        var spent = FetchBudget.Spent()
        var budget = FetchBudget()
        budget.nodes = naive
        do {
            try budget.take(body, into: &spent, tiles: 1)
        } catch {
            fatalError("an answer of exactly the budget was refused: \(error)")
        }
        guard spent.nodes == naive, FetchBudget.nodeCount(body) == naive else { fatalError("node count \(spent.nodes) against \(naive)") }
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("tile.osm")
        // As a fetch stores it: elements with numbers out of range left out first (issue 43), never more bytes.
        let checked = FetchPlan.withoutBadNumbers(body)
        guard checked.data.count <= body.count, checked.skipped > 0 || checked.data == body else { fatalError("the check changed an answer it found sound") }
        if (try? checked.data.write(to: file)) != nil {
            _ = try? OSMImporter.run(path: file.path, collection: "fuzz", sink: CountingSink())
        }
    }

    // The same bytes as the artworks' answer (issue 43: an id of 1e19 trapped at `Int64(id)`): every element kept has a
    // whole id and a position on the Earth; the rest is counted, never converted.
    if let answer = try? FetchPlan.artworks(fromJSON: body) {
        guard answer.skipped >= 0, answer.artworks.allSatisfy({ $0.coordinate.latitude.isFinite && abs($0.coordinate.latitude) <= 90 }) else {
            fatalError("an artwork off the Earth: \(answer)")
        }
    }

    let limit = 1 + Int(data[0]) % 5
    if let places = try? NominatimClient.matches(body, limit: limit, shown: "Nominatim (fuzz)") {
        guard places.count <= limit else { fatalError("\(places.count) places past a limit of \(limit)") }
        for place in places {
            guard place.latitude.isFinite, place.longitude.isFinite, abs(place.latitude) <= 90, abs(place.longitude) <= 180,
                  clean(place.name), clean(place.displayName), clean(place.category), clean(place.type) else {
                fatalError("a place that is not clean: \(place)")
            }
        }
    }
    return 0
}
