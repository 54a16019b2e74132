import Foundation

/// The built artmap running on a pseudo-terminal the test holds: the test reads everything it writes (as a
/// terminal would), answers its queries and types keys.
public final class PtyProgram {
    public let pid: pid_t
    public let master: Int32
    /// Every byte the program wrote so far.
    public private(set) var output: [UInt8] = []
    private var reaped = false
    public private(set) var status: Int32 = 0
    private var terminalClosed = false
    private let cellWidth: Int, cellHeight: Int
    /// Where the program's stderr goes.
    public let errorLog: URL
    /// The program's side of the terminal (/dev/pts/N): a test may open it too, to read what the program left unread.
    public let terminalPath: String

    /// Starts `artmap arguments` with a home of its own on a terminal of `columns` × `rows` cells of
    /// `cellWidth` × `cellHeight` pixels (0: the kernel does not know the pixel size).
    /// `environment` is added to (or, with a value of "", removes from) a plain one: HOME, LANG, TERM=xterm-256color,
    /// COLORTERM=truecolor, PATH. What the program writes to stderr goes to `errorLog`.
    /// With `errorsOnTerminal`, stderr is the terminal too (as in a real one), and `errorLog` stays empty.
    public convenience init(_ arguments: [String], home: URL, columns: Int = 100, rows: Int = 30, cellWidth: Int = 10, cellHeight: Int = 20,
                            environment extra: [String: String] = [:], errorsOnTerminal: Bool = false) throws {
        try self.init(executable: builtArtmap(), arguments, home: home, columns: columns, rows: rows, cellWidth: cellWidth,
                      cellHeight: cellHeight, environment: extra, errorsOnTerminal: errorsOnTerminal)
    }

    /// Starts another program (such as a tmux client, the terminal being the test) the same way.
    public init(executable: URL, _ arguments: [String], home: URL, columns: Int = 100, rows: Int = 30, cellWidth: Int = 10,
                cellHeight: Int = 20, environment extra: [String: String] = [:], errorsOnTerminal: Bool = false) throws {
        let pty = try PseudoTerminal()
        master = pty.master
        terminalPath = pty.slavePath
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        errorLog = home.appendingPathComponent("stderr-\(UUID().uuidString).log")
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellWidth), ws_ypixel: UInt16(rows * cellHeight))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, pty.slavePath, O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        if errorsOnTerminal {
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, errorLog.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var environment = ["HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin"]
        for (key, value) in extra { environment[key] = value.isEmpty ? nil : value }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; env.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable.path, &actions, &attributes, argv, env)
        guard spawned == 0 else {
            close(master)
            throw TestServerError("cannot start \(executable.lastPathComponent): \(String(cString: strerror(spawned)))")
        }
        pid = child
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var s: Int32 = 0
            waitpid(pid, &s, 0)
        }
        if !terminalClosed { close(master) }
    }

    /// The terminal goes away: the test's side closes, so every read of the program's side fails.
    public func closeTerminal() {
        if !terminalClosed { close(master) }
        terminalClosed = true
    }

    /// Waits (without reading) until the program ends or `timeout` seconds pass; for after `closeTerminal`.
    @discardableResult
    public func waitForExitWithoutReading(timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !exited() {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    /// Sends a signal to the program.
    public func signal(_ number: Int32) { kill(pid, number) }

    /// The terminal takes a new size; the kernel tells the program's process group by SIGWINCH, which the
    /// test sends itself (the pty is not the program's controlling terminal).
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellWidth), ws_ypixel: UInt16(rows * cellHeight))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(pid, SIGWINCH)
    }

    /// Reads what the program writes until it has stopped (SIGSTOP, SIGTSTP …) or `timeout` seconds pass;
    /// returns whether it stopped. What it wrote before stopping is then all in `output`.
    @discardableResult
    public func waitForStop(timeout: Double = 30) -> Bool {
        var stopped = false
        read(until: { _ in
            var s: Int32 = 0
            if !stopped, waitpid(self.pid, &s, WNOHANG | WUNTRACED) == self.pid {
                if (s & 0xFF) == 0x7F { stopped = true } else { self.reaped = true; self.status = s }
            }
            return stopped || self.reaped
        }, timeout: timeout)
        if stopped { drain() }
        return stopped
    }

    /// Reads whatever is already waiting on the terminal, without waiting for more.
    public func drain() {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&ready, 1, 0) > 0, ready.revents & Int16(POLLIN) != 0 {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = Foundation.read(master, &chunk, chunk.count)
            if count <= 0 { break }
            output += chunk.prefix(count)
        }
    }

    /// Reads what the program writes until `condition` holds for everything read so far, or `timeout` seconds
    /// pass; returns whether it held.
    @discardableResult
    public func read(until condition: ([UInt8]) -> Bool, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(output) {
            guard Date() < deadline else { return false }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = Foundation.read(master, &chunk, chunk.count)
            if count > 0 { output += chunk.prefix(count) } else { if !reaped { _ = exited() }; if reaped { return condition(output) } }
        }
        return true
    }

    /// Reads until the output contains `text` (as bytes).
    @discardableResult
    public func read(untilContains text: String, after offset: Int = 0, timeout: Double = 30) -> Bool {
        let needle = Array(text.utf8)
        // Only what arrived since the last look is searched (images are megabytes).
        var from = offset
        return read(until: { output in
            if PtyProgram.contains(output, needle, from: from) { return true }
            from = max(offset, output.count - needle.count + 1)
            return false
        }, timeout: timeout)
    }

    /// Types bytes.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Types a key and reads until the program has written something after it (its next frame begun), up to
    /// `timeout` seconds: keys pressed one after another's frame, as a person types.
    public func press(_ key: String, timeout: Double = 5) {
        let before = output.count
        send(key)
        read(until: { $0.count > before || self.exited() }, timeout: timeout)
    }

    /// The most memory the program held at once (its peak resident set, from the kernel), once it has ended.
    /// It counts the test process's own resident set at the moment of the spawn too (Linux keeps the larger of the
    /// spawning memory's high-water mark and the program's, across exec): beside a large test suite, read
    /// `residentHighWaterKilobytes()` while the program runs instead.
    public private(set) var peakResidentKilobytes = 0

    /// The program's own high-water resident set so far (`VmHWM` of /proc/PID/status), while it runs; nil after.
    public func residentHighWaterKilobytes() -> Int? {
        guard !reaped, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }

    /// True once the program ended (its status is then in `status`, its peak memory in `peakResidentKilobytes`).
    public func exited() -> Bool {
        if reaped { return true }
        var s: Int32 = 0
        var usage = rusage()
        if wait4(pid, &s, WNOHANG, &usage) == pid {
            reaped = true
            status = s
            peakResidentKilobytes = Int(usage.ru_maxrss)
        }
        return reaped
    }

    /// Reads until the program ends or `timeout` seconds pass, then what it left unread; returns whether it ended.
    @discardableResult
    public func waitForExit(timeout: Double = 30) -> Bool {
        let ended = read(until: { _ in self.exited() }, timeout: timeout)
        // What it wrote just before ending may still be waiting on the terminal.
        if ended { drain() }
        return ended
    }

    /// Whether `haystack` holds `needle` at or after `from`.
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8], from: Int = 0) -> Bool {
        guard !needle.isEmpty, haystack.count - from >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            var i = max(0, from)
            while i + needle.count <= hay.count {
                if hay[i] == needle[0] {
                    var j = 1
                    while j < needle.count, hay[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// The output from `offset` on, as text.
    public func text(from offset: Int = 0) -> String { String(decoding: output[min(offset, output.count)...], as: UTF8.self) }
}
