import TerminalTypes

/// A picture the terminal draws in pixels over blank cells: which pixels, and where. Views add these to the
/// `Buffer` (in place of cells) when the terminal speaks a pixel protocol; the backend writes the image after
/// painting the cells, and only when what or where changed.
public struct PlacedPicture: Sendable, Equatable {
    /// What is shown: equal keys and areas mean the same image on screen.
    public let key: String
    /// The cells it covers.
    public let area: Rect
    /// The picture's pixels (shared, not copied).
    public let image: RGBAImage
    /// The part of `image` shown, in pixels, stretched over `area`.
    public let crop: Rect

    public init(key: String, area: Rect, image: RGBAImage, crop: Rect? = nil) {
        self.area = area
        self.image = image
        let crop = crop ?? Rect(x: 0, y: 0, width: image.width, height: image.height)
        self.crop = crop
        self.key = "\(key)@\(crop.x),\(crop.y),\(crop.width)x\(crop.height)"
    }

    /// Same picture in the same place (pixels are not compared: the key names them).
    public static func == (a: PlacedPicture, b: PlacedPicture) -> Bool { a.key == b.key && a.area == b.area }
}

extension Buffer {
    /// Leaves `area` as blank cells for a picture the terminal draws in pixels.
    public mutating func place(_ picture: PlacedPicture) {
        fill(picture.area)
        let area = picture.area
        pictures.removeAll { Buffer.overlaps($0.area, area) }
        pictures.append(picture)
    }

    package static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}
