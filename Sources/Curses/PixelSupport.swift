import Cells
import Foundation
import Imaging

/// What the terminal answered to artmap's queries at start: the kitty graphics query, the primary device
/// attributes (attribute 4: sixel), the cell size in pixels (CSI 16 t), and its graphics limits: XTSMGRAPHICS's
/// colour registers and sixel geometry, and the pane's size in pixels (CSI 14 t).
public struct ProbeAnswers: Equatable, Sendable {
    public var kitty = false
    public var sixel = false
    /// True once the device attributes arrived: every answer before it is in.
    public var deviceAttributes = false
    public var cell: CellPixels?
    /// The largest picture and the colour registers, as far as the terminal said.
    public var limits = GraphicsLimits()

    public init() {}

    /// Reads the answers out of the bytes the terminal sent back (other bytes, such as typed keys, are skipped).
    public static func parse(_ bytes: [UInt8]) -> ProbeAnswers {
        var answers = ProbeAnswers()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else { i += 1; continue }
            if bytes[i + 1] == UInt8(ascii: "_") {
                // APC: ESC _ G … ; OK ESC \
                var j = i + 2
                while j + 1 < bytes.count, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
                let body = String(decoding: bytes[(i + 2)..<min(j, bytes.count)], as: UTF8.self)
                if body.hasPrefix("G"), body.hasSuffix(";OK") { answers.kitty = true }
                i = j + 2
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, bytes[j] >= 0x20, bytes[j] < 0x40 { j += 1 }
                guard j < bytes.count else { break }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                switch bytes[j] {
                case UInt8(ascii: "c") where params.hasPrefix("?"):
                    answers.deviceAttributes = true
                    if params.dropFirst().split(separator: ";").contains("4") { answers.sixel = true }
                case UInt8(ascii: "t"):
                    let fields = params.split(separator: ";").compactMap { Int($0) }
                    if fields.count == 3, fields[0] == 6, fields[1] > 0, fields[2] > 0, fields[1] < 500, fields[2] < 500 {
                        answers.cell = CellPixels(width: fields[2], height: fields[1])
                    }
                    // The pane's text area in pixels: no picture is drawn larger.
                    if fields.count == 3, fields[0] == 4 { answers.limits.narrow(width: fields[2], height: fields[1]) }
                case UInt8(ascii: "S") where params.hasPrefix("?"):
                    // XTSMGRAPHICS: ? item ; status (0: success) ; values.
                    let fields = params.dropFirst().split(separator: ";").compactMap { Int($0) }
                    if fields.count == 3, fields[0] == 1, fields[1] == 0, fields[2] > 0 { answers.limits.colorRegisters = fields[2] }
                    if fields.count == 4, fields[0] == 2, fields[1] == 0 { answers.limits.narrow(width: fields[2], height: fields[3]) }
                default: break
                }
                i = j + 1
                continue
            }
            i += 1
        }
        return answers
    }
}

/// How pictures are drawn in this run, chosen once at start.
public struct PixelChoice: Equatable, Sendable {
    public var kind: PixelProtocol
    public var cell: CellPixels
    /// Inside tmux (passthrough allowed): image sequences go wrapped in `ESC P tmux;`.
    public var tmux: Bool
    /// The terminal's graphics limits (none known unless it answered).
    public var limits: GraphicsLimits

    public init(kind: PixelProtocol, cell: CellPixels = .fallback, tmux: Bool = false, limits: GraphicsLimits = GraphicsLimits()) {
        self.kind = kind
        self.cell = cell
        self.tmux = tmux
        self.limits = limits
    }

    /// The most cells a picture may cover in this terminal, or nil when it set no limit (or draws cells).
    public var cellLimit: (columns: Int, rows: Int)? { kind.drawsPixels ? limits.cells(cell) : nil }

    public static let cells = PixelChoice(kind: .cells)

    /// What `--pixels` and `images.protocol` accept.
    public static let modes = ["auto", "kitty", "sixel", "iterm", "cells"]

    /// Chooses the protocol. `mode` is `--pixels` or the setting (auto when nil); no colour, ASCII, NO_COLOR,
    /// TERM=dumb, output that is not a terminal and tmux without passthrough get cells without asking the
    /// terminal anything. `probe` asks the terminal (only called when the answer matters).
    public static func choose(mode: String?, environment: [String: String], isTerminal: Bool, noColor: Bool, ascii: Bool,
                              tmuxPassthrough: () -> Bool, probe: (_ tmux: Bool) -> ProbeAnswers, kernelCell: CellPixels?) -> PixelChoice {
        let mode = mode ?? "auto"
        guard mode != "cells", isTerminal, !noColor, !ascii, (environment["NO_COLOR"] ?? "").isEmpty else { return .cells }
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { return .cells }
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        // GNU screen has no passthrough for these sequences that artmap trusts: cells.
        if term.hasPrefix("screen") && !inTmux { return .cells }
        if inTmux && !tmuxPassthrough() { return .cells }
        // A forced kitty or iTerm2 needs nothing more when the kernel knows the cell size; sixel still asks the
        // terminal's limits (XTSMGRAPHICS), which decide how large a picture may be.
        if let forced = PixelProtocol(rawValue: mode), forced != .sixel, kernelCell != nil {
            return PixelChoice(kind: forced, cell: kernelCell ?? .fallback, tmux: inTmux)
        }
        let answers = probe(inTmux)
        let cell = kernelCell ?? answers.cell ?? .fallback
        let limits = answers.limits
        if let forced = PixelProtocol(rawValue: mode) { return PixelChoice(kind: forced, cell: cell, tmux: inTmux, limits: limits) }
        if answers.kitty { return PixelChoice(kind: .kitty, cell: cell, tmux: inTmux, limits: limits) }
        if answers.sixel { return PixelChoice(kind: .sixel, cell: cell, tmux: inTmux, limits: limits) }
        if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
            return PixelChoice(kind: .iterm, cell: cell, tmux: inTmux, limits: limits)
        }
        return .cells
    }
}

/// Asks the terminal on a file descriptor what it can draw, without blocking past a short timeout.
public enum TerminalProbe {
    /// The kitty graphics query (a 1×1 image that is never stored), the cell size (CSI 16 t), the pane's size in
    /// pixels (CSI 14 t), XTSMGRAPHICS's colour registers (CSI ? 1 ; 1 S) and sixel geometry (CSI ? 2 ; 1 S), and
    /// the device attributes last: every terminal answers those, so their arrival ends the wait early.
    public static func queries(tmux: Bool) -> [UInt8] {
        let kitty = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
        return (tmux ? PixelEncoder.tmuxWrapped(kitty) : kitty) + Array("\u{1B}[16t\u{1B}[14t\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[c".utf8)
    }

    /// Sends the queries to `output` and reads `input` (a terminal, put in raw mode meanwhile) until the device
    /// attributes answer (inside tmux: and the kitty query) or `timeout` seconds pass. Nothing read is lost to
    /// the caller's key reader except the answers and what was typed during the probe.
    public static func ask(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, tmux: Bool, timeout: Double = 0.3) -> ProbeAnswers {
        let received = exchange(queries(tmux: tmux), input: input, output: output, timeout: timeout) { received in
            // Inside tmux the device attributes come from tmux itself, at once, and the outer terminal's answer to
            // the kitty query (passed on by tmux) after them: there only a kitty answer ends the wait early.
            let answers = ProbeAnswers.parse(received)
            return answers.deviceAttributes && (!tmux || answers.kitty)
        }
        return ProbeAnswers.parse(received)
    }

    /// Writes `query` to `output` and reads `input` (a terminal, put in raw mode meanwhile) until `done` says the
    /// answers are in or `timeout` seconds pass; returns what was read (nothing when `input` is not a terminal).
    static func exchange(_ query: [UInt8], input: Int32, output: Int32, timeout: Double, done: ([UInt8]) -> Bool) -> [UInt8] {
        quietly(input) {
            var sent = 0
            while sent < query.count {
                let n = query[sent...].withUnsafeBufferPointer { write(output, $0.baseAddress, $0.count) }
                if n <= 0 { return [] }
                sent += n
            }
            return collect(from: input, timeout: timeout, done: done)
        } ?? []
    }

    /// Runs `body` with the terminal on `input` in raw mode (no echo, no line editing, reads that do not wait),
    /// then puts its modes back; nil, without running it, when `input` is no terminal.
    static func quietly<T>(_ input: Int32, _ body: () -> T) -> T? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutablePointer(to: &raw.c_cc) { pointer in
            pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 0
            }
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(input, TCSANOW, &saved) }
        return body()
    }
    /// The most answer bytes kept for parsing (real answers take a few hundred).
    static let answerBudget = 4096
    /// The most bytes read in all: a flood is not read for ever.
    static let readCap = 1 << 20

    /// Reads `input` until `done` says the answers are in or `timeout` seconds pass. Past `answerBudget` bytes it
    /// stops keeping them and reads on only to the end of the sequence it is in, so no half answer is left for the
    /// key reader (whose bytes, without their introducer, would be keys).
    static func collect(from input: Int32, timeout: Double, done: ([UInt8]) -> Bool) -> [UInt8] {
        var received: [UInt8] = []
        var shape = KeyDecoder()  // only to know whether a sequence is open
        var total = 0
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 512)
        while total < readCap {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            var pfd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(max(1, left * 1000)))
            if ready <= 0 { if ready < 0 && errno == EINTR { continue } else { break } }
            let n = buffer.withUnsafeMutableBufferPointer { read(input, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            total += n
            received += buffer[0..<min(n, max(0, answerBudget - received.count))]
            // Bytes past ASCII only matter as "not a control": inside a string they are its body.
            _ = shape.feed(buffer[0..<n].map { $0 < 0x80 ? UInt32($0) : 0xFFFD })
            if received.count >= answerBudget {
                if !shape.isWaiting { break }
                continue
            }
            if done(received) { break }
        }
        return received
    }

    /// The cell size in pixels from the kernel (TIOCGWINSZ), when the terminal fills it in.
    public static func kernelCell(_ fd: Int32 = STDOUT_FILENO) -> CellPixels? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0, size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        let width = Int(size.ws_xpixel) / Int(size.ws_col), height = Int(size.ws_ypixel) / Int(size.ws_row)
        // As for CSI 16 t's answer: a cell of 500 pixels or more is no real terminal's (and would make a picture huge).
        return width > 0 && height > 0 && width < 500 && height < 500 ? CellPixels(width: width, height: height) : nil
    }

    /// Whether tmux lets image sequences through (`allow-passthrough` on or all).
    public static func tmuxAllowsPassthrough() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && (value == "on" || value == "all")
    }

    /// The whole choice for this process's terminal: `mode` from `--pixels` or the setting.
    public static func choose(mode: String?, environment: [String: String], noColor: Bool, ascii: Bool) -> PixelChoice {
        chooseOwingAnswers(mode: mode, environment: environment, noColor: noColor, ascii: ascii).choice
    }

    /// The choice, and the answers the probe stopped waiting for (nil when it asked nothing or all came): a
    /// command that ends soon after (`show`) drains those before exiting, so the shell never reads them.
    public static func chooseOwingAnswers(mode: String?, environment: [String: String], noColor: Bool,
                                          ascii: Bool) -> (choice: PixelChoice, owed: LateAnswers?) {
        var owed: LateAnswers?
        let choice = PixelChoice.choose(mode: mode, environment: environment,
                                        isTerminal: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
                                        noColor: noColor, ascii: ascii, tmuxPassthrough: tmuxAllowsPassthrough,
                                        probe: { tmux in
                                            let answers = ask(tmux: tmux)
                                            owed = LateAnswers.owed(after: answers, tmux: tmux)
                                            return answers
                                        }, kernelCell: kernelCell())
        return (choice, owed)
    }
}
