import Cells
@testable import App
import Catalog
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

/// The campus with a walk planned through three of the eight nearest (none where it starts), straight legs.
private func walkedCampus(ascii: Bool = false) throws -> (state: AppState, stops: [Artwork]) {
    var state = try campusState()
    state.ascii = ascii
    var request: WalkPlanRequest?
    for case .planWalk(let asked, _) in reduce(&state, .key(.character("w"))) { request = asked }
    let asked = try #require(request)
    let start = state.main.reference
    // Three buildings' first artworks, each away from the start and the others (the nearest share the start's building).
    let buildings = state.main.catalog.ranked(from: start).filter { $0.distance > 60 }
    var stops: [Artwork] = []
    for building in buildings where stops.allSatisfy({ Geodesic.distance(from: $0.coordinate, to: building.building.coordinate) > 60 }) {
        if stops.count < 3, let first = building.artworks.first { stops.append(first.artwork) }
    }
    try #require(stops.count == 3)
    var from = start
    var walked: [WalkStop] = []
    for artwork in stops {
        walked.append(WalkStop(artwork: artwork, leg: WalkLeg(from: from, points: [], to: artwork.coordinate, metres: Geodesic.distance(from: from, to: artwork.coordinate))))
        from = artwork.coordinate
    }
    let itinerary = WalkItinerary(start: start, stops: walked, homeLeg: WalkLeg(from: from, points: [], to: start, metres: 300),
                                  leftOut: [WalkLeftOut(title: "Far Away", reason: "no walking path within 500 m of it")])
    _ = reduce(&state, walkAnswer(state, .planned(generation: asked.generation, itinerary)))
    return (state, stops)
}

@Test func theItineraryTakesTheTablesPlaceWithLegsAndTimes() throws {
    let (state, stops) = try walkedCampus()
    let lines = MainView.render(state).lines
    let top = try #require(lines.first { $0.contains("┌ Art walk · ") && $0.contains(" · 3 stops · the 8 nearest") }, "\(lines.joined(separator: "\n"))")
    #expect(top.contains(" min"))
    #expect(lines.contains { $0.contains("#  Artwork") && $0.contains("leg") && $0.contains("      at") })
    let walk = try #require(state.screen(WalkState.self)?.itinerary)
    let arrivals = walk.arrivals(speed: WalkState.defaultSpeed, stay: WalkState.defaultStay)
    for (i, stop) in stops.enumerated() {
        let row = try #require(lines.first { $0.contains(WalkView.number(i + 1, ascii: false) + "  " + stop.title) }, "row \(i + 1):\n\(lines.joined(separator: "\n"))")
        #expect(row.contains(DistanceText.format(walk.stops[i].leg.metres)), "\(row)")
        #expect(row.contains("\(Int((arrivals[i] / 60).rounded())) min"), "\(row)")
    }
    #expect(lines.contains { $0.contains("▸ 1  " + stops[0].title) }, "the next stop is marked")
    #expect(lines.contains { $0.contains("back to the start") && $0.contains("300 m") })
    #expect(lines.contains { $0.contains("left out: Far Away — no walking path within 500 m of it") })
    #expect(lines.contains { $0.contains("x skip · < > stops") })
    // The status line names the next stop and how far it is.
    let status = try #require(lines.last)
    #expect(status.contains("next 1 \(stops[0].title.prefix(10))"), "\(status)")
}

@Test func theMapNumbersTheStopsAndDrawsThePath() throws {
    var (state, stops) = try walkedCampus()
    let lines = MainView.render(state).lines
    let mapWidth = state.layout.map.maxX
    let map = lines.map { String($0.prefix(mapWidth)) }
    // A stop is its number in a reversed cell (a building's count is a bare digit).
    let buffer = MainView.render(state)
    for n in ["1", "2", "3"] {
        let found = (0..<buffer.height).contains { y in (0..<mapWidth).contains { x in buffer[x, y].text == n && buffer[x, y].style.reverse } }
        #expect(found, "stop \(n) on the map:\n\(map.joined(separator: "\n"))")
    }
    // The path: the route ink's braille between the stops (the base map is empty on the campus).
    #expect(map.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    // Reached, a stop's number stays; the status line moves on to the next.
    _ = reduce(&state, .referenceMoved(stops[0].coordinate, .live("GPX test.gpx")))
    let after = MainView.render(state).lines
    #expect(after.contains { $0.contains("✓ 1  " + stops[0].title) })
    #expect(after.last?.contains("next 2 ") == true, "\(after.last ?? "")")

    let (ascii, _) = try walkedCampus(ascii: true)
    let plain = MainView.render(ascii).lines
    let asciiMap = plain.map { String($0.prefix(mapWidth)) }
    for n in ["(1)", "(2)", "(3)"] { #expect(asciiMap.contains { $0.contains(n) }, "stop \(n) in ASCII:\n\(asciiMap.joined(separator: "\n"))") }
    #expect(plain.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    #expect(plain.contains { $0.contains("> 1  " + stops[0].title) }, "\(plain.joined(separator: "\n"))")
}
