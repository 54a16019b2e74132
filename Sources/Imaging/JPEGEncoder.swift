import Foundation
import CJPEG

/// Writes JPEG files of every kind artmap must read (tests make their own images; benchmarks make big ones).
public enum JPEGEncoder {
    /// How the pixels are stored.
    public enum Layout: Sendable {
        /// 3 bytes a pixel.
        case rgb
        /// 1 byte a pixel.
        case grey
        /// 4 bytes a pixel, ink amounts as given (store them inverted and mark Adobe to mimic Photoshop).
        case cmyk(ycck: Bool, adobeMarker: Bool)
    }

    /// Encodes `samples` (width × height × components bytes). `scanPerCoefficient` writes a progressive file
    /// with 1 + 126 scans per component (a scan for each AC coefficient, then its refinement).
    public static func encode(_ samples: [UInt8], width: Int, height: Int, layout: Layout = .rgb, quality: Int = 90,
                              progressive: Bool = false, exif: [UInt8]? = nil,
                              scanPerCoefficient: Bool = false) throws(ImagingError) -> [UInt8] {
        var options = artmap_jpeg_encode_options()
        switch layout {
        case .rgb: options.components = 3
        case .grey: options.components = 1
        case .cmyk(let ycck, let adobe):
            options.components = 4
            options.ycck = ycck ? 1 : 0
            options.adobe_marker = adobe ? 1 : 0
        }
        guard samples.count == width * height * Int(options.components) else { throw ImagingError("wrong number of samples") }
        options.quality = Int32(quality)
        options.progressive = progressive ? 1 : 0
        options.scan_per_coefficient = scanPerCoefficient ? 1 : 0
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var text = [CChar](repeating: 0, count: 256)
        let app1 = exif ?? []
        let status = samples.withUnsafeBufferPointer { pixels in
            app1.withUnsafeBufferPointer { marker in
                options.app1 = exif == nil ? nil : marker.baseAddress
                options.app1_size = UInt32(marker.count)
                return artmap_jpeg_encode(pixels.baseAddress, UInt32(width), UInt32(height), options, &out, &size, &text)
            }
        }
        defer { free(out) }
        guard status == 0, let out else {
            throw ImagingError("cannot encode JPEG: " + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// An APP1 payload holding only an EXIF orientation tag.
    public static func exifOrientation(_ orientation: ExifOrientation, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? [0, 0] + u16(v) : u16(v) + [0, 0] }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8) + u16(1)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation.rawValue) + [0, 0]
        tiff += u32(0)
        return Array("Exif\0\0".utf8) + tiff
    }
}
