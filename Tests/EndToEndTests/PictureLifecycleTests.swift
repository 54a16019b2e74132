import Foundation
import Testing
import TestSupport

/// Issue 21: resizing, suspending (^Z) and quitting leave no stray image. The test is the terminal: it reads the
/// byte stream on a pty, answers the kitty query, resizes the pty, and stops and continues the process as a
/// shell's job control does (^Z makes the terminal send SIGTSTP; `fg` sends SIGCONT).
private let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c"
private let kittyImage = "\u{1B}_Ga=T,"
private let kittyDeleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
/// Chafa's sixel image starts with DCS and the sixel introducer's parameters.
private let sixelStart = "\u{1B}P0;1;0q"
/// ncurses leaving the alternate screen (xterm-256color's rmcup): the terminal given back.
private let leaveView = "\u{1B}[?1049l"
/// ncurses clearing the screen (xterm-256color's clear) before painting every cell afresh.
private let clearScreen = "\u{1B}[H\u{1B}[2J"

/// The view on a 160×45 pty (10×20-pixel cells) at Abstract's detail, and where in its output the detail
/// began (the building's list before it may show a picture of its own); for kitty the test answers the
/// graphics query like kitty.
func ptyAtAbstractDetail(pixels: String) throws -> (program: PtyProgram, detail: Int) {
    let (home, _) = try homeWithAbstractPhoto()
    let program = try PtyProgram(["--offline", "--pixels", pixels], home: home, columns: 160, rows: 45)
    if pixels == "auto" {
        try #require(program.read(untilContains: "\u{1B}[c"), "it asks: \(program.text().debugDescription)")
        program.send(kittyAnswer)
    }
    try #require(program.read(untilContains: "31 artworks in 13 buildings"), "the view started")
    program.press("\t")
    for _ in 0..<17 { program.press("\u{1B}OB") }
    program.press("\r")
    try #require(program.read(untilContains: "9 artworks"), "the building's list opened")
    program.press("\u{1B}OB")
    let mark = program.output.count
    program.send("\r")
    try #require(program.read(untilContains: "640×480 px", after: mark))
    return (program, mark)
}

/// Where `needle` first occurs at or after `from`, in bytes.
func offset(of needle: String, in program: PtyProgram, from: Int = 0) -> Int? {
    let bytes = Array(needle.utf8)
    guard from + bytes.count <= program.output.count else { return nil }
    for i in from...(program.output.count - bytes.count) where program.output[i] == bytes[0] {
        if Array(program.output[i..<i + bytes.count]) == bytes { return i }
    }
    return nil
}

/// Whether the last thing painted is a whole sixel picture: one begun after the last clear, its ST written.
func sixelShownLast(_ output: [UInt8]) -> Bool {
    guard let picture = lastOffset(of: sixelStart, in: output) else { return false }
    let clear = lastOffset(of: clearScreen, in: output) ?? -1
    return picture > clear && PtyProgram.contains(output, Array("\u{1B}\\".utf8), from: picture)
}

/// Where `needle` last occurs in `bytes`.
func lastOffset(of needle: String, in bytes: [UInt8]) -> Int? {
    let pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count else { return nil }
    return (0...(bytes.count - pattern.count)).reversed().first { bytes[$0] == pattern[0] && Array(bytes[$0..<$0 + pattern.count]) == pattern }
}

/// The cells a kitty image covers, from its first chunk's `c=` and `r=` keys.
func kittyCells(_ program: PtyProgram, after mark: Int) -> (columns: Int, rows: Int)? {
    guard let start = offset(of: kittyImage, in: program, from: mark) else { return nil }
    let header = String(decoding: program.output[start..<min(program.output.count, start + 120)], as: UTF8.self)
    guard let keys = header.dropFirst(3).split(separator: ";").first else { return nil }
    var values: [String: Int] = [:]
    for pair in keys.split(separator: ",") {
        let parts = pair.split(separator: "=")
        if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    guard let columns = values["c"], let rows = values["r"] else { return nil }
    return (columns, rows)
}

@Test func kittyImagesGoAtSuspendComeBackAfterFgFollowAResizeAndGoOnQuitting() throws {
    let (program, detail) = try ptyAtAbstractDetail(pixels: "auto")
    try #require(program.read(untilContains: "\u{1B}_Gm=0", after: detail), "the detail's picture came as a kitty image")
    let first = try #require(kittyCells(program, after: detail), "c= and r= in \(program.text(from: detail).prefix(300).debugDescription)")

    // ^Z: the image is deleted, then the terminal given back, then the process stops.
    var mark = program.output.count
    program.signal(SIGTSTP)
    try #require(program.waitForStop(), "the process stopped")
    let deleted = try #require(offset(of: kittyDeleteAll, in: program, from: mark), "a=d before stopping: \(program.text(from: mark).debugDescription)")
    let left = try #require(offset(of: leaveView, in: program, from: mark), "the alternate screen left")
    #expect(deleted < left)
    #expect(offset(of: kittyImage, in: program, from: mark) == nil, "no image sent while stopping")

    // fg: the view is painted again, the picture with it.
    mark = program.output.count
    program.signal(SIGCONT)
    try #require(program.read(untilContains: kittyImage, after: mark), "the picture re-sent after fg")
    try #require(program.read(untilContains: "\u{1B}_Gm=0", after: mark))
    #expect(kittyCells(program, after: mark).map { $0 == first } == true)

    // A resize: the old placement deleted, the picture sent again at the new size.
    mark = program.output.count
    program.resize(columns: 120, rows: 40)
    try #require(program.read(untilContains: kittyImage, after: mark), "the picture re-sent after the resize")
    try #require(program.read(untilContains: "\u{1B}_Gm=0", after: mark))
    let removed = try #require(offset(of: kittyDeleteAll, in: program, from: mark), "the old image deleted")
    let resent = try #require(offset(of: kittyImage, in: program, from: mark))
    #expect(removed < resent)
    let resized = try #require(kittyCells(program, after: mark))
    #expect(resized != first, "a new size: \(resized) after \(first)")
    #expect(resized.columns <= 120 && resized.rows <= 40)

    // Quitting with the picture on screen (a terminating signal, as when the window closes; `q` is the kitty
    // test's): the images deleted before the terminal is given back.
    mark = program.output.count
    program.signal(SIGTERM)
    #expect(program.waitForExit())
    let quitDelete = try #require(offset(of: kittyDeleteAll, in: program, from: mark), "a=d on quitting")
    let quitLeave = try #require(offset(of: leaveView, in: program, from: mark))
    #expect(quitDelete < quitLeave)
    #expect(((program.status >> 8) & 0xFF) == 0)
}

@Test func sixelPicturesArePaintedOverAtSuspendAndAfterAResizeAndDrawnAgain() throws {
    let (program, detail) = try ptyAtAbstractDetail(pixels: "sixel")
    try #require(program.read(untilContains: sixelStart, after: detail), "the detail's picture came as sixel: \(program.text().suffix(300).debugDescription)")
    try #require(program.read(untilContains: "\u{1B}\\", after: try #require(offset(of: sixelStart, in: program, from: detail))))

    // Keys that change the screen but not the picture (f hearts Abstract, f again takes the heart away) send
    // no image bytes: the second frame comes after everything the first wrote.
    var mark = program.output.count
    program.send("f")
    try #require(program.read(untilContains: "♥ Abstract", after: mark), "the heart drawn")
    let hearted = program.output.count
    program.send("f")
    try #require(program.read(untilContains: "Abstract", after: hearted), "the heart taken away")
    #expect(offset(of: "\u{1B}P", in: program, from: mark) == nil, "no image bytes: \(program.text(from: mark).debugDescription)")

    // ^Z: the picture's cells are written over with blanks before the terminal is given back.
    mark = program.output.count
    program.signal(SIGTSTP)
    try #require(program.waitForStop(), "the process stopped: \(processState(program)) after \(program.text(from: mark).debugDescription)")
    let stopping = program.text(from: mark)
    let left = try #require(offset(of: leaveView, in: program, from: mark), "the alternate screen left: \(stopping.debugDescription)")
    let blanks = try #require(offset(of: "\u{1B}[0m" + String(repeating: " ", count: 20), in: program, from: mark),
                              "blank runs over the picture: \(stopping.debugDescription)")
    #expect(blanks < left)

    // fg: the screen is cleared and painted afresh, the picture drawn again after the clear.
    mark = program.output.count
    program.signal(SIGCONT)
    try #require(program.read(untilContains: sixelStart, after: mark), "the picture drawn again after fg")
    let cleared = try #require(offset(of: clearScreen, in: program, from: mark), "cleared: \(program.text(from: mark).prefix(200).debugDescription)")
    #expect(cleared < (offset(of: sixelStart, in: program, from: mark) ?? 0))

    // A resize: cleared (the old picture with it) and the picture drawn again after the clear.
    mark = program.output.count
    program.resize(columns: 120, rows: 40)
    try #require(program.read(untilContains: clearScreen, after: mark), "cleared after the resize")
    let resizeClear = try #require(offset(of: clearScreen, in: program, from: mark))
    try #require(program.read(untilContains: sixelStart, after: resizeClear), "the picture drawn again after the resize")

    // Quitting: blanks over the picture, then the terminal given back. The test waits until the screen's last
    // word is a whole picture after the last clear (a frame begun before the resize may still be arriving).
    try #require(program.read(until: sixelShownLast), "a picture on screen: \(program.text(from: mark).suffix(400).debugDescription)")
    mark = program.output.count
    program.signal(SIGTERM)
    #expect(program.waitForExit())
    let quitLeave = try #require(offset(of: leaveView, in: program, from: mark))
    let quitBlanks = try #require(offset(of: "\u{1B}[0m" + String(repeating: " ", count: 20), in: program, from: mark),
                                  "blank runs over the picture: \(program.text(from: mark).debugDescription)")
    #expect(quitBlanks < quitLeave)
    #expect(offset(of: sixelStart, in: program, from: mark) == nil)
}

/// The process's state line from /proc (R running, S sleeping, T stopped), for a failure's message.
func processState(_ program: PtyProgram) -> String {
    let status = (try? String(contentsOfFile: "/proc/\(program.pid)/status", encoding: .utf8)) ?? ""
    var lines = status.split(separator: "\n").filter { $0.hasPrefix("State:") || $0.hasPrefix("Sig") || $0.hasPrefix("ShdPnd") }.map(String.init)
    for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(program.pid)/task")) ?? [] {
        let t = (try? String(contentsOfFile: "/proc/\(program.pid)/task/\(task)/status", encoding: .utf8)) ?? ""
        lines += t.split(separator: "\n").filter { $0.hasPrefix("State") || $0.hasPrefix("Name") }.map { "\(task) \($0)" }
        lines.append("\(task) wchan \((try? String(contentsOfFile: "/proc/\(program.pid)/task/\(task)/wchan", encoding: .utf8)) ?? "")")
    }
    return lines.joined(separator: "; ")
}
