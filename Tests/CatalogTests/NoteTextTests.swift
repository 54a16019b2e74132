import Testing
@testable import Catalog

@Test func aNoteCarriesTheWordsTheElementItsPageAndTheTag() throws {
    let note = try #require(NoteText(words: "  The artist is\tTove\u{1B}[31m Jansson\u{202E} ", element: "node/123"))
    #expect(note.text == "The artist is Tove [31m Jansson\n\nnode/123 https://www.openstreetmap.org/node/123\n#artmap")
}

@Test func noWordsNoNoteAndOnlyElementsAreNoted() {
    #expect(NoteText(words: " \n\t\u{7}", element: "node/1") == nil)
    #expect(NoteText(words: "hi", element: "12") == nil)
    #expect(NoteText(words: "hi", element: "node/0") == nil)
    #expect(NoteText(words: "hi", element: "way/x") == nil)
    #expect(NoteText(words: "hi", element: "relation/9")?.element == "relation/9")
}

@Test func aLongNoteIsCutToTheAPIsTwoThousandCharacters() throws {
    let long = String(repeating: "ä", count: 2500)
    #expect(NoteText.isOverLimit(long, element: "node/5"))
    let note = try #require(NoteText(words: long, element: "node/5"))
    #expect(note.text.count == NoteText.apiLimit)
    #expect(note.words.hasSuffix("…"))
    #expect(note.text.hasSuffix("node/5 https://www.openstreetmap.org/node/5\n#artmap"))
}

@Test func anOpenNoteNamesAnElementOnlyAsAWholeNumber() {
    #expect(NoteText.names("missing artist https://www.openstreetmap.org/node/123", element: "node/123"))
    #expect(NoteText.names("see node/123.", element: "node/123"))
    #expect(!NoteText.names("see node/1234", element: "node/123"))
    #expect(!NoteText.names("see subnode/123", element: "node/123"))
    #expect(!NoteText.names("see way/123", element: "node/123"))
}

@Test func anEmojiKeepsItsJoinerWhileInvisibleControlsGo() throws {
    let note = try #require(NoteText(words: "👩\u{200D}🎨 painted\u{200B}it", element: "node/1"))
    #expect(note.words == "👩\u{200D}🎨 painted it")
}

/// The API counts code points, not the characters a person sees: a thumbs-up with a skin tone is two, and the cut
/// never splits one; noncharacters (U+FFFE, U+FFFF), which the API refuses, are removed.
@Test func theLimitCountsCodePointsAsTheAPIDoesAndNoncharactersGo() throws {
    let thumbs = String(repeating: "👍🏽", count: 1000)
    let note = try #require(NoteText(words: "Great mural " + thumbs, element: "node/5370321933"))
    #expect(NoteText.length(note.text) <= NoteText.apiLimit, "\(NoteText.length(note.text))")
    #expect(note.words.hasSuffix("👍🏽…"), "cut between two thumbs: \(note.words.suffix(4))")
    #expect(NoteText.isOverLimit("Great mural " + thumbs, element: "node/5370321933"))
    let accents = String(repeating: "e\u{301}", count: 1932)
    #expect(NoteText.length(try #require(NoteText(words: accents, element: "node/1")).text) <= NoteText.apiLimit)
    #expect(NoteText.cleaned("non \u{FFFF} char \u{FFFE}") == "non char")
}
