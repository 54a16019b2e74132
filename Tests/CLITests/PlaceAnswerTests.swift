import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// A stand-in Nominatim answering every search with `places` (as JSON), whatever was asked.
private func nominatim(answering places: [[String: Any]]) throws -> TestServer {
    let folder = try temporaryDirectory("place-answers")
    let body = folder.appendingPathComponent("answer.json")
    try JSONSerialization.data(withJSONObject: places).write(to: body)
    return try TestServer(answering: body)
}

/// Issue 35, item 7: `--limit` holds whatever the source sends (a Nominatim answering 20,000 places had all of
/// them printed).
@Test func placeKeepsToItsLimitWhateverNominatimSends() async throws {
    let server = try nominatim(answering: (0..<20_000).map { i in
        ["name": "Place \(i)", "display_name": "Place \(i), Nowhere", "lat": String(format: "52.%06d", i), "lon": "4.5",
         "category": "place", "type": "hamlet"]
    })
    let home = try temporaryDirectory("place-answers")
    let options = ["--nominatim-url", "\(server.base)/nominatim"]
    let json = await runArtmap(["place", "anything", "--limit", "50", "--json"] + options, home: home)
    #expect(json.status == 0, "\(json.err)")
    let places = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(places.count == 50)
    #expect(places.last?["name"] as? String == "Place 49")
    let text = await runArtmap(["place", "anything", "--limit", "3"] + options, home: home)
    #expect(text.status == 0, "\(text.err)")
    #expect(text.out.split(separator: "\n").count == 4, "three places and the credit line: \(text.out)")
    #expect(try server.requestLog().count == 2)
}

/// Issue 35, item 9: coordinates that are not decimal numbers ("0x1p3", `true`, "1e1", "+4.5", "nan") make a
/// place unusable, not a point at 8° or 1°; an OSC begun by U+009D in a name ends at its ST, keeping the rest.
@Test func placeReadsOnlyDecimalCoordinatesFromNominatim() async throws {
    let bad: [(Any, Any)] = [("0x1p3", "4.5"), ("52.1", true), ("1e1", "4.5"), ("52.1", "+4.5"), (" 52.1", "4.5"), ("nan", "4.5"), (true, false),
                             ("52.1", NSNull())]
    var answer: [[String: Any]] = bad.enumerated().map { i, pair in
        ["name": "Bad \(i)", "display_name": "Bad \(i)", "lat": pair.0, "lon": pair.1, "category": "place", "type": "bad"]
    }
    answer.append(["name": "Good \u{9D}8;;http://x\u{9C}link text", "display_name": "Good", "lat": "52.25", "lon": -4.5,
                   "category": "place", "type": "good"])
    let server = try nominatim(answering: answer)
    let home = try temporaryDirectory("place-answers")
    let found = await runArtmap(["place", "anything", "--json", "--nominatim-url", "\(server.base)/nominatim"], home: home)
    #expect(found.status == 0, "\(found.err)")
    #expect(found.out == "[{\"name\":\"Good link text\",\"display_name\":\"Good\",\"lat\":52.25,\"lon\":-4.5,\"category\":\"place\",\"type\":\"good\"}]\n")
}
