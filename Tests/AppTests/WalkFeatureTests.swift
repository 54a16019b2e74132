import Cartography
import Catalog
import Geo
import Testing
import TestSupport
@testable import App

/// A walk through `artworks` from `start` with straight legs, back to the start, as the planner would answer.
func straightItinerary(from start: Coordinate, _ artworks: [Artwork], leftOut: [WalkLeftOut] = []) -> WalkItinerary {
    var from = start
    var stops: [WalkStop] = []
    for artwork in artworks {
        stops.append(WalkStop(artwork: artwork, leg: WalkLeg(from: from, points: [], to: artwork.coordinate,
                                                             metres: Geodesic.distance(from: from, to: artwork.coordinate))))
        from = artwork.coordinate
    }
    let home = WalkLeg(from: from, points: [], to: start, metres: Geodesic.distance(from: from, to: start))
    return WalkItinerary(start: start, stops: stops, homeLeg: home, leftOut: leftOut)
}

/// The walk plan the effects ask for, if any.
func walkRequest(_ effects: [Effect]) -> WalkPlanRequest? {
    var last: WalkPlanRequest?
    for case .planWalk(let request, _) in effects { last = request }
    return last
}

/// A point `metres` north of `coordinate`.
func north(of coordinate: Coordinate, _ metres: Double) -> Coordinate {
    Coordinate(clampingLatitude: coordinate.latitude + metres / 111_320, longitude: coordinate.longitude)
}

/// The campus with `w` pressed and answered: three stops of the eight nearest, none where the walk starts.
func campusWalk() throws -> (state: AppState, request: WalkPlanRequest, stops: [Artwork]) {
    var state = try campusState()
    let request = try #require(walkRequest(press(&state, .character("w"))))
    let reference = state.main.reference
    // Three buildings' first artworks, each away from the start and the others (the nearest share the start's building).
    let buildings = state.main.catalog.ranked(from: reference).filter { $0.distance > 60 }
    var stops: [Artwork] = []
    for building in buildings where stops.allSatisfy({ Geodesic.distance(from: $0.coordinate, to: building.building.coordinate) > 60 }) {
        if stops.count < 3, let first = building.artworks.first { stops.append(first.artwork) }
    }
    try #require(stops.count == 3)
    let itinerary = straightItinerary(from: reference, stops, leftOut: [WalkLeftOut(title: "Far Away", reason: "no walking path within 500 m of it")])
    _ = reduce(&state, walkAnswer(state, .planned(generation: request.generation, itinerary)))
    return (state, request, stops)
}

@Test func wPlansTheEightNearestInTheBackgroundAndThePlanBecomesTheItinerary() throws {
    var state = try campusState()
    let effects = press(&state, .character("w"))
    let request = try #require(walkRequest(effects))
    let nearest = state.main.catalog.ranked(from: state.main.reference).flatMap(\.artworks).prefix(8).map(\.artwork.key)
    #expect(request.artworks.map(\.key) == Array(nearest), "the 8 nearest, nearest first, as `artmap walk` takes them")
    #expect(request.start == state.main.reference && request.finish == .round && request.choice == .all)
    let walk = try #require(state.screen(WalkState.self))
    #expect(walk.phase == .planning("planning a walk through the 8 nearest…"))
    #expect(state.lastMessage == "planning a walk through the 8 nearest…")

    let (planned, _, stops) = try campusWalk()
    let itinerary = try #require(planned.screen(WalkState.self)?.itinerary)
    #expect(planned.screen(WalkState.self)?.phase == .ready)
    #expect(itinerary.stops.map(\.artwork.key) == stops.map(\.key))
    #expect(itinerary.stops.allSatisfy { !$0.reached })
    #expect(planned.lastMessage?.hasPrefix("walk: 3 stops, ") == true, "\(planned.lastMessage ?? "")")
    #expect(planned.lastMessage?.contains("left out: Far Away (no walking path within 500 m of it)") == true)
    // The map zooms to show the whole walk.
    #expect(planned.main.map.zoomChosen)
}

@Test func anOlderPlanIsDroppedAndAFailureIsSaidWithoutLeavingTheScreen() throws {
    var (state, request, stops) = try campusWalk()
    let more = try #require(walkRequest(press(&state, .character(">"))), "> asks for a walk of one stop more")
    #expect(more.artworks.count == 9 && more.generation == request.generation + 1)
    _ = reduce(&state, walkAnswer(state, .planned(generation: request.generation, straightItinerary(from: request.start, stops.reversed()))))
    #expect(state.screen(WalkState.self)?.phase == .planning("planning a walk through the 9 nearest…"), "the older answer is dropped")
    _ = reduce(&state, walkAnswer(state, .failed(generation: more.generation, "no streets imported: artmap import an .osm.pbf of the area")))
    #expect(state.screen(WalkState.self)?.phase == .failed("no streets imported: artmap import an .osm.pbf of the area"))
    #expect(state.lastMessage == "no walk: no streets imported: artmap import an .osm.pbf of the area")
    #expect(state.overlays.count == 1)
}

@Test func aFixWithin20MetresOfAStopTicksItAndShowsTheNextLeg() throws {
    var (state, _, stops) = try campusWalk()
    _ = reduce(&state, .referenceMoved(north(of: stops[0].coordinate, 35), .live("GPX test.gpx")))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.map(\.reached) == [false, false, false], "35 m away is not there yet")
    _ = reduce(&state, .referenceMoved(north(of: stops[0].coordinate, 12), .live("GPX test.gpx")))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.map(\.reached) == [true, false, false])
    #expect(state.screen(WalkState.self)?.selected == 1, "the next leg is shown")
    let message = try #require(state.lastMessage)
    #expect(message.hasPrefix("✓ 1 \(stops[0].title) — next 2 \(stops[1].title), "), "\(message)")
    _ = reduce(&state, .referenceMoved(stops[1].coordinate, .live("GPX test.gpx")))
    _ = reduce(&state, .referenceMoved(stops[2].coordinate, .live("GPX test.gpx")))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.map(\.reached) == [true, true, true])
    #expect(state.lastMessage?.contains("every stop seen") == true, "\(state.lastMessage ?? "")")
}

@Test func xSkipsTheNextStopAndPlansTheRestFromHereBackToTheStart() throws {
    var (state, request, stops) = try campusWalk()
    _ = reduce(&state, .referenceMoved(stops[0].coordinate, .live("GPX test.gpx")))
    let here = north(of: stops[0].coordinate, 25)
    _ = reduce(&state, .referenceMoved(here, .live("GPX test.gpx")))
    let rest = try #require(walkRequest(press(&state, .character("x"))), "x asks for the rest to be planned again")
    #expect(rest.artworks.map(\.key) == [stops[2].key], "the skipped stop and the one reached are not walked again")
    #expect(rest.start == here && rest.finish == .at(request.start))
    #expect(state.lastMessage == "skipped \(stops[1].title); planning the rest…")
    _ = reduce(&state, walkAnswer(state, .planned(generation: rest.generation, straightItinerary(from: here, [stops[2]]))))
    let itinerary = try #require(state.screen(WalkState.self)?.itinerary)
    #expect(itinerary.stops.map(\.artwork.key) == [stops[0].key, stops[2].key])
    #expect(itinerary.stops.map(\.reached) == [true, false])
    #expect(itinerary.leftOut.contains(WalkLeftOut(title: stops[1].title, reason: "skipped")))
    #expect(state.screen(WalkState.self)?.nextStop?.number == 2)
}

@Test func theWalkKeysAreInTheHelpAndEscClosesTheWalk() throws {
    let help = Keymap.helpLines()
    #expect(help.contains { $0.hasPrefix("  w ") && $0.contains("art walk") })
    #expect(help.contains("Art walk (in the table pane)"))
    #expect(help.contains { $0.hasPrefix("  x ") && $0.contains("skip the next stop") })
    var (state, _, _) = try campusWalk()
    press(&state, .escape)
    #expect(state.screen(WalkState.self) == nil && state.overlays.isEmpty)
}

@Test func theWalksSpeedAndStayComeFromTheSettings() throws {
    var state = try campusState()
    state.settings.set(key: Setting.walkSpeed, "3.6")
    state.settings.set(key: Setting.walkStay, "5")
    var effects = press(&state, .character("w"))
    // t: the favourites (none here), the building if one was selected, then what fits in 30 minutes.
    for _ in 0..<3 where state.screen(WalkState.self)?.pick != .minutes(30) { effects = press(&state, .character("t")) }
    let request = try #require(walkRequest(effects))
    #expect(state.screen(WalkState.self)?.pick == .minutes(30))
    #expect(request.choice == .within(seconds: 1800, metresPerSecond: 1, staySeconds: 300))
    #expect(state.screen(WalkState.self)?.speed == 1 && state.screen(WalkState.self)?.stay == 300)
}

@Test func wUpperSavesTheWalkByNameAndRResumesOne() throws {
    var (state, request, stops) = try campusWalk()
    _ = reduce(&state, .referenceMoved(stops[0].coordinate, .live("GPX test.gpx")))
    press(&state, .character("W"))
    #expect(state.screen(WalkState.self)?.naming == WalkNaming(resume: false))
    // Typed keys go to the name, not the keymap (x would skip, q would quit).
    press(&state, .character("x"), .character("q"), .backspace, .character("1"))
    let save = press(&state, .enter)
    #expect(save == [.saveWalk(WalkSaveRequest(name: "x1", start: request.start, finish: .round, stops: stops.map(\.key), reached: [true, false, false]), screen: screenID(WalkState.self, in: state))])
    #expect(state.screen(WalkState.self)?.naming == nil)
    _ = reduce(&state, walkAnswer(state, .saved("x1")))
    #expect(state.lastMessage == "saved the walk as 'x1' (R resumes it, artmap walk --resume)")
    press(&state, .character("R"))
    for c in "x1" { press(&state, .character(c)) }
    let resume = press(&state, .enter)
    let generation = try #require(state.screen(WalkState.self)?.generation)
    #expect(resume == [.resumeWalk(WalkResumeRequest(name: "x1", position: stops[0].coordinate, generation: generation), screen: screenID(WalkState.self, in: state))])
    #expect(state.screen(WalkState.self)?.phase == .planning("resuming the walk 'x1'…"))
    press(&state, .character("W"), .escape)
    #expect(state.screen(WalkState.self)?.naming == nil && state.overlays.count == 1, "Esc stops typing and leaves the walk open")
}

@Test func onlyTheNextStopIsTickedAndTheOneAfterWhenItIsAsNear() throws {
    var state = try campusState()
    let request = try #require(walkRequest(press(&state, .character("w"))))
    let start = state.main.reference
    // Three stops: the second 10 m from the first, the third far; a fourth beside the start, walked last.
    let base = try #require(request.artworks.last)
    func at(_ artwork: Artwork, _ coordinate: Coordinate, _ id: String) -> Artwork {
        var moved = artwork
        moved.coordinate = coordinate
        moved.id = id
        return moved
    }
    let first = at(base, north(of: start, 200), "w1"), second = at(base, north(of: start, 210), "w2")
    let third = at(base, north(of: start, 400), "w3"), last = at(base, north(of: start, 5), "w4")
    _ = reduce(&state, walkAnswer(state, .planned(generation: request.generation, straightItinerary(from: north(of: start, -100), [first, second, third, last]))))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.map(\.reached) == [false, false, false, false], "nothing is ticked where the walk starts")
    // Back at the start the last stop is 5 m away, but it is not the next: not ticked.
    _ = reduce(&state, .referenceMoved(start, .live("GPX test.gpx")))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.map(\.reached) == [false, false, false, false])
    // At the first, the second (10 m on) is ticked with it; the third is next.
    _ = reduce(&state, .referenceMoved(north(of: start, 198), .live("GPX test.gpx")))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.map(\.reached) == [true, true, false, false])
    #expect(state.screen(WalkState.self)?.nextStop?.number == 3)
    #expect(state.lastMessage?.hasPrefix("✓ 2 ") == true, "\(state.lastMessage ?? "")")
}

@Test func aPlanAnswersTheWalkScreenThatAskedNotOneOpenedSince() throws {
    var state = try campusState()
    let pressed = press(&state, .character("w"))
    let first = try #require(walkRequest(pressed))
    let asked = try #require(screenID(WalkState.self, in: state))
    #expect(pressed.contains(.planWalk(first, screen: asked)), "the plan is asked for by the walk screen, and answered to it")
    press(&state, .escape)
    #expect(state.overlays.isEmpty)
    let second = try #require(walkRequest(press(&state, .character("w"))))
    let open = try #require(screenID(WalkState.self, in: state))
    #expect(open != asked, "a screen opened again has a new id")
    // The closed screen's plan arrives late, with a generation the new screen also uses: it is dropped.
    #expect(first.generation == second.generation)
    let stale = straightItinerary(from: first.start, Array(first.artworks.prefix(2)))
    _ = reduce(&state, .answer(.walk(.planned(generation: first.generation, stale)), to: asked))
    #expect(state.screen(WalkState.self)?.phase == .planning("planning a walk through the 8 nearest…"))
    _ = reduce(&state, .answer(.walk(.planned(generation: second.generation, stale)), to: open))
    #expect(state.screen(WalkState.self)?.itinerary?.stops.count == 2)
}

@Test func wOpensTheWalkThroughTheRegistryAndTheWalkScreensOwnWReplansIt() throws {
    var state = try campusState()
    #expect(Keymap.command(for: .character("w"), in: .map) == .openScreen(ScreenKind(WalkState.self)))
    #expect(Keymap.command(for: .character("w"), in: .walk) == .openScreen(ScreenKind(WalkState.self)))
    #expect(Keymap.command(for: .character("x"), in: .walk) == .walk(.skip))
    press(&state, .character("w"))
    let before = try #require(screenID(WalkState.self, in: state))
    press(&state, .character("t"))
    #expect(state.screen(WalkState.self)?.pick == .favourites)
    let replanned = press(&state, .character("w"))
    #expect(walkRequest(replanned) == nil && state.lastMessage?.hasPrefix("no walk: no favourites yet") == true,
            "the new walk plans through the favourites as the open one chose, and there are none: \(String(describing: state.lastMessage))")
    #expect(state.overlays.count == 1, "the open walk closes and a new one opens")
    #expect(screenID(WalkState.self, in: state) != before)
    #expect(state.screen(WalkState.self)?.pick == .favourites, "the new walk keeps how the open one chose")
}

@Test func wOnAnOpenWalkPlansFromWhatTheTableOrMapPointsAtNotTheWalksOwnStop() throws {
    var state = try campusState()
    // A building selected in the table: the walk opens with it for `t`.
    press(&state, .tab, .down, .down)
    let expected: String?
    switch state.mainPointed {
    case .building(let b)?: expected = b.name
    case .artwork(let a)?: expected = state.building(holding: a.key)?.name
    case nil: expected = nil
    }
    try #require(expected != nil)
    let request = try #require(walkRequest(press(&state, .character("w"))))
    #expect(state.screen(WalkState.self)?.buildingName == expected)
    // The plan's stops lie in other buildings; the walk points at its selected stop.
    let others = request.artworks.filter { state.building(holding: $0.key)?.name != expected }
    try #require(others.count >= 2)
    _ = reduce(&state, walkAnswer(state, .planned(generation: request.generation, straightItinerary(from: request.start, Array(others.prefix(2))))))
    let pointed = try #require(state.pointed?.artwork)
    try #require(state.building(holding: pointed.key)?.name != expected, "the walk points at a stop in another building")
    press(&state, .character("w"))
    #expect(state.screen(WalkState.self)?.buildingName == expected, "the building is the one the table points at, not the stop's")
}

@Test func farFromEveryArtworkWSaysThereIsNothingToWalkToAndAsksNoPlan() throws {
    var state = try campusState()
    // A fixed point in the Pacific: the campus is 15,000 km away.
    _ = reduce(&state, .referenceMoved(Coordinate(clampingLatitude: -30, longitude: -140), .fixed("the Pacific")))
    let effects = press(&state, .character("w"))
    #expect(walkRequest(effects) == nil, "\(effects)")
    #expect(state.screen(WalkState.self)?.pool.isEmpty == true)
    #expect(state.lastMessage == "no walk: no artworks within 5.0 km of here (t: walk through your favourites)")
}
