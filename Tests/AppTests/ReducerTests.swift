import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

@discardableResult
func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { reduce(&state, .key($0)) }
}

/// The table row index of a building's header.
func headerRow(_ state: AppState, _ name: String) -> Int? {
    state.rows.firstIndex { if case .building(let b) = $0 { return state.ranked[b].name == name } else { return false } }
}

@Test func startsAroundTheAshtonBuildingWithAZoomShowingTheNearestBuildings() throws {
    let state = try campusState()
    #expect(state.reference == .ashtonBuilding)
    #expect(state.ranked.first?.name == "Ashton Building")
    #expect(state.rows.count == 13 + 31)
    let half = state.mapHalfExtent
    for building in state.ranked.prefix(5) {
        let offset = state.cellOffset(of: building.building.coordinate)
        #expect(abs(offset.x) <= half.x && abs(offset.y) <= half.y, "\(building.name) is off the map")
    }
}

@Test func arrowKeysAndHJKLMoveTheCursor() throws {
    var state = try campusState()
    press(&state, .right, .right, .down)
    #expect((state.cursorX, state.cursorY) == (2, 1))
    press(&state, .character("h"), .character("k"), .character("k"))
    #expect((state.cursorX, state.cursorY) == (1, -1))
    press(&state, .shiftLeft, .character("J"))
    #expect((state.cursorX, state.cursorY) == (-4, 4))
}

@Test func theViewPansWhenTheCursorReachesTheEdge() throws {
    var state = try campusState()
    let half = state.mapHalfExtent
    let before = state.mapCenter
    for _ in 0..<(half.x + 3) { press(&state, .right) }
    #expect(state.cursorX == half.x)
    #expect(state.pannedAway)
    #expect(state.mapCenter.longitude > before.longitude)
    press(&state, .character("c"))
    #expect(state.mapCenter == state.reference)
    #expect((state.cursorX, state.cursorY) == (0, 0))
}

@Test func cursorOnAMarkerSelectsItsBuildingInTheTable() throws {
    var state = try campusState()
    let ashton = try #require(state.ranked.first { $0.name == "Ashton Building" })
    let offset = state.cellOffset(of: ashton.building.coordinate)
    for _ in 0..<offset.x { press(&state, .right) }
    #expect(state.buildingUnderCursor.map { state.ranked[$0].name } == "Ashton Building")
    #expect(state.selectedRow == headerRow(state, "Ashton Building"))
}

@Test func tableSelectionMovesTheMapCursorToItsMarker() throws {
    var state = try campusState()
    press(&state, .tab)
    #expect(state.focus == .table)
    let target = try #require(headerRow(state, "Electrical Engineering Building"))
    for _ in 0..<target { press(&state, .down) }
    #expect(state.selectedRow == target)
    let ee = try #require(state.selectedBuilding)
    #expect(ee.name == "Electrical Engineering Building")
    #expect(state.cellOffset(of: ee.building.coordinate) == (state.cursorX, state.cursorY))
}

@Test func enterOnABuildingListsItsArtworksThenEnterOpensTheDetail() throws {
    var state = try campusState()
    press(&state, .tab)
    let target = try #require(headerRow(state, "Electrical Engineering Building"))
    for _ in 0..<target { press(&state, .down) }
    press(&state, .enter)
    let list = try #require(state.topBuilding, "expected the building list, got \(String(describing: state.overlays.last))")
    #expect(list.selected == 0)
    let key = list.key
    #expect(state.rankedBuilding(key: key)?.artworks.count == 9)
    // Selecting an artwork in the list already asks for its picture; the detail then shows it.
    let effects = press(&state, .down) + press(&state, .enter)
    let detail = try #require(state.topDetail, "expected the detail")
    #expect(detail.scroll == 0)
    let id = detail.artworkID
    #expect(effects == [.loadPicture(artworkID: id)])
    #expect(state.rankedArtwork(id: id)?.1.artwork.title == "Abstract")
    press(&state, .escape)
    #expect(state.overlays.count == 1)
    press(&state, .backspace)
    #expect(state.overlays.isEmpty)
    #expect(press(&state, .character("q")) == [.quit])
    #expect(reduce(&state, .terminate) == [.quit], "a signal ends the same way as q")
}

@Test func enterOnAMarkerOfASingleArtworkGoesStraightToTheDetail() throws {
    var state = try campusState()
    let ashton = try #require(state.ranked.first { $0.name == "Ashton Building" })
    let offset = state.cellOffset(of: ashton.building.coordinate)
    for _ in 0..<offset.x { press(&state, .right) }
    press(&state, .enter)
    let id = try #require(state.topDetail, "expected the detail").artworkID
    #expect(id == "46")
    #expect(state.overlays.count == 1)
    #expect(press(&state, .character("q")) == [], "q in a view goes back, it does not quit")
    #expect(state.overlays.isEmpty)
}

@Test func enterWhereThereIsNoMarkerSaysSo() throws {
    var state = try campusState()
    press(&state, .up, .up, .up, .left)
    if state.buildingUnderCursor == nil {
        press(&state, .enter)
        #expect(state.overlays.isEmpty)
        #expect(state.lastMessage == "no building under the cursor")
    }
}

@Test func zoomStepsAndLimits() throws {
    var state = try campusState()
    let start = state.zoomIndex
    press(&state, .character("-"))
    #expect(state.zoomIndex == start + 1)
    for _ in 0..<20 { press(&state, .character("-")) }
    #expect(state.metresPerCell == 20_000, "zoomed out far enough to see a whole region")
    for _ in 0..<20 { press(&state, .character("+")) }
    #expect(state.metresPerCell == 1)
}

@Test func layoutFollowsTheSizeAndLCycles() throws {
    var state = try campusState(columns: 160, rows: 45)
    #expect(state.layout.sideBySide)
    _ = reduce(&state, .resize(TerminalSize(columns: 80, rows: 60)))
    #expect(!state.layout.sideBySide)
    press(&state, .character("L"))
    #expect(state.layoutMode == .side)
    #expect(state.layout.sideBySide)
    press(&state, .character("L"))
    #expect(state.layoutMode == .stacked)
    press(&state, .character("L"))
    #expect(state.layoutMode == .auto)
}

@Test func syncRunsWithoutBlockingAndReportsItsResult() throws {
    var state = try campusState()
    #expect(press(&state, .character("s")) == [.startSync])
    #expect(state.sync == .running("starting sync"))
    #expect(press(&state, .character("s")) == [], "no second sync while one runs")
    _ = reduce(&state, .syncProgress("images 3/31"))
    #expect(state.sync == .running("images 3/31"))
    var artworks = state.artworks
    artworks.removeLast()
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(reduce(&state, .syncFinished(summary: "synced 30 artworks: 0 new, 0 changed, 1 removed, 0 skipped", at: at)) == [.reloadCatalogue])
    _ = reduce(&state, .catalogueReloaded(artworks))
    #expect(state.sync == .idle)
    #expect(state.artworks.count == 30)
    #expect(state.lastMessage?.hasPrefix("synced 30") == true)
    _ = reduce(&state, .tick(at.addingTimeInterval(600)))
    #expect(state.syncAgeText == "synced 10 min ago")
    press(&state, .character("s"))
    _ = reduce(&state, .syncFailed("http://127.0.0.1:1/x: connection refused"))
    #expect(state.lastError == "sync failed: http://127.0.0.1:1/x: connection refused")
    #expect(state.artworks.count == 30, "a failed sync keeps what we had")
}

@Test func startUpSyncsOnlyWhenTheDataIsStale() throws {
    var state = try campusState()
    #expect(reduce(&state, .started(syncIfOlderThan: 3600)) == [.startSync])
    var fresh = try campusState()
    fresh.lastSync = Date()
    fresh.now = Date()
    #expect(reduce(&fresh, .started(syncIfOlderThan: 3600)) == [])
    var offline = try campusState()
    #expect(reduce(&offline, .started(syncIfOlderThan: nil)) == [])
}

@Test func searchFiltersCaseAndAccentInsensitivelyAndEscClears() throws {
    var state = try campusState()
    press(&state, .character("/"))
    #expect(state.searchEditing)
    for c in "FRÍNK" { press(&state, .character(c)) }
    #expect(Set(state.ranked.map(\.name)) == ["Victoria Gallery & Museum", "Whelan Building Quadrangle"])
    #expect(state.ranked.flatMap(\.artworks).map(\.artwork.title).sorted() == ["Front Runner", "Gogglehead"])
    press(&state, .enter)
    #expect(!state.searchEditing)
    #expect(state.searchText == "FRÍNK")
    press(&state, .character("/"), .escape)
    #expect(state.searchText.isEmpty)
    #expect(state.rows.count == 44)
    press(&state, .character("/"))
    for c in "electrical" { press(&state, .character(c)) }
    #expect(state.ranked.map(\.name) == ["Electrical Engineering Building"])
    #expect(state.ranked.first?.artworks.count == 9)
}

@Test func helpOpensAndCloses() throws {
    var state = try campusState()
    press(&state, .character("?"))
    #expect(state.overlays == [.help(scroll: 0)])
    press(&state, .character("?"))
    #expect(state.overlays.isEmpty)
}

@Test func radiusKeysFilterTheTable() throws {
    var state = try campusState()
    press(&state, .character("["))
    #expect(state.radius == 3200)
    for _ in 0..<6 { press(&state, .character("[")) }
    #expect(state.radius == 50)
    #expect(state.ranked.allSatisfy { $0.distance <= 50 })
    #expect(state.outsideRadius == 13 - state.ranked.count)
    for _ in 0..<10 { press(&state, .character("]")) }
    #expect(state.radius == nil)
    #expect(state.outsideRadius == 0)
}

@Test func pickingAPointOnTheMapMeasuresFromIt() throws {
    var state = try campusState()
    let abercromby = Coordinate(clampingLatitude: 53.403219, longitude: -2.965829)
    state.mapCenter = abercromby
    press(&state, .character("m"))
    #expect(state.referenceSource == .picked)
    #expect(state.ranked.first?.name == "Abercromby Square")
    #expect(state.lastMessage == "measuring from the picked point")
}

@Test func resortingKeepsTheSelectedArtwork() throws {
    var state = try campusState()
    press(&state, .tab)
    let row = try #require(state.rows.firstIndex { if case .artwork(let b, let a) = $0 { return state.ranked[b].artworks[a].artwork.id == "62" } else { return false } })
    for _ in 0..<row { press(&state, .down) }
    _ = reduce(&state, .referenceMoved(Coordinate(clampingLatitude: 53.403219, longitude: -2.965829), .live("gpx")))
    let (b, a) = try #require(state.selectedArtworkRow, "selection lost")
    #expect(state.ranked[b].artworks[a].artwork.id == "62")
}

@Test func mouseClicksSelectAndTheWheelZoomsOrScrolls() throws {
    var state = try campusState()
    let body = state.layout.tableBody
    _ = reduce(&state, .mouse(MouseEvent(kind: .click, x: body.x + 3, y: body.y + 2)))
    #expect(state.focus == .table)
    #expect(state.selectedRow == 2)
    let zoom = state.zoomIndex
    let map = state.layout.mapInner
    _ = reduce(&state, .mouse(MouseEvent(kind: .wheelDown, x: map.x + 2, y: map.y + 2)))
    #expect(state.zoomIndex == zoom + 1)
    _ = reduce(&state, .mouse(MouseEvent(kind: .click, x: map.x + map.width / 2 + 1, y: map.y + map.height / 2)))
    #expect(state.focus == .map)
    #expect((state.cursorX, state.cursorY) == (1, 0))
}

@Test func aTooSmallTerminalIgnoresKeysButQ() throws {
    var state = try campusState(columns: 30, rows: 10)
    #expect(state.layout.tooSmall)
    press(&state, .right, .enter, .character("/"))
    #expect(state.overlays.isEmpty && !state.searchEditing && state.cursorX == 0)
    #expect(press(&state, .character("q")) == [.quit])
}

@Test func helpIsGeneratedFromTheKeymap() {
    let help = Keymap.helpLines().joined(separator: "\n")
    for binding in Keymap.bindings {
        #expect(help.contains(binding.description), "help lacks \(binding.description)")
    }
    #expect(Keymap.command(for: .character("j"), in: .table) == .rowDown)
    #expect(Keymap.command(for: .character("j"), in: .map) == .moveCursor(dx: 0, dy: 1))
    #expect(Keymap.command(for: .character("s"), in: .list) == .sync)
}

@Test func nCyclesCollections() throws {
    var state = try campusState()
    #expect(press(&state, .character("n")) == [])
    #expect(state.lastMessage?.hasPrefix("only one collection") == true)
    state.collections = ["campus", "coffee"]
    #expect(press(&state, .character("n")) == [.loadCollection("coffee")])
    let cafe = Artwork(id: "1", title: "Library café", coordinate: Coordinate(clampingLatitude: 53.4068, longitude: -2.9659),
                       building: "Library café", collection: "coffee")
    _ = reduce(&state, .collectionLoaded("coffee", [cafe]))
    #expect(state.collection == "coffee")
    #expect(state.ranked.map(\.name) == ["Library café"])
    #expect(press(&state, .character("n")) == [.loadCollection("campus")])
}

@Test func liveFixesWaitWhileMeasuringFromAPickedPoint() throws {
    var state = try campusState()
    press(&state, .character("m"))
    let abercromby = Coordinate(clampingLatitude: 53.403219, longitude: -2.965829)
    _ = reduce(&state, .referenceMoved(abercromby, .live("GPX walk.gpx")))
    #expect(state.referenceSource == .picked)
    press(&state, .character("M"))
    #expect(state.reference == abercromby)
    #expect(state.referenceSource == .live("GPX walk.gpx"))
    #expect(state.ranked.first?.name == "Abercromby Square")
    _ = reduce(&state, .locationStatus("gpsd: no fix"))
    #expect(state.locationStatus == "gpsd: no fix")
}

@Test func tablePagingKeys() throws {
    var state = try campusState(columns: 100, rows: 30)
    press(&state, .tab)
    let page = state.layout.tableBody.height - 1
    press(&state, .pageDown)
    #expect(state.selectedRow == page)
    #expect(state.selectedRow >= state.tableScroll && state.selectedRow < state.tableScroll + state.layout.tableBody.height)
    press(&state, .end)
    #expect(state.selectedRow == state.rows.count - 1)
    #expect(state.tableScroll == state.rows.count - state.layout.tableBody.height, "the last row is on screen")
    press(&state, .pageUp)
    #expect(state.selectedRow == state.rows.count - 1 - page)
    press(&state, .home)
    #expect(state.selectedRow == 0 && state.tableScroll == 0)
    press(&state, .character("G"))
    #expect(state.selectedRow == state.rows.count - 1)
    // g asks for walking directions to the selected row (Home is the first row).
    press(&state, .character("g"))
    #expect(state.selectedRow == state.rows.count - 1)
    #expect(state.route?.failure == .noWalkingGraph)
}
