import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 32: `artmap walk` over the Helsinki extract: the best order, legs equal to `route`, a time budget, and
/// an artwork no path reaches left out and named.

private struct WalkJSON: Decodable {
    struct Stop: Decodable { let id: String; let latitude, longitude, leg_m, arrive_s: Double }
    struct Leg: Decodable { let distance_m: Double }
    struct Left: Decodable { let id: String; let reason: String }
    let finish: String
    let total_m, walking_s, stay_s: Double
    let stops: [Stop]
    let legs: [Leg]
    let left_out: [Left]
}

private struct RouteJSON: Decodable { let distance_m: Double }

private let centre = "60.1699,24.9449"

@Test func aWalksLegsAreTheRoutesRouteFindsAndItsOrderIsTheShortest() async throws {
    let home = try await helsinkiHome("walk-legs")
    let walked = await runArtmap(["walk", "--from", centre, "--stops", "5", "--json"], home: home)
    #expect(walked.status == 0, "\(walked.err)")
    let walk = try JSONDecoder().decode(WalkJSON.self, from: Data(walked.out.utf8))
    #expect(walk.finish == "round" && walk.stops.count == 5 && walk.legs.count == 6)
    #expect(abs(walk.legs.map(\.distance_m).reduce(0, +) - walk.total_m) < 1)
    // Each leg is the walk `route` finds between the same two points.
    var from = centre
    for (i, stop) in walk.stops.enumerated() {
        let route = await runArtmap(["route", "--from", from, "--to", stop.id, "--json"], home: home)
        let expected = try JSONDecoder().decode(RouteJSON.self, from: Data(route.out.utf8))
        #expect(abs(expected.distance_m - walk.legs[i].distance_m) < 0.5, "leg \(i + 1): \(expected.distance_m) vs \(walk.legs[i].distance_m)")
        from = "\(stop.latitude),\(stop.longitude)"
    }
    // No other order of the same five is shorter (legs from `route`, every order tried).
    let ids = walk.stops.map(\.id)
    for other in [[ids[1], ids[0]] + ids[2...], ids.reversed(), [ids[0], ids[2], ids[1], ids[3], ids[4]]] {
        let tried = await runArtmap(["walk", "--from", centre, "--ids", other.joined(separator: ","), "--json"], home: home)
        let again = try JSONDecoder().decode(WalkJSON.self, from: Data(tried.out.utf8))
        #expect(abs(again.total_m - walk.total_m) < 1, "the same five, reordered, find the same shortest walk")
    }
}

@Test func aTimeBudgetTakesWhatFitsAndAnUnreachableArtworkIsLeftOutByName() async throws {
    let home = try await helsinkiHome("walk-budget")
    let short = try JSONDecoder().decode(WalkJSON.self, from: Data(await runArtmap(["walk", "--from", centre, "--minutes", "12", "--json"], home: home).out.utf8))
    let long = try JSONDecoder().decode(WalkJSON.self, from: Data(await runArtmap(["walk", "--from", centre, "--minutes", "40", "--json"], home: home).out.utf8))
    #expect(!short.stops.isEmpty && long.stops.count > short.stops.count, "\(short.stops.count) vs \(long.stops.count)")
    #expect(short.walking_s + short.stay_s <= 12 * 60 && long.walking_s + long.stay_s <= 40 * 60)
    #expect(short.left_out.contains { $0.reason == "it does not fit in the time" })

    // The campus's artwork 40 is 1,800 km from any stored way: left out, the Helsinki stop still walked.
    let mixed = await runArtmap(["walk", "--from", centre, "--ids", "node/5301167925,40", "--open"], home: home)
    #expect(mixed.status == 0, "\(mixed.err)")
    #expect(mixed.out.contains("1. Ateneumin julkisivuveistokset") && mixed.out.contains("left out: Abstract [40]: no walking path within 500 m of it"), "\(mixed.out)")
    #expect(!mixed.out.contains("back to the start"), "--open ends at the last stop")
    let none = await runArtmap(["walk", "--from", centre, "--ids", "40"], home: home)
    #expect(none.status == 1 && none.out.contains("0 stops"), "\(none.out)\(none.err)")
    let both = await runArtmap(["walk", "--stops", "3", "--favourites"], home: home)
    #expect(both.status == 2 && both.err.contains("use one of --stops, --ids, --favourites, --building and --minutes"))
}

@Test func aBuildingsArtworksAreWalkedAndAMistypedOneGetsASuggestion() async throws {
    let home = try await helsinkiHome("walk-building")
    let list = try JSONDecoder().decode(ListShape.self, from: Data(await runArtmap(["list", "--at", centre, "--json"], home: home).out.utf8))
    let place = try #require(list.buildings.first { $0.artworks.count >= 2 }, "a place of several artworks in the extract")
    let walked = await runArtmap(["walk", "--from", centre, "--building", place.name.uppercased(), "--json"], home: home)
    #expect(walked.status == 0, "\(walked.err)")
    let walk = try JSONDecoder().decode(WalkJSON.self, from: Data(walked.out.utf8))
    #expect(Set(walk.stops.map(\.id)) == Set(place.artworks.map(\.id)))
    let typo = await runArtmap(["walk", "--from", centre, "--building", String(place.name.dropLast())], home: home)
    #expect(typo.status == 1 && typo.err.contains("did you mean '\(place.name)'?"), "\(typo.err)")
}

private struct ListShape: Decodable {
    struct Building: Decodable { let name: String; let artworks: [Item] }
    struct Item: Decodable { let id: String }
    let buildings: [Building]
}

@Test func aWalkIsWrittenAsGPX() async throws {
    let home = try await helsinkiHome("walk-gpx")
    let file = home.appendingPathComponent("walk.gpx")
    let walked = await runArtmap(["walk", "--from", centre, "--stops", "3", "--gpx", file.path], home: home)
    #expect(walked.status == 0, "\(walked.err)")
    let gpx = try String(contentsOf: file, encoding: .utf8)
    #expect(gpx.components(separatedBy: "<wpt ").count == 4 && gpx.contains("<trk>") && gpx.contains("<trkpt "))
    // A GPX walk imports back as its three stops.
    let imported = await runArtmap(["import", file.path, "--collection", "walked"], home: home)
    #expect(imported.out.contains("3 artworks (3 new"), "\(imported.out)\(imported.err)")
}

/// Issue 50: a time too short for any artwork is one line saying so, what the nearest needs and what to try, not
/// "0 stops" and eleven "left out" lines.
@Test func aTimeTooShortForAnyArtworkSaysWhatTheNearestNeeds() async throws {
    let home = try await helsinkiHome("walk-too-short")
    let walked = await runArtmap(["walk", "--from", centre, "--minutes", "1"], home: home)
    #expect(walked.status == 1 && walked.out.isEmpty, "\(walked.out)")
    let lines = walked.err.split(separator: "\n")
    #expect(lines.count == 1, "\(walked.err)")
    #expect(walked.err.contains("no artwork fits in 1 min: the nearest, '") && walked.err.contains("min with a stay of 3 min; try --minutes "), "\(walked.err)")
    #expect(walked.err.contains(" or --stay 0"), "\(walked.err)")
    let noStay = await runArtmap(["walk", "--from", centre, "--minutes", "1", "--stay", "0"], home: home)
    #expect(noStay.status == 0 || !noStay.err.contains("--stay 0"), "no stay to drop: \(noStay.err)")
}
