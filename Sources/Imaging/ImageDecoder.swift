import Cells
import CJPEG
import CPNG

/// Decodes JPEG and PNG files into RGBA pixels: the only code that calls libjpeg and libpng.
public enum ImageDecoder {
    /// Format and size from the header alone (cheap; refuses bombs and non-images).
    public static func probe(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(ImagingError) -> (format: ImageFormat, width: Int, height: Int) {
        let format = try ImageFormat.sniff(bytes)
        switch format {
        case .jpeg:
            var result = artmap_jpeg_result()
            let status = bytes.withUnsafeBufferPointer {
                artmap_jpeg_decode($0.baseAddress, UInt($0.count), 0, 0, UInt64(options.maxPixels), Int32(clamping: options.maxScans),
                                   UInt64(options.maxDecodedBytes), 1, &result)
            }
            if status != 0 { throw ImagingError("bad JPEG: " + message(of: &result.message)) }
            let orientation = ExifOrientation.read(jpeg: bytes)
            let (w, h) = (Int(result.width), Int(result.height))
            return (format, orientation.swapsAxes ? h : w, orientation.swapsAxes ? w : h)
        case .png:
            let (w, h) = try pngHeader(bytes, options: options)
            return (format, w, h)
        }
    }

    /// Decodes a whole file. Never crashes or allocates past the limits on bad input: it throws instead.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(ImagingError) -> DecodedImage {
        let format = try ImageFormat.sniff(bytes)
        var orientation = ExifOrientation.normal
        var pixels: RGBAImage
        var original: (Int, Int)
        switch format {
        case .jpeg:
            orientation = ExifOrientation.read(jpeg: bytes)
            var want = options.minimumSize ?? (0, 0)
            if options.minimumSize == nil, let limit = options.maximumSize {
                // Decode about as big as the largest size kept: a DCT scale that gives three quarters of it is
                // taken, since the next scale up costs four times the memory (a 6000×4000 photo kept at 3072 px
                // decodes at 1/2, 3000×2000, not at full size).
                let probed = try probe(bytes, options: options)
                let fitted = BoxScaler.fitting(width: probed.width, height: probed.height, maxWidth: max(1, limit.width), maxHeight: max(1, limit.height))
                want = (fitted.width * 3 / 4, fitted.height * 3 / 4)
            }
            if orientation.swapsAxes { want = (want.1, want.0) }
            (pixels, original) = try decodeJPEG(bytes, want: want, options: options)
            pixels = orientation.apply(to: pixels)
            if orientation.swapsAxes { original = (original.1, original.0) }
        case .png:
            if let scaled = try decodePNGScaled(bytes, options: options) {
                return DecodedImage(format: format, originalWidth: scaled.1.0, originalHeight: scaled.1.1, orientation: orientation, pixels: scaled.0)
            }
            (pixels, original) = try decodePNG(bytes, options: options)
            composite(&pixels, over: options.background)
        }
        if let limit = options.maximumSize {
            let size = BoxScaler.fitting(width: pixels.width, height: pixels.height, maxWidth: max(1, limit.width), maxHeight: max(1, limit.height))
            pixels = BoxScaler.downscale(pixels, width: size.width, height: size.height)
        }
        return DecodedImage(format: format, originalWidth: original.0, originalHeight: original.1, orientation: orientation, pixels: pixels)
    }

    // MARK: - JPEG

    private static func decodeJPEG(_ bytes: [UInt8], want: (Int, Int), options: DecodeOptions) throws(ImagingError) -> (RGBAImage, (Int, Int)) {
        var result = artmap_jpeg_result()
        // The limits are checked from the header, before libjpeg allocates anything for the pixels.
        let status = bytes.withUnsafeBufferPointer {
            artmap_jpeg_decode($0.baseAddress, UInt($0.count), UInt32(clamping: want.0), UInt32(clamping: want.1),
                               UInt64(options.maxPixels), Int32(clamping: options.maxScans), UInt64(options.maxDecodedBytes), 0, &result)
        }
        defer { artmap_jpeg_free(&result) }
        if status != 0 { throw ImagingError("bad JPEG: " + message(of: &result.message)) }
        let w = Int(result.out_width), h = Int(result.out_height), components = Int(result.components)
        guard w * h * 4 <= options.maxDecodedBytes else {
            throw ImagingError("too large: \(w)x\(h) pixels need more than \(options.maxDecodedBytes / 1_048_576) MB")
        }
        guard let source = result.pixels else { throw ImagingError("bad JPEG: no pixels") }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        let inverted = result.adobe_marker != 0
        out.withUnsafeMutableBufferPointer { target in
            for i in 0..<(w * h) {
                let s = i * components, t = i * 4
                switch components {
                case 1:
                    target[t] = source[s]; target[t + 1] = source[s]; target[t + 2] = source[s]
                case 4:
                    // Adobe (Photoshop) stores CMYK inverted; without its marker the values are plain ink amounts.
                    var c = Int(source[s]), m = Int(source[s + 1]), y = Int(source[s + 2]), k = Int(source[s + 3])
                    if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                    target[t] = UInt8(c * k / 255); target[t + 1] = UInt8(m * k / 255); target[t + 2] = UInt8(y * k / 255)
                default:
                    target[t] = source[s]; target[t + 1] = source[s + 1]; target[t + 2] = source[s + 2]
                }
            }
        }
        return (RGBAImage(width: w, height: h, bytes: out), (Int(result.width), Int(result.height)))
    }

    // MARK: - PNG

    private static func pngHeader(_ bytes: [UInt8], options: DecodeOptions) throws(ImagingError) -> (Int, Int) {
        var w: UInt32 = 0, h: UInt32 = 0
        var text = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            artmap_png_header(buffer.baseAddress, buffer.count, &w, &h, &text, text.count)
        }
        if status != 0 { throw ImagingError("bad PNG: " + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        if w == 0 || h == 0 { throw ImagingError("bad PNG: it says it is 0 pixels wide or high") }
        if Int(w) * Int(h) > options.maxPixels {
            throw ImagingError("too large: \(w)x\(h) pixels (the limit is \(options.maxPixels / 1_000_000) megapixels)")
        }
        if Int(w) * Int(h) * 4 > options.maxDecodedBytes {
            throw ImagingError("too large: \(w)x\(h) pixels need more than \(options.maxDecodedBytes / 1_048_576) MB")
        }
        return (Int(w), Int(h))
    }

    private static func decodePNG(_ bytes: [UInt8], options: DecodeOptions) throws(ImagingError) -> (RGBAImage, (Int, Int)) {
        let (w, h) = try pngHeader(bytes, options: options)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        var text = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                artmap_png_decode_rgba(source.baseAddress, source.count, target.baseAddress, target.count, &text, text.count)
            }
        }
        if status != 0 { throw ImagingError("bad PNG: " + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return (RGBAImage(width: w, height: h, bytes: out), (w, h))
    }

    /// A PNG larger than `options.maximumSize`, read row by row straight into its scaled size (`RowBoxScaler`):
    /// the full-size pixels are never held (a 10,000 × 10,000 file was 400 MB while decoding). nil when the
    /// picture is kept at full size, or is interlaced and kept at more than half its height (its last pass,
    /// every odd row, is what is read): the whole-image decode then does it.
    private static func decodePNGScaled(_ bytes: [UInt8], options: DecodeOptions) throws(ImagingError) -> (RGBAImage, (Int, Int))? {
        guard let limit = options.maximumSize else { return nil }
        let (w, h) = try pngHeader(bytes, options: options)
        let size = BoxScaler.fitting(width: w, height: h, maxWidth: max(1, limit.width), maxHeight: max(1, limit.height))
        guard size.width < w || size.height < h else { return nil }
        // IHDR is the first chunk (libpng has checked it): its interlace method is byte 28 of the file.
        let interlaced = bytes.count > 28 && bytes[28] != 0
        if interlaced && size.height * 2 > h { return nil }
        let scaler = RowBoxScaler(sourceWidth: w, sourceHeight: h, width: size.width, height: size.height, background: options.background)
        var readWidth: UInt32 = 0, readHeight: UInt32 = 0, readInterlaced: Int32 = 0
        var text = [CChar](repeating: 0, count: 256)
        let status = withExtendedLifetime(scaler) {
            bytes.withUnsafeBufferPointer { source in
                artmap_png_read_rows(source.baseAddress, source.count, Unmanaged.passUnretained(scaler).toOpaque(), { context, row, y in
                    guard let context, let row else { return 1 }
                    Unmanaged<RowBoxScaler>.fromOpaque(context).takeUnretainedValue().add(row, y: Int(y))
                    return 0
                }, &readWidth, &readHeight, &readInterlaced, &text, text.count)
            }
        }
        if status != 0 { throw ImagingError("bad PNG: " + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        guard Int(readWidth) == w, Int(readHeight) == h, (readInterlaced != 0) == interlaced else {
            throw ImagingError("bad PNG: the header read twice gave two answers")
        }
        return (scaler.finish(), (w, h))
    }

    /// Alpha-blends every pixel over a solid background, leaving the image opaque.
    static func composite(_ image: inout RGBAImage, over background: RGB) {
        let bg = [Int(background.red), Int(background.green), Int(background.blue)]
        image.bytes.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] != 255 {
                let a = Int(p[i + 3])
                for c in 0..<3 { p[i + c] = UInt8((Int(p[i + c]) * a + bg[c] * (255 - a) + 127) / 255) }
                p[i + 3] = 255
            }
        }
    }

    private static func message<T>(of tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
