import Foundation
import Imaging
import Testing
import TestSupport

/// Issue 21: the full-screen view in a real sixel terminal. xterm (`-ti vt340`) under Xvfb runs `artmap`; the keys
/// that open Abstract's detail are typed as X key events (xdotool through XTEST, as a keyboard would); the picture
/// area found in the screenshot is compared with the source at that area's pixel size.
extension SixelXtermTests {
    @Test(arguments: ["auto", "cells"])
    func theDetailViewDrawsThePictureAtFullResolutionInXterm(pixels: String) throws {
        let (home, _, source) = try SixelXtermTests.home()
        // To the detail as in the pty tests: the table, down to Abstract's building, its list, Abstract.
        let keys = ["Tab"] + Array(repeating: "Down", count: 17) + ["Return", "Down", "Return"]
        let shot = try XtermSession.runView(home: home, artmap: ["--offline", "--pixels", pixels], keys: keys) { shot in
            PictureArea.find(in: shot).map { $0.height >= 10 * shot.cellHeight } ?? false
        }
        let area = try #require(PictureArea.find(in: shot), "a picture in the screenshot")
        // The detail's picture box is left of the text, inside the border, most of the box's width.
        #expect(area.x > 0 && area.y > shot.cellHeight && area.width >= 20 * shot.cellWidth, "\(area)")
        let check = PictureCheck(shot: shot, source: source, area: area)
        if pixels == "auto" {
            #expect(check.correlation >= 0.9, "fine detail correlates \(check.correlation) over \(area)")
            #expect(abs(check.aspectError) <= 0.05, "aspect off by \(check.aspectError): \(area)")
        } else {
            #expect(check.correlation < 0.75, "cells are not pixels: \(check.correlation) over \(area)")
        }
    }

    /// Issue 34: xterm at 150 columns is wider than its 1000-pixel sixel limit; zoomed in, the viewer still shows
    /// the picture (before, a sixel over the limit left the screen blank), cropped to what xterm draws.
    @Test func theZoomedViewerShowsThePictureInA150ColumnXterm() throws {
        let (home, _, _) = try SixelXtermTests.home()
        // To Abstract's detail, then the viewer (Return), a pause for its picture, and 2× zoom.
        let keys = ["Tab"] + Array(repeating: "Down", count: 17) + ["Return", "Down", "Return", "Return", "sleep", "3", "key", "plus"]
        let shot = try XtermSession.runView(home: home, artmap: ["--offline", "--pixels", "auto"], keys: keys, columns: 150, rows: 40) { shot in
            PictureArea.find(in: shot).map { $0.width >= 90 * shot.cellWidth && $0.height >= 20 * shot.cellHeight } ?? false
        }
        let area = try #require(PictureArea.find(in: shot), "a picture on screen after zooming")
        #expect(area.width >= 90 * shot.cellWidth && area.height >= 30 * shot.cellHeight, "the zoomed picture fills the limit: \(area)")
        #expect(area.width <= 1000 && area.height <= 1000, "no larger than xterm's 1000-pixel sixel limit: \(area)")
        // Centred: as much blank on either side.
        #expect(abs(area.x - (shot.columns * shot.cellWidth - area.x - area.width)) <= 2 * shot.cellWidth, "\(area) in \(shot.columns * shot.cellWidth) px")
    }
}

/// Where a picture is in a screenshot: the tallest block of cells nearly all of whose pixels differ from the
/// background (text and borders cover a small part of their cells; pictures, in pixels or chafa's cells, all of
/// it), then trimmed to the pixels drawn (sixel's last band can stop short of the last cell's bottom).
struct PictureArea: CustomStringConvertible {
    let x: Int, y: Int, width: Int, height: Int
    var description: String { "\(width)×\(height) px at \(x),\(y)" }

    /// The terminal's background: the colour most pixels have (the view leaves most cells blank).
    static func commonestColour(_ shot: Screenshot) -> (Double, Double, Double) {
        var counts: [Int: Int] = [:]
        for y in stride(from: 0, to: shot.rows * shot.cellHeight, by: 3) {
            for x in stride(from: 0, to: shot.columns * shot.cellWidth, by: 3) {
                let q = shot.rgb(x, y)
                counts[Int(q.0) << 16 | Int(q.1) << 8 | Int(q.2), default: 0] += 1
            }
        }
        let top = counts.max { $0.value < $1.value }?.key ?? 0
        return (Double(top >> 16 & 255), Double(top >> 8 & 255), Double(top & 255))
    }

    static func find(in shot: Screenshot) -> PictureArea? {
        let background = commonestColour(shot)
        func drawn(_ x: Int, _ y: Int) -> Bool {
            let q = shot.rgb(x, y)
            return abs(q.0 - background.0) + abs(q.1 - background.1) + abs(q.2 - background.2) > 30
        }
        let cw = shot.cellWidth, ch = shot.cellHeight
        // A cell is covered when 3/4 of its pixels are drawn (a glyph covers far less).
        let covered: [[Bool]] = (0..<shot.rows).map { row in
            (0..<shot.columns).map { column in
                var count = 0
                for y in row * ch..<(row + 1) * ch { for x in column * cw..<(column + 1) * cw where drawn(x, y) { count += 1 } }
                return count * 4 >= cw * ch * 3
            }
        }
        // Each row's longest run of covered cells; blocks of rows whose runs agree within a cell.
        let runs: [(start: Int, length: Int)] = covered.map { cells in
            var best = (start: 0, length: 0), start = 0, length = 0
            for (column, on) in cells.enumerated() {
                if on { if length == 0 { start = column }; length += 1; if length > best.length { best = (start, length) } } else { length = 0 }
            }
            return best
        }
        var block: (row: Int, rows: Int, start: Int, length: Int)?
        var row = 0
        while row < runs.count {
            guard runs[row].length >= 8 else { row += 1; continue }
            var end = row + 1
            while end < runs.count, abs(runs[end].start - runs[row].start) <= 1, abs(runs[end].length - runs[row].length) <= 1 { end += 1 }
            if end - row > (block?.rows ?? 0) { block = (row, end - row, runs[row].start, runs[row].length) }
            row = end
        }
        guard let block else { return nil }
        // In pixels: the block of cells shrunk to rows and columns mostly drawn, then grown while they are.
        var x0 = block.start * cw, x1 = (block.start + block.length) * cw
        var y0 = block.row * ch, y1 = (block.row + block.rows) * ch
        func rowDrawn(_ y: Int) -> Bool { (x0..<x1).filter { drawn($0, y) }.count * 10 >= (x1 - x0) * 7 }
        func columnDrawn(_ x: Int) -> Bool { (y0..<y1).filter { drawn(x, $0) }.count * 10 >= (y1 - y0) * 7 }
        while y0 < y1, !rowDrawn(y0) { y0 += 1 }
        while y1 > y0, !rowDrawn(y1 - 1) { y1 -= 1 }
        while y0 > 0, rowDrawn(y0 - 1) { y0 -= 1 }
        while y1 < shot.rows * ch, rowDrawn(y1) { y1 += 1 }
        while x0 < x1, !columnDrawn(x0) { x0 += 1 }
        while x1 > x0, !columnDrawn(x1 - 1) { x1 -= 1 }
        while x0 > 0, columnDrawn(x0 - 1) { x0 -= 1 }
        while x1 < shot.columns * cw, columnDrawn(x1) { x1 += 1 }
        guard x1 - x0 > 0, y1 - y0 > 0 else { return nil }
        return PictureArea(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension PictureCheck {
    /// The screenshot's `area` against the source scaled to it: fine-detail correlation and aspect.
    init(shot: Screenshot, source: RGBAImage, area: PictureArea) {
        correlation = FineDetail.correlation(shot.image(x: area.x, y: area.y, width: area.width, height: area.height), source: source)
        aspectError = (Double(area.width) / Double(area.height)) / (Double(source.width) / Double(source.height)) - 1
    }
}

extension XtermSession {
    /// xterm running the full-screen view: once its first frame is up (the title bar in the top-left cell), `keys`
    /// (X key names) are typed into the window, then screenshots are taken until `ready` holds for two equal ones
    /// in a row (up to 60 s). The view is left running; xterm and Xvfb are killed afterwards.
    static func runView(home: URL, artmap arguments: [String], keys: [String], columns: Int = columns, rows: Int = rows,
                        ready: (Screenshot) -> Bool) throws -> Screenshot {
        let display = try startXvfb()
        defer { stopXvfb(display) }
        let marks = home.appendingPathComponent("xterm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: marks, withIntermediateDirectories: true)
        let quoted = ([builtArtmap().path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
        #!/bin/sh
        echo "$WINDOWID" > '\(marks.path)/window.tmp' && mv '\(marks.path)/window.tmp' '\(marks.path)/window'
        \(quoted) 2> '\(marks.path)/stderr'
        echo $? > '\(marks.path)/status'
        exec sleep 600
        """
        let scriptURL = marks.appendingPathComponent("run.sh")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let xterm = Process()
        xterm.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
        xterm.arguments = ["-ti", "vt340", "-b", "0", "-geometry", "\(columns)x\(rows)+0+0", "-fa", "DejaVu Sans Mono", "-fs", "10",
                           "-xrm", "XTerm*cursorBlink: false", "-e", "/bin/sh", scriptURL.path]
        xterm.environment = ["DISPLAY": display.name, "HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        xterm.standardError = FileHandle.nullDevice
        try xterm.run()
        defer { kill(xterm.processIdentifier, SIGKILL); xterm.waitUntilExit() }
        let windowFile = marks.appendingPathComponent("window")
        var deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: windowFile.path), Date() < deadline { usleep(50_000) }
        let window = try String(contentsOf: windowFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        func stderr() -> String { (try? String(contentsOf: marks.appendingPathComponent("stderr"), encoding: .utf8)) ?? "" }
        // The first frame: the title bar's colour in the top-left cell.
        var started = false
        var attempt = 0
        deadline = Date().addingTimeInterval(60)
        while !started, Date() < deadline {
            let shot = try capture(window: window, display: display.name, into: marks.appendingPathComponent("start\(attempt % 2).xwd"),
                                   columns: columns, rows: rows)
            let corner = shot.rgb(1, 1), background = PictureArea.commonestColour(shot)
            started = abs(corner.0 - background.0) + abs(corner.1 - background.1) + abs(corner.2 - background.2) > 30
            attempt += 1
            try #require(!FileManager.default.fileExists(atPath: marks.appendingPathComponent("status").path), "artmap ended: \(stderr())")
        }
        try #require(started, "the view's first frame never came: \(stderr())")
        // Keys as a keyboard types them: XTEST events to the window under the pointer.
        try xdotool(["mousemove", "--window", window, "20", "20"], display: display.name)
        try xdotool(["key", "--delay", "40"] + keys, display: display.name)
        var last: Screenshot?
        deadline = Date().addingTimeInterval(60)
        attempt = 0
        while Date() < deadline {
            let shot = try capture(window: window, display: display.name, into: marks.appendingPathComponent("shot\(attempt % 2).xwd"),
                                   columns: columns, rows: rows)
            if let last, last.pixels == shot.pixels, ready(shot) { return shot }
            last = shot
            attempt += 1
        }
        return try #require(last)
    }

    static func xdotool(_ arguments: [String], display: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ["DISPLAY": display]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "xdotool \(arguments.joined(separator: " ")) failed")
    }
}
