import Foundation
import Testing
import TestSupport
@testable import Catalog

@Test func decodesTheEmbeddedSeed() throws {
    let decoded = try ServiceRecordDecoder.decode(try seedArtworksData())
    #expect(decoded.artworks.count == 31)
    #expect(decoded.skipped.isEmpty)
    #expect(decoded.classKey == "artworks")
    let figures = try #require(decoded.artworks.first { $0.id == "46" })
    #expect(figures.title == "Figures")
    #expect(figures.building == "Ashton Building")
    #expect(figures.year == "1912-1914")
    #expect(figures.imageFileName == "Figures by Rhind.png")
    #expect(!figures.information.isEmpty)
}

@Test(arguments: ["artworks", "campus_artworks", "campusart"])
func acceptsEveryClassKey(key: String) throws {
    let body = #"{"\#(key)":[{"id":"1","title":"T","artist":"A","yearOfWork":"1964","Information":"i","lat":"53.4","long":"-2.9","locationNotes":"Here, there","fileName":"a b.jpg","lastModified":"2017-11-22 12:22:31"}]}"#
    let decoded = try ServiceRecordDecoder.decode(Data(body.utf8))
    #expect(decoded.classKey == key)
    #expect(decoded.artworks.map(\.id) == ["1"])
    #expect(decoded.artworks[0].building == nil)
    #expect(decoded.artworks[0].imageFileName == "a b.jpg")
}

@Test func acceptsTheLaterShapeAndNumbers() throws {
    let body = #"[{"id":7,"title":"T","artist":"A","yearOfWork":1964,"Information":"","lat":53.4,"long":-2.9,"locationNotes":"","ImagefileName":"x.png","thumbnail":"x_t.png","type":"Sculpture","lastModified":"2018-01-02 03:04:05","location":"Somewhere","enabled":0}]"#
    let decoded = try ServiceRecordDecoder.decode(Data(body.utf8))
    let a = try #require(decoded.artworks.first)
    #expect(a.id == "7")
    #expect(a.year == "1964")
    #expect(a.type == "Sculpture")
    #expect(a.imageFileName == "x.png")
    #expect(a.thumbnail == "x_t.png")
    #expect(a.enabled == false)
    #expect(a.building == "Somewhere")
}

@Test func skipsInvalidRecordsWithReasons() throws {
    let body = #"""
    {"artworks":[
      {"id":"","lat":"1","long":"1","lastModified":"2017-11-22 12:22:31"},
      {"id":"2","lat":"NaN","long":"1","lastModified":"2017-11-22 12:22:31"},
      {"id":"3","lat":"95","long":"1","lastModified":"2017-11-22 12:22:31"},
      {"id":"4","lat":"1","long":"1","lastModified":"yesterday"},
      {"id":"5","lat":"1","long":"1","lastModified":"2017-11-22 12:22:31"},
      {"id":"5","lat":"2","long":"2","lastModified":"2017-11-22 12:22:31"},
      "not an object"
    ]}
    """#
    let decoded = try ServiceRecordDecoder.decode(Data(body.utf8))
    #expect(decoded.artworks.map(\.id) == ["5"])
    #expect(decoded.skipped.map(\.index) == [0, 1, 2, 3, 5, 6])
    #expect(decoded.skipped[0].reason.contains("id"))
    #expect(decoded.skipped[1].reason.contains("finite") || decoded.skipped[1].reason.contains("lat"))
    #expect(decoded.skipped[2].reason.contains("latitude"))
    #expect(decoded.skipped[3].reason.contains("lastModified"))
    #expect(decoded.skipped[4].reason == "duplicate id")
}

@Test(arguments: ["<html><body>500</body></html>", "{\"artworks\":[{\"id\":", "{\"error\":\"nope\"}", "42", ""])
func refusesBodiesWithoutRecords(body: String) {
    #expect(throws: CatalogError.self) { try ServiceRecordDecoder.decode(Data(body.utf8)) }
}

@Test func htmlPageIsNamedAsSuch() {
    do {
        _ = try ServiceRecordDecoder.decode(Data("<!DOCTYPE html><p>Error</p>".utf8))
        Issue.record("expected an error")
    } catch {
        #expect("\(error)".contains("HTML"))
    }
}

@Test func timestamps() {
    #expect(ServiceRecordDecoder.isValidTimestamp("2017-11-22 12:22:31"))
    #expect(ServiceRecordDecoder.isValidTimestamp("2017-11-22"))
    #expect(!ServiceRecordDecoder.isValidTimestamp("2017-13-22 12:22:31"))
    #expect(!ServiceRecordDecoder.isValidTimestamp("2017-11-22 25:22:31"))
    #expect(!ServiceRecordDecoder.isValidTimestamp(""))
}

@Test func displayTextRemovesControlsAndBidi() {
    // Escape sequences go whole, not just their ESC: no "[31m" or window title left behind.
    #expect(DisplayText.clean("a\u{1B}]0;pwned\u{07}b") == "ab")
    #expect(DisplayText.clean("a\u{1B}]8;;https://x.example\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
    #expect(DisplayText.clean("x\u{1B}[2Jy") == "xy")
    #expect(DisplayText.clean("\u{1B}[1;31mRed\u{1B}[0m title") == "Red title")
    #expect(DisplayText.clean("\u{1B}Mkeep") == "keep")
    #expect(DisplayText.clean("left\u{202E}right\u{200B}") == "leftright")
    #expect(DisplayText.clean("one\ttwo\n\nthree") == "one two three")
    #expect(DisplayText.clean("café 🎨") == "café 🎨")
    #expect(DisplayText.clean("\u{9B}31mred") == "red")
}

/// Issue 35, item 9: an OSC begun by the C1 introducer (U+009D) ends at ST (U+009C), BEL or ESC \\ like the
/// ESC ] form; one never ended, or longer than `longestOSC`, loses only its introducer: the rest of the field
/// is kept as text (it was all dropped).
@Test func displayTextEndsC1StringsAtTheirTerminatorOrABoundedLength() {
    #expect(DisplayText.clean("a\u{9D}0;title\u{9C}b") == "ab")
    #expect(DisplayText.clean("a\u{9D}8;;http://x\u{07}link\u{9D}8;;\u{9C} after") == "alink after")
    #expect(DisplayText.clean("a\u{1B}]0;title\u{9C}b") == "ab")
    #expect(DisplayText.clean("a\u{9D}0;t\u{1B}\\b") == "ab")
    #expect(DisplayText.clean("Title\u{9D} and the rest of the field") == "Title and the rest of the field")
    #expect(DisplayText.clean("Title\u{1B}] and the rest") == "Title and the rest")
    let long = String(repeating: "x", count: DisplayText.longestOSC + 10)
    #expect(DisplayText.clean("a\u{9D}\(long)\u{9C}b") == "a\(long)b")
    let fits = String(repeating: "y", count: DisplayText.longestOSC - 10)
    #expect(DisplayText.clean("a\u{9D}\(fits)\u{07}b") == "ab")
    // What is kept is still cleaned: no control reaches the terminal.
    #expect(DisplayText.clean("a\u{9D}\u{1B}[31mred\u{85}x") == "ared x")
}
