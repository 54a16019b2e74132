@testable import ArtmapCLI
import Cells
import Foundation
import Runtime
import Testing
import TerminalTypes
import TestSupport

/// The full-screen view run in process, as `artmap` runs it (the same composition root, `InteractiveCommand`), over a
/// terminal in memory and a clock the test moves: keys in, frames out, no tmux and no pty (issue 45, item 3). The
/// keys are named as tmux names them, so a test reads as the tmux one it replaced.
final class ViewDriver {
    let terminal: MemoryTerminal
    let clock: ManualClock
    private let prepared: InteractiveCommand.PreparedView
    private var session: Session { prepared.session }
    /// What the view wrote to standard error (a notice, why it ended).
    let console = CapturedConsole()

    /// Starts the view with `arguments` in `home` (HOME, and so the store and the settings, are the test's own).
    init(home: URL, arguments: [String], columns: Int = 120, rows: Int = 40, clock: ManualClock = ManualClock(now: Date())) async throws {
        terminal = MemoryTerminal(size: TerminalSize(columns: columns, rows: rows))
        self.clock = clock
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let options = try InteractiveCommand.parser.parse(arguments, as: InteractiveCommand.ViewOptions.self)
        prepared = try await InteractiveCommand.prepareView(options: options, environment: environment, console: console.console,
                                                            slideshowInterval: nil, startSlideshow: false, notice: nil) { $0.clock = clock }
        session.start(on: terminal)
    }

    deinit { prepared.session.stop() }

    /// The screen now, row by row (trailing spaces removed).
    var screen: [String] { terminal.lines }

    /// Presses keys named as tmux names them (`Tab`, `Down`, `Enter`, `Escape`, `BSpace`, `PPage`, a character…),
    /// one turn of the loop each, as a person types.
    func send(_ names: String...) throws {
        for name in names {
            terminal.type(try Self.key(name))
            session.step(on: terminal, waiting: 0)
        }
    }

    /// Types text into a prompt, character by character.
    func typeText(_ text: String) {
        for character in text {
            terminal.type(.character(character))
            session.step(on: terminal, waiting: 0)
        }
    }

    /// Turns the loop (keys, answers from the background, the clock) until the screen satisfies `condition`, up to
    /// `timeout` seconds; returns that screen, or throws naming what was awaited and showing the last screen.
    /// Between turns it sleeps without holding a thread: the session's background work runs on the same few threads.
    @discardableResult
    func waitFor(timeout: TimeInterval = 45, _ what: String = "the screen", _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let lines = screen
            if condition(lines) { return lines }
            guard Date() < deadline, session.step(on: terminal, waiting: 0) else {
                throw ViewDriverError("waited for \(what); the status line is \"\(statusLine(lines))\", the screen:\n" + lines.joined(separator: "\n"))
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// The window changes size, as a person drags it (SIGWINCH in a terminal); one turn of the loop redraws it.
    func resize(columns: Int, rows: Int) {
        terminal.resize(to: TerminalSize(columns: columns, rows: rows))
        session.step(on: terminal, waiting: 0)
    }

    /// Moves the clock on (the slideshow's timer, "synced N min ago") and turns the loop once.
    func advance(by seconds: Double) {
        clock.advance(by: seconds)
        session.step(on: terminal, waiting: 0)
    }

    /// Presses `q` (after `keys`), and checks that the view ended as `artmap` ends on q: status 0.
    func quit(after keys: String...) async throws {
        for name in keys { try send(name) }
        try send("q")
        let deadline = Date().addingTimeInterval(30)
        while session.step(on: terminal, waiting: 0), Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(!session.step(on: terminal, waiting: 0), "the view ended")
        let end = try InteractiveCommand.ended(prepared, console: console.console)
        guard case .finished(0) = end else { throw ViewDriverError("the view ended with \(end)") }
    }

    static func key(_ name: String) throws -> Key {
        switch name {
        case "Tab": return .tab
        case "BTab": return .backTab
        case "Up": return .up
        case "Down": return .down
        case "Left": return .left
        case "Right": return .right
        case "Enter": return .enter
        case "Escape": return .escape
        case "BSpace": return .backspace
        case "Space": return .character(" ")
        case "Home": return .home
        case "End": return .end
        case "PPage", "PageUp": return .pageUp
        case "NPage", "PageDown": return .pageDown
        case "DC": return .delete
        case "IC": return .insert
        default:
            guard name.count == 1, let character = name.first else { throw ViewDriverError("no key is named \(name)") }
            return .character(character)
        }
    }
}

/// Why a driven view did not do what the test awaited.
struct ViewDriverError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A console whose output and errors are kept, for a view run in process.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err: [UInt8] = []
    lazy var console = Console(checkedOut: { [self] bytes in lock.withLock { out += bytes }; return 0 },
                               checkedErr: { [self] bytes in lock.withLock { err += bytes }; return 0 })
    var errors: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}

/// The last non-empty line: the status line.
func statusLine(_ lines: [String]) -> String { lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "" }

/// Where a box titled `title` starts on the screen (its top line and the title's column), if it is drawn; the title
/// may follow the box's key legend ("┌ arrows ▸ 31 artworks…").
func boxTop(_ lines: [String], _ title: String) -> (line: Int, column: Int)? {
    for (index, line) in lines.enumerated() {
        guard let range = line.range(of: title), let corner = line[..<range.lowerBound].range(of: "┌", options: .backwards),
              !line[corner.upperBound..<range.lowerBound].contains("┐") else { continue }
        return (index, line.distance(from: line.startIndex, to: corner.lowerBound))
    }
    return nil
}

/// Whether a building's list or an artwork's detail is open (pop-ups clear the screen behind them).
func popUpOpen(_ lines: [String]) -> Bool {
    lines.contains { $0.contains("┌ Artwork ") || $0.contains(" artworks · ") || $0.contains(" artwork · ") }
}

/// Runs blocking work (a command run to its end, a stand-in server starting) on a thread of its own: the sessions'
/// background work runs on the few threads of the cooperative pool, which a test must never hold while it waits.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `artmap ARGUMENTS` with a home of its own, run to its end off the pool: its status and output.
func runArtmap(_ arguments: [String], home: URL) async throws -> (status: Int32, output: String) {
    try await offThePool { try runArtmapBinary(arguments, home: home) }
}
