import Foundation
import Geo

/// Reads a world layer file (text, one record a line; the format is described in scripts/make-world-layer.py).
/// A damaged file is refused with what and where (the line), never half read.
public enum WorldLayerFile {
    /// The largest file read (the 1:10m layer is about 1.4 MB).
    public static let maximumBytes = 16 << 20
    /// The finest grid a file may use: a degree in at most ten million units, so every coordinate fits an Int32.
    public static let finestQuantum = 1e-7
    /// The most names (countries and places) a file may hold, and the longest name kept (longer ones are cut).
    public static let maximumNames = 100_000
    public static let maximumNameCharacters = 100

    /// Reads the layer at `url`.
    public static func read(_ url: URL) throws -> WorldLayer {
        let name = url.lastPathComponent
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw CartographyError("cannot read the world map: \(error.localizedDescription)", file: url.path)
        }
        guard data.count <= maximumBytes else { throw CartographyError("the world map is larger than \(maximumBytes >> 20) MB", file: url.path) }
        return try parse(data, file: name)
    }

    /// Parses a layer's text; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws -> WorldLayer {
        guard let text = String(data: data, encoding: .utf8) else { throw CartographyError("the world map is not UTF-8 text", file: file) }
        var reader = Reader(file: file)
        // Lines may end CRLF (a file that passed through Windows): "\r\n" is one Character, a newline.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            try reader.read(line, number: index + 1)
        }
        return try reader.layer()
    }

    private struct Reader {
        let file: String
        var scale: String?
        var quantum = 0.0
        var countries: [WorldLayer.Label] = []
        var places: [WorldLayer.Label] = []
        var units: [Int32] = []
        var starts: [Int] = [0]
        var bounds: [Int32] = []
        var lakes = 0
        var rivers = 0
        var rings: [Bool] = []

        init(file: String) { self.file = file }

        func failure(_ message: String, _ number: Int) -> CartographyError {
            CartographyError("line \(number): \(message)", file: file)
        }

        mutating func read(_ line: Substring, number: Int) throws {
            if line.isEmpty || line.hasPrefix("#") { return }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard !fields.isEmpty else { return }
            guard scale != nil || fields[0] == "artmap-world" else { throw failure("expected the header first", number) }
            switch fields[0] {
            case "artmap-world":
                guard number == 1, fields.count == 4, fields[1] == "1", let q = Double(fields[3]), q >= WorldLayerFile.finestQuantum, q < 1 else {
                    throw failure("not an artmap world map (version 1) header", number)
                }
                scale = String(fields[2])
                quantum = q
            case "N", "P":
                guard fields.count >= 5, let rank = Int(fields[1]), let x = Int32(fields[2]), let y = Int32(fields[3]),
                      let coordinate = try? Coordinate(latitude: Double(y) * quantum, longitude: Double(x) * quantum) else {
                    throw failure("a name needs a rank, a position on the earth and a name", number)
                }
                guard countries.count + places.count < WorldLayerFile.maximumNames else {
                    throw failure("more than \(WorldLayerFile.maximumNames) names", number)
                }
                let printable = String(String.UnicodeScalarView(fields[4...].joined(separator: " ").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
                let name = String(printable.prefix(WorldLayerFile.maximumNameCharacters))
                let label = WorldLayer.Label(rank: rank, coordinate: coordinate, name: name)
                if fields[0] == "N" { countries.append(label) } else { places.append(label) }
            case "L":
                try readLine(fields.dropFirst(), number: number)
            case "W":
                // A lake's shore: a ring like a coast's, so a point in a lake is not on land (`isLand`).
                try readLine(fields.dropFirst(), number: number)
                lakes += 1
            case "R":
                // A river: an open line, drawn as the coasts are but no ring.
                try readLine(fields.dropFirst(), number: number, ring: false)
                rivers += 1
            default:
                throw failure("unknown record \"\(fields[0].prefix(20))\"", number)
            }
        }

        mutating func readLine(_ fields: ArraySlice<Substring>, number: Int, ring: Bool = true) throws {
            guard fields.count >= 4, fields.count % 2 == 0 else { throw failure("a line needs two or more points (x y pairs)", number) }
            var x: Int32 = 0, y: Int32 = 0
            var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
            let limitX = Int32(180 / quantum) + 1, limitY = Int32(90 / quantum) + 1
            var first = true
            var index = fields.startIndex
            while index < fields.endIndex {
                guard let dx = Int32(fields[index]), let dy = Int32(fields[index + 1]) else { throw failure("not a whole number", number) }
                if first { (x, y) = (dx, dy) } else { (x, y) = (x &+ dx, y &+ dy) }
                first = false
                // By magnitude: abs(Int32.min) would trap.
                guard x.magnitude <= limitX.magnitude, y.magnitude <= limitY.magnitude else { throw failure("a point lies off the earth", number) }
                units.append(x)
                units.append(y)
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                index += 2
            }
            starts.append(units.count / 2)
            bounds += [minX, minY, maxX, maxY]
            rings.append(ring)
        }

        func layer() throws -> WorldLayer {
            guard let scale else { throw failure("the file is empty", 1) }
            return WorldLayer(scale: scale, quantum: quantum, countries: countries.sorted { $0.rank < $1.rank },
                              places: places.sorted { $0.rank < $1.rank }, units: units, starts: starts, bounds: bounds, rings: rings, lakeCount: lakes, riverCount: rivers)
        }
    }
}
