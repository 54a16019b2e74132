import Catalog
import Foundation
import Geo

// libFuzzer target: the campus service decoder and the tagged-place (plist) decoder must never crash,
// whatever the bytes; errors are fine. The streamed object parser (GeoJSON's) must agree with the whole-document
// parser, and the text limit must keep what it promises. Settings values (issue 43): whatever a settings file holds,
// the checked settings stay in their ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    if let decoded = try? ServiceRecordDecoder.decode(bytes, expectedClass: "artworks") {
        _ = Building.group(decoded.artworks)
    }
    _ = try? TaggedPlaceDecoder.decode(bytes, fileName: "fuzz.plist", collection: "fuzz")
    var streamed: [JSONValue] = []
    let top = try? JSONValue.parseObject(bytes, streaming: "features", maxElementBytes: 64) { _, element in
        if case .success(let value) = element { streamed.append(value) }
    }
    let whole = try? JSONValue.parse(bytes)
    if let top {
        // Whatever the stream accepts, the whole parser accepts, with the same elements (those it built).
        guard case .object(let object)? = whole else { fatalError("streamed but not parsed whole") }
        if case .array(let all)? = object["features"] {
            guard all.count == top.elements, streamed.allSatisfy(all.contains) else { fatalError("streamed elements differ") }
        }
    } else if case .object(let object)? = whole, case .array? = object["features"] {
        fatalError("parsed whole but not streamed")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    for limit in [1, 3, 10] {
        if let cut = FieldLimits.cut(text, to: limit) {
            guard cut.count <= limit, cut.utf8.count <= limit * 32 + 3 else { fatalError("cut to \(limit) kept \(cut.count)") }
        } else {
            guard text.count <= limit else { fatalError("\(text.count) characters passed a limit of \(limit)") }
        }
    }
    checkSettings(text)
    return 0
}

/// Each line `key = value` as a settings file holds it, and the whole text as every setting's value: the checked
/// numbers must stay within what every reader can take.
func checkSettings(_ text: String) {
    var saved: [String: String] = [:]
    for line in text.split(separator: "\n").prefix(64) {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { saved[Setting.canonicalKey(parts[0].trimmingCharacters(in: .whitespaces))] = parts[1].trimmingCharacters(in: .whitespaces) }
    }
    for settings in [CheckedSettings(saved), CheckedSettings(Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.key, text) }))] {
        guard (1...100).contains(settings.nearest), settings.radius.map({ (1...100_000).contains($0) }) ?? true,
              settings.slideshowInterval == 0 || (1...60).contains(settings.slideshowInterval),
              (1...10).contains(settings.walkSpeed), (0...600).contains(settings.walkStay),
              (1...1000).contains(settings.distanceFilter), (0...3650).contains(settings.maxAgeDays),
              (0...31_536_000).contains(settings.syncMaxAge) else { fatalError("a checked setting left its range: \(settings)") }
        _ = settings.notice.map { DistanceText.format(Double($0.count)) }
    }
}
