import Foundation
import Testing
import TestSupport

/// One of the masks of `/proc/PID/status` (SigIgn, SigCgt …): a bit per signal, signal n at bit n - 1.
private func signalMask(_ name: String, of pid: pid_t) throws -> UInt64 {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("\(name):") }, "\(name) in \(status)")
    return try #require(UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
}

@Test func aSuspendSignalIgnoredByWhoeverStartedArtmapStaysIgnored() throws {
    let (home, server) = try homeWithAbstractPhoto()
    defer { withExtendedLifetime(server) {} }
    // A shell without job control that ignores SIGTSTP, as a supervisor may: nothing would continue a stopped artmap.
    let program = try PtyProgram(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "trap '' TSTP; exec \"$0\" --offline", builtArtmap().path],
                                 home: home, columns: 100, rows: 30)
    try #require(program.read(untilContains: "artworks in"), "the view started: \(program.text().debugDescription)")
    let tstp: UInt64 = 1 << (UInt64(SIGTSTP) - 1)
    #expect(try signalMask("SigIgn", of: program.pid) & tstp != 0, "SIGTSTP still ignored")
    #expect(try signalMask("SigCgt", of: program.pid) & tstp == 0, "no handler of artmap's put in its place")
    // ^Z (the terminal's SIGTSTP) then stops nothing: the next key is still answered.
    program.signal(SIGTSTP)
    program.press("?")
    try #require(program.read(untilContains: "move the cursor north"), "the help opened: \(program.text().suffix(400).debugDescription)")
}
