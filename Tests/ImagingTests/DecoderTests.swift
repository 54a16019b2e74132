import Foundation
import Imaging
import Testing
import TestSupport

@Test(arguments: [false, true])
func baselineAndProgressiveJPEGsDecodeToTheirColours(progressive: Bool) throws {
    let decoded = try ImageDecoder.decode(try TestImages.quadrantsJPEG(progressive: progressive))
    #expect(decoded.format == .jpeg)
    #expect((decoded.pixels.width, decoded.pixels.height) == (64, 48))
    #expect(TestImages.quadrantErrors(decoded.pixels) == [])
}

@Test func greyscaleJPEGDecodesToGreyRGB() throws {
    var samples: [UInt8] = []
    for _ in 0..<32 { for x in 0..<32 { samples.append(x < 16 ? 20 : 230) } }
    let decoded = try ImageDecoder.decode(try JPEGEncoder.encode(samples, width: 32, height: 32, layout: .grey))
    #expect(decoded.pixels.meanColor(x: 2, y: 2, width: 10, height: 28).distance(to: RGB(20, 20, 20)) <= 8)
    #expect(decoded.pixels.meanColor(x: 20, y: 2, width: 10, height: 28).distance(to: RGB(230, 230, 230)) <= 8)
}

/// Ink amounts for the four quadrants: cyan, magenta / yellow, black.
private func cmykSamples(inverted: Bool) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<32 {
        for x in 0..<32 {
            let ink: [UInt8]
            switch (x < 16, y < 16) {
            case (true, true): ink = [255, 0, 0, 0]
            case (false, true): ink = [0, 255, 0, 0]
            case (true, false): ink = [0, 0, 255, 0]
            case (false, false): ink = [0, 0, 0, 255]
            }
            out += inverted ? ink.map { 255 - $0 } : ink
        }
    }
    return out
}

@Test(arguments: [(false, false, false), (true, false, true), (true, true, true)])
func cmykAndYcckJPEGsDecodeToTheRightColours(adobe: Bool, ycck: Bool, inverted: Bool) throws {
    let bytes = try JPEGEncoder.encode(cmykSamples(inverted: inverted), width: 32, height: 32,
                                       layout: .cmyk(ycck: ycck, adobeMarker: adobe))
    let pixels = try ImageDecoder.decode(bytes).pixels
    let expected = [(4, 4, RGB(0, 255, 255)), (20, 4, RGB(255, 0, 255)), (4, 20, RGB(255, 255, 0)), (20, 20, RGB(0, 0, 0))]
    for (x, y, colour) in expected {
        let mean = pixels.meanColor(x: x, y: y, width: 8, height: 8)
        #expect(mean.distance(to: colour) <= 30, "at (\(x),\(y)): \(mean) instead of \(colour)")
    }
}

/// Stored picture: 40×20, red in the top-left 20×10 corner, blue elsewhere. Where the red corner must end up
/// once each EXIF orientation is applied, and the shown size.
@Test(arguments: [(1, "TL", 40, 20), (2, "TR", 40, 20), (3, "BR", 40, 20), (4, "BL", 40, 20),
                  (5, "TL", 20, 40), (6, "TR", 20, 40), (7, "BR", 20, 40), (8, "BL", 20, 40)])
func everyExifOrientationIsApplied(tag: Int, corner: String, width: Int, height: Int) throws {
    var samples: [UInt8] = []
    for y in 0..<20 { for x in 0..<40 { samples += (x < 20 && y < 10) ? [230, 20, 20] : [20, 20, 230] } }
    let orientation = try #require(ExifOrientation(rawValue: tag))
    for bigEndian in [false, true] {
        let bytes = try JPEGEncoder.encode(samples, width: 40, height: 20, exif: JPEGEncoder.exifOrientation(orientation, bigEndian: bigEndian))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.orientation == orientation)
        let p = decoded.pixels
        #expect((p.width, p.height) == (width, height))
        let qw = p.width / 2, qh = p.height / 2
        let corners = ["TL": (0, 0), "TR": (qw, 0), "BL": (0, qh), "BR": (qw, qh)]
        for (name, (x, y)) in corners {
            let mean = p.meanColor(x: x + qw / 4, y: y + qh / 4, width: qw / 2, height: qh / 2)
            let isRed = mean.red > 150 && mean.blue < 100
            #expect(isRed == (name == corner), "orientation \(tag): corner \(name) is \(mean)")
        }
    }
}

@Test func aLargeJPEGIsDecodedAtTheSmallestDCTScaleThatCoversTheTarget() throws {
    let bytes = try TestImages.quadrantsJPEG(1600, 1200)
    var options = DecodeOptions()
    options.minimumSize = (200, 150)
    let eighth = try ImageDecoder.decode(bytes, options: options)
    #expect((eighth.pixels.width, eighth.pixels.height) == (200, 150))
    #expect((eighth.originalWidth, eighth.originalHeight) == (1600, 1200))
    options.minimumSize = (201, 150)
    #expect(try ImageDecoder.decode(bytes, options: options).pixels.width == 400)
    #expect(TestImages.quadrantErrors(eighth.pixels) == [])
}

@Test func downscalingAveragesAreasInsteadOfPickingPixels() {
    var bytes: [UInt8] = []
    for y in 0..<64 { for x in 0..<64 { let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255; bytes += [v, v, v, 255] } }
    let scaled = BoxScaler.downscale(RGBAImage(width: 64, height: 64, bytes: bytes), width: 8, height: 8)
    for y in 0..<8 {
        for x in 0..<8 { #expect(abs(Int(scaled.pixel(x, y).red) - 127) <= 1) }
    }
}

@Test func pngVariantsDecodeToExactPixels() throws {
    let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
    let cases: [(String, [UInt8], (Int, Int) -> RGB)] = [
        ("palette", PNGWriter.encode(width: 9, height: 7, colorType: .palette, palette: palette) { x, _ in [x % 3] },
         { x, _ in RGB(palette[x % 3].0, palette[x % 3].1, palette[x % 3].2) }),
        ("grey", PNGWriter.encode(width: 9, height: 7, colorType: .grey) { x, y in [x * 20 + y] },
         { x, y in RGB(UInt8(x * 20 + y), UInt8(x * 20 + y), UInt8(x * 20 + y)) }),
        ("16-bit", PNGWriter.encode(width: 9, height: 7, colorType: .rgb, bitDepth: 16) { x, _ in [x * 0x1F00, 0xFFFF, 0] },
         { x, _ in RGB(UInt8((x * 0x1F00) >> 8), 255, 0) }),
        ("interlaced", PNGWriter.encode(width: 19, height: 13, colorType: .rgb, interlaced: true) { x, y in [x * 10, y * 10, 7] },
         { x, y in RGB(UInt8(x * 10), UInt8(y * 10), 7) }),
    ]
    for (name, bytes, expected) in cases {
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.format == .png)
        let p = decoded.pixels
        for y in 0..<p.height {
            for x in 0..<p.width {
                let got = p.pixel(x, y)
                #expect(RGB(got.red, got.green, got.blue).distance(to: expected(x, y)) <= 1, "\(name) at (\(x),\(y))")
            }
        }
    }
}

@Test func alphaIsCompositedOverTheBackground() throws {
    var options = DecodeOptions()
    options.background = RGB(0, 0, 200)
    let rgba = PNGWriter.encode(width: 4, height: 1, colorType: .rgba) { x, _ in [255, 255, 255, [255, 128, 0, 255][x]] }
    let p = try ImageDecoder.decode(rgba, options: options).pixels
    #expect(p.pixel(0, 0) == (255, 255, 255, 255))
    #expect(p.pixel(1, 0).red == 128 && p.pixel(1, 0).blue == 228)
    #expect(p.pixel(2, 0) == (0, 0, 200, 255))
    let greyAlpha = PNGWriter.encode(width: 2, height: 1, colorType: .greyAlpha) { x, _ in [255, x == 0 ? 0 : 255] }
    #expect(try ImageDecoder.decode(greyAlpha, options: options).pixels.pixel(0, 0) == (0, 0, 200, 255))
    let paletteAlpha = PNGWriter.encode(width: 2, height: 1, colorType: .palette, palette: [(255, 0, 0), (0, 255, 0)],
                                        transparency: [0, 255]) { x, _ in [x] }
    let pa = try ImageDecoder.decode(paletteAlpha, options: options).pixels
    #expect(pa.pixel(0, 0) == (0, 0, 200, 255))
    #expect(pa.pixel(1, 0) == (0, 255, 0, 255))
}

@Test func badImagesAreRefusedWithOneLineSayingWhy() throws {
    let jpeg = try TestImages.quadrantsJPEG(64, 48)
    let png = PNGWriter.encode(width: 9, height: 7, colorType: .rgb) { x, y in [x, y, 0] }
    var corrupt = jpeg
    for i in 2..<min(200, corrupt.count) { corrupt[i] = UInt8((i * 37) & 0xFF) }
    corrupt[2] = 0xFF
    let cases: [(String, [UInt8], String)] = [
        ("empty", [], "empty"),
        ("html", Array("<!DOCTYPE html><html><body>Not found</body></html>".utf8), "HTML"),
        ("truncated jpeg", Array(jpeg.prefix(jpeg.count / 2)), "truncated"),
        ("header only jpeg", Array(jpeg.prefix(20)), "JPEG"),
        ("corrupt jpeg", corrupt, "bad JPEG"),
        ("truncated png", Array(png.prefix(png.count - 30)), "bad PNG"),
        ("0x0 png", PNGWriter.header(width: 0, height: 0, colorType: .rgb) + PNGWriter.chunk("IEND", []), "PNG"),
        ("bomb png", PNGWriter.bomb(width: 50_000, height: 50_000), "too large"),
        ("random", (0..<100).map { UInt8(($0 * 91) & 0xFF) }, "not a JPEG or PNG"),
    ]
    for (name, bytes, words) in cases {
        do {
            _ = try ImageDecoder.decode(bytes)
            Issue.record("\(name) decoded")
        } catch {
            #expect(error.message.contains(words), "\(name): \(error.message)")
            #expect(!error.message.contains("\n"), "\(name): \(error.message)")
        }
    }
}

/// Peak resident memory so far, in bytes.
private func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

@Test func bombsAreRefusedFromTheirHeaderWithoutALargeAllocation() throws {
    // A JPEG whose frame header claims 60000 × 60000: patch the SOF0 size of a real small JPEG.
    var jpeg = try TestImages.quadrantsJPEG(16, 16)
    let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
    let before = peakResidentBytes()
    for bytes in [jpeg, PNGWriter.bomb(width: 50_000, height: 50_000), PNGWriter.bomb(width: 1, height: 200_000_000)] {
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(bytes) }
        #expect(throws: ImagingError.self) { try ImageDecoder.probe(bytes) }
    }
    // 60000² RGBA would be 14 GB; the refusal must come before anything near that is allocated.
    #expect(peakResidentBytes() - before < 200 * 1_048_576)
}

@Test func probeReadsTheSizeWithoutDecoding() throws {
    let probed = try ImageDecoder.probe(try JPEGEncoder.encode(TestImages.quadrantsRGB(40, 20), width: 40, height: 20,
                                                               exif: JPEGEncoder.exifOrientation(.rotated90)))
    #expect(probed.format == .jpeg && probed.width == 20 && probed.height == 40)
}
