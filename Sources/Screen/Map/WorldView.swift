import Cells
import App
import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes

/// The world base layer far out (Natural Earth, see `WorldAtlas`): coasts, borders, lakes and rivers as lines below everything
/// else, then country and place names placed by rank. The 1:110m layer from 50 km a cell, the 1:10m one closer;
/// none at street zooms, where the stored streets take over.
enum WorldView {
    /// The layer drawn at a scale, if any.
    static func layer(_ atlas: WorldAtlas, metresPerCell: Double) -> WorldLayer? {
        guard metresPerCell >= MapState.worldFromMetresPerCell else { return nil }
        return metresPerCell >= 50_000 ? atlas.coarse : (atlas.detail ?? atlas.coarse)
    }

    /// The coasts and borders for this frame (their canvas and its composed codes) and the names that may be
    /// written, kept in `cache` while the view stands still: a cursor move draws and projects nothing of the world.
    static func drawing(_ state: MainScene, _ frame: MapFrame, cache: WorldCache) -> WorldCache.Drawing? {
        guard let layer = layer(state.map.world, metresPerCell: frame.metresPerCell) else { return nil }
        let key = WorldCache.Key(scale: layer.scale, projection: frame.projection, metresPerCell: frame.metresPerCell, inner: frame.inner)
        if let kept = cache.drawing(for: key) { return kept }
        var canvas = MapCanvas(columns: frame.inner.width, rows: frame.inner.height)
        drawLines(layer, state, frame, on: &canvas)
        var codes: [UInt16] = []
        canvas.compose(into: &codes)
        let centre = frame.projection.unproject(east: 0, north: 0)
        let drawing = WorldCache.Drawing(canvas: canvas, codes: codes, names: candidates(layer, frame),
                                         centreOnLand: layer.isLand(longitude: centre.longitude, latitude: centre.latitude))
        cache.keep(drawing, for: key)
        return drawing
    }

    /// Draws the layer's lines in view, each simplified to the dots (a point closer than a dot to the last drawn
    /// one is skipped); a segment that crosses the far side of the globe from the centre is not drawn.
    static func drawLines(_ layer: WorldLayer, _ state: MainScene, _ frame: MapFrame, on canvas: inout MapCanvas) {
        let half = (x: frame.inner.width / 2 + 1, y: frame.inner.height / 2 + 1)
        let view = state.boundingBox(cellsFromX: -half.x, toX: half.x, fromY: -half.y, toY: half.y)
        let anchored = frame.projection.anchored
        let centre = anchored.center
        let origin = frame.dot(centre)
        // Metres per degree at the anchor: the same flat projection `LocalProjection` makes, inlined per point.
        let east = anchored.project(Coordinate(clampingLatitude: centre.latitude, longitude: centre.longitude + (centre.longitude > 0 ? -1 : 1))).east.magnitude
        let step = centre.latitude > 0 ? -1.0 : 1.0
        let north = anchored.project(Coordinate(clampingLatitude: centre.latitude + step, longitude: centre.longitude)).north / step
        let dot = frame.dotMetres
        layer.forEachLine(west: view.west, south: view.south, east: view.east, north: view.north) { points, quantum in
            var last: (x: Double, y: Double, lon: Double)?
            var index = 0
            while index + 1 < points.count {
                var dLon = Double(points[index]) * quantum - centre.longitude
                if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
                let dLat = Double(points[index + 1]) * quantum - centre.latitude
                let x = origin.x + dLon * east / dot, y = origin.y - dLat * north / dot
                index += 2
                if let before = last {
                    if abs(dLon - before.lon) > 180 {
                        last = (x, y, dLon)
                        continue
                    }
                    guard abs(x - before.x) >= 1 || abs(y - before.y) >= 1 || index >= points.count else { continue }
                    canvas.line(.coast, before.x, before.y, x, y)
                }
                last = (x, y, dLon)
            }
        }
    }

    /// Country names (from country zoom out) and places in view, by rank: the names `drawNames` places.
    static func candidates(_ layer: WorldLayer, _ frame: MapFrame) -> [LabelPlacer.Candidate] {
        let inner = frame.inner
        func visible(_ label: WorldLayer.Label) -> (x: Int, y: Int)? {
            let p = frame.projection.project(label.coordinate)
            guard abs(p.east) / frame.metresPerCell <= Double(inner.width), abs(p.north) / (2 * frame.metresPerCell) <= Double(inner.height) else { return nil }
            let cell = frame.cell(label.coordinate)
            return inner.contains(x: cell.x, y: cell.y) ? cell : nil
        }
        var candidates: [LabelPlacer.Candidate] = []
        // Country names from country zoom out; far out only the most populous (a small state's name would hide a
        // continent's coast), more as the map comes closer.
        if frame.metresPerCell >= 20_000 {
            for label in layer.countries.prefix(Self.countriesNamed(at: frame.metresPerCell)) {
                guard let cell = visible(label) else { continue }
                let text = DisplayText.clean(label.name)
                candidates.append(.init(x: cell.x, y: cell.y, text: text, width: TextWidth.of(text), point: false))
            }
        }
        // Far out only the first places (capitals of the most populous countries), more as the map comes closer.
        let places = frame.metresPerCell >= 500_000 ? 15 : frame.metresPerCell >= 200_000 ? 40 : layer.places.count
        for label in layer.places.prefix(places) {
            guard let cell = visible(label) else { continue }
            let text = DisplayText.clean(label.name)
            candidates.append(.init(x: cell.x, y: cell.y, text: text, width: TextWidth.of(text), point: true))
        }
        return candidates
    }

    /// Writes the names of `drawing` greedily by rank where they fit; places get a point.
    static func drawNames(_ drawing: WorldCache.Drawing, _ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer,
                          occupied: inout OccupiedCells) {
        let inner = frame.inner
        let candidates = drawing.names
        for placed in LabelPlacer.place(candidates, clip: inner, occupied: &occupied) {
            if placed.pointDrawn {
                buffer.setNarrow(placed.candidate.x, placed.y, state.ascii ? "*" : "•", Style(.placeName, bold: true))
            }
            _ = buffer.write(placed.candidate.text, x: placed.x, y: placed.y, style: Style(placed.candidate.point ? .placeName : .muted),
                         maxWidth: placed.candidate.width, clip: inner)
        }
    }
}

extension WorldView {
    /// How many country names (by rank) may be written at a scale.
    static func countriesNamed(at metresPerCell: Double) -> Int {
        switch metresPerCell {
        case 500_000...: return 30
        case 200_000...: return 60
        case 100_000...: return 120
        default: return .max
        }
    }
}

/// The world layer's drawing for the last view, so a cursor move does not draw the coasts or project the names again.
final class WorldCache: @unchecked Sendable {
    struct Key: Equatable {
        let scale: String
        let projection: MapProjection
        let metresPerCell: Double
        let inner: Rect
    }

    /// The coasts and borders drawn, composed a code a cell (`MapCanvas.cellTable`), and the names in view by rank.
    struct Drawing {
        let canvas: MapCanvas
        let codes: [UInt16]
        let names: [LabelPlacer.Candidate]
        /// Whether the view's centre lies on a country's land.
        let centreOnLand: Bool
    }

    private let lock = NSLock()
    private var kept: (key: Key, drawing: Drawing)?
    /// How many times the layer was drawn (tests, bench).
    private(set) var draws = 0

    func drawing(for key: Key) -> Drawing? { lock.withLock { kept?.key == key ? kept?.drawing : nil } }

    func keep(_ drawing: Drawing, for key: Key) {
        lock.withLock {
            kept = (key, drawing)
            draws += 1
        }
    }
}

/// The clusters of art for the last view and catalogue, so a cursor move far out does not gather every building in
/// view again (10,000 places cost 6 M instructions a move without it).
final class ClusterCache: @unchecked Sendable {
    private struct Key: Equatable {
        let projection: MapProjection
        let metresPerCell: Double
        let half: Int
        let halfY: Int
    }

    private let lock = NSLock()
    /// The catalogue's buildings are kept with the clusters: while kept, their storage cannot be another array's.
    private var kept: (key: Key, buildings: [Building], clusters: [MapCluster])?

    /// The clusters within `half` cells of the centre.
    func clusters(_ state: MainScene, half: (x: Int, y: Int)) -> [MapCluster] {
        let key = Key(projection: state.projection, metresPerCell: state.metresPerCell, half: half.x, halfY: half.y)
        let buildings = state.catalog.buildings
        if let kept = lock.withLock({ kept }), kept.key == key, Self.same(kept.buildings, buildings) { return kept.clusters }
        let clusters = state.main.clusters(half: half)
        lock.withLock { kept = (key, buildings, clusters) }
        return clusters
    }

    private static func same(_ a: [Building], _ b: [Building]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}
