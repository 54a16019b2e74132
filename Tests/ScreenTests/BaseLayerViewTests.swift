import Cells
@testable import App
import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes
import TestSupport
import Testing
@testable import Screen

/// A street running east-west through the reference point, a building north of it, a park to the south.
func streetMap(around centre: Coordinate) -> BaseMap {
    let projection = LocalProjection(center: centre)
    func at(_ east: Double, _ north: Double) -> GeoPoint { GeoPoint(projection.unproject(east: east, north: north)) }
    let street = MapFeature(sourceID: "way/1", kind: .street, name: "Brownlow Hill", parts: [[at(-300, -12), at(300, -12)]])
    let building = MapFeature(sourceID: "way/2", kind: .building, name: "Test Hall",
                              parts: [[at(20, 20), at(60, 20), at(60, 40), at(20, 40), at(20, 20)]])
    let park = MapFeature(sourceID: "way/3", kind: .green, name: "", parts: [[at(-60, -60), at(-20, -60), at(-20, -30), at(-60, -30), at(-60, -60)]])
    return BaseMap(features: [park, street, building], graph: WalkGraph(edges: []), sources: ["test"])
}

@Test func theBaseLayerDrawsStreetsBuildingsAndParksUnderTheMarkersWithNames() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.main.baseMap = streetMap(around: state.main.reference)
    state.main.zoomIndex = 0  // 1 m per cell
    let buffer = MainView.render(state)
    let map = state.layout.map.inset(1)
    let frame = MapFrame(MainScene(state.main, context: state, onTop: true), inner: map)
    // The street is a braille line on its row, in the road style, with its name written along it.
    let streetRow = frame.cell(LocalProjection(center: state.main.reference).unproject(east: 0, north: -12)).y
    let rowText = (map.x..<map.maxX).map { buffer[$0, streetRow].text }.joined()
    #expect(rowText.contains("Brownlow Hill"))
    let roadCells = (map.x..<map.maxX).filter { buffer[$0, streetRow].style.role == .road }
    #expect(roadCells.count > map.width / 2)
    #expect(roadCells.allSatisfy { (0x2800...0x28FF).contains(buffer[$0, streetRow].text.unicodeScalars.first?.value ?? 0) })
    // Building outline and its name; park fill.
    #expect((0..<buffer.height).contains { y in (map.x..<map.maxX).contains { buffer[$0, y].style.role == .building } })
    #expect((0..<buffer.height).contains { y in (map.x..<map.maxX).contains { buffer[$0, y].style.role == .green } })
    #expect(buffer.lines.joined().contains("Test Hall"))
    #expect(buffer.lines.joined().contains("© OpenStreetMap contributors"))
    // Markers stay on top: every shown building's marker cell still holds a marker glyph.
    for building in state.main.ranked {
        let cell = frame.cell(building.building.coordinate)
        guard map.contains(x: cell.x, y: cell.y), cell != (frame.centerX + state.main.cursorX, frame.centerY + state.main.cursorY) else { continue }
        let role = buffer[cell.x, cell.y].style.role
        #expect([.marker, .markerNear, .markerDim, .you].contains(role), "marker of \(building.name) covered")
    }
}

@Test func inASCIIModeTheBaseLayerUsesPlainLineCharacters() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.main.baseMap = streetMap(around: state.main.reference)
    state.main.zoomIndex = 0
    state.ascii = true
    let buffer = MainView.render(state)
    let map = state.layout.map.inset(1)
    let text = buffer.lines.joined()
    #expect(!text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    let frame = MapFrame(MainScene(state.main, context: state, onTop: true), inner: map)
    let streetRow = frame.cell(LocalProjection(center: state.main.reference).unproject(east: 0, north: -12)).y
    let dashes = (map.x..<map.maxX).filter { buffer[$0, streetRow].text == "-" }.count
    #expect(dashes > map.width / 3)
    #expect(text.contains("\""), "the park is filled with a plain pattern")
}

@Test func theRoutePanelListsDistanceTimeAndStepsAndTheMapDrawsTheRoute() throws {
    var state = try campusState(columns: 160, rows: 45)
    let projection = LocalProjection(center: state.main.reference)
    let a = GeoPoint(state.main.reference), b = GeoPoint(projection.unproject(east: 30, north: 0)), c = GeoPoint(projection.unproject(east: 30, north: 20))
    let walk = WalkingRoute(points: [a, b, c], metres: 140, steps: [RouteStep(instruction: "head east on Brownlow Hill", street: "Brownlow Hill", metres: 80),
                                                                  RouteStep(instruction: "left onto Crown Street", street: "Crown Street", metres: 60)],
                            startGap: 0, endGap: 0)
    state.main.route = RouteState(targetName: "Test Hall", target: c.coordinate, start: state.main.reference, walk: walk, failure: nil)
    state.main.zoomIndex = 0
    let buffer = MainView.render(state)
    let text = buffer.lines.joined(separator: "\n")
    #expect(text.contains("Route to Test Hall"))
    #expect(text.contains("140 m · 2 min on foot (4.5 km/h)"))
    #expect(text.contains("1  head east on Brownlow Hill, 80 m"))
    #expect(text.contains("2  left onto Crown Street, 60 m"))
    #expect(text.contains("3  arrive at Test Hall"))
    let map = state.layout.map.inset(1)
    let routeCells = (0..<buffer.height).flatMap { y in (map.x..<map.maxX).filter { buffer[$0, y].style.role == .route } }
    #expect(routeCells.count >= 20, "30 cells east and 10 rows north, less what markers and labels cover")
}

@Test func theUnitsSettingShowsFeetAndMiles() throws {
    var state = try campusState(columns: 160, rows: 45)
    let metric = MainView.render(state).lines.joined(separator: "\n")
    #expect(metric.contains(" m →") || metric.contains(" m ←"))
    _ = reduce(&state, .settingSaved(key: Setting.units, value: "imperial"))
    let imperial = MainView.render(state).lines.joined(separator: "\n")
    #expect(imperial.contains("72 ft"), "the Ashton Building is 21.8 m away")
    #expect(!imperial.contains("22 m"))
    #expect(DistanceText.format(3000, imperial: true) == "1.9 mi")
    // The scale bar measures a round number of feet or miles.
    #expect(imperial.contains(" ft") && MapView.scaleBar(metresPerCell: 20, maxCells: 20, imperial: true) == 0.2 * 1609.344)
}

@Test func theFavouritesAndAPaintersPaintingsAreListedWithTheSelectedOne() throws {
    var state = try campusState(columns: 160, rows: 45)
    let here = Coordinate(clampingLatitude: 52.36, longitude: 4.8852)
    let milkmaid = Artwork(id: "SK-C-251", title: "The Milkmaid", artist: "Johannes Vermeer", year: "c. 1660", coordinate: here, collection: "rijksmuseum")
    let letter = Artwork(id: "SK-A-1595", title: "Woman Reading a Letter", artist: "Johannes Vermeer", year: "c. 1663", coordinate: here, collection: "rijksmuseum")
    _ = reduce(&state, .favouritesLoaded([milkmaid]))
    state.replaceStack([FavouritesState(selected: 0)])
    var text = MainView.render(state).lines.joined(separator: "\n")
    #expect(text.contains("♥ Favourites (1 of 50)"))
    #expect(text.contains("♥ The Milkmaid — Johannes Vermeer · rijksmuseum"))
    var painters = PaintersState()
    painters.paintingsOf = "Johannes Vermeer"
    painters.paintings = [milkmaid, letter]
    painters.paintingSelected = 1
    state.replaceStack([painters])
    let buffer = MainView.render(state)
    text = buffer.lines.joined(separator: "\n")
    #expect(text.contains("Johannes Vermeer · 2 paintings"))
    #expect(text.contains(" ♥ The Milkmaid (c. 1660)"))
    let row = try #require(buffer.lines.firstIndex { $0.contains("Woman Reading a Letter (c. 1663)") })
    let column = try #require(buffer.lines[row].range(of: "Woman")).lowerBound.utf16Offset(in: buffer.lines[row])
    #expect(buffer[column, row].style.role == .selection, "the selected painting is highlighted")
}

@Test func aCursorMoveDrawsOverTheKeptBaseLayerAndAPanDrawsItAgain() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.main.baseMap = streetMap(around: state.main.reference)
    state.main.zoomIndex = 0
    let raster = BaseRaster()
    let area = state.layout.map
    func frame(_ state: AppState, _ raster: BaseRaster) -> [String] {
        var buffer = Buffer(width: state.size.columns, height: state.size.rows)
        MapView.render(MainScene(state.main, context: state, onTop: true), into: &buffer, area: area, raster: raster)
        return buffer.lines
    }
    _ = frame(state, raster)
    // Three cursor moves: the base layer is drawn once, and each frame is the one a fresh drawing gives.
    for key in [Key.right, .right, .down] {
        _ = reduce(&state, .key(key))
        #expect(frame(state, raster) == frame(state, BaseRaster()))
    }
    #expect(raster.draws == 1)
    // A pan (the cursor pushed past the edge) moves the map: drawn again.
    for _ in 0..<40 { _ = reduce(&state, .key(.shiftRight)) }
    #expect(frame(state, raster) == frame(state, BaseRaster()))
    #expect(raster.draws == 2)
}
