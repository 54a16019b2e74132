import Cartography
import Catalog
import Cells
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App
@testable import Screen

// Issue 37: the world base layer far out (coasts, borders, names by rank without overlap, clusters of art),
// as goldens over Helsinki and over an empty point of the Atlantic, and the label placer on its own.

private let atlas: WorldAtlas = {
    let directory = repositoryRoot.appendingPathComponent("Resources/world")
    return WorldAtlas(coarse: try? WorldLayerFile.read(directory.appendingPathComponent("world-110m.txt")),
                      detailURL: directory.appendingPathComponent("world-10m.txt"))
}()

private func worldState(at centre: Coordinate, metresPerCell: Double, artworks: [Artwork]) throws -> AppState {
    var state = AppState(artworks: artworks, reference: centre, referenceSource: .fixed("here"))
    _ = reduce(&state, .resize(TerminalSize(columns: 100, rows: 30)))
    try #require(atlas.coarse != nil, "the shipped world layer reads")
    state.main.map.world = atlas
    state.main.zoomIndex = try #require(MapState.zoomLevels.firstIndex(of: metresPerCell))
    state.main.map.centre(on: centre, away: false)
    return state
}

private let helsinki = Coordinate(clampingLatitude: 60.1699, longitude: 24.9384)
private let atlantic = Coordinate(clampingLatitude: 35, longitude: -40)

/// Art in Helsinki (4 pieces) and Tallinn (2).
private let art = [(60.1699, 24.9384), (60.17, 24.95), (60.16, 24.93), (60.18, 24.92), (59.437, 24.745), (59.44, 24.75)].enumerated().map { i, p in
    Artwork(id: "a\(i)", title: "Piece \(i)", coordinate: Coordinate(clampingLatitude: p.0, longitude: p.1))
}

@Test(arguments: [1000.0, 5000, 20_000, 100_000, 500_000])
func helsinkiFromTheCityToTheWorldMatchesGolden(metresPerCell: Double) throws {
    let state = try worldState(at: helsinki, metresPerCell: metresPerCell, artworks: art)
    let buffer = MainView.render(state)
    try expectGolden(buffer.trimmedLines, "world-helsinki-\(Int(metresPerCell / 1000))km")
    let text = buffer.lines.joined(separator: "\n")
    // Never blank: coast lines are drawn at every world zoom.
    let map = state.layout.map.inset(1)
    let coastCells = (map.y..<map.maxY).flatMap { y in (map.x..<map.maxX).filter { buffer[$0, y].style.role == .water } }
    #expect(coastCells.count > 20, "coasts drawn at \(metresPerCell) m a cell")
    if metresPerCell >= 20_000 { #expect(text.contains("Finland") || text.contains("Russia")) }
    if metresPerCell <= 20_000 { #expect(text.contains("Helsinki")) }
}

@Test(arguments: [5000.0, 500_000])
func anEmptyOceanPointMatchesGolden(metresPerCell: Double) throws {
    let state = try worldState(at: atlantic, metresPerCell: metresPerCell, artworks: art)
    let buffer = MainView.render(state)
    try expectGolden(buffer.trimmedLines, "world-atlantic-\(Int(metresPerCell / 1000))km")
    let text = buffer.lines.joined(separator: "\n")
    // Close in, no coast in view: the pane says where it is rather than stay blank.
    #expect(text.contains("open water · - zooms out") == (metresPerCell == 5000))
    if metresPerCell == 500_000 {
        #expect(text.contains("United States") || text.contains("Brazil"))
        #expect(text.contains("◉6"), "far out Helsinki and Tallinn are one cluster of six artworks")
    }
}

@Test func clustersOnTheMapCountTheArtworksInside() throws {
    let state = try worldState(at: helsinki, metresPerCell: 20_000, artworks: art)
    let buffer = MainView.render(state)
    let text = buffer.lines.joined(separator: "\n")
    #expect(text.contains("◉4"))
    #expect(text.contains("◉2"))
}

@Test func labelsArePlacedByRankWithoutOverlap() {
    var rng = SystemRandomNumberGenerator()
    let clip = Rect(x: 0, y: 0, width: 60, height: 12)
    for _ in 0..<50 {
        let candidates = (0..<40).map { i in
            let width = Int.random(in: 3...12, using: &rng)
            return LabelPlacer.Candidate(x: Int.random(in: 0..<60, using: &rng), y: Int.random(in: 0..<12, using: &rng),
                                         text: String(repeating: "x", count: width), width: width, point: i % 2 == 0)
        }
        var occupied = OccupiedCells(area: clip)
        let placed = LabelPlacer.place(candidates, clip: clip, occupied: &occupied)
        // Every placed name's cells (and a drawn point) are its own: no two share a cell.
        var cells = Set<Int>()
        for p in placed {
            var own = (p.x..<(p.x + p.candidate.width)).map { p.y * 1000 + $0 }
            if p.pointDrawn { own.append(p.candidate.y * 1000 + p.candidate.x) }
            #expect(own.allSatisfy { !cells.contains($0) })
            #expect(p.x >= clip.x && p.x + p.candidate.width <= clip.maxX)
            cells.formUnion(own)
        }
        // By rank: the first candidate that fits the clip alone is always placed.
        if let first = candidates.first, first.point, first.x + 1 + first.width <= clip.maxX || first.x - first.width >= clip.x {
            #expect(placed.first?.candidate == first)
        }
    }
}

@Test func aNameThatDoesNotFitIsLeftOutNotWrittenOver() {
    let clip = Rect(x: 0, y: 0, width: 30, height: 3)
    var occupied = OccupiedCells(area: clip)
    let big = LabelPlacer.Candidate(x: 5, y: 1, text: "Helsinki", width: 8, point: true)
    let small = LabelPlacer.Candidate(x: 7, y: 1, text: "Espoo", width: 5, point: true)
    let placed = LabelPlacer.place([big, small], clip: clip, occupied: &occupied)
    #expect(placed.map(\.candidate.text) == ["Helsinki"])
    #expect(placed.first?.x == 6)
}

@Test func anUnreadableDetailedLayerIsSaidInTheTitleAndTheCoarseOneDrawn() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("world-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("artmap-world 1 10m 0.002\nL 1 2 3\n".utf8).write(to: directory.appendingPathComponent("world-10m.txt"))
    var state = try worldState(at: helsinki, metresPerCell: 20_000, artworks: art)
    state.main.map.world = WorldAtlas(coarse: atlas.coarse, detailURL: directory.appendingPathComponent("world-10m.txt"))
    // The table takes the keys: the map's title then has the room its focus mark ("arrows ▸ ") took.
    _ = reduce(&state, .key(.tab))
    let buffer = MainView.render(state)
    #expect(buffer.lines[1].contains("20 km/cell · region · 1:10m unreadable"))
    #expect(buffer.lines.joined().contains("Finland"), "the coarse layer is drawn instead")
    #expect(state.main.map.world.problem?.contains("world-10m.txt: line 2") == true)
}

@Test func inlandFarFromAnyCoastTheMapDoesNotSayOpenWater() throws {
    let siberia = Coordinate(clampingLatitude: 62, longitude: 90)
    let state = try worldState(at: siberia, metresPerCell: 1000, artworks: art)
    let text = MainView.render(state).lines.joined(separator: "\n")
    #expect(!text.contains("open water"))
}

@Test func keptClustersFollowTheCatalogueAndTheView() throws {
    var state = try worldState(at: helsinki, metresPerCell: 20_000, artworks: art)
    let caches = RenderCaches(sheets: .never)
    #expect(MainView.render(state, caches: caches).lines.joined().contains("◉4"))
    // The catalogue read again with two more pieces in Helsinki: the same view, new counts.
    let more = art + [Artwork(id: "b1", title: "More 1", coordinate: helsinki), Artwork(id: "b2", title: "More 2", coordinate: helsinki)]
    _ = reduce(&state, .catalogueReloaded(more))
    let text = MainView.render(state, caches: caches).lines.joined()
    #expect(text.contains("◉6") && !text.contains("◉4"))
    // Another zoom, another gathering: at 500 km Helsinki and Tallinn are one cluster of eight.
    state.main.zoomIndex = try #require(MapState.zoomLevels.firstIndex(of: 500_000))
    #expect(MainView.render(state, caches: caches).lines.joined().contains("◉8"))
}
