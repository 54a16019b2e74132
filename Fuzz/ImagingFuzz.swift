import Foundation
import Imaging

// libFuzzer target: JPEG and PNG headers and bodies must never crash or allocate past the limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = DecodeOptions()
    options.maxPixels = 4_000_000
    options.maxDecodedBytes = 32 * 1_048_576
    options.maximumSize = (64, 64)
    _ = try? ImageDecoder.probe(bytes, options: options)
    if let decoded = try? ImageDecoder.decode(bytes, options: options) {
        _ = CellRenderer.render(decoded.pixels, columns: 8, rows: 4, depth: .indexed256)
    }
    return 0
}
