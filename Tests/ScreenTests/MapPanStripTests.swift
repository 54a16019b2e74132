import Cells
@testable import App
import Cartography
import Foundation
import Geo
import TerminalTypes
import TestSupport
import Testing
@testable import Screen

/// Collects the features of an import, to make a BaseMap of them.
private final class FeatureSink: MapImportSink {
    var features: [MapFeature] = []
    func add(_ feature: MapFeature) throws { features.append(feature) }
    func add(_ edge: WalkEdge) throws {}
}

/// The Helsinki extract's base layer, read once for these tests.
private let helsinkiFeatures: Result<[MapFeature], Error> = Result {
    let sink = FeatureSink()
    _ = try OSMImporter.run(path: repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path,
                            collection: "helsinki", sink: sink)
    return sink.features
}

/// A small seeded generator, so a failing sequence can be replayed from its printed seed.
private struct SeededKeys: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The map pane of `state` drawn with `raster` (kept between frames) and with a fresh one: every row, glyphs
/// and styles, must be the same. Returns the first differing row, if any.
private func firstDifference(_ state: AppState, _ raster: BaseRaster) -> String? {
    let area = state.layout.map
    var kept = Buffer(width: state.size.columns, height: state.size.rows)
    var fresh = kept
    MapView.render(MainScene(state.main, context: state, onTop: true), into: &kept, area: area, raster: raster)
    MapView.render(MainScene(state.main, context: state, onTop: true), into: &fresh, area: area, raster: BaseRaster())
    for y in 0..<kept.height {
        let a = (0..<kept.width).map { kept[$0, y] }, b = (0..<fresh.width).map { fresh[$0, y] }
        if a != b { return "row \(y):\n kept  \(kept.lines[y])\n fresh \(fresh.lines[y])" }
    }
    return nil
}

@Test(arguments: [UInt64(19), 2024, 77_777], [BaseRaster.SheetDrawing.never, .atOnce, .held])
func panningByStripsDrawsWhatAWholeDrawingDraws(seed: UInt64, sheets: BaseRaster.SheetDrawing) throws {
    print("panning by strips, seed \(seed), sheets \(sheets)")
    let features = try helsinkiFeatures.get()
    var state = try campusState(columns: 200, rows: 60)
    state.main.baseMap = BaseMap(features: features, graph: WalkGraph(edges: []), sources: ["helsinki"])
    state.main.mapCenter = Coordinate(clampingLatitude: 60.1699, longitude: 24.9449)
    state.main.zoomIndex = 2  // 5 m per cell
    var rng = SeededKeys(state: seed)
    let raster = BaseRaster(sheets: sheets)
    let moves: [Key] = [.shiftRight, .shiftLeft, .shiftUp, .shiftDown, .right, .left, .up, .down]
    var keys = 0
    var difference: String?
    while keys < 250 {
        let roll = Int.random(in: 0..<20, using: &rng)
        if roll == 0 {
            // Now and then a zoom between 1 and 20 m per cell (drawn whole), or the map rebuilt from the same
            // features as tiles arriving do (kept), or with some left out (drawn whole).
            let zoom: Key = state.main.zoomIndex >= 4 ? .character("+") : (state.main.zoomIndex == 0 ? .character("-") : (Bool.random(using: &rng) ? .character("+") : .character("-")))
            _ = reduce(&state, .key(zoom))
        } else if roll == 1 {
            let dropped = Bool.random(using: &rng) ? features.enumerated().filter { $0.offset % 7 != 0 }.map(\.element) : features
            state.main.baseMap = BaseMap(features: dropped, graph: WalkGraph(edges: []), sources: ["helsinki"])
        } else {
            let key = moves[Int.random(in: 0..<moves.count, using: &rng)]
            // A frame a key, as the view draws.
            for _ in 0..<Int.random(in: 4...16, using: &rng) {
                _ = reduce(&state, .key(key))
                keys += 1
                difference = firstDifference(state, raster)
                if difference != nil { break }
                if sheets == .held, Int.random(in: 0..<3, using: &rng) == 0 { raster.runHeldSheets() }
            }
        }
        if roll < 2 { difference = firstDifference(state, raster) }
        #expect(difference == nil, "seed \(seed), after \(keys) keys at \(state.main.metresPerCell) m/cell: \(difference ?? "")")
        if difference != nil { break }
    }
    print("seed \(seed): \(raster.strips) pans drawn by strip (\(raster.stripsFromSheets) strips copied from \(raster.sheetsDrawn) sheets), \(raster.draws) drawings whole")
    #expect(raster.strips > 20, "most pans are drawn by strip (\(raster.strips) strips, \(raster.draws) whole)")
    if sheets == .held {
        #expect(raster.stripsFromSheets > 0, "\(raster.stripsFromSheets) of \(raster.strips) strips from \(raster.sheetsDrawn) sheets")
    } else if sheets == .atOnce {
        // Whole drawings and changed maps each ask for a sheet; most strips after them come from it.
        #expect(raster.sheetsDrawn > 0 && raster.stripsFromSheets > raster.strips / 4, "\(raster.stripsFromSheets) of \(raster.strips) strips from \(raster.sheetsDrawn) sheets")
    } else {
        #expect(raster.sheetsDrawn == 0 && raster.stripsFromSheets == 0)
    }
}

@Test func aPanKeepsTheProjectionsAnchorAndAZoomOrAJumpMovesIt() throws {
    var state = try campusState(columns: 200, rows: 60)
    let anchor = state.main.mapAnchor
    for _ in 0..<30 { _ = reduce(&state, .key(.shiftRight)) }
    #expect(state.main.mapAnchor == anchor)
    #expect(state.main.mapOffsetEast > 0 && state.main.mapOffsetEast.truncatingRemainder(dividingBy: state.main.metresPerCell) == 0)
    // The centre is where the cells say: a building's cell offset agrees with its place from the anchor.
    let centre = state.main.mapCenter
    #expect(abs(state.main.projection.project(centre).east) < 1e-6)
    _ = reduce(&state, .key(.character("+")))
    #expect(state.main.mapAnchor != anchor && state.main.mapOffsetEast == 0)
    #expect(abs(state.main.mapAnchor.longitude - centre.longitude) < 1e-9)
}

/// Sheets drawn at once or held and drawn now and then (lagging behind the view), from maps whose tiles reach half
/// a view past the view's edges (holding every sheet, as the view reads ahead) or fall short of them (not holding a
/// sheet's margins, nor all of the view).
@Test(arguments: [(BaseRaster.SheetDrawing.never, 1.0), (.atOnce, 1.0), (.atOnce, 0.35), (.held, 1.0), (.held, 0.35)])
func panningOverMapsBuiltFromTilesAsTheyArriveDrawsWhatAWholeDrawingDraws(sheets: BaseRaster.SheetDrawing, reach: Double) throws {
    let features = try helsinkiFeatures.get()
    var state = try campusState(columns: 200, rows: 60)
    state.main.mapCenter = Coordinate(clampingLatitude: 60.1699, longitude: 24.9449)
    state.main.zoomIndex = 3  // 10 m per cell
    let band = MapTiling.band(metresPerCell: state.main.metresPerCell)
    // The store's tiles of this band: each holds every feature of the band's kinds whose box meets it.
    let kinds = Set(MapTiling.kinds(band: band))
    var tiles: [MapTileKey: [StoredMapFeature]] = [:]
    for (index, feature) in features.enumerated() where kinds.contains(feature.kind) {
        let stored = StoredMapFeature(id: Int64(index), feature: feature)
        for tile in MapTiling.tiles(covering: stored.bounds, band: band) { tiles[tile, default: []].append(stored) }
    }
    // As the view does: the map built from the tiles around what it shows, again whenever they change, each
    // map knowing its tiles (so a pan keeps the drawn layer without comparing features).
    var built: [MapTileKey] = []
    var builds = 0
    func rebuild() {
        let half = (x: Int(Double(state.layout.mapInner.width) * reach), y: Int(Double(state.layout.mapInner.height) * reach))
        let box = state.main.boundingBox(cellsFromX: -half.x, toX: half.x, fromY: -half.y, toY: half.y)
        let wanted = MapTiling.tiles(covering: FeatureBounds(south: box.south, north: box.north, west: box.west, east: box.east), band: band)
        if wanted != built {
            built = wanted
            builds += 1
            let request = MapBuildRequest(generation: builds, tiles: wanted, features: wanted.map { tiles[$0] ?? [] },
                                          graph: WalkGraph(edges: []), sources: ["helsinki"], reading: 1)
            state.main.baseMap = request.build()
        }
    }
    rebuild()
    let raster = BaseRaster(sheets: sheets)
    var difference: String?
    var rng = SeededKeys(state: 5)
    // East, south, then back west and north over ground the sheets were drawn for from other maps; then runs of
    // keys every way, turning back often.
    var keys = Array(repeating: Key.shiftRight, count: 60) + Array(repeating: .shiftDown, count: 30) + Array(repeating: .shiftLeft, count: 40)
        + Array(repeating: .shiftUp, count: 20) + Array(repeating: .shiftRight, count: 10)
    let moves: [Key] = [.shiftRight, .shiftLeft, .shiftUp, .shiftDown]
    while keys.count < 260 { keys += Array(repeating: moves[Int.random(in: 0..<4, using: &rng)], count: Int.random(in: 2...9, using: &rng)) }
    for key in keys {
        _ = reduce(&state, .key(key))
        rebuild()
        difference = firstDifference(state, raster)
        if difference != nil { break }
        // Held sheets are drawn after one to four frames: frames meet sheets asked for by older ones.
        if sheets == .held, Int.random(in: 0..<3, using: &rng) == 0 { raster.runHeldSheets() }
    }
    #expect(difference == nil, "\(sheets), reach \(reach): \(difference ?? "")")
    #expect(builds > 5, "the map was built again as the view moved (\(builds) builds)")
    // Every pan (the first keys move the cursor) is drawn by strip, over each new map too: drawn whole once.
    // (Maps that do not hold the whole view differ under the kept part, which is then drawn whole.)
    #expect(raster.strips > 80 && (reach < 1 || raster.draws <= 2), "\(raster.strips) strips, \(raster.draws) drawn whole")
    if sheets == .held {
        #expect(raster.stripsFromSheets > 0, "\(raster.stripsFromSheets) of \(raster.strips) strips from \(raster.sheetsDrawn) sheets")
    }
    if sheets == .atOnce, reach == 1 {
        // A sheet drawn from one map serves the strips of the next maps too, while both hold the strip's tiles;
        // past the extract's east edge the maps are empty, and their strips drawn (nothing to draw, no sheet).
        // Each sheet is the one before moved, with only what it uncovers drawn.
        #expect(raster.stripsFromSheets > raster.strips / 3 && raster.sheetsMoved >= raster.sheetsDrawn - 2,
                "\(raster.stripsFromSheets) of \(raster.strips) strips from \(raster.sheetsDrawn) sheets (\(raster.sheetsMoved) moved) over \(builds) maps")
    }
}

/// Streets either side of the antimeridian (Fiji's Taveuni lies across it): east-west streets ending either side
/// of ±180, and north-south paths every 100 m or so on both sides.
private func streetsAcrossTheAntimeridian() -> [MapFeature] {
    var features: [MapFeature] = []
    func add(_ kind: FeatureKind, _ points: [(Double, Double)]) {
        features.append(MapFeature(sourceID: "way/\(features.count)", kind: kind, name: "Street \(features.count)",
                                   parts: [points.map { GeoPoint(latitude: $0.0, longitude: $0.1) }]))
    }
    for i in 0..<24 {
        let latitude = -16.80 + Double(i) * 0.0015
        add(.street, [(latitude, 179.975), (latitude, 179.9995)])
        add(.street, [(latitude, -179.9995), (latitude, -179.975)])
        add(.footway, [(-16.80, 179.976 + Double(i) * 0.001), (-16.765, 179.976 + Double(i) * 0.001)])
        add(.footway, [(-16.80, -179.999 + Double(i) * 0.001), (-16.765, -179.999 + Double(i) * 0.001)])
    }
    return features
}

@Test(arguments: [BaseRaster.SheetDrawing.never, .atOnce])
func panningAcrossTheAntimeridianDrawsWhatAWholeDrawingDraws(sheets: BaseRaster.SheetDrawing) throws {
    var state = try campusState(columns: 200, rows: 60)
    state.main.baseMap = BaseMap(features: streetsAcrossTheAntimeridian(), graph: WalkGraph(edges: []), sources: ["fiji"])
    state.main.mapCenter = Coordinate(clampingLatitude: -16.78, longitude: 179.985)
    state.main.zoomIndex = 3  // 10 m per cell: 60 keys east take the centre 3 km, across ±180
    // The view's box astride ±180 is a box across it, not the rest of the globe.
    let across = state.main.boundingBox(cellsFromX: -100, toX: 300, fromY: -10, toY: 10)
    #expect(across.crossesAntimeridian && across.west > 179.9 && across.east < -179.9, "\(across)")
    let raster = BaseRaster(sheets: sheets)
    var difference: String?
    var drawn = false, crossed = false
    // East across ±180 and on, then back.
    for key in Array(repeating: Key.shiftRight, count: 60) + Array(repeating: .shiftLeft, count: 30) {
        _ = reduce(&state, .key(key))
        difference = firstDifference(state, raster)
        if difference != nil { break }
        var pane = Buffer(width: state.size.columns, height: state.size.rows)
        MapView.render(MainScene(state.main, context: state, onTop: true), into: &pane, area: state.layout.map, raster: BaseRaster())
        drawn = drawn || pane.lines.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        crossed = crossed || state.main.mapCenter.longitude < 0
    }
    #expect(crossed, "the centre went past 180° east")
    #expect(difference == nil, "\(sheets): \(difference ?? "")")
    #expect(drawn, "the streets were drawn")
    #expect(raster.strips > 40, "\(raster.strips) strips, \(raster.draws) drawn whole")
    if sheets == .atOnce { #expect(raster.stripsFromSheets > 0, "\(raster.stripsFromSheets) of \(raster.strips) strips from sheets") }
}
