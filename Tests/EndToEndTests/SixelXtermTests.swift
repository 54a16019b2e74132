import Foundation
import Imaging
import Testing
import TestSupport

/// Issue 21: a real sixel terminal. xterm (`-ti vt340`) under Xvfb runs `artmap show` and the view's detail
/// (SixelXtermTests+Detail.swift); a screenshot's picture area is compared with the source at the area's pixel
/// size: the fine detail (image minus its Gaussian blur) correlates at 0.9 or more with pixels, far less with
/// cells. Needs xterm, Xvfb, xwd and xdotool: `make pixels-test` runs it (ARTMAP_XTERM_TESTS=1); `make test` does not.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["ARTMAP_XTERM_TESTS"] == "1"))
struct SixelXtermTests {
    /// A 640×480 picture with detail at every scale: coloured blocks of 6 to 24 pixels over a two-axis gradient.
    static func detailedPicture() -> (jpeg: [UInt8], pixels: RGBAImage) {
        var random = SeededGenerator(seed: 21)
        let width = 640, height = 480
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width {
            let i = (y * width + x) * 3
            samples[i] = UInt8(x * 255 / width); samples[i + 1] = UInt8(y * 255 / height); samples[i + 2] = 128
        } }
        for _ in 0..<900 {
            let size = Int.random(in: 6...24, using: &random)
            let bx = Int.random(in: 0..<(width - size), using: &random), by = Int.random(in: 0..<(height - size), using: &random)
            let colour = [UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random)]
            for y in by..<by + size { for x in bx..<bx + size { for c in 0..<3 { samples[(y * width + x) * 3 + c] = colour[c] } } }
        }
        var rgba = [UInt8](); rgba.reserveCapacity(width * height * 4)
        for p in 0..<(width * height) { rgba += [samples[p * 3], samples[p * 3 + 1], samples[p * 3 + 2], 255] }
        return ((try? JPEGEncoder.encode(samples, width: width, height: height, quality: 95)) ?? [], RGBAImage(width: width, height: height, bytes: rgba))
    }

    static func home() throws -> (URL, TestServer, RGBAImage) {
        let home = try temporaryDirectory("e2e-sixel")
        let images = home.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let picture = detailedPicture()
        try #require(!picture.jpeg.isEmpty)
        try Data(picture.jpeg).write(to: images.appendingPathComponent("Abstract by Christopher Darton Watkins.jpg"))
        let server = try TestServer(images: images)
        let sync = try runArtmapBinary(["sync", "--source", server.serviceURL("ok")], home: home)
        try #require(sync.status == 0, "\(sync.output)")
        // The source as artmap sees it (decoded from the JPEG), to compare with.
        let decoded = try ImageDecoder.decode(picture.jpeg).pixels
        return (home, server, decoded)
    }

    @Test(arguments: ["auto", "cells"])
    func showDrawsThePictureAtFullResolutionInXterm(pixels: String) throws {
        let (home, _, source) = try SixelXtermTests.home()
        let shot = try XtermSession.run(home: home, artmap: ["show", "40", "--width", "60", "--height", "20", "--pixels", pixels])
        let check = try PictureCheck(shot: shot, source: source, columns: 60, rows: 20)
        if pixels == "auto" {
            #expect(check.correlation >= 0.9, "fine detail correlates \(check.correlation)")
            #expect(abs(check.aspectError) <= 0.05, "aspect off by \(check.aspectError)")
        } else {
            #expect(check.correlation < 0.75, "cells are not pixels: \(check.correlation)")
        }
    }
}

/// A screenshot of xterm's window, 8-bit RGB, and its cell size.
struct Screenshot {
    let width: Int, height: Int, pixels: [UInt8], cellWidth: Int, cellHeight: Int, originX: Int, originY: Int
    /// The terminal's size in cells.
    var columns = XtermSession.columns, rows = XtermSession.rows
    /// The pixels of a rectangle, counted from the first cell's corner.
    func image(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height { for column in 0..<width {
            let q = rgb(x + column, y + row), o = (row * width + column) * 4
            bytes[o] = UInt8(q.0); bytes[o + 1] = UInt8(q.1); bytes[o + 2] = UInt8(q.2)
        } }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// A pixel, counted from the first cell's corner.
    func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        let i = ((y + originY) * width + x + originX) * 3
        return (Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]))
    }
}

/// xterm -ti vt340 on a private Xvfb display, running one artmap command and then waiting to be captured.
enum XtermSession {
    static let columns = 100, rows = 40

    static func run(home: URL, artmap arguments: [String]) throws -> Screenshot {
        let display = try startXvfb()
        defer { stopXvfb(display) }
        let marks = home.appendingPathComponent("xterm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: marks, withIntermediateDirectories: true)
        let quoted = ([builtArtmap().path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
        #!/bin/sh
        echo "$WINDOWID" > '\(marks.path)/window'
        printf '\\033[H\\033[2J'
        \(quoted) 2> '\(marks.path)/stderr'
        echo $? > '\(marks.path)/status.tmp' && mv '\(marks.path)/status.tmp' '\(marks.path)/status'
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
        let status = marks.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: status.path), Date() < deadline { usleep(50_000) }
        let code = (try? String(contentsOf: status, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(code == "0", "artmap ended with \(code ?? "nothing in 60 s"): \((try? String(contentsOf: marks.appendingPathComponent("stderr"), encoding: .utf8)) ?? "")")
        let window = try String(contentsOf: marks.appendingPathComponent("window"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // xterm draws as it reads: capture until two screenshots in a row agree (it has finished drawing).
        var last: Screenshot?
        for attempt in 0..<40 {
            let shot = try capture(window: window, display: display.name, into: marks.appendingPathComponent("shot\(attempt).xwd"))
            if let last, last.pixels == shot.pixels { return shot }
            last = shot
        }
        return try #require(last)
    }

    /// Whether display `number` is held by a running X server: its lock file names a live process. A lock or a
    /// socket left by a server that was killed (a test run stopped half-way) does not count; Xvfb replaces both.
    static func displayIsTaken(_ number: Int) -> Bool {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else { return false }
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// An Xvfb this test started: its process and display name.
    struct Display {
        let pid: pid_t
        let name: String
        /// Whether it still runs (reaped once it has ended).
        func isRunning() -> Bool {
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) == 0
        }
    }

    /// Stops an Xvfb started by `startXvfb` with SIGTERM, so it removes its lock and socket (runs must not use
    /// up the displays); SIGKILL after 10 s, and then its lock and socket are removed here.
    static func stopXvfb(_ display: Display) {
        kill(display.pid, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while display.isRunning(), Date() < deadline { usleep(20_000) }
        if display.isRunning() {
            kill(display.pid, SIGKILL)
            var status: Int32 = 0
            waitpid(display.pid, &status, 0)
        }
        let number = display.name.dropFirst()
        let lock = "/tmp/.X\(number)-lock"
        if (try? String(contentsOfFile: lock, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == String(display.pid) {
            try? FileManager.default.removeItem(atPath: lock)
            try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        }
    }

    /// Xvfb on the first free display from :150, up once it holds the display. Started with default signal
    /// handling (`spawnWithCleanSignals`): a child of this process can otherwise inherit an ignored SIGTERM from
    /// a test running a command in process, and outlive its test.
    static func startXvfb() throws -> Display {
        for number in 150..<200 where !displayIsTaken(number) {
            let display = Display(pid: try spawnWithCleanSignals(["/usr/bin/Xvfb", ":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                                                 stdoutPath: nil),
                                  name: ":\(number)")
            // Up once it holds the display's lock (its own pid in it) and the socket is there: a socket left by a
            // killed server is there from the start.
            let deadline = Date().addingTimeInterval(20)
            func up() -> Bool {
                let lock = (try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                return lock == String(display.pid) && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            }
            var running = display.isRunning()
            while running, !up(), Date() < deadline {
                usleep(20_000)
                running = display.isRunning()
            }
            if running, up() { return display }
            if running { stopXvfb(display) }
        }
        throw TestServerError("cannot start Xvfb on any display from :150 to :199")
    }

    /// `xwd` of the window, read (32-bit ZPixmap, as Xvfb at depth 24 writes it).
    static func capture(window: String, display: String, into file: URL, columns: Int = columns, rows: Int = rows) throws -> Screenshot {
        let xwd = Process()
        xwd.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
        xwd.arguments = ["-silent", "-id", window, "-out", file.path]
        xwd.environment = ["DISPLAY": display]
        try xwd.run()
        xwd.waitUntilExit()
        try #require(xwd.terminationStatus == 0, "xwd failed")
        let bytes = [UInt8](try Data(contentsOf: file))
        func field(_ i: Int) -> Int { bytes[i * 4..<i * 4 + 4].reduce(0) { $0 << 8 | Int($1) } }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7), bitsPerPixel = field(11)
        let bytesPerLine = field(12), redMask = field(15), colours = field(19)
        try #require(bitsPerPixel == 32, "xwd wrote \(bitsPerPixel) bits per pixel")
        let start = headerSize + colours * 12
        try #require(bytes.count >= start + height * bytesPerLine)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width {
            let i = start + y * bytesPerLine + x * 4
            let word = byteOrder == 0 ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24
                                      : Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let (r, g, b) = redMask == 0xFF0000 ? (word >> 16 & 255, word >> 8 & 255, word & 255) : (word & 255, word >> 8 & 255, word >> 16 & 255)
            pixels[(y * width + x) * 3] = UInt8(r); pixels[(y * width + x) * 3 + 1] = UInt8(g); pixels[(y * width + x) * 3 + 2] = UInt8(b)
        } }
        // The window has a border around the cells: the cells start at half the leftover pixels.
        let cellWidth = width / columns, cellHeight = height / rows
        return Screenshot(width: width, height: height, pixels: pixels, cellWidth: cellWidth, cellHeight: cellHeight,
                          originX: (width - columns * cellWidth) / 2, originY: (height - rows * cellHeight) / 2, columns: columns, rows: rows)
    }
}

/// The screenshot's picture area against the source at that size.
struct PictureCheck {
    let correlation: Double
    let aspectError: Double

    init(shot: Screenshot, source: RGBAImage, columns: Int, rows: Int) throws {
        let aspect = Double(shot.cellHeight) / Double(shot.cellWidth)
        let fit = CellRenderer.fittedCells(width: source.width, height: source.height, columns: columns, rows: rows, cellAspect: aspect)
        let width = fit.columns * shot.cellWidth, height = (fit.rows * shot.cellHeight) / 6 * 6
        try #require(width > 20 && height > 20 && width <= shot.width && height <= shot.height)
        // The source scaled by exact area averaging (`FineDetail`), which favours no encoder's own filter.
        correlation = FineDetail.correlation(shot.image(x: 0, y: 0, width: width, height: height), source: source)
        // The drawn picture's extent: the columns and rows that differ from the terminal's background.
        let background = shot.rgb(shot.columns * shot.cellWidth - 1, shot.rows * shot.cellHeight - 1)
        var maxX = 0, maxY = 0
        // From the third column on: the cursor waits below the picture in the first.
        for y in 0..<rows * shot.cellHeight { for x in 2 * shot.cellWidth..<columns * shot.cellWidth {
            let q = shot.rgb(x, y)
            if abs(q.0 - background.0) + abs(q.1 - background.1) + abs(q.2 - background.2) > 30 { maxX = max(maxX, x); maxY = max(maxY, y) }
        } }
        let shown = Double(maxX + 1) / Double(maxY + 1), wanted = Double(source.width) / Double(source.height)
        aspectError = shown / wanted - 1
    }
}
