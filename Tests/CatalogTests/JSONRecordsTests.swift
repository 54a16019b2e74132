import Foundation
import Testing
@testable import Catalog

// A sync decodes records as JSONValue.parseRecords reads them; the document must be judged exactly as
// JSONValue.parse judges it, and the records that count are those parse would have kept.

private let record = #"{"id":"7","title":"T","lat":"53.4","long":"-2.9","lastModified":"2020-01-01 00:00:00"}"#

private func parseError(_ body: String) -> String? {
    do {
        _ = try JSONValue.parse(Data(body.utf8))
        return nil
    } catch {
        return "\(error)"
    }
}

private func streamingError(_ body: String) -> String? {
    do {
        _ = try JSONValue.parseRecords(Data(body.utf8), under: ["artworks"]) { _, _, _ in }
        return nil
    } catch {
        return "\(error)"
    }
}

@Test(arguments: [
    #"{"artworks":[\#(record),]}"#, #"{"artworks":[\#(record)] "x":1}"#, #"{"artworks":[{"id":"\u12"}]}"#,
    #"{"other":[1,2,,3],"artworks":[]}"#, "[\(record),{\"id\":\"a\u{01}\"}]", #"{"artworks":[\#(record)]} 1"#,
    #"{"artworks":[[[[]]]],"x":tru}"#, "", "  ", #""bare"#, #"{"artworks":[\#(record)],"artworks":[01]}"#,
    String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    #"{"artworks":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
])
func theStreamingParserRefusesWhatTheWholeParserRefusesAtTheSameByte(body: String) {
    let expected = parseError(body)
    #expect(expected != nil, "the case is malformed")
    #expect(streamingError(body) == expected)
}

@Test func theLastOfARepeatedKeyIsTheOneDecoded() throws {
    let emptied = try ServiceRecordDecoder.decode(Data(#"{"artworks":[\#(record)],"artworks":[]}"#.utf8))
    #expect(emptied.artworks.isEmpty)
    let refilled = try ServiceRecordDecoder.decode(Data(#"{"artworks":[],"artworks":[\#(record)]}"#.utf8))
    #expect(refilled.artworks.map(\.id) == ["7"])
    #expect(throws: CatalogError.self) {
        try ServiceRecordDecoder.decode(Data(#"{"artworks":[\#(record)],"artworks":"none"}"#.utf8))
    }
}

@Test func theURLsClassIsPreferredWhereverItStandsAndOtherKeysAreNeverRecords() throws {
    let body = #"{"artworks":[\#(record)],"campusart":[{"id":"8","title":"U","lat":"53.4","long":"-2.9","lastModified":"2020-01-01"}],"errors":[\#(record)]}"#
    #expect(try ServiceRecordDecoder.decode(Data(body.utf8)).artworks.map(\.id) == ["7"])
    let chosen = try ServiceRecordDecoder.decode(Data(body.utf8), expectedClass: "campusart")
    #expect(chosen.artworks.map(\.id) == ["8"])
    #expect(chosen.classKey == "campusart")
    #expect(throws: CatalogError.self) { try ServiceRecordDecoder.decode(Data(#"{"errors":[\#(record)]}"#.utf8)) }
}
