import Foundation
import Testing
import TestSupport

/// Where a box titled `title` starts: (line, column), if it is on screen.
func boxTop(_ lines: [String], _ title: String) -> (line: Int, column: Int)? {
    for (i, line) in lines.enumerated() {
        // The focused pane's title starts "arrows ▸ " (issue 50).
        if let range = line.range(of: "┌ " + title) ?? line.range(of: "┌ arrows ▸ " + title) {
            return (i, line.distance(from: line.startIndex, to: range.lowerBound))
        }
    }
    return nil
}

@Test func navigateResizeSyncAndQuitAsAPersonWould() throws {
    let server = try TestServer()
    let home = try temporaryDirectory("e2e")
    // Remember a loopback source so `s` never reaches beyond this machine.
    let first = try runArtmapBinary(["sync", "--no-images", "--source", server.serviceURL("ok")], home: home)
    #expect(first.status == 0, "\(first.output)")
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try keepOnLoopback(home: home)  // s is the point: --offline would turn it off
    try tmux.type(artmapCommandLine(home: home, arguments: []))
    var screen = try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    let map = try #require(boxTop(screen, "Map"), "\(screen.joined(separator: "\n"))")
    let table = try #require(boxTop(screen, "31 artworks in 13 buildings"))
    #expect(map.line == table.line && table.column > map.column, "side by side at 160×45")

    // Table: down to the Electrical Engineering Building and open it.
    try tmux.send("Tab")
    for _ in 0..<17 { try tmux.send("Down") }
    try tmux.send("Enter")
    screen = try tmux.waitFor { $0.contains { $0.contains("9 artworks · 58 m SE") } }
    #expect(boxTop(screen, "Electrical Engineering Building") != nil, "\(screen.joined(separator: "\n"))")
    try tmux.send("Down", "Enter")
    screen = try tmux.waitFor { $0.contains { $0.contains("Christopher Darton Watkins, 1964") } }
    #expect(boxTop(screen, "Artwork") != nil)
    #expect(screen.contains { $0.contains("Building: Electrical Engineering Building") })
    try tmux.send("Escape")
    screen = try tmux.waitFor { boxTop($0, "Artwork") == nil }
    #expect(boxTop(screen, "Electrical Engineering Building") != nil, "Esc goes back one level")
    try tmux.send("Escape")
    screen = try tmux.waitFor { boxTop($0, "Electrical Engineering Building") == nil }

    // Map: the cursor followed the table to the marker; move off it and back, then open it from the map.
    try tmux.send("Tab", "Left")
    screen = try tmux.waitFor { !$0.contains { $0.contains("Electrical Engineering Building ·") } }
    #expect(!screen.contains { $0.contains("Electrical Engineering Building ·") }, "the label follows the cursor off the marker")
    try tmux.send("Right")
    screen = try tmux.waitFor { $0.contains { $0.contains("Electrical Engineering Building ·") } }
    try tmux.send("Enter")
    screen = try tmux.waitFor { $0.contains { $0.contains("9 artworks · 58 m SE") } }
    #expect(screen.contains { $0.contains("9 artworks · 58 m SE") })
    try tmux.send("q")
    screen = try tmux.waitFor { !$0.contains { $0.contains("9 artworks · 58 m SE") } }

    // Resize to portrait: the table moves below the map, live.
    try tmux.resize(columns: 80, rows: 60)
    screen = try tmux.waitFor { ($0.firstIndex { $0.hasPrefix("┌ 31 artworks") } ?? 0) > 5 }
    let stackedTable = try #require(boxTop(screen, "31 artworks in 13 buildings"), "\(screen.joined(separator: "\n"))")
    #expect(stackedTable.column == 0 && stackedTable.line > (boxTop(screen, "Map")?.line ?? 99))
    try tmux.resize(columns: 160, rows: 45)
    screen = try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings")?.line == 1 }
    #expect(boxTop(screen, "31 artworks in 13 buildings")?.line == 1)

    // s: a sync against the loopback server, without blocking the screen.
    try tmux.send("s")
    screen = try tmux.waitFor { $0.contains { $0.contains("up to date: the service sent 1 artwork, none new or changed") } }
    #expect(screen.last { !$0.isEmpty }?.contains("up to date") == true, "\(screen.joined(separator: "\n"))")
    #expect(try server.requestLog().filter { $0.contains("data.php") }.count == 2)

    // q quits and gives the terminal back to the shell.
    try tmux.send("q")
    screen = try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-0") } }
    #expect(screen.contains { $0.hasPrefix("EXITED-0") })
    #expect(boxTop(screen, "Map") == nil, "the alternate screen is gone")
}

@Test func aResizeStormDoesNoHarm() throws {
    let home = try temporaryDirectory("storm")
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    var rng = SeededGenerator()
    try reportingSeed(of: rng) {
        for batch in 0..<10 {
            var arguments: [String] = []
            for i in 0..<50 {
                if i > 0 { arguments.append(";") }
                arguments += ["resize-window", "-t", "main", "-x", "\(Int.random(in: 1...300, using: &rng))",
                              "-y", "\(Int.random(in: 1...100, using: &rng))"]
            }
            try tmux.tmux(arguments)
            if batch % 3 == 0 { try tmux.send("Right", "Down", "-", "Tab") }
            usleep(20_000)
        }
        try tmux.resize(columns: 120, rows: 40)
        let screen = try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings")?.line == 1 }
        #expect(boxTop(screen, "31 artworks in 13 buildings")?.line == 1, "\(rng.replay)\n\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.hasPrefix("EXITED") }, "artmap is still running (\(rng.replay))")
        try tmux.resize(columns: 30, rows: 8)
        let small = try tmux.waitFor { $0.contains { $0.contains("terminal too small") } }
        #expect(small.contains { $0.contains("terminal too small (needs 40") }, "\(rng.replay)")
        try tmux.send("q")
        #expect(try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-0") } }.contains { $0.hasPrefix("EXITED-0") }, "\(rng.replay)")
    }
}

@Test func hostileTitlesHaveNoEscapeEffect() throws {
    let server = try TestServer()
    let home = try temporaryDirectory("hostile")
    #expect(try runArtmapBinary(["sync", "--full", "--no-images", "--source", server.serviceURL("hostile")], home: home).status == 0)
    let tmux = try TmuxSession(columns: 160, rows: 45)
    let titleBefore = try tmux.paneValue("#{pane_title}")
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    let screen = try tmux.waitFor { $0.contains { $0.contains("evil") } }
    // The escape sequences are dropped whole: no title text, no "[2J", and the screen was not cleared.
    #expect(!screen.joined().contains("pwned") && !screen.joined().contains("[2J"), "\(screen.joined(separator: "\n"))")
    #expect(try tmux.paneValue("#{pane_title}") == titleBefore, "the window title was not changed")
    #expect(boxTop(screen, "Map") != nil, "the screen was not cleared: \(screen.joined(separator: "\n"))")
    // The right border of the table is still in the last column on every body row.
    for line in screen[2..<43] { #expect(line.hasSuffix("│") || line.hasSuffix("▼") || line.hasSuffix("▲"), "misaligned: \(line)") }
    try tmux.send("q")
}

@Test func anUnknownTermIsAClearError() throws {
    let home = try temporaryDirectory("term")
    let tmux = try TmuxSession(columns: 100, rows: 30)
    try tmux.type("env HOME='\(home.path)' TERM=no-such-terminal '\(builtArtmap().path)' --offline; echo EXITED-$?")
    let screen = try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-") } }
    #expect(screen.contains { $0.contains("cannot use the terminal type 'no-such-terminal'") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.hasPrefix("EXITED-1") })
}

@Test func gpsdGoingAwayLeavesTheAppRunningAndFixesResume() throws {
    let home = try temporaryDirectory("gpsd-e2e")
    let script = home.appendingPathComponent("script.json")
    try JSONSerialization.data(withJSONObject: [
        [#"{"class":"TPV","mode":1}"#, "sleep:1", #"{"class":"TPV","mode":3,"lat":53.406566,"lon":-2.966531,"eph":8}"#, "sleep:2"],
        4,
        [#"{"class":"TPV","mode":3,"lat":53.403219,"lon":-2.965829,"eph":5}"#, "sleep:20"],
    ] as [Any]).write(to: script)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", repositoryRoot.appendingPathComponent("Tests/Support/fake_gpsd.py").path, script.path]
    let output = Pipe()
    server.standardOutput = output
    try server.run()
    defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
    var line = Data()
    while !line.contains(10) { let chunk = output.fileHandleForReading.availableData; if chunk.isEmpty { break }; line.append(chunk) }
    let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(5)
    let tmux = try TmuxSession(columns: 200, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--gpsd", "127.0.0.1:\(port)"]))
    func status(_ lines: [String]) -> String { lines.last { !$0.isEmpty } ?? "" }
    var screen = try tmux.waitFor { status($0).contains("gpsd: fix ±8 m") }
    #expect(status(screen).contains("gpsd: fix ±8 m"), "\(status(screen))")
    screen = try tmux.waitFor { status($0).contains("gpsd: disconnected") }
    #expect(status(screen).contains("gpsd: disconnected"), "\(status(screen))")
    #expect(status(screen).contains("retrying in"))
    screen = try tmux.waitFor(timeout: 60) { status($0).contains("gpsd: fix ±5 m") }
    #expect(status(screen).contains("gpsd: fix ±5 m"), "\(status(screen))")
    let first = screen.first { $0.contains("│▸ ") } ?? ""
    #expect(first.contains("Abercromby Square"), "fixes resumed and the table re-sorted: \(first)")
    #expect(!screen.contains { $0.hasPrefix("EXITED") })
    try tmux.send("q")
}

@Test(arguments: ["C-c", "TERM", "HUP"])
func signalsRestoreTheTerminal(signal: String) throws {
    let home = try temporaryDirectory("signal")
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    if signal == "C-c" {
        try tmux.send("C-c")
    } else {
        let pid = try tmux.paneValue("#{pane_pid}")
        // artmap is the shell's child: signal it, not the shell.
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, signal == "TERM" ? SIGTERM : SIGHUP) }
    }
    let screen = try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-") } }
    #expect(screen.contains { $0.hasPrefix("EXITED-0") }, "\(screen.joined(separator: "\n"))")
    #expect(boxTop(screen, "Map") == nil, "the shell's screen is back")
}

/// The loop sleeps until the next 30 s clock tick when nothing happens: a resize must wake it at once
/// (SIGWINCH posts to the loop's wake-up pipe), long before that tick.
@Test func aResizeIsRedrawnAtOnceWhileIdle() throws {
    let home = try temporaryDirectory("e2e-resize")
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    _ = try tmux.waitFor(timeout: 30) { boxTop($0, "31 artworks in 13 buildings")?.line == 1 }
    for (columns, rows, stacked) in [(80, 60, true), (160, 45, false), (70, 50, true)] {
        try tmux.resize(columns: columns, rows: rows)
        let screen = try tmux.waitFor(timeout: 45) { lines in
            guard let table = boxTop(lines, "31 artworks in 13 buildings") else { return false }
            return stacked ? table.line > 1 : table.line == 1
        }
        let table = boxTop(screen, "31 artworks in 13 buildings")
        #expect(stacked ? (table?.line ?? 0) > 1 : table?.line == 1, "\(columns)×\(rows) was not drawn within 45 s")
    }
    try tmux.send("q")
    #expect(try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-") } }.contains { $0.hasPrefix("EXITED-0") })
}

/// A crash while curses owns the terminal (a fatal signal, or a runtime trap, which arrives as one) must
/// still give the shell back: the alternate screen left, the cursor shown, the modes restored.
@Test(arguments: [("QUIT", SIGQUIT), ("SEGV", SIGSEGV), ("ABRT", SIGABRT), ("ILL", SIGILL)])
func fatalSignalsRestoreTheTerminal(name: String, number: Int32) throws {
    let home = try temporaryDirectory("fatal")
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    #expect(try tmux.paneValue("#{alternate_on}") == "1")
    let pid = try tmux.paneValue("#{pane_pid}")
    let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, number) }
    let screen = try tmux.waitFor(timeout: 60) { $0.contains { $0.hasPrefix("EXITED-") } }
    #expect(screen.contains { $0.hasPrefix("EXITED-\(128 + number)") }, "SIG\(name): \(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("artmap: stopped by a fatal error (signal \(number))") })
    #expect(try tmux.paneValue("#{alternate_on}") == "0", "SIG\(name) left the alternate screen on")
    #expect(try tmux.paneValue("#{cursor_flag}") == "1", "SIG\(name) left the cursor hidden")
    #expect(boxTop(screen, "Map") == nil)
    try tmux.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo")
    let modes = try tmux.waitFor { $0.contains { $0.contains("icanon echo") } }
    #expect(modes.contains { $0.contains("icanon echo") }, "the terminal is left in its cooked modes")
}

@Test func aDumbTerminalGetsTheListAndAReason() throws {
    let home = try temporaryDirectory("dumb")
    let tmux = try TmuxSession(columns: 120, rows: 120)
    try tmux.type("env -u NO_COLOR HOME='\(home.path)' LANG=C.UTF-8 TERM=dumb '\(builtArtmap().path)' --offline; echo EXITED-$?")
    let screen = try tmux.waitFor(timeout: 30) { $0.contains { $0.hasPrefix("EXITED-") } }
    #expect(screen.contains { $0.contains("the full-screen view needs a terminal with cursor addressing (TERM=dumb); showing the list instead") },
            "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("31 artworks in 13 buildings near") })
    #expect(screen.contains { $0.hasPrefix("EXITED-0") })
}
