import Catalog
import Foundation

// libFuzzer target: the campus service decoder and the tagged-place (plist) decoder must never crash,
// whatever the bytes; errors are fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    if let decoded = try? ServiceRecordDecoder.decode(bytes, expectedClass: "artworks") {
        _ = Building.group(decoded.artworks)
    }
    _ = try? TaggedPlaceDecoder.decode(bytes, fileName: "fuzz.plist", collection: "fuzz")
    return 0
}
