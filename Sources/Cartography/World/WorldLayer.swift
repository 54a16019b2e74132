import Geo

/// The world base layer at one scale, from Natural Earth (see scripts/make-world-layer.py): coast and border
/// lines, lakes' shores, rivers, country names and populated places, each with a rank (1 first). Points are whole units of `quantum`
/// degrees, kept flat so the 1:10m layer stays a few megabytes in memory.
public struct WorldLayer: Sendable {
    /// A name on the world map: a country at its label point, or a populated place.
    public struct Label: Sendable, Equatable {
        public let rank: Int
        public let coordinate: Coordinate
        public let name: String

        public init(rank: Int, coordinate: Coordinate, name: String) {
            self.rank = rank
            self.coordinate = coordinate
            self.name = name
        }
    }

    /// The scale's name ("110m", "10m").
    public let scale: String
    /// Degrees a unit stands for.
    public let quantum: Double
    /// Country names and populated places, each sorted by rank.
    public let countries: [Label]
    public let places: [Label]
    /// Every line's points, longitude then latitude in units, one line after another.
    let units: [Int32]
    /// Where each line's points start in `units` (in points), one more entry than there are lines.
    let starts: [Int]
    /// Each line's bounds in units: min x, min y, max x, max y.
    let bounds: [Int32]
    /// Whether each line is a ring (a coast, a border, a lake's shore) rather than an open line (a river).
    let rings: [Bool]
    /// How many of the lines are lakes' shores and rivers (drawn as coasts are).
    public let lakeCount: Int
    public let riverCount: Int

    init(scale: String, quantum: Double, countries: [Label], places: [Label], units: [Int32], starts: [Int], bounds: [Int32],
         rings: [Bool], lakeCount: Int = 0, riverCount: Int = 0) {
        self.rings = rings
        self.lakeCount = lakeCount
        self.riverCount = riverCount
        self.scale = scale
        self.quantum = quantum
        self.countries = countries
        self.places = places
        self.units = units
        self.starts = starts
        self.bounds = bounds
    }

    /// How many lines the layer holds.
    public var lineCount: Int { max(0, starts.count - 1) }
    /// How many points all its lines hold.
    public var pointCount: Int { units.count / 2 }

    /// Whether a point lies inside the layer's land: inside an odd number of its rings (the countries' outlines, a
    /// lake's shore taking the lake out, an island's in it putting it back), by crossings of a ray to the east,
    /// counted over every ring whose box holds the point (rivers are no rings).
    public func isLand(longitude: Double, latitude: Double) -> Bool {
        let x = longitude / quantum, y = latitude / quantum
        var inside = false
        for line in 0..<lineCount where rings[line] {
            let b = line * 4
            guard Double(bounds[b]) <= x, Double(bounds[b + 2]) >= x, Double(bounds[b + 1]) <= y, Double(bounds[b + 3]) >= y else { continue }
            let first = starts[line], end = starts[line + 1]
            var j = end - 1
            for i in first..<end {
                let xi = Double(units[2 * i]), yi = Double(units[2 * i + 1]), xj = Double(units[2 * j]), yj = Double(units[2 * j + 1])
                if (yi > y) != (yj > y), x < xi + (y - yi) * (xj - xi) / (yj - yi) { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    /// Calls `body` with each line that may meet the box of longitudes and latitudes (degrees; `west` may be above
    /// `east` across the antimeridian), as (longitude, latitude) degrees one point after another.
    public func forEachLine(west: Double, south: Double, east: Double, north: Double,
                            _ body: (_ points: UnsafeBufferPointer<Int32>, _ quantum: Double) -> Void) {
        let s = Int32((south / quantum).rounded(.down)), n = Int32((north / quantum).rounded(.up))
        let w = Int32((west / quantum).rounded(.down)), e = Int32((east / quantum).rounded(.up))
        units.withUnsafeBufferPointer { all in
            for line in 0..<lineCount {
                let b = line * 4
                guard bounds[b + 1] <= n, bounds[b + 3] >= s else { continue }
                let crosses = w > e
                let meets = crosses ? (bounds[b + 2] >= w || bounds[b] <= e) : (bounds[b + 2] >= w && bounds[b] <= e)
                guard meets else { continue }
                body(UnsafeBufferPointer(rebasing: all[(starts[line] * 2)..<(starts[line + 1] * 2)]), quantum)
            }
        }
    }
}
