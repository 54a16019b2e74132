import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

// Issue 37: from the street to the world — the zoom steps out to the world, `0` comes back, the art far out
// is shown as clusters whose counts are the artworks inside, and Enter on a cluster zooms to it.

/// Artworks in three cities: `n` each in Helsinki, Tallinn and Stockholm, each on its own spot.
private func threeCities(_ n: Int) -> [Artwork] {
    let cities = [("hel", 60.17, 24.94), ("tll", 59.437, 24.745), ("sto", 59.33, 18.07)]
    return cities.flatMap { name, lat, lon in
        (0..<n).map { i in
            Artwork(id: "\(name)-\(i)", title: "\(name) \(i)",
                    coordinate: Coordinate(clampingLatitude: lat + Double(i) * 0.002, longitude: lon + Double(i % 3) * 0.003))
        }
    }
}

private func helsinkiState(_ artworks: [Artwork]) -> AppState {
    let helsinki = Coordinate(clampingLatitude: 60.1699, longitude: 24.9384)
    var state = AppState(artworks: artworks, reference: helsinki, referenceSource: .fixed("Helsinki"))
    _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
    return state
}

@Test func zeroReturnsToStreetZoomAtTheReferencePoint() throws {
    var state = helsinkiState(threeCities(2))
    for _ in 0..<30 { onMain(&state, .zoom(1)) }
    onMain(&state, .moveCursor(dx: 0, dy: -100))
    #expect(state.main.metresPerCell == 500_000)
    let command = try #require(Keymap.command(for: .character("0"), in: .map))
    #expect(command == .streetZoom)
    #expect(Keymap.command(for: .home, in: .map) == .streetZoom)
    let reduced = onMain(&state, try #require(MainFeature.action(for: command, in: .map)))
    #expect(state.main.metresPerCell == 10)
    #expect(state.main.mapCenter == state.main.reference)
    #expect((state.main.cursorX, state.main.cursorY) == (0, 0))
    #expect(reduced.delegates == [.message("zoom: 10 m per cell, at the reference point")])
}

@Test func farOutTheArtIsClusteredAndEachCountIsTheArtworksInside() throws {
    var state = helsinkiState(threeCities(5))
    while state.main.metresPerCell < 20_000 { onMain(&state, .zoom(1)) }
    #expect(state.main.showsClusters)
    let half = state.main.mapHalfExtent
    let clusters = state.main.clusters(half: half)
    // Every artwork is in exactly one cluster, and each count is the artworks of its members' cells.
    #expect(clusters.map(\.artworks).reduce(0, +) == 15)
    for cluster in clusters {
        let inside = state.main.catalog.buildings.filter { cluster.places.contains($0.coordinate) }.map(\.artworks.count).reduce(0, +)
        #expect(cluster.artworks == inside)
    }
    // At 20 km a cell (40 km a row) Helsinki and Tallinn (80 km apart) are apart, Stockholm (400 km) too.
    #expect(clusters.count == 3)
    #expect(clusters.allSatisfy { $0.artworks == 5 })
    // Closer, clusters give way to the building markers.
    state.main.zoomIndex = MapState.streetZoomIndex
    #expect(!state.main.showsClusters)
}

@Test func enterOnAClusterZoomsToIt() throws {
    var state = helsinkiState(threeCities(5))
    while state.main.metresPerCell < 50_000 { onMain(&state, .zoom(1)) }
    let stockholm = try #require(state.main.clusters(half: state.main.mapHalfExtent).first { $0.places.allSatisfy { $0.longitude < 20 } })
    onMain(&state, .moveCursor(dx: stockholm.x - state.main.cursorX, dy: stockholm.y - state.main.cursorY))
    let reduced = onMain(&state, .open(.map))
    #expect(reduced.delegates.first.map { "\($0)" }?.contains("5 artworks here") == true)
    #expect(state.main.metresPerCell < 5_000)
    #expect(!state.main.showsClusters)
    // Every artwork of the cluster is now in the pane.
    let half = state.main.mapHalfExtent
    for place in stockholm.places {
        let cell = state.main.cellOffset(of: place)
        #expect(abs(cell.x) <= half.x && abs(cell.y) <= half.y)
    }
}

@Test func farOutMPicksAPointAcrossTheWorldGoesThereAndFetchesItsArtOnline() throws {
    for online in [false, true] {
        var state = helsinkiState(threeCities(1))
        state.nearMe.online = online
        while state.main.metresPerCell < 500_000 { _ = reduce(&state, .key(.character("-"))) }
        // The cursor to a far point (about 1,100 km east and 2,000 km south of Helsinki at 500 km a cell).
        for _ in 0..<2 { _ = reduce(&state, .key(.right)) }
        for _ in 0..<2 { _ = reduce(&state, .key(.down)) }
        let target = state.main.coordinate(atCellX: state.main.cursorX, y: state.main.cursorY)
        let effects = reduce(&state, .key(.character("m")))
        #expect(state.main.reference == target)
        #expect(state.main.referenceSource == .picked)
        #expect(state.main.metresPerCell == 10 && state.main.mapCenter == target)
        let fetches = effects.filter { if case .fetchMap = $0 { return true } else { return false } }
        #expect(fetches.count == (online ? 1 : 0), "online: \(online)")
    }
}

@Test func aPlaceFoundByNameFromTheWorldIsShownAtStreetZoom() throws {
    var state = helsinkiState(threeCities(1))
    while state.main.metresPerCell < 500_000 { _ = reduce(&state, .key(.character("-"))) }
    let tallinn = Coordinate(clampingLatitude: 59.437, longitude: 24.745)
    _ = reduce(&state, .nearMe(.placeFound(name: "Tallinn", tallinn)))
    #expect(state.main.reference == tallinn)
    #expect(state.main.mapCenter == tallinn)
    #expect(state.main.metresPerCell == 10)
    #expect(state.lastMessage == "measuring from Tallinn")
}

/// The 1:10m layer is read ahead, once, a zoom step before it is drawn, so no frame reads the file.
@Test func zoomingOutReadsTheDetailedWorldLayerAheadOnce() throws {
    var state = try campusState()
    state.main.map.world = WorldAtlas(coarse: nil, detailURL: URL(fileURLWithPath: "/nonexistent/world-10m.txt"))
    var asked: [Double] = []
    for _ in 0..<16 {
        let effects = reduce(&state, .key(.character("-")))
        if effects.contains(where: { if case .readWorldDetail = $0 { true } else { false } }) { asked.append(state.main.metresPerCell) }
    }
    #expect(asked == [MapState.worldDetailAheadFromMetresPerCell], "asked once, at 500 m a cell: \(asked)")
    #expect(state.main.map.world.detailPending, "the reducer only asks; the run loop reads")
}
