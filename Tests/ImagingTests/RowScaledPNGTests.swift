import Foundation
import Testing
import TestSupport
@testable import Imaging

/// The reference: the whole picture decoded, composited, then box-filtered to `size` (what the view kept before).
private func wholeThenScaled(_ bytes: [UInt8], to size: (width: Int, height: Int), background: RGB) throws -> RGBAImage {
    var options = DecodeOptions()
    options.background = background
    let whole = try ImageDecoder.decode(bytes, options: options).pixels
    let fitted = BoxScaler.fitting(width: whole.width, height: whole.height, maxWidth: size.width, maxHeight: size.height)
    return BoxScaler.downscale(whole, width: fitted.width, height: fitted.height)
}

private func rowScaled(_ bytes: [UInt8], to size: (width: Int, height: Int), background: RGB) throws -> DecodedImage {
    var options = DecodeOptions()
    options.background = background
    options.maximumSize = size
    return try ImageDecoder.decode(bytes, options: options)
}

/// Issue 35, item 6: a PNG kept smaller than it is is read row by row into its kept size, and the pixels are
/// those of the whole decode scaled down, byte for byte, for every 8-bit kind (alpha composited first).
@Test(arguments: [PNGWriter.ColorType.rgba, .rgb, .grey, .greyAlpha, .palette])
func aPNGReadRowByRowIsTheWholeDecodeScaledDown(kind: PNGWriter.ColorType) throws {
    var palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8] = []
    if kind == .palette {
        for i in 0..<256 {
            palette.append((UInt8(i), UInt8(255 - i), UInt8((i * 7) & 0xFF)))
            transparency.append(UInt8((i * 3) & 0xFF))
        }
    }
    let bytes = PNGWriter.encode(width: 301, height: 203, colorType: kind, palette: palette, transparency: transparency) { x, y in
        let v = (x * 5 + y * 3) & 0xFF, a = (x + y * 2) & 0xFF
        switch kind {
        case .rgba: return [v, (x * 2) & 0xFF, (y * 4) & 0xFF, a]
        case .rgb: return [v, (x * 2) & 0xFF, (y * 4) & 0xFF]
        case .grey, .palette: return [v]
        case .greyAlpha: return [v, a]
        }
    }
    let background = RGB(20, 40, 60)
    for size in [(100, 100), (64, 200), (300, 202), (1, 1)] {
        let streamed = try rowScaled(bytes, to: size, background: background)
        let reference = try wholeThenScaled(bytes, to: size, background: background)
        #expect(streamed.pixels == reference, "\(kind) at \(size)")
        #expect(streamed.originalWidth == 301 && streamed.originalHeight == 203)
    }
}

/// An interlaced PNG kept at half its height or less is read from its last pass (every odd row): close to the
/// whole decode scaled down (the even rows are not averaged in), never a black or missing row.
@Test func anInterlacedPNGKeptSmallIsReadFromItsLastPass() throws {
    let bytes = PNGWriter.encode(width: 400, height: 300, colorType: .rgb, interlaced: true) { x, y in [x * 255 / 399, y * 255 / 299, 128] }
    let size = (100, 100)
    let streamed = try rowScaled(bytes, to: size, background: RGB(0, 0, 0)).pixels
    let reference = try wholeThenScaled(bytes, to: size, background: RGB(0, 0, 0))
    #expect(streamed.width == reference.width && streamed.height == reference.height)
    let worst = zip(streamed.bytes, reference.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 2, "a smooth gradient differs by at most 2 levels, got \(worst)")
    // Kept at more than half its height: the whole decode, exactly.
    let large = try rowScaled(bytes, to: (390, 290), background: RGB(0, 0, 0)).pixels
    #expect(large == (try wholeThenScaled(bytes, to: (390, 290), background: RGB(0, 0, 0))))
}

/// A damaged PNG is an error from the row reader too (libpng's longjmp stays inside the shim).
@Test func aTruncatedPNGReadRowByRowIsAnError() throws {
    let bytes = PNGWriter.encode(width: 400, height: 300, colorType: .rgb) { x, y in [x & 0xFF, y & 0xFF, 0] }
    var options = DecodeOptions()
    options.maximumSize = (50, 50)
    #expect(throws: ImagingError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count - 2_000)), options: options) }
}
