import Cells
@testable import App
import Catalog
import Foundation
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

// Issue 50: the help's rows aligned at every width, a key legend on the main screen that shortens with the width and
// never disappears, and the focused pane's title saying so in words.

@Test(arguments: [40, 60, 80, 120, 200])
func theHelpsDescriptionsStartInOneColumnAtEveryWidth(columns: Int) throws {
    let width = min(84, columns - 2) - 4
    let entries = HelpPage.entries(for: .map)
    let lines = HelpView.lines(entries, width: width).map(\.text)
    var starts = Set<Int>()
    for case .key(let keys, let text) in entries {
        let firstWord = String(text.prefix { $0 != " " })
        let line = try #require(lines.first { $0.hasPrefix("  " + keys + " ") && $0.dropFirst(2 + keys.count).trimmingCharacters(in: .whitespaces).hasPrefix(firstWord) },
                                "no line for \(keys) at \(columns)")
        #expect(TextWidth.of(line) <= width, "wider than the box at \(columns): \(line)")
        let rest = line.dropFirst(2 + keys.count)
        starts.insert(2 + TextWidth.of(keys) + rest.prefix { $0 == " " }.count)
    }
    // Wrapped lines go on under the descriptions.
    for line in lines where line.hasPrefix("    ") { starts.insert(line.prefix { $0 == " " }.count) }
    #expect(starts.count == 1, "descriptions start at columns \(starts.sorted()) at \(columns) columns")
}

@Test(arguments: [40, 60, 80, 120, 200])
func theTitleNamesKeysAtEveryWidth(columns: Int) throws {
    var state = try campusState(columns: columns, rows: 24)
    let title = MainView.render(state).lines[0]
    #expect(title.hasSuffix("? help · q quit "), "\(columns) columns: \(title)")
    if columns >= 80 { #expect(title.contains("/ search") && title.contains("w walk"), "\(title)") }
    if columns >= 200 { #expect(title.contains("@ place") && title.contains("f heart") && title.contains("Tab focus"), "\(title)") }
    // Over another screen: how to go back.
    _ = reduce(&state, .key(.character("?")))
    #expect(MainView.render(state).lines[0].hasSuffix("Esc back · ? help "), "\(MainView.render(state).lines[0])")
}

@Test func theFocusedPanesTitleSaysSoInWords() throws {
    var state = try campusState(columns: 120, rows: 40)
    var lines = MainView.render(state).lines
    #expect(lines[1].hasPrefix("┌ arrows ▸ Map · "), "\(lines[1])")
    #expect(!lines[1].contains("┌ arrows ▸ 31 artworks"))
    _ = reduce(&state, .key(.tab))
    lines = MainView.render(state).lines
    #expect(lines[1].hasPrefix("┌ Map · ") && lines[1].contains("┌ arrows ▸ 31 artworks in 13 buildings"), "\(lines[1])")
    // With --no-color the words are all there is: the same text, whatever the colours.
    state.ascii = true
    #expect(MainView.render(state).lines[1].contains("+ arrows > 31 artworks"), "\(MainView.render(state).lines[1])")
}

@Test(arguments: [40, 60, 80, 120])
func theHelpWrapsItsDescriptionsRatherThanCuttingThem(columns: Int) throws {
    var state = try campusState(columns: columns, rows: 24)
    _ = reduce(&state, .key(.character("?")))
    for _ in 0..<15 {
        let lines = MainView.render(state).lines
        #expect(!lines.contains { $0.contains("… │") }, "a description cut at \(columns) columns:\n\(lines.joined(separator: "\n"))")
        _ = reduce(&state, .key(.pageDown))
    }
}

@Test func anEmptyTableWhileTheArtIsFetchedSaysSo() throws {
    var state = AppState(artworks: [], online: true)
    _ = reduce(&state, .resize(TerminalSize(columns: 100, rows: 30)))
    #expect(MainView.render(state).lines.contains { $0.contains("no artworks here") })
    state.nearMe.fetching = state.main.reference
    let lines = MainView.render(state).lines
    #expect(lines.contains { $0.contains("fetching the art around here…") } && !lines.contains { $0.contains("no artworks here") },
            "\(lines.joined(separator: "\n"))")
}
