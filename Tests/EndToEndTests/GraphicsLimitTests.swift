import Foundation
import Testing
import TestSupport

/// Issue 34: a sixel terminal that draws no picture over 1000×600 pixels (XTSMGRAPHICS), played by the test on
/// a 160×45 pty of 10×20-pixel cells (1600×900 pixels). The viewer zoomed in sends no larger sixel, cropped and
/// centred, and says so on its status line.
@Test func theZoomedViewerSendsNoMoreThanTheTerminalDraws() throws {
    let (home, _) = try homeWithAbstractPhoto()
    let program = try PtyProgram(["--offline", "--pixels", "auto"], home: home, columns: 160, rows: 45)
    try #require(program.read(untilContains: "\u{1B}[?2;1;0S"), "it asks the sixel geometry: \(program.text().debugDescription)")
    try #require(program.read(untilContains: "\u{1B}[c"), "it asks the device attributes")
    program.send("\u{1B}[?1;0;256S\u{1B}[?2;0;1000;600S\u{1B}[?63;1;4c")
    try #require(program.read(untilContains: "31 artworks in 13 buildings"), "the view started")
    program.press("\t")
    for _ in 0..<17 { program.press("\u{1B}OB") }
    program.press("\r")
    try #require(program.read(untilContains: "9 artworks"), "the building's list opened")
    program.press("\u{1B}OB")
    program.press("\r")
    try #require(program.read(untilContains: "640×480 px"), "the detail opened")
    var mark = program.output.count
    program.send("\r")
    try #require(program.read(untilContains: "zoom fit", after: mark), "the viewer opened")
    try #require(program.read(untilContains: "fitted to 80×30 cells", after: mark), "the fit view says it is held to the limit: \(program.text(from: mark).suffix(400).debugDescription)")
    mark = program.output.count
    program.send("+")
    try #require(program.read(untilContains: "cropped to 100×30 cells, the terminal's largest picture", after: mark),
                 "the zoomed view says it is cropped: \(program.text(from: mark).suffix(600).debugDescription)")
    try #require(program.read(untilContains: "\u{1B}\\", after: mark), "a sixel was sent")
    let sizes = sixelSizes(program.text(from: mark))
    try #require(!sizes.isEmpty, "a sixel with its raster size")
    for size in sizes { #expect(size.width <= 1000 && size.height <= 600, "a sixel of \(size.width)×\(size.height) px") }
    #expect(sizes.contains { $0.width == 1000 && $0.height == 600 }, "the largest the terminal draws: \(sizes)")
    program.send("\u{1B}\u{1B}\u{1B}q")
    #expect(program.waitForExit())
}

/// The raster sizes (`"1;1;W;H`) of the sixel images in `text`.
private func sixelSizes(_ text: String) -> [(width: Int, height: Int)] {
    text.components(separatedBy: "q\"1;1;").dropFirst().compactMap { rest in
        let numbers = rest.prefix(12).split(separator: "#").first?.split(separator: ";").compactMap { Int($0) } ?? []
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }
}
