import Catalog
import Foundation

// libFuzzer target: the campus service decoder and the tagged-place (plist) decoder must never crash,
// whatever the bytes; errors are fine. The streamed object parser (GeoJSON's) must agree with the whole-document
// parser, and the text limit must keep what it promises.
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
    return 0
}
