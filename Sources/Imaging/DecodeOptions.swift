import Cells
/// Limits and wishes for one decode.
public struct DecodeOptions: Sendable {
    /// Images with more pixels than this are refused from their header, before any pixel memory is taken.
    public var maxPixels: Int = 100_000_000
    /// The most bytes a decode may allocate: a JPEG counts its whole-image coefficient buffer (progressive,
    /// every colour component), its decoded samples and their RGBA copy; checked before any is allocated.
    public var maxDecodedBytes: Int = 512 * 1024 * 1024
    /// The most scans a JPEG may have (libjpeg-turbo's tools use 100 too): each scan is a pass over the whole
    /// picture, and a crafted file repeats them by the thousand.
    public var maxScans = 100
    /// The smallest size the caller needs (after orientation); a JPEG is decoded at the smallest DCT scale
    /// that still covers it. nil: full size.
    public var minimumSize: (width: Int, height: Int)?
    /// The largest size kept: a bigger result is box-filtered down to fit, and a JPEG is decoded at the smallest
    /// DCT scale that still fills it (unless `minimumSize` says otherwise). nil: keep what was decoded.
    public var maximumSize: (width: Int, height: Int)?
    /// What transparent pixels are composited over (the theme's background).
    public var background = RGB(0, 0, 0)

    public init() {}
}

/// A decoded picture and what is known about its file.
public struct DecodedImage: Sendable {
    public let format: ImageFormat
    /// The image's own size as stored in the file, after orientation.
    public let originalWidth: Int
    public let originalHeight: Int
    public let orientation: ExifOrientation
    public let pixels: RGBAImage

    public init(format: ImageFormat, originalWidth: Int, originalHeight: Int, orientation: ExifOrientation, pixels: RGBAImage) {
        self.format = format
        self.originalWidth = originalWidth
        self.originalHeight = originalHeight
        self.orientation = orientation
        self.pixels = pixels
    }
}
