import Cells
@testable import App
import Catalog
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

// Issue 47, item 1: seen works in the view — marked by walking past (every live fix) and with `v`, shown apart in
// the table, the map, the title and the walk screen, each with a text mark.

/// The keys a reduced action asks the run loop to mark seen.
private func marked(_ effects: [Effect]) -> [ArtworkKey] {
    effects.flatMap { effect -> [ArtworkKey] in
        if case .markSeen(let keys) = effect { return keys }
        return []
    }
}

@Test func everyLiveFixMarksWhatIsWithin20mAndNothingFarther() throws {
    var state = try campusState()
    let artworks = state.main.artworks
    // A fix 12 m north of an artwork: exactly the artworks within 20 m of it, by the Geo module, are asked for.
    let target = artworks[5].coordinate
    let fix = Coordinate(clampingLatitude: target.latitude + 12 / 111_320, longitude: target.longitude)
    let expected = Set(artworks.filter { Geodesic.distance(from: fix, to: $0.coordinate) <= 20 }.map(\.key))
    let asked = marked(reduce(&state, .liveFix(fix)))
    #expect(Set(asked) == expected)
    #expect(asked.contains(artworks[5].key))
    #expect(!expected.isEmpty)
    // A fix more than 40 m from every artwork marks nothing.
    let away = Coordinate(clampingLatitude: 53.4120, longitude: -2.9500)
    #expect(artworks.allSatisfy { Geodesic.distance(from: away, to: $0.coordinate) > 40 })
    #expect(marked(reduce(&state, .liveFix(away))).isEmpty)
    // Once saved, the same fix asks nothing again; `seen.within` widens it.
    _ = reduce(&state, .seenLoaded(Dictionary(uniqueKeysWithValues: asked.map { ($0, "2026-12-07T01:00:00Z") })))
    #expect(marked(reduce(&state, .liveFix(fix))).isEmpty)
    _ = reduce(&state, .settingSaved(key: Setting.seenWithin, value: "500"))
    #expect(marked(reduce(&state, .liveFix(fix))).count > asked.count)
}

@Test func theTableTheMapAndTheTitleShowSeenWorksWithAMark() throws {
    var state = try campusState()
    // A building with one artwork, drawn on the map as one marker.
    let lone = try #require(state.main.ranked.prefix(8).first { $0.artworks.count == 1 && $0.distance > 30 })
    let key = lone.artworks[0].artwork.key
    let before = MainView.render(state).lines
    #expect(!before.joined().contains("✓"), "nothing is seen yet")
    _ = reduce(&state, .seenLoaded([key: "2026-12-07T01:00:00Z"]))
    let lines = MainView.render(state).lines
    #expect(lines[0].contains("✓ 1 of 31 seen"), "\(lines[0])")
    let title = String(lone.artworks[0].artwork.title.prefix(12))
    let row = try #require(lines.first { $0.contains(title) && $0.contains("│") }, "\(title)\n\(lines.joined(separator: "\n"))")
    #expect(row.contains("✓"), "\(row)")
    // The map: the building's marker is ✓ instead of its count (the row and the title hold the other two).
    #expect(lines.joined().filter { $0 == "✓" }.count >= 3, "\(lines.joined(separator: "\n"))")
    // In ASCII every mark is a v: the title's, the row's and the map's marker.
    state.ascii = true
    let plain = MainView.render(state).lines
    #expect(plain[0].contains("v 1 of 31 seen"), "\(plain[0])")
    #expect(plain.contains { $0.contains(" v" + title) }, "\(plain.joined(separator: "\n"))")
    #expect(plain.contains { $0.contains(" v " + lone.name.prefix(10)) }, "\(plain.joined(separator: "\n"))")
}

@Test func vMarksTheSelectedArtworkSeenAndTheDetailSaysWhen() throws {
    var state = try campusState()
    if state.main.focus != .table { _ = reduce(&state, .key(.tab)) }
    for _ in 0..<3 where state.pointed?.artwork == nil { _ = reduce(&state, .key(.down)) }
    let artwork = try #require(state.pointed?.artwork)
    #expect(reduce(&state, .key(.character("v"))) == [.toggleSeen(artwork.key)])
    _ = reduce(&state, .seenLoaded([artwork.key: "2026-12-07T01:00:00Z"]))
    let lines = DetailView.detailLines(state, artwork.key, width: 60).map(\.0)
    #expect(lines.contains("✓ seen 2026-12-07 (v: not seen)"), "\(lines)")
    #expect(Keymap.helpLines().contains { $0.contains("v") && $0.contains("mark the selected artwork seen") })
}

@Test func theWalkScreenPlansThroughUnseenWorksAndCountsTheSeenStops() throws {
    var state = try campusState()
    var first: WalkPlanRequest?
    for case .planWalk(let asked, _) in reduce(&state, .key(.character("w"))) { first = asked }
    let all = try #require(first).artworks
    try #require(all.count == 8)
    let seen = Dictionary(uniqueKeysWithValues: all.prefix(3).map { ($0.key, "2026-12-07T01:00:00Z") })
    _ = reduce(&state, .seenLoaded(seen))
    var second: WalkPlanRequest?
    for case .planWalk(let asked, _) in reduce(&state, .key(.character("u"))) { second = asked }
    let unseen = try #require(second).artworks
    #expect(unseen.count == 8)
    #expect(unseen.allSatisfy { seen[$0.key] == nil })
    #expect(unseen.contains { $0.key == all[3].key })
    // A plan through all eight, two of them seen: the status line counts them.
    _ = reduce(&state, .key(.character("u")))
    var third: WalkPlanRequest?
    for case .planWalk(let asked, _) in reduce(&state, .key(.character("<"))) { third = asked }
    let request = try #require(third)
    let stops = request.artworks.map { WalkStop(artwork: $0, leg: WalkLeg(from: request.start, points: [], to: $0.coordinate, metres: 50)) }
    _ = reduce(&state, walkAnswer(state, .planned(generation: request.generation, WalkItinerary(start: request.start, stops: stops, homeLeg: nil, leftOut: []))))
    let status = try #require(MainView.render(state).lines.last)
    #expect(status.contains("3 of 7 stops seen"), "\(status)")
}

@Test func inASCIITheTableNamesEachDirectionInLettersSoNorthWestAndSouthEastDiffer() throws {
    var state = try campusState()
    state.ascii = true
    let rows = MainView.render(state).lines
    // Each place row ends with its distance and where it lies: "120 m NW", never one "\" for both NW and SE.
    let directions = rows.compactMap { row -> String? in
        guard let match = row.range(of: #"[0-9] (k?m|ft|mi) (N|NE|E|SE|S|SW|W|NW) "#, options: .regularExpression) else { return nil }
        return String(row[match]).split(separator: " ").last.map(String.init)
    }
    #expect(directions.count >= 5, "\(rows.joined(separator: "\n"))")
    #expect(Set(directions).count >= 2, "the campus lies in more than one direction from the Ashton Building: \(directions)")
    #expect(!rows.contains { $0.range(of: #" m [\\/] "#, options: .regularExpression) != nil }, "\(rows.joined(separator: "\n"))")
}
