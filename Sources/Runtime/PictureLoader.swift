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

    /// A picture for the view: decoded no larger than needed to zoom in to the kept size.
    static func load(path: String, artwork: Artwork) throws -> Picture {
        var options = DecodeOptions()
        options.maximumSize = keptSize
        let decoded = try ImageDecoder.decode(try readFile(path), options: options)
        return Picture(artworkID: artwork.id, fileName: artwork.imageFileName, decoded: decoded)
    }
}
