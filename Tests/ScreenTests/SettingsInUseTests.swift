import Cells
@testable import App
import Catalog
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

/// The settings screen as the view started with `--overpass-url`: the value shown is the one this run uses, and
/// where a value comes from (an option, the default) stays said while it is typed over (issue 50, item 8).
@Test func theSettingsScreenShowsTheServiceURLThisRunUsesAndKeepsSayingDefaultWhileEditing() throws {
    var start = StartOptions(artworks: try ServiceRecordDecoder.decode(try seedArtworksData()).artworks)
    start.settings = [Setting.overpassURL: "https://saved.example/api/interpreter"]
    let overpass = try #require(Setting.named(Setting.overpassURL))
    start.settings.give(overpass, "http://127.0.0.1:8123/api/interpreter", byOption: "--overpass-url")
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    _ = reduce(&state, .key(.character(",")))
    var lines = MainView.render(state).lines
    let row = try #require(lines.first { $0.contains("Overpass API") }, "\(lines.joined(separator: "\n"))")
    #expect(row.contains("http://127.0.0.1:8123/api/interpreter  (--overpass-url, this run)"), "\(row)")
    #expect(!row.contains("saved.example"), "\(row)")
    // The first setting (the slideshow interval) is its default: typing over it keeps "(default)" in sight.
    _ = reduce(&state, .key(.enter))
    lines = MainView.render(state).lines
    let editing = try #require(lines.first { $0.contains("Slideshow interval") }, "\(lines.joined(separator: "\n"))")
    #expect(editing.contains("▏  (default)"), "\(editing)")
}

/// The OpenStreetMap token is typed blind: a dot for each character typed, never the text (the attack on issue 47).
@Test func theTokenIsTypedBlindOnTheSettingsScreen() throws {
    var state = try campusState()
    let index = try #require(Setting.all.firstIndex { $0.key == Setting.osmToken })
    _ = reduce(&state, .key(.character(",")))
    for _ in 0..<index { _ = reduce(&state, .key(.down)) }
    _ = reduce(&state, .key(.enter))
    for c in "typedsecret99" { _ = reduce(&state, .key(.character(c))) }
    let lines = MainView.render(state).lines
    let row = try #require(lines.first { $0.contains("▏") }, "\(lines.joined(separator: "\n"))")
    #expect(row.contains(String(repeating: "•", count: 13) + "▏"), "\(row)")
    #expect(!lines.joined().contains("typedsecret"), "\(lines.joined(separator: "\n"))")
}
