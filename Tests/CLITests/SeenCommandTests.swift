import Foundation
import Geo
import Testing
import TestSupport
@testable import ArtmapCLI

/// One line of `seen list --json`.
private struct SeenJSON: Decodable {
    let collection, id, title, seen_at, how: String
}

/// One collection of `collections --json`.
private struct CollectionJSON: Decodable {
    let name: String
    let artworks: Int
    let seen: Int
}

/// Every campus artwork with its position, as `list --json` gives them.
private func campusArtworks(_ home: URL) async throws -> [(id: String, coordinate: Coordinate)] {
    let listed = await runArtmap(["list", "--json"], home: home)
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(listed.out.utf8))
    return list.buildings.flatMap(\.artworks).map { ($0.id, Coordinate(clampingLatitude: $0.latitude, longitude: $0.longitude)) }
}

/// A GPX track through `corners`, a point every ~1.2 m, each a second after the last: the replay's fixes (one a
/// simulated second) are then these points.
private func track(through corners: [Coordinate]) -> (gpx: String, points: [Coordinate]) {
    var points: [Coordinate] = []
    for (a, b) in zip(corners, corners.dropFirst()) {
        let steps = max(1, Int(Geodesic.distance(from: a, to: b) / 1.2))
        for i in 0..<steps {
            let t = Double(i) / Double(steps)
            points.append(Coordinate(clampingLatitude: a.latitude + (b.latitude - a.latitude) * t,
                                     longitude: a.longitude + (b.longitude - a.longitude) * t))
        }
    }
    points.append(corners[corners.count - 1])
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let formatter = ISO8601DateFormatter()
    let body = points.enumerated().map { i, p in
        "<trkpt lat=\"\(p.latitude)\" lon=\"\(p.longitude)\"><time>\(formatter.string(from: start.addingTimeInterval(Double(i))))</time></trkpt>"
    }.joined(separator: "\n")
    return ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n\(body)\n</trkseg></trk></gpx>\n", points)
}

@Test func aReplayedWalkMarksWhatItPassedWithin20mAndNothingOver40mAway() async throws {
    let home = try temporaryDirectory("seen-walk")
    let artworks = try await campusArtworks(home)
    try #require(artworks.count == 31)
    // A walk from the first listed artwork to the farthest one within 400 m of it, then 60 m north.
    let first = artworks[0].coordinate
    let far = try #require(artworks.filter { Geodesic.distance(from: first, to: $0.coordinate) < 400 }
        .max { Geodesic.distance(from: first, to: $0.coordinate) < Geodesic.distance(from: first, to: $1.coordinate) })
    let north = Coordinate(clampingLatitude: far.coordinate.latitude + 0.00055, longitude: far.coordinate.longitude)
    let (gpx, points) = track(through: [first, far.coordinate, north])
    let file = home.appendingPathComponent("walk.gpx")
    try gpx.write(to: file, atomically: true, encoding: .utf8)
    let watched = await runArtmap(["watch", "--gpx", file.path, "--speed", "1000", "--json"], home: home)
    #expect(watched.status == 0, "\(watched.err)")
    let listed = await runArtmap(["seen", "list", "--json"], home: home)
    let seen = try JSONDecoder().decode([SeenJSON].self, from: Data(listed.out.utf8))
    let seenIDs = Set(seen.map(\.id))
    // Each artwork's nearest approach, computed here with the Geo module.
    let passed = Dictionary(uniqueKeysWithValues: artworks.map { artwork in
        (artwork.id, points.map { Geodesic.distance(from: $0, to: artwork.coordinate) }.min() ?? .infinity)
    })
    let within20 = Set(passed.filter { $0.value <= 19.9 }.keys), over40 = Set(passed.filter { $0.value > 40 }.keys)
    #expect(within20.count >= 2, "the walk passes too little to test: \(passed)")
    #expect(!over40.isEmpty)
    #expect(within20.isSubset(of: seenIDs), "passed within 20 m but not seen: \(within20.subtracting(seenIDs))")
    #expect(seenIDs.isDisjoint(with: over40), "seen though passed over 40 m away: \(seenIDs.intersection(over40))")
    #expect(seenIDs.allSatisfy { (passed[$0] ?? .infinity) <= 20.1 }, "\(seenIDs.map { ($0, passed[$0] ?? -1) })")
    #expect(seen.allSatisfy { $0.how == "walk" && $0.collection == "campus" && $0.seen_at.count == 20 })
    // Each said once on standard error as it was passed.
    #expect(watched.err.components(separatedBy: "artmap watch: seen").count - 1 == seenIDs.count, "\(watched.err)")
}

@Test func seenByHandIsCountedExportedWithItsDateAndTakenOffAgain() async throws {
    let home = try temporaryDirectory("seen-hand")
    let artworks = try await campusArtworks(home)
    let (a, b) = (artworks[0].id, artworks[1].id)
    let added = await runArtmap(["seen", "add", a], home: home)
    #expect(added.status == 0, "\(added.err)")
    #expect(added.out.hasPrefix("✓ seen: "), "\(added.out)")
    #expect(await runArtmap(["seen", "add", b], home: home).status == 0)
    let again = await runArtmap(["seen", "add", a], home: home)
    #expect(again.out.contains("was already seen"), "\(again.out)")
    let unknown = await runArtmap(["seen", "add", "no-such-artwork"], home: home)
    #expect(unknown.status == 1)

    let collections = try JSONDecoder().decode([CollectionJSON].self, from: Data(await runArtmap(["collections", "--json"], home: home).out.utf8))
    #expect(collections.first { $0.name == "campus" }?.seen == 2)
    #expect(collections.first { $0.name == "campus" }?.artworks == 31)

    let csv = await runArtmap(["export", "--seen", "--format", "csv"], home: home)
    let rows = csv.out.split(separator: "\r\n").map(String.init)
    #expect(rows.first?.hasSuffix(",description,name,seen_at") == true, "\(rows.first ?? "")")
    #expect(rows.count == 3)
    let today = String(ISO8601DateFormatter().string(from: Date()).prefix(4))
    #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",").last?.hasPrefix(today) == true }, "\(rows)")
    let geojson = await runArtmap(["export", "--seen", "--format", "geojson"], home: home)
    let object = try JSONSerialization.jsonObject(with: Data(geojson.out.utf8)) as? [String: Any]
    let features = try #require(object?["features"] as? [[String: Any]])
    #expect(features.count == 2)
    #expect(features.allSatisfy { (($0["properties"] as? [String: Any])?["seen_at"] as? String)?.hasPrefix(today) == true })
    let gpx = await runArtmap(["export", "--seen", "--format", "gpx"], home: home)
    #expect(gpx.out.components(separatedBy: "<time>\(today)").count - 1 == 2, "\(gpx.out)")
    #expect(await runArtmap(["export", "--seen", "--favourites", "--format", "csv"], home: home).status == 2)

    let removed = await runArtmap(["seen", "remove", a], home: home)
    #expect(removed.status == 0, "\(removed.err)")
    let left = try JSONDecoder().decode([SeenJSON].self, from: Data(await runArtmap(["seen", "list", "--json"], home: home).out.utf8))
    #expect(left.map(\.id) == [b])
    #expect(left.first?.how == "hand")
    #expect(await runArtmap(["seen", "remove", a], home: home).status == 1)
}

@Test func seenSurvivesAReimportThatReplacesTheArtworks() async throws {
    let home = try temporaryDirectory("seen-reimport")
    let file = home.appendingPathComponent("trail.csv")
    try "id,title,artist,latitude,longitude\nt1,Bench,Ann,53.4060,-2.9660\nt2,Wall,Bo,53.4070,-2.9670\n"
        .write(to: file, atomically: true, encoding: .utf8)
    #expect(await runArtmap(["import", file.path, "--collection", "trail"], home: home).status == 0)
    #expect(await runArtmap(["seen", "add", "t1", "--collection", "trail"], home: home).status == 0)
    try "id,title,artist,latitude,longitude\nt1,Bench renamed,Ann,53.4060,-2.9660\nt2,Wall,Bo,53.4070,-2.9670\n"
        .write(to: file, atomically: true, encoding: .utf8)
    let again = await runArtmap(["import", file.path, "--collection", "trail", "--replace"], home: home)
    #expect(again.status == 0, "\(again.err)")
    let seen = try JSONDecoder().decode([SeenJSON].self, from: Data(await runArtmap(["seen", "list", "--json"], home: home).out.utf8))
    #expect(seen.map(\.id) == ["t1"])
    #expect(seen.first?.title == "Bench renamed")
    #expect(await runArtmap(["refresh", "trail"], home: home).status == 0)
    #expect(try JSONDecoder().decode([SeenJSON].self, from: Data(await runArtmap(["seen", "list", "--json"], home: home).out.utf8)).count == 1)
}

@Test func walkUnseenLeavesTheSeenOut() async throws {
    let home = try temporaryDirectory("seen-unseen-walk")
    let start = "53.406566,-2.966531"
    struct Walk: Decodable { struct Stop: Decodable { let id: String }; let stops: [Stop] }
    let all = try JSONDecoder().decode(Walk.self, from: Data(await runArtmap(["walk", "--from", start, "--stops", "3", "--json"], home: home).out.utf8))
    try #require(all.stops.count == 3)
    for stop in all.stops.prefix(2) { #expect(await runArtmap(["seen", "add", stop.id], home: home).status == 0) }
    let unseen = await runArtmap(["walk", "--from", start, "--stops", "3", "--unseen", "--json"], home: home)
    #expect(unseen.status == 0, "\(unseen.err)")
    let walk = try JSONDecoder().decode(Walk.self, from: Data(unseen.out.utf8))
    #expect(walk.stops.count == 3)
    #expect(Set(walk.stops.map(\.id)).isDisjoint(with: all.stops.prefix(2).map(\.id)))
    #expect(walk.stops.map(\.id).contains(all.stops[2].id))
    let text = await runArtmap(["walk", "--from", start, "--stops", "3", "--unseen"], home: home)
    #expect(text.out.contains(": 3 unseen stops,"), "\(text.out)")
}
