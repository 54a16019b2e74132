import Foundation
import Geo
import Testing
@testable import Catalog

@Test func everyFieldOfAnArtworkIsHeldToItsLimitWithANotePerCut() {
    let huge = String(repeating: "x", count: 1_000_000)
    let artwork = Artwork(id: "1", title: huge, artist: huge, year: huge, type: huge, information: huge,
                          coordinate: .ashtonBuilding, building: huge, locationNotes: huge, imageFileName: huge,
                          thumbnail: huge, lastModified: huge, collection: "c", webPage: huge)
    let (bounded, notes) = FieldLimits.bounded(artwork)
    #expect(bounded.title.count == FieldLimits.title)
    #expect(bounded.title.last == "…")
    #expect(bounded.artist.count == FieldLimits.artist)
    #expect(bounded.year.count == FieldLimits.year)
    #expect(bounded.type.count == FieldLimits.type)
    #expect(bounded.information.count == FieldLimits.information)
    #expect(bounded.building?.count == FieldLimits.building)
    #expect(bounded.locationNotes.count == FieldLimits.locationNotes)
    #expect(bounded.imageFileName.count == FieldLimits.url)
    #expect(bounded.webPage.count == FieldLimits.url)
    #expect(notes.count == 11)
    #expect(notes.contains("title cut to 300 characters (it had 1000000 bytes)"))
    // Fields within their limits are the same value, untouched.
    let small = Artwork(id: "2", title: "Night Watch", coordinate: .ashtonBuilding)
    #expect(FieldLimits.bounded(small).artwork == small)
    #expect(FieldLimits.bounded(small).notes.isEmpty)
}

@Test func oneGraphemeOfAMillionCombiningMarksDoesNotPassAsOneCharacter() throws {
    let text = "e" + String(repeating: "\u{301}", count: 1_000_000) + " rest"
    #expect(text.count == 6)
    let cut = try #require(FieldLimits.cut(text, to: FieldLimits.title))
    #expect(cut.utf8.count <= FieldLimits.title * 32 + 3)
    #expect(cut.last == "…")
    #expect(cut.unicodeScalars.first == "e")
    #expect(FieldLimits.cut(text, to: 1) == "…")
    #expect(FieldLimits.cut(text, to: 2)?.count == 2)
    // Text that fits by characters and bytes is kept.
    #expect(FieldLimits.cut("Café Nero", to: 9) == nil)
    #expect(FieldLimits.cut("Café Neros", to: 9) == "Café Ner…")
}

@Test func settingsRefuseControlCharactersNamingWhichAndWhere() throws {
    let news = try #require(Setting.named(Setting.newsURL))
    func message(_ setting: Setting, _ value: String) -> String? {
        if case .failure(let error) = setting.validate(value) { return error.message }
        return nil
    }
    #expect(message(news, "https://example.org/\u{1B}[31mred") == "the value has a control character (U+001B, ESC) at character 21; type it without")
    #expect(message(news, "https://example.org/a\r\nb")?.contains("U+000D, carriage return) at character 22") == true)
    #expect(message(news, "https://example.org/\u{202E}txt.exe")?.contains("U+202E, a bidi control) at character 21") == true)
    #expect(message(news, "https://example.org/\u{85}")?.contains("U+0085, a C1 control") == true)
    let long = "https://example.org/" + String(repeating: "a", count: 130_000)
    #expect(message(news, long) == "the value is 130020 characters long, more than the 2000 allowed")
    #expect(message(news, "https://example.org/news.txt") == nil)
}

@Test func numericSettingsTakeOnlyDecimalDigits() throws {
    let interval = try #require(Setting.named(Setting.slideshowInterval))
    let nearest = try #require(Setting.named(Setting.nearest))
    for text in ["0x10", "+5", "1e1", "nan", "inf", "-inf", "0b11", "1_0", "٣", " 5 5", ""] {
        guard case .failure(let error) = interval.validate(text) else {
            Issue.record("'\(text)' was accepted as an interval")
            continue
        }
        #expect(error.message.contains("not a decimal number"), "\(text): \(error.message)")
    }
    #expect(try interval.validate("12").get() == "12")
    #expect(try interval.validate("2.5").get() == "2.5")
    #expect(try nearest.validate("16").get() == "16")
    if case .success = nearest.validate("0x10") { Issue.record("0x10 accepted as 16") }
}

@Test func aSavedValueWithControlCharactersIsShownCleanedAndSaidToBeUnused() throws {
    let news = try #require(Setting.named(Setting.newsURL))
    let shown = news.shown("https://x.org/\u{1B}]0;pwned\u{07}\u{1B}[2J")
    #expect(!shown.text.unicodeScalars.contains { $0.value < 0x20 })
    #expect(shown.problem?.contains("U+001B, ESC") == true)
    #expect(news.shown("https://x.org/n").problem == nil)
}

@Test func typedNamesAreCheckedLikeSettings() {
    if case .success = FieldLimits.checkTyped("Rembrandt\u{1B}[2J", limit: FieldLimits.painter, what: "the painter's name") {
        Issue.record("an escape sequence was accepted in a painter's name")
    }
    if case .success = FieldLimits.checkTyped(String(repeating: "R", count: 201), limit: FieldLimits.painter, what: "the painter's name") {
        Issue.record("a 201-character name was accepted")
    }
    #expect((try? FieldLimits.checkTyped("Rembrandt van Rijn", limit: FieldLimits.painter, what: "name").get()) == "Rembrandt van Rijn")
}

@Test func aLargeArrayIsHandedOverElementByElementAndAnOversizedElementIsSkippedUnbuilt() throws {
    let big = String(repeating: "z", count: 5_000)
    let document = #"{"type":"FeatureCollection","features":[{"a":1},[true,false],"\#(big)",{"b":[1,2,{"c":null}]}],"name":"x"}"#
    var seen: [String] = []
    let top = try JSONValue.parseObject(Data(document.utf8), streaming: "features", maxElementBytes: 1_000) { index, element in
        switch element {
        case .success(let value): seen.append("\(index): \(value)")
        case .failure(let error): seen.append("\(index): \(error.message)")
        }
    }
    #expect(top.elements == 4)
    #expect(top.object["type"] == .string("FeatureCollection"))
    #expect(top.object["name"] == .string("x"))
    #expect(seen.count == 4)
    #expect(seen[1] == "1: array([Catalog.JSONValue.bool(true), Catalog.JSONValue.bool(false)])")
    #expect(seen[2] == "2: 5002 bytes, more than the 1000 one element may have")
    // A syntax error in a skipped element is still an error.
    #expect(throws: CatalogError.self) {
        try JSONValue.parseObject(Data(#"{"features":["\#(big)\#u{01}"]}"#.utf8), streaming: "features", maxElementBytes: 10) { _, _ in }
    }
    #expect(throws: CatalogError.self) {
        try JSONValue.parseObject(Data(#"{"features":[[1,2}]}"#.utf8), streaming: "features", maxElementBytes: 10) { _, _ in }
    }
    #expect(throws: CatalogError.self) {
        try JSONValue.parseObject(Data(#"[1]"#.utf8), streaming: "features", maxElementBytes: 10) { _, _ in }
    }
}
