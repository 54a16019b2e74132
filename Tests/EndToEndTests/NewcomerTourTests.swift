import Foundation
import Testing
import TestSupport

// Issue 23, "A newcomer's tour": what only a real terminal shows (Home and End as tmux sends them, ASCII in the bytes
// the terminal is sent). The tour's other items run in process: RuntimeTests/Sessions/NewcomerTourViewTests.swift.

/// The command line that starts artmap under `term` (artmapCommandLine's, with its TERM replaced).
func artmapCommandLine(home: URL, arguments: [String], term: String) -> String {
    artmapCommandLine(home: home, arguments: arguments).replacingOccurrences(of: "TERM=xterm-256color", with: "TERM=\(term)")
}

/// Whether a building's list or an artwork's detail is open (pop-ups clear the screen behind them).
func popUpOpen(_ lines: [String]) -> Bool {
    lines.contains { $0.contains("┌ Artwork ") || $0.contains(" artworks · ") || $0.contains(" artwork · ") }
}

/// The last non-empty line: the status line.
func statusLine(_ lines: [String]) -> String { lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "" }

/// Item 3: inside tmux, Home and End arrive as `Esc [1~` and `Esc [4~` whatever TERM says; they must not be
/// read as Esc (leave the screen) and `[` (halve the radius), and must move to the first and last row.
@Test(arguments: ["xterm-256color", "tmux-256color", "screen-256color"])
func homeAndEndInTmuxMoveAndLeaveNothingElse(term: String) throws {
    let home = try temporaryDirectory("tour-keys")
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"], term: term))
    try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }

    // End on the help screen does nothing: the next ? closes the help (End did not close it and ? reopen it).
    try tmux.send("?")
    try tmux.waitFor { boxTop($0, "Keys") != nil }
    try tmux.send("End", "Home", "DC", "IC", "?")
    var screen = try tmux.waitFor { boxTop($0, "Keys") == nil }
    #expect(!statusLine(screen).contains("within"), "no radius was set: \(statusLine(screen))")

    // In the table, End opens the last row (as G does) and Home the first.
    let table = try tmux.screen()
    try tmux.send("Tab", "G", "Enter")
    let opened = try tmux.waitFor { $0.dropLast(2) != table.dropLast(2) }.dropLast(2)
    try tmux.send("Escape")
    try tmux.waitFor { $0.dropLast(2) != opened }
    try tmux.send("Home", "Enter")
    screen = try tmux.waitFor { popUpOpen($0) }
    #expect(screen.dropLast(2) != opened, "Home went to the first row")
    try tmux.send("Escape")
    try tmux.waitFor { !popUpOpen($0) }
    try tmux.send("End", "Enter")
    try tmux.waitFor { $0.dropLast(2) == opened }
    try tmux.send("Escape", "q")
    try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-0") } }
}

/// Item 12: with --ascii every character on screen is ASCII: the table, the status line, the title bar
/// (with favourites and the news badge), a detail and the help.
@Test func asciiMeansASCIIEverywhere() throws {
    let home = try temporaryDirectory("tour-ascii")
    #expect(try runArtmapBinary(["favourites", "add", "40"], home: home).status == 0)
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--ascii"]))
    func nonASCII(_ lines: [String]) -> String {
        String(lines.joined().unicodeScalars.filter { $0.value > 0x7E }.map(Character.init))
    }
    var screen = try tmux.waitFor { $0.contains { $0.contains("31 artworks in 13 buildings") } }
    #expect(nonASCII(screen).isEmpty, "main screen: \(nonASCII(screen))")
    try tmux.send("Tab", "Down", "Enter")
    screen = try tmux.waitFor { $0.contains { $0.contains("Building: ") } }
    #expect(nonASCII(screen).isEmpty, "detail: \(nonASCII(screen))")
    try tmux.send("Escape", "?")
    screen = try tmux.waitFor { $0.contains { $0.contains("+ Keys") } }
    #expect(nonASCII(screen).isEmpty, "help: \(nonASCII(screen))")
    try tmux.send("Escape", "q")
    try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-0") } }
}

