import Geo

/// One drawable thing of the base layer: a road, a path, a building outline, a lake, a park, a railway,
/// a museum. Lines have one part per piece; areas have one ring per part, inner rings (holes) included:
/// insideness is decided even-odd over all rings, so holes need no flag.
public struct MapFeature: Sendable, Equatable {
    /// OpenStreetMap's own notation (`way/123`, `relation/9`, `node/5`) or `feature/N` for GeoJSON without ids.
    public var sourceID: String
    public var kind: FeatureKind
    public var name: String
    public var parts: [[GeoPoint]]
    /// A GeoJSON feature's properties, kept as imported (OpenStreetMap tags are not: only kind and name).
    public var properties: [String: String]

    public init(sourceID: String, kind: FeatureKind, name: String, parts: [[GeoPoint]], properties: [String: String] = [:]) {
        self.sourceID = sourceID
        self.kind = kind
        self.name = name
        self.parts = parts
        self.properties = properties
    }

    /// The smallest box around every point (longitudes as stored, so possibly past ±180).
    public var bounds: FeatureBounds {
        // Part by part rather than over `parts.joined()`, whose generic iteration cost a third of building a map.
        var box = FeatureBounds(south: .infinity, north: -.infinity, west: .infinity, east: -.infinity)
        for part in parts {
            for p in part {
                box.south = min(box.south, p.latitude)
                box.north = max(box.north, p.latitude)
                box.west = min(box.west, p.longitude)
                box.east = max(box.east, p.longitude)
            }
        }
        return box
    }

    /// Whether `point` lies inside the area (even-odd over all rings); always false for lines.
    public func contains(_ point: GeoPoint) -> Bool {
        guard kind.isArea else { return false }
        var inside = false
        for ring in parts where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            // Bring the point next to the ring's longitudes when the ring was unwrapped past ±180.
            var lon = point.longitude
            if let first = ring.first {
                if lon - first.longitude > 180 { lon -= 360 } else if first.longitude - lon > 180 { lon += 360 }
            }
            for current in ring {
                if (current.latitude > point.latitude) != (previous.latitude > point.latitude) {
                    let t = (point.latitude - current.latitude) / (previous.latitude - current.latitude)
                    if lon < current.longitude + t * (previous.longitude - current.longitude) { inside.toggle() }
                }
                previous = current
            }
        }
        return inside
    }

    /// The approximate area in square degrees scaled by cos(latitude): enough to pick the smallest of
    /// several areas containing a point.
    public var relativeArea: Double {
        var total = 0.0
        for ring in parts where ring.count >= 3 {
            var sum = 0.0
            var previous = ring[ring.count - 1]
            for current in ring {
                sum += previous.longitude * current.latitude - current.longitude * previous.latitude
                previous = current
            }
            total += abs(sum) / 2
        }
        return total
    }

    /// The mean of the outer points: where a label or an area's artwork marker goes.
    public var centroid: GeoPoint {
        let points = parts.first ?? []
        guard !points.isEmpty else { return GeoPoint(latitude: 0, longitude: 0) }
        let closed = points.count > 1 && points.first == points.last
        let used = closed ? points.dropLast() : points[...]
        let lat = used.reduce(0) { $0 + $1.latitude } / Double(used.count)
        let lon = used.reduce(0) { $0 + $1.longitude } / Double(used.count)
        return GeoPoint(latitude: lat, longitude: lon)
    }
}
