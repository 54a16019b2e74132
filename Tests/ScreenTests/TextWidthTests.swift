import Cells
@testable import App
import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
@testable import Screen

@Test func anUnbrokenWordWrapsIntoFullLinesWithNothingLost() {
    let word = String((0..<200_000).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
    var measured = 0
    let lines = TextWidth.wrap(word, width: 37, measured: &measured)
    #expect(lines.count == (200_000 + 36) / 37)
    #expect(lines.dropLast().allSatisfy { $0.count == 37 })
    #expect(lines.last?.count == 200_000 % 37)
    #expect(lines.joined() == word)
    // Each character's width is looked up once: the work grows with the text, not with its square.
    #expect(measured == 200_000)
    // With words around it, the long word starts on its own line and the next word follows its last piece.
    #expect(TextWidth.wrap("ab " + String(repeating: "x", count: 10) + " cd ef", width: 4) == ["ab", "xxxx", "xxxx", "xx", "cd", "ef"])
    #expect(TextWidth.wrap("ab " + String(repeating: "x", count: 9) + " c", width: 4) == ["ab", "xxxx", "xxxx", "x c"])
}

@Test func wideCharactersInALongWordNeverOverflowALine() {
    let word = String(repeating: "漢", count: 1_001)
    var measured = 0
    let lines = TextWidth.wrap(word, width: 7, measured: &measured)
    #expect(lines.allSatisfy { TextWidth.of($0) <= 7 })
    #expect(lines.joined() == word)
    #expect(lines.count == 334)
    #expect(measured == 1_001)
}

@Test func truncatingAMillionCharacterTitleReadsOnlyWhatItKeeps() {
    let title = String(repeating: "é", count: 1_000_000)
    #expect(TextWidth.truncate(title, to: 10) == String(repeating: "é", count: 9) + "…")
    #expect(TextWidth.pad(title, to: 5) == "éééé…")
    #expect(TextWidth.truncate("short", to: 10) == "short")
    #expect(TextWidth.truncate("exactly10!", to: 10) == "exactly10!")
    #expect(TextWidth.truncate("eleven chrs", to: 10) == "eleven ch…")
}

@Test func aDetailOfAMillionCharacterTitleAndDescriptionRenders() throws {
    let huge = String(repeating: "Nachtwacht", count: 100_000)
    let artwork = Artwork(id: "big", title: huge, artist: "R", information: huge, coordinate: .ashtonBuilding, building: "Hall")
    var state = AppState(artworks: [artwork])
    _ = reduce(&state, .resize(TerminalSize(columns: 100, rows: 30)))
    state.replaceStack([DetailState(artwork: .campus("big"), scroll: 0)])
    state.pictures.fail(.campus("big"), .notCached)
    let lines = MainView.render(state).lines
    #expect(lines.count == 30)
    #expect(lines.contains { $0.contains("NachtwachtNachtwacht") })
    #expect(lines.allSatisfy { TextWidth.of($0) <= 100 })
}

/// Issue 23, item 1: the one place a message is fitted keeps the reason and cuts the subject in its middle.
@Test func messageFitCutsTheSubjectInTheMiddleAndKeepsTheReason() {
    let message = "sync failed: unknown host · check the network, then s tries again · https://cgi.csc.liv.ac.uk/~phil/Teaching/COMP327/artworks.json"
    let fitted = MessageFit.fit(message, to: 90)
    #expect(TextWidth.of(fitted) == 90)
    #expect(fitted.hasPrefix("sync failed: unknown host · check the network, then s tries again · https://"))
    #expect(fitted.hasSuffix(".json") && fitted.contains("…"), "\(fitted)")
    // Too narrow for the subject: it goes, the reason stays.
    let narrow = MessageFit.fit(message, to: 40)
    #expect(narrow.hasPrefix("sync failed: unknown host"), "\(narrow)")
    #expect(!narrow.contains("https"))
    // Messages without a subject are cut at the end, as before; short ones are left alone.
    #expect(MessageFit.fit("a short one", to: 40) == "a short one")
    #expect(MessageFit.middleCut("Victoria Gallery & Museum Quadrangle", to: 20) == "Victoria G…uadrangle")
}
