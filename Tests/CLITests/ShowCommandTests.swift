import Foundation
import Curses
import Imaging
import Testing
import TestSupport
@testable import ArtmapCLI

/// A store synced from a stand-in service whose images are: a quadrant photo for "Abstract" (id 40), a
/// truncated JPEG for "Entrance" (id 34), and the small stand-in PNG for the rest.
func homeWithPictures() async throws -> (URL, TestServer) {
    let home = try temporaryDirectory()
    let images = home.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try Data(try quadrantJPEG(width: 640, height: 480)).write(to: images.appendingPathComponent("Abstract by Christopher Darton Watkins.jpg"))
    let whole = try quadrantJPEG(width: 320, height: 240)
    try Data(whole.prefix(whole.count / 2)).write(to: images.appendingPathComponent("Entrance by Maurice Cockrill.jpg"))
    let server = try TestServer(images: images)
    let sync = await runArtmap(["sync", "--source", server.serviceURL("ok")], home: home)
    #expect(sync.status == 0, "\(sync.err)")
    return (home, server)
}

@Test func showPrintsTheImageAsColouredCellsOfTheAskedSize() async throws {
    let (home, _) = try await homeWithPictures()
    for (colors, tolerance) in [("truecolor", 40), ("256", 60), ("16", 130)] {
        let shown = await runArtmap(["show", "40", "--width", "40", "--height", "15", "--colors", colors], home: home)
        #expect(shown.status == 0, "\(shown.err)")
        let lines = shown.out.split(separator: "\n").map(String.init)
        let cells = parseAnsiScreen(lines)
        // 640×480 fitted in 40×15 cells of 1:2: 40 columns would need 15 rows exactly.
        let sizes = cells.map(\.count)
        #expect(cells.count == 15 && Set(sizes) == [40], "\(colors): \(sizes)")
        let check = quadrantCheck(cells, tolerance: tolerance)
        #expect(check.errors == [], "\(colors)")
        if colors == "truecolor" { #expect(shown.out.contains("\u{1B}[0;38;2;") || shown.out.contains(";48;2;")) }
        if colors == "256" { #expect(shown.out.contains(";48;5;")) }
    }
    let plain = await runArtmap(["show", "40", "--width", "30", "--height", "10", "--colors", "none"], home: home)
    #expect(plain.status == 0)
    #expect(!plain.out.contains("\u{1B}"), "no escape sequences without colour")
    #expect(plain.out.split(separator: "\n").count == 10)
    let ascii = await runArtmap(["show", "40", "--width", "30", "--height", "10", "--ascii", "--colors", "none"], home: home)
    let allASCII = ascii.out.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(allASCII)
}

@Test func showDefaultsTo80x24WhenNotATerminalAndFollowsNoColor() async throws {
    let (home, _) = try await homeWithPictures()
    let shown = await runArtmap(["show", "40", "--colors", "256"], home: home)
    let widths = parseAnsiScreen(shown.out.split(separator: "\n").map(String.init)).map(\.count)
    #expect(widths.count <= 24 && (widths.max() ?? 0) <= 80)
    #expect(widths.count == 24 || widths.max() == 80, "fills 80×24 one way: \(widths.count) rows of \(widths.max() ?? 0)")
    let noColor = await runArtmap(["show", "40"], home: home, extraEnvironment: ["NO_COLOR": "1"])
    #expect(noColor.status == 0 && !noColor.out.contains("\u{1B}"))
}

@Test func showSaysWhyItCannotShowAndExits1() async throws {
    let (home, _) = try await homeWithPictures()
    let cases: [([String], Int32, String)] = [
        (["show", "34"], 1, "cannot show the image of 'Entrance' (34): bad JPEG: truncated JPEG data"),
        (["show", "no-such-id"], 1, "no artwork with id 'no-such-id' in any collection; 'artmap list' shows ids in brackets"),
        (["show", "40", "--colors", "lots"], 2, "option --colors must be auto, none, 16, 256 or truecolor, got 'lots'"),
        (["show"], 2, "which artwork?"),
        (["show", "40", "--width", "0"], 2, "width"),
    ]
    for (arguments, status, message) in cases {
        let result = await runArtmap(arguments, home: home)
        #expect(result.status == status, "\(arguments): \(result.err)")
        #expect(result.err.contains(message), "\(arguments): \(result.err)")
        #expect(result.out.isEmpty)
    }
    // A fresh store: the images are not downloaded yet.
    let fresh = await runArtmap(["show", "40"], home: try temporaryDirectory())
    #expect(fresh.status == 1)
    #expect(fresh.err == "artmap: the image of 'Abstract' (40) is not downloaded yet; run 'artmap sync'\n")
}

/// Issue 43, item 5: `show --width/--height` had no upper bound (2000 columns took 650 MB, 10000 took 16.6 GB,
/// 100000 aborted inside GLib, `Int.max` trapped): above 1000 columns or 500 rows it is a usage error, and nothing
/// is drawn.
@Test func showRefusesACanvasLargerThanAnyTerminal() async throws {
    let (home, _) = try await homeWithPictures()
    let cases: [([String], String)] = [
        (["--width", "100000"], "option --width must be at most 1000 columns (more than any terminal has), got '100000'"),
        (["--width", String(Int.max)], "option --width must be at most 1000 columns (more than any terminal has), got '\(Int.max)'"),
        (["--width", "99999999999999999999999"], "option --width must be at most 1000 columns"),
        (["--height", "100000"], "option --height must be at most 500 rows (more than any terminal has), got '100000'"),
        (["--height", String(Int.max)], "option --height must be at most 500 rows"),
        (["--width", "-3"], "option --width needs a whole number of columns from 1 to 1000, got '-3'"),
        (["--width", "0"], "option --width needs a whole number of columns from 1 to 1000, got '0'"),
    ]
    for (options, message) in cases {
        let result = await runArtmap(["show", "40", "--colors", "none"] + options, home: home)
        #expect(result.status == 2, "\(options): \(result.err)")
        #expect(result.err.contains(message), "\(options): \(result.err)")
        #expect(result.out.isEmpty, "\(options)")
    }
    let widest = await runArtmap(["show", "40", "--colors", "none", "--width", "1000", "--height", "20"], home: home)
    #expect(widest.status == 0, "the cap itself is allowed: \(widest.err)")
}

/// Issue 43, item 5: a terminal that reports a huge size (2000×2000 cells) costs no more than the caps; a picture
/// in pixels is held to 4096 pixels each way at its cell size, and to the terminal's own graphics limit.
@Test func aHugeTerminalIsHeldToTheCaps() {
    #expect(ShowCommand.canvas(width: nil, height: nil, terminal: (2000, 2000)) == (1000, 500))
    #expect(ShowCommand.canvas(width: nil, height: nil, terminal: (Int(UInt16.max), Int(UInt16.max))) == (1000, 500))
    #expect(ShowCommand.canvas(width: nil, height: nil, terminal: (100, 30)) == (100, 29), "a real terminal as it is, less the prompt's row")
    #expect(ShowCommand.canvas(width: 40, height: 15, terminal: (2000, 2000)) == (40, 15))
    #expect(ShowCommand.canvas(width: nil, height: nil, terminal: nil) == (80, 24))
    let kitty = PixelChoice(kind: .kitty, cell: CellPixels(width: 10, height: 20))
    #expect(ShowCommand.pixelCanvas(kitty) == (409, 204))
    var limited = kitty
    limited.limits.narrow(width: 1000, height: 600)
    #expect(ShowCommand.pixelCanvas(limited) == (100, 30), "the terminal's own limit, when smaller")
}
