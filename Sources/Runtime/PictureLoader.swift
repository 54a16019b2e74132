import App
import Catalog
import Foundation
import Imaging

/// Reads a cached image file and decodes it, for the view (off the main thread) and `artmap show`.
public enum PictureLoader {
    /// The largest file read (the sync caps downloads at 20 MB).
    static let maxFileBytes = 32 * 1_048_576
    /// Pictures are kept at most this size in memory; zooming goes no further than this resolution.
    static let keptSize = (width: 3072, height: 3072)
    /// Where the view decodes pictures: one at a time, so the transient memory of decoding is at most one
    /// picture's limit (`DecodeOptions.maxDecodedBytes`, 512 MB) however many pictures are asked for; what is
    /// kept afterwards is bounded by `PictureMemory`'s budget.
    static let decoding = DispatchQueue(label: "artmap.picture-decoding", qos: .userInitiated)

    /// The file's bytes, refusing what is too big to be an image we cached.
    public static func readFile(_ path: String) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maxFileBytes {
            throw ImagingError("the file is \(size / 1_048_576) MB, over the \(maxFileBytes / 1_048_576) MB limit")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImagingError("cannot read \(path)") }
        return [UInt8](data)
    }

    /// A picture for the view: decoded no larger than needed to zoom in to the kept size, or than `screen` (the
    /// slideshow's full screen, in pixels) when given: four 10,000-pixel favourites then hold a few MB each.
    static func load(path: String, artwork: Artwork, screen: (width: Int, height: Int)? = nil) throws -> Picture {
        var options = DecodeOptions()
        let limit = screen.map { (width: min(keptSize.width, max(1, $0.width)), height: min(keptSize.height, max(1, $0.height))) } ?? keptSize
        options.maximumSize = limit
        let decoded = try ImageDecoder.decode(try readFile(path), options: options)
        // Whole when nothing was cut below the kept size: the picture fitted the screen's size anyway.
        // (Compared by the longer side, which a rotation by EXIF does not change; the kept size is square.)
        let longest = max(decoded.pixels.width, decoded.pixels.height)
        let whole = limit == keptSize || longest >= min(max(decoded.originalWidth, decoded.originalHeight), keptSize.width)
        return Picture(artwork: artwork.key, fileName: artwork.imageFileName, fullSize: whole, decoded: decoded)
    }

    /// The pixels a full-screen picture can use on a terminal of `columns` × `rows` cells: a generous cell of
    /// 16 × 32 pixels (terminal fonts are smaller), so a picture is never shown from fewer pixels than it has room for.
    static func screenPixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (columns * 16, rows * 32)
    }
}
