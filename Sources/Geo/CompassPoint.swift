/// One of the eight compass points, for a bearing shown to a person ("NE", "↗").
public enum CompassPoint: Int, CaseIterable, Sendable {
    case north, northEast, east, southEast, south, southWest, west, northWest

    /// The point nearest to a bearing in degrees clockwise from north.
    public init(bearing: Double) {
        guard bearing.isFinite else {
            self = .north
            return
        }
        var b = bearing.truncatingRemainder(dividingBy: 360)
        if b < 0 { b += 360 }
        let sector = Int((b + 22.5) / 45) % 8
        self = CompassPoint(rawValue: sector) ?? .north
    }

    /// The abbreviation: N, NE, E, SE, S, SW, W, NW.
    public var abbreviation: String {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][rawValue]
    }

    /// The name in words, for directions ("head north-east on ...").
    public var name: String {
        ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"][rawValue]
    }

    /// An arrow pointing the way, for a table column one cell wide.
    public var arrow: String {
        ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"][rawValue]
    }
}
