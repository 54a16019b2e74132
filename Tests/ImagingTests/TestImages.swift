import Imaging
import TestSupport

/// Pictures the tests make themselves: four coloured quadrants, so every region's colour is known.
enum TestImages {
    /// The colour of the quadrant holding (x, y) in a w × h picture: red, green / blue, white.
    static func quadrant(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> RGB { quadrantColour(x, y, w, h) }

    static func quadrantsRGB(_ w: Int, _ h: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let c = quadrant(x, y, w, h)
                out += [c.red, c.green, c.blue]
            }
        }
        return out
    }

    static func quadrantsJPEG(_ w: Int = 64, _ h: Int = 48, progressive: Bool = false) throws -> [UInt8] {
        try JPEGEncoder.encode(quadrantsRGB(w, h), width: w, height: h, progressive: progressive)
    }

    /// Checks the mean colour of each quadrant's inner part (away from the edges, where JPEG and scaling blur).
    static func quadrantErrors(_ image: RGBAImage, tolerance: Int = 24) -> [String] {
        let w = image.width, h = image.height
        var errors: [String] = []
        for (qx, qy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let x = qx * w / 2 + w / 8, y = qy * h / 2 + h / 8
            let mean = image.meanColor(x: x, y: y, width: w / 4, height: h / 4)
            let expected = quadrant(x, y, w, h)
            if mean.distance(to: expected) > tolerance { errors.append("quadrant (\(qx),\(qy)): \(mean) instead of \(expected)") }
        }
        return errors
    }
}
