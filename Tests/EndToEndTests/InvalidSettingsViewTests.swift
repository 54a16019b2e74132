import Foundation
import Testing
import TestSupport

/// Issue 43 item 3: settings hand-edited out of range (the settings file is the user's to edit) no longer end the view
/// at start, at `S` or at `w`: the view names them on the status line and uses their defaults.
@Test func theViewStartsWithOutOfRangeSettingsAndNamesThem() throws {
    let home = try temporaryDirectory("invalid-settings-view")
    let folder = home.appendingPathComponent(".config/artmap")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "map.nearest = -3\nslideshow.interval = nan\nwalk.speed = 0\nmap.radius = 100000000000000000000\n"
        .write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let program = try PtyProgram(["--offline"], home: home, columns: 160, rows: 40)
    try #require(program.read(untilContains: "settings not valid, their defaults used"), "\(program.text().suffix(600).debugDescription)")
    #expect(program.text().contains("map.nearest") && program.text().contains("walk.speed"))
    let mark = program.output.count
    program.press("S")
    try #require(program.read(untilContains: "nothing to show", after: mark), "S answered: \(program.text().suffix(400).debugDescription)")
    let second = program.output.count
    program.press("w")
    try #require(program.read(untilContains: "by straight lines", after: second), "w answered: \(program.text().suffix(400).debugDescription)")
    program.send("\u{1B}\u{1B}\u{1B}q")
    #expect(program.waitForExit() && program.status == 0, "quit with 0, not a signal: \(program.status)")
}
