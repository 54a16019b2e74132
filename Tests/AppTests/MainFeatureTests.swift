import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

// The main screen's reducer, driven by its own actions (its keys are tested once, in KeymapTests).

@Test func startsAroundTheAshtonBuildingWithAZoomShowingTheNearestBuildings() throws {
    let state = try campusState()
    #expect(state.main.reference == .ashtonBuilding)
    #expect(state.main.ranked.first?.name == "Ashton Building")
    #expect(state.main.rows.count == 13 + 31)
    let half = state.main.mapHalfExtent
    for building in state.main.ranked.prefix(5) {
        let offset = state.main.cellOffset(of: building.building.coordinate)
        #expect(abs(offset.x) <= half.x && abs(offset.y) <= half.y, "\(building.name) is off the map")
    }
}

@Test func theCursorMovesByCellsAndTheViewPansAtTheEdge() throws {
    var state = try campusState()
    onMain(&state, .moveCursor(dx: 2, dy: 1))
    #expect((state.main.cursorX, state.main.cursorY) == (2, 1))
    onMain(&state, .moveCursor(dx: -5, dy: 5))
    #expect((state.main.cursorX, state.main.cursorY) == (-3, 6))
    let half = state.main.mapHalfExtent
    let before = state.main.mapCenter
    onMain(&state, .moveCursor(dx: half.x + 6, dy: 0))
    #expect(state.main.cursorX == half.x)
    #expect(state.main.pannedAway)
    #expect(state.main.mapCenter.longitude > before.longitude)
    onMain(&state, .recenter)
    #expect(state.main.mapCenter == state.main.reference)
    #expect((state.main.cursorX, state.main.cursorY) == (0, 0))
}

@Test func cursorOnAMarkerSelectsItsBuildingInTheTable() throws {
    var state = try campusState()
    let ashton = try #require(state.main.ranked.first { $0.name == "Ashton Building" })
    let offset = state.main.cellOffset(of: ashton.building.coordinate)
    onMain(&state, .moveCursor(dx: offset.x, dy: 0))
    #expect(state.main.buildingUnderCursor.map { state.main.ranked[$0].name } == "Ashton Building")
    #expect(state.main.selectedRow == headerRow(state, "Ashton Building"))
}

@Test func tableSelectionMovesTheMapCursorToItsMarker() throws {
    var state = try campusState()
    onMain(&state, .focusNext)
    #expect(state.main.focus == .table)
    let target = try #require(headerRow(state, "Electrical Engineering Building"))
    selectRow(&state, target)
    #expect(state.main.selectedRow == target)
    let ee = try #require(state.main.selectedBuilding)
    #expect(ee.name == "Electrical Engineering Building")
    #expect(state.main.cellOffset(of: ee.building.coordinate) == (state.main.cursorX, state.main.cursorY))
}

@Test func openingABuildingAsksForItsListAndASingleArtworkForItsDetail() throws {
    var state = try campusState()
    onMain(&state, .focusNext)
    selectRow(&state, try #require(headerRow(state, "Electrical Engineering Building")))
    let ee = try #require(state.main.selectedBuilding)
    #expect(onMain(&state, .open(.table)).delegates == [.openBuilding(ee.building.key)])
    #expect(state.overlays.isEmpty, "the main screen only asks; the root pushes")
    onMain(&state, .select(.down))
    #expect(onMain(&state, .open(.table)).delegates == [.openDetail(ee.artworks[0].artwork.key)])
    // On the map: the Ashton Building holds one artwork, so Enter goes straight to it.
    onMain(&state, .focusNext, .recenter)
    let ashton = try #require(state.main.ranked.first { $0.name == "Ashton Building" })
    onMain(&state, .moveCursor(dx: state.main.cellOffset(of: ashton.building.coordinate).x, dy: 0))
    #expect(onMain(&state, .open(.map)).delegates == [.openDetail(.campus("46"))])
}

@Test func openingWhereThereIsNoMarkerSaysSo() throws {
    var state = try campusState()
    onMain(&state, .moveCursor(dx: -1, dy: -3))
    try #require(state.main.buildingUnderCursor == nil, "the cell above-left of the Ashton Building is empty")
    #expect(onMain(&state, .open(.map)).delegates == [.message("no building under the cursor")])
}

@Test func zoomStepsAndLimits() throws {
    var state = try campusState()
    let start = state.main.zoomIndex
    #expect(onMain(&state, .zoom(1)).delegates == [.message("zoom: \(DistanceText.format(state.main.metresPerCell)) per cell")])
    #expect(state.main.zoomIndex == start + 1)
    for _ in 0..<30 { onMain(&state, .zoom(1)) }
    #expect(state.main.metresPerCell == 500_000, "zoomed out far enough to see the whole world")
    for _ in 0..<30 { onMain(&state, .zoom(-1)) }
    #expect(state.main.metresPerCell == 1)
}

@Test func layoutFollowsTheSizeAndCycles() throws {
    var state = try campusState(columns: 160, rows: 45)
    #expect(state.layout.sideBySide)
    onMain(&state, .resize(TerminalSize(columns: 80, rows: 60)))
    #expect(!state.layout.sideBySide)
    #expect(onMain(&state, .cycleLayout).delegates == [.message("layout: side")])
    #expect(state.main.layoutMode == .side)
    #expect(state.layout.sideBySide)
    onMain(&state, .cycleLayout)
    #expect(state.main.layoutMode == .stacked)
    onMain(&state, .cycleLayout)
    #expect(state.main.layoutMode == .auto)
}

@Test func searchFiltersCaseAndAccentInsensitivelyAndEscClears() throws {
    var state = try campusState()
    onMain(&state, .startSearch)
    #expect(state.main.searchEditing)
    for c in "FRÍNK" { onMain(&state, .typeSearch(.character(c))) }
    #expect(Set(state.main.ranked.map(\.name)) == ["Victoria Gallery & Museum", "Whelan Building Quadrangle"])
    #expect(state.main.ranked.flatMap(\.artworks).map(\.artwork.title).sorted() == ["Front Runner", "Gogglehead"])
    onMain(&state, .typeSearch(.enter))
    #expect(!state.main.searchEditing)
    #expect(state.main.searchText == "FRÍNK")
    onMain(&state, .startSearch, .typeSearch(.escape))
    #expect(state.main.searchText.isEmpty)
    #expect(state.main.rows.count == 44)
    onMain(&state, .startSearch)
    for c in "electrical" { onMain(&state, .typeSearch(.character(c))) }
    #expect(state.main.ranked.map(\.name) == ["Electrical Engineering Building"])
    #expect(state.main.ranked.first?.artworks.count == 9)
    // Esc on the main screen clears a search kept after Enter.
    onMain(&state, .typeSearch(.enter), .back)
    #expect(state.main.searchText.isEmpty)
}

@Test func theRadiusFiltersTheTable() throws {
    var state = try campusState()
    // Issue 23, item 17: from no radius, [ starts short of the farthest building (520 m), not at 3.2 km.
    let said = onMain(&state, .changeRadius(larger: false)).delegates
    #expect(said == [.message("1 building outside the radius ([ halves, ] doubles)")], "the radius is not said twice")
    #expect(state.main.radius == 400)
    #expect(state.main.outsideRadius > 0, "[ changes what is shown")
    for _ in 0..<3 { onMain(&state, .changeRadius(larger: false)) }
    #expect(state.main.radius == 50)
    #expect(state.main.ranked.allSatisfy { $0.distance <= 50 })
    #expect(state.main.outsideRadius == 13 - state.main.ranked.count)
    for _ in 0..<10 { onMain(&state, .changeRadius(larger: true)) }
    #expect(state.main.radius == nil)
    #expect(state.main.outsideRadius == 0)
}

@Test func pickingAPointOnTheMapMeasuresFromIt() throws {
    var state = try campusState()
    state.main.mapCenter = Coordinate(clampingLatitude: 53.403219, longitude: -2.965829)
    #expect(onMain(&state, .pickReference).delegates == [.message("measuring from the picked point")])
    #expect(state.main.referenceSource == .picked)
    #expect(state.main.ranked.first?.name == "Abercromby Square")
}

@Test func resortingKeepsTheSelectedArtwork() throws {
    var state = try campusState()
    onMain(&state, .focusNext)
    let row = try #require(state.main.rows.firstIndex { if case .artwork(let b, let a) = $0 { return state.main.ranked[b].artworks[a].artwork.id == "62" } else { return false } })
    selectRow(&state, row)
    onMain(&state, .referenceMoved(Coordinate(clampingLatitude: 53.403219, longitude: -2.965829), .live("gpx")))
    let (b, a) = try #require(state.selectedArtworkRow, "selection lost")
    #expect(state.main.ranked[b].artworks[a].artwork.id == "62")
}

@Test func mouseClicksSelectAndTheWheelZoomsOrScrolls() throws {
    var state = try campusState()
    let body = state.layout.tableBody
    onMain(&state, .mouse(MouseEvent(kind: .click, x: body.x + 3, y: body.y + 2)))
    #expect(state.main.focus == .table)
    #expect(state.main.selectedRow == 2)
    let zoom = state.main.zoomIndex
    let map = state.layout.mapInner
    onMain(&state, .mouse(MouseEvent(kind: .wheelDown, x: map.x + 2, y: map.y + 2)))
    #expect(state.main.zoomIndex == zoom + 1)
    onMain(&state, .mouse(MouseEvent(kind: .click, x: map.x + map.width / 2 + 1, y: map.y + map.height / 2)))
    #expect(state.main.focus == .map)
    #expect((state.main.cursorX, state.main.cursorY) == (1, 0))
    // A double click on a row opens it.
    let ee = try #require(headerRow(state, "Electrical Engineering Building"))
    state.main.tableScroll = 0
    let opened = onMain(&state, .mouse(MouseEvent(kind: .doubleClick, x: body.x + 3, y: body.y + ee)))
    #expect(opened.delegates == [.openBuilding(try #require(state.main.selectedBuilding).building.key)])
}

@Test func theNextCollectionIsAskedForAndReplacesTheCatalogue() throws {
    var state = try campusState()
    #expect(onMain(&state, .nextCollection).delegates == [.message("campus is the only collection: d fetches the art around the map's centre, artmap import FILE adds a file's")])
    state.main.collections = ["campus", "coffee"]
    #expect(onMain(&state, .nextCollection).effects == [.loadCollection("coffee")])
    let cafe = Artwork(id: "1", title: "Library café", coordinate: Coordinate(clampingLatitude: 53.4068, longitude: -2.9659),
                       building: "Library café", collection: "coffee")
    #expect(onMain(&state, .collectionLoaded("coffee", [cafe], search: nil)).delegates == [.message("collection coffee alone (2 of 2; n for the next)")])
    #expect(state.collection == "coffee")
    #expect(state.main.ranked.map(\.name) == ["Library café"])
    #expect(onMain(&state, .nextCollection).effects == [.loadCollection("campus")])
    // A collection loaded with a search (a painter's paintings) applies it.
    let filtered = onMain(&state, .collectionLoaded("coffee", [cafe], search: "nothing like it"))
    #expect(filtered.delegates == [.message("coffee: paintings by nothing like it (Esc clears the filter)")])
    #expect(state.main.searchText == "nothing like it" && state.main.rows.isEmpty)
}

@Test func liveFixesWaitWhileMeasuringFromAPickedPoint() throws {
    var state = try campusState()
    onMain(&state, .pickReference)
    let abercromby = Coordinate(clampingLatitude: 53.403219, longitude: -2.965829)
    onMain(&state, .referenceMoved(abercromby, .live("GPX walk.gpx")))
    #expect(state.main.referenceSource == .picked)
    #expect(onMain(&state, .liveReference).delegates == [.message("measuring from GPX walk.gpx")])
    #expect(state.main.reference == abercromby)
    #expect(state.main.referenceSource == .live("GPX walk.gpx"))
    #expect(state.main.ranked.first?.name == "Abercromby Square")
}

@Test func tablePaging() throws {
    var state = try campusState(columns: 100, rows: 30)
    onMain(&state, .focusNext)
    let page = state.layout.tableBody.height - 1
    onMain(&state, .select(.pageDown))
    #expect(state.main.selectedRow == page)
    #expect(state.main.selectedRow >= state.main.tableScroll && state.main.selectedRow < state.main.tableScroll + state.layout.tableBody.height)
    onMain(&state, .select(.bottom))
    #expect(state.main.selectedRow == state.main.rows.count - 1)
    #expect(state.main.tableScroll == state.main.rows.count - state.layout.tableBody.height, "the last row is on screen")
    onMain(&state, .select(.pageUp))
    #expect(state.main.selectedRow == state.main.rows.count - 1 - page)
    onMain(&state, .select(.top))
    #expect(state.main.selectedRow == 0 && state.main.tableScroll == 0)
}

@Test func theMainScreenPointsAtTheBuildingUnderTheCursorOrTheSelectedRow() throws {
    var state = try campusState()
    let ashton = try #require(state.main.ranked.first { $0.name == "Ashton Building" })
    onMain(&state, .moveCursor(dx: state.main.cellOffset(of: ashton.building.coordinate).x, dy: 0))
    #expect(state.main.pointed?.name == "Ashton Building" && state.main.pointed?.artwork == nil)
    onMain(&state, .focusNext)
    let ee = try #require(headerRow(state, "Electrical Engineering Building"))
    selectRow(&state, ee + 1)
    #expect(state.main.pointed?.artwork?.id == state.main.ranked[state.main.rows[ee].buildingIndex].artworks[0].artwork.id)
}
