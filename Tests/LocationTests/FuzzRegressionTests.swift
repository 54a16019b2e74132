import Foundation
import Testing
@testable import Location

/// Inputs the fuzzer (Fuzz/run.sh) found crashing, kept so they never crash again.
let locationFuzzCrashes = [
    // FoundationXML crashed on a processing instruction without data (<?xhsi?>): strlen(NULL).
    "PD94aHNpPz4KOyLnq7w8Z3B0aW1laWJtMTAtMTEtMjlUMWRpbmc9IlVURi04Ij8+Cjsi56u8PGc=",
    // FoundationXML trapped on malformed UTF-8 in an element name.
    "PD94bWwgdmVyc2lvbj0iMi4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPGdweCB2ZXJzaW9uPSIxLjEiIGNyZWF0b3I9ImFydG1hcCIgeG1sbnM9Imh0dHA6Ly93d3cudG9wb2dyYWZpeC5jb20vR1BYLzEvMSI+eyJjbGFzcyI6IlRQViIsIm1vZGUiOjMsImxhdCI6NTMuNCwibG9uIjotMi45LCJlcGgiOjV9Cj0iNTMuNDA2NTY2IiBsb249Ii0yLjk2NjUzMSI+PHRpbWXCxzAyNi0xAAAAAAAAABQwMDowMFo8L3RpbWU+PC90cmtwdD4KICAgIDx0cmtwdCBsYXQ9IjUzLjQwNjIyOCIgbG9uPSItMi45NjYxNiI+PHRpbWU+MjAyNi0xMS0yOVQxMDowMDoyMFo8L3RpbWU+PC90cmtwdD4KICAgIDx0cmtwdCBsAAAAAAAAABQwNTM4MyIgbG9uPSItMi45NjU0MjMiPjx0aW1lPjIwMjExLS02MjlUMTA6MDA6NDBaPC90aW1lPjwvdHJrcHQ+CiAgICA8dHJrcHQgbGF0PSI1My40MDQzIiBsb249Ii0yLjk2NTYiPjx0aW1lPjIwMjYtMTEtMjlUMTA6MDE6MDBaPC90aW1lPjwvdHJrcHQ+CiAgICA8dHJrcHQgbGF0PSI1My40MDMyMTkiIGxvbj0iLTIuOTY1ODI5Ij48dGltZT4yMDI2LdUxLTI5VDEwOjAxOjIwWjwvdGltZT48L3Rya3B0PgogICAgPHRya3B0IGxhdD0iNTMuNDA0NSIgbG9uPSItMi45NjQiPjx0aW1lPjIwMjYtMTEtMjlUMTA6MDE6NDBaPC90aW1lPjwvdHJrcHQ+CiAgICA8dHJrcHQgbGF0PSI1My40MDU5NDQiIGxvbj0iLTIuOTYyMzciPjx0aW1lPjIwMjYtMTEtMjlUMTA6MDI6MDBaPC90aW1lPjwvdHJrcHQ+CiAgPC90ciI6LTIuOSwiZXBoCjwvZ3B4Pgo=",
]

@Test func inputsTheFuzzerFoundNoLongerCrash() throws {
    for encoded in locationFuzzCrashes {
        let bytes = try #require(Data(base64Encoded: encoded))
        if let points = try? GPXTrack.parse(bytes, fileName: "fuzz.gpx", maxPoints: 10_000) {
            for _ in GPXReplay(points: points).fixes.prefix(100) {}
        }
        for line in bytes.split(separator: 10).prefix(64) {
            _ = GpsdClient.event(fromReport: Data(line), maxError: 50)
        }
        _ = GPXTime.parse(String(decoding: bytes.prefix(64), as: UTF8.self))
    }
}

@Test func malformedUTF8IsFoundAcrossChunksAndRefusedBeforeParsing() throws {
    var validator = UTF8Validator()
    let text = Array("café ☕ 𝄞".utf8)
    for byte in text { #expect(validator.feed([byte]) == nil) }
    #expect(validator.finish() == nil)
    for (bad, at) in [([0x61, 0xC2, 0xC7], 1), ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0), ([0xF5, 0x80, 0x80, 0x80], 0), ([0x41, 0xC0, 0x80], 1)] {
        #expect(UTF8Validator.firstMalformedByte(in: Data(bad.map { UInt8($0) })) == at, "\(bad)")
    }
    #expect(UTF8Validator.firstMalformedByte(in: Data([0x41, 0xE2, 0x98])) == 1, "an unfinished sequence at the end")
    do {
        _ = try GPXTrack.parse(Data([0x3C, 0x67, 0x70, 0x78, 0xC2, 0xC7, 0x3E]), fileName: "bad.gpx")
        Issue.record("malformed UTF-8 was parsed")
    } catch let error as LocationError {
        #expect(error.description == "bad.gpx: not a readable GPX file (malformed UTF-8 at byte 4)")
    }
}
