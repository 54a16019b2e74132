import Cells
import App
import Cartography
import Catalog
import Geo
import TerminalTypes

import Foundation

/// The imported base layer: areas as patterned fills with outlines, roads and paths as lines by class,
/// railways; then, after the markers and their labels, the names of streets, buildings and landmarks
/// where they fit.
enum BaseLayer {
    /// The features drawn at this zoom (the grid only hands over what is in view and big enough).
    static func visible(_ state: MainScene, _ frame: MapFrame) -> [Int] {
        guard !state.baseMap.isEmpty else { return [] }
        return state.baseMap.features(in: viewBounds(state, frame), metresPerCell: frame.metresPerCell)
    }

    /// The map's area with a cell to spare on each side (east past 180 when it crosses the antimeridian).
    static func viewBounds(_ state: MainScene, _ frame: MapFrame) -> FeatureBounds {
        let half = (x: frame.inner.width / 2 + 1, y: frame.inner.height / 2 + 1)
        let view = state.boundingBox(cellsFromX: -half.x, toX: half.x, fromY: -half.y, toY: half.y)
        return FeatureBounds(south: view.south, north: view.north, west: view.west,
                             east: view.crossesAntimeridian ? view.east + 360 : view.east)
    }

    /// The stretches of `part` that meet `box`, each with the points either side: a street crossing the
    /// whole city costs what its piece on screen costs. Lines only (a fill needs its whole ring).
    static func runs(of part: [GeoPoint], in box: FeatureBounds) -> [[GeoPoint]] {
        guard part.count > 1 else { return [part] }
        var runs: [[GeoPoint]] = []
        var current: [GeoPoint] = []
        for i in part.indices.dropFirst() {
            let a = part[i - 1], b = part[i]
            let meets = max(a.latitude, b.latitude) >= box.south && min(a.latitude, b.latitude) <= box.north
                && max(a.longitude, b.longitude) >= box.west && min(a.longitude, b.longitude) <= box.east
            if meets {
                if current.isEmpty { current.append(a) }
                current.append(b)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Draws `features` on the canvas in the anchor's dots (`MapFrame.anchorDot`), within the canvas's clip;
    /// `area` is the clip on the ground (a cell to spare), to skip a line's segments that cannot reach it.
    /// Every dot depends only on the feature and the anchor, not on what else is in view: areas are
    /// simplified ring by ring whole, lines drawn segment by segment from their own ends.
    /// A long line is drawn by the stretches that meet `area` (`BaseMap.stretches`), so a strip skips a
    /// street's stretches that cannot reach it without looking at their points.
    static func draw(_ map: BaseMap, _ frame: MapFrame, features: [Int], on canvas: inout MapCanvas, area: FeatureBounds) {
        // Across the antimeridian the area's longitudes do not compare with the points': no skipping there.
        let skips = area.west >= -180 && area.east <= 180
        for index in features {
            let feature = map.features[index]
            if feature.kind.isArea {
                let box = map.bounds(of: index)
                // Too small to see at this zoom: skipped, not drawn as a smudge.
                let extentMetres = max(box.north - box.south, (box.east - box.west) * 0.6) * 111_000
                if extentMetres < frame.metresPerCell { continue }
                // Buildings are outlines at every zoom (a fill would merge a dense block into one mass).
                let filled = feature.kind == .green || feature.kind == .plaza || feature.kind == .water
                guard filled else {
                    // An outline alone: drawn point by point, simplified as it goes (no rings made a feature).
                    for part in feature.parts { outlineSimplified(part, frame, ink: .building, on: &canvas) }
                    continue
                }
                let rings = feature.parts.map { part in simplified(part.map { frame.anchorDot($0.coordinate) }) }
                switch feature.kind {
                case .green, .plaza:
                    canvas.fill(.green, rings: rings) { x, y in (x + 2 * y) % 6 == 0 }
                case .water:
                    canvas.fill(.water, rings: rings) { x, y in y % 2 == 0 && (x + y / 2) % 3 == 0 }
                    outline(rings, ink: .water, on: &canvas)
                default:
                    outline(rings, ink: .building, on: &canvas)
                }
                continue
            }
            guard let (ink, dashed) = lineInk(feature.kind) else { continue }
            for (partIndex, part) in feature.parts.enumerated() {
                part.withUnsafeBufferPointer { points in
                    guard points.count > 1 else { return }
                    // Each point's side of the area (Cohen–Sutherland codes), found once: a segment whose ends
                    // are both beyond one edge cannot reach the area (a long street costs a compare a point).
                    func code(_ p: GeoPoint) -> UInt8 {
                        guard skips else { return 0 }
                        var c: UInt8 = 0
                        if p.latitude < area.south { c |= 1 } else if p.latitude > area.north { c |= 2 }
                        if p.longitude < area.west { c |= 4 } else if p.longitude > area.east { c |= 8 }
                        return c
                    }
                    // The segments ending at points `range`, one stretch at a time.
                    func segments(_ range: ClosedRange<Int>) {
                        var previousCode = code(points[range.lowerBound - 1])
                        var previousDot: (x: Double, y: Double)?
                        for i in range {
                            let pointCode = code(points[i])
                            defer { previousCode = pointCode }
                            guard previousCode & pointCode == 0 else {
                                previousDot = nil
                                continue
                            }
                            let from = previousDot ?? frame.anchorDot(points[i - 1].coordinate)
                            let to = frame.anchorDot(points[i].coordinate)
                            canvas.line(ink, from.x, from.y, to.x, to.y, dashed: dashed)
                            previousDot = to
                        }
                    }
                    let stretches = skips ? map.stretches(of: index, part: partIndex) : []
                    guard !stretches.isEmpty else {
                        segments(1...(points.count - 1))
                        return
                    }
                    let size = BaseMap.stretchPoints
                    for (k, box) in stretches.enumerated()
                    where box.south <= area.north && box.north >= area.south && box.west <= area.east && box.east >= area.west {
                        segments((k * size + 1)...min(points.count - 1, (k + 1) * size))
                    }
                }
            }
        }
    }

    /// The ink of a line feature, and whether it is dashed; nil for what is not drawn as a line.
    static func lineInk(_ kind: FeatureKind) -> (MapInk, Bool)? {
        switch kind {
        case .motorway, .majorRoad, .secondaryRoad: return (.roadMajor, false)
        case .street, .serviceRoad, .pedestrian, .otherLine: return (.street, false)
        case .footway, .steps: return (.path, true)
        case .railway, .tram: return (.rail, kind == .tram)
        case .waterway: return (.water, false)
        default: return nil
        }
    }

    /// Landmarks (museums, galleries) as a symbol, under the markers.
    static func drawLandmarks(_ state: MainScene, _ frame: MapFrame, landmarks: [Int], into buffer: inout Buffer, occupied: inout OccupiedCells) {
        for index in landmarks where state.baseMap.features[index].kind == .landmark {
            guard let point = state.baseMap.features[index].parts.first?.first else { continue }
            let cell = frame.cell(point.coordinate)
            guard frame.inner.contains(x: cell.x, y: cell.y), !occupied.contains(cell.x, cell.y) else { continue }
            buffer.set(cell.x, cell.y, state.ascii ? "M" : "⌂", Style(.accent, bold: true))
        }
    }

    /// A name the base layer would write, where, in draw order: placed each frame if its cells are free.
    struct NameSpot: Sendable {
        let name: String
        let text: String
        let width: Int
        let x: Int
        let y: Int
        let style: Style
    }

    /// Street names along their longest stretch in view (close zoom), then building and landmark names,
    /// each once and only on free cells.
    static func drawNames(_ spots: [NameSpot], into buffer: inout Buffer, occupied: inout OccupiedCells, clip inner: Rect) {
        var named = Set<String>()
        for spot in spots where !named.contains(spot.name) {
            guard occupied.isFree(x: spot.x, y: spot.y, width: spot.width) else { continue }
            buffer.write(spot.text, x: spot.x, y: spot.y, style: spot.style, maxWidth: spot.width, clip: inner)
            occupied.insertLabel(x: spot.x, y: spot.y, width: spot.width)
            named.insert(spot.name)
        }
    }

    /// Whether names are written at this zoom (close enough for them to fit beside what they name).
    static func namesShown(at metresPerCell: Double) -> Bool { metresPerCell <= 10 }

    /// Where each visible feature's name would go (they depend on the map only, not on what is drawn over it).
    static func nameSpots(_ state: MainScene, _ frame: MapFrame, features: [Int]) -> [NameSpot] {
        guard namesShown(at: frame.metresPerCell) else { return [] }
        let inner = frame.inner
        let view = viewBounds(state, frame)
        let clips = view.west >= -180 && view.east <= 180
        var spots: [NameSpot] = []
        for index in features {
            let feature = state.baseMap.features[index]
            guard !feature.name.isEmpty else { continue }
            let text = DisplayText.clean(feature.name)
            let width = TextWidth.of(text)
            guard width > 0, width <= inner.width - 2 else { continue }
            var spot: (x: Int, y: Int)?
            if feature.kind.isRoad {
                // The longest stretch on screen, the name centred on its middle, on the road's own row
                // when it runs east-west, beside it when it runs north-south.
                var best = 0.0
                let parts = clips ? feature.parts.flatMap { runs(of: $0, in: view) } : feature.parts
                for part in parts {
                    for i in part.indices.dropFirst() {
                        let a = frame.cell(part[i - 1].coordinate), b = frame.cell(part[i].coordinate)
                        let length = Double(abs(a.x - b.x)) + 2 * Double(abs(a.y - b.y))
                        let middle = ((a.x + b.x) / 2, (a.y + b.y) / 2)
                        guard length > best, inner.contains(x: middle.0, y: middle.1) else { continue }
                        best = length
                        let flat = abs(a.x - b.x) >= 2 * abs(a.y - b.y)
                        spot = flat ? (middle.0 - width / 2, middle.1) : (middle.0 + 2, middle.1)
                    }
                }
                guard best >= Double(min(width, 8)) else { continue }
            } else if feature.kind == .building || feature.kind == .landmark || feature.kind == .plaza || feature.kind == .green {
                guard frame.metresPerCell <= (feature.kind == .landmark ? 10 : 2) else { continue }
                let centre = frame.cell(feature.centroid.coordinate)
                spot = feature.kind == .landmark ? (centre.x + 2, centre.y) : (centre.x - width / 2, centre.y)
            }
            guard let spot else { continue }
            let x = max(inner.x, min(spot.x, inner.maxX - width))
            guard spot.y >= inner.y, spot.y < inner.maxY else { continue }
            spots.append(NameSpot(name: feature.name, text: text, width: width, x: x, y: spot.y,
                                  style: Style(.placeName, dim: feature.kind != .landmark)))
        }
        return spots
    }

    /// Drops points that land on the same dot as the one before: a line costs what its screen length costs.
    static func simplified(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard points.count > 2 else { return points }
        var result: [(x: Double, y: Double)] = [points[0]]
        result.reserveCapacity(points.count)
        for p in points.dropFirst().dropLast() {
            let last = result[result.count - 1]
            if abs(p.x - last.x) >= 1 || abs(p.y - last.y) >= 1 { result.append(p) }
        }
        result.append(points[points.count - 1])
        return result
    }

    /// `outline([simplified(part in anchor dots)])`, point by point: the same lines, without the arrays.
    static func outlineSimplified(_ part: [GeoPoint], _ frame: MapFrame, ink: MapInk, on canvas: inout MapCanvas) {
        guard part.count > 1 else { return }
        var last = frame.anchorDot(part[0].coordinate)
        if part.count > 2 {
            for point in part[1..<(part.count - 1)] {
                let p = frame.anchorDot(point.coordinate)
                guard abs(p.x - last.x) >= 1 || abs(p.y - last.y) >= 1 else { continue }
                canvas.line(ink, last.x, last.y, p.x, p.y)
                last = p
            }
        }
        let end = frame.anchorDot(part[part.count - 1].coordinate)
        canvas.line(ink, last.x, last.y, end.x, end.y)
    }

    static func outline(_ parts: [[(x: Double, y: Double)]], ink: MapInk, dashed: Bool = false, on canvas: inout MapCanvas) {
        for part in parts {
            for i in part.indices.dropFirst() {
                canvas.line(ink, part[i - 1].x, part[i - 1].y, part[i].x, part[i].y, dashed: dashed)
            }
        }
    }
}
