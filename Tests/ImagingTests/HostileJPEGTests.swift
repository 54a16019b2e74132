import Foundation
import Imaging
import Testing
import TestSupport

/// A greyscale picture with a gradient, so every coefficient scan has something to carry.
private func gradient(_ width: Int, _ height: Int, components: Int) -> [UInt8] {
    var samples: [UInt8] = []
    for y in 0..<height { for x in 0..<width { for c in 0..<components { samples.append(UInt8((x * 7 + y * 3 + c * 50) & 0xFF)) } } }
    return samples
}

/// Sets the size in a JPEG's start-of-frame marker (SOF0/SOF2): the header then claims a picture the data
/// does not hold, as a crafted file does.
private func claimingSize(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
    var bytes = jpeg
    let marker = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
    bytes[marker + 5] = UInt8(height >> 8); bytes[marker + 6] = UInt8(height & 0xFF)
    bytes[marker + 7] = UInt8(width >> 8); bytes[marker + 8] = UInt8(width & 0xFF)
    return bytes
}

@Test func aProgressiveJPEGWithMoreThanAHundredScansIsRefused() throws {
    // 1 DC scan + 63 AC scans + 63 refinements = 127 scans, a valid file.
    let bytes = try JPEGEncoder.encode(gradient(64, 64, components: 1), width: 64, height: 64, layout: .grey, scanPerCoefficient: true)
    let sosCount = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }.count
    #expect(sosCount == 127)
    do {
        _ = try ImageDecoder.decode(bytes)
        Issue.record("a JPEG with 127 scans was decoded")
    } catch {
        #expect(error.message == "bad JPEG: too many scans: more than 100 (a progressive JPEG needs about 10)")
    }
    // The same file decodes when the limit allows its scans: the count is what refuses it.
    var options = DecodeOptions()
    options.maxScans = 200
    #expect(try ImageDecoder.decode(bytes, options: options).pixels.width == 64)
}

@Test func aCMYKProgressiveJPEGIsRefusedFromItsHeaderByTheMemoryItsCoefficientsNeed() throws {
    // 9999×9999 in 4 components: the coefficient buffer alone is 9999² × 4 × 2 bytes, about 763 MB, though the
    // pixel count (100 M) is within the pixel limit.
    let small = try JPEGEncoder.encode(gradient(16, 16, components: 4), width: 16, height: 16,
                                       layout: .cmyk(ycck: false, adobeMarker: true), progressive: true)
    let crafted = try claimingSize(small, width: 9999, height: 9999)
    for maximumSize in [nil, (width: 3072, height: 3072)] {
        var options = DecodeOptions()
        options.maximumSize = maximumSize
        do {
            _ = try ImageDecoder.decode(crafted, options: options)
            Issue.record("a 9999×9999 CMYK progressive JPEG was decoded")
        } catch {
            #expect(error.message.hasPrefix("bad JPEG: too large to decode: 9999x9999 pixels in 4 colour components need "))
            #expect(error.message.hasSuffix(" MB (the limit is 512 MB)"))
        }
    }
    // A sequential (baseline) JPEG of the same size needs no coefficient buffer: decoded at 1/8 it is not
    // refused for memory (it fails later, its data being 16×16).
    let baseline = try claimingSize(try JPEGEncoder.encode(gradient(16, 16, components: 4), width: 16, height: 16,
                                                           layout: .cmyk(ycck: false, adobeMarker: true)), width: 9999, height: 9999)
    var scaled = DecodeOptions()
    scaled.minimumSize = (width: 100, height: 100)
    do {
        _ = try ImageDecoder.decode(baseline, options: scaled)
    } catch {
        #expect(!error.message.contains("too large"))
    }
}
