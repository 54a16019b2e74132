import Foundation

/// A tmux server of the test's own (its own socket), running a shell in one window of a given size.
/// Drives a full-screen program as a person would: keys in, screen text out.
public final class TmuxSession: @unchecked Sendable {
    /// The server's socket name (`tmux -L`), for a client the test attaches itself.
    public let socket: String

    public init(columns: Int, rows: Int) throws {
        socket = "artmap-test-\(UUID().uuidString.prefix(8))"
        try tmux(["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", "bash --norc --noprofile"])
        try tmux(["set-option", "-g", "status", "off"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Runs a tmux command against this server and returns what it printed.
    /// Spawned with posix_spawn and reaped with waitpid: Foundation's Process waits for descriptors that the
    /// daemonised tmux server inherits, and would never see the client exit.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["LANG"] = "C.UTF-8"
        let pid = try spawnWithCleanSignals(["tmux", "-L", socket] + arguments, stdoutPath: file.path, environment: environment)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let data = (try? Data(contentsOf: file)) ?? Data()
        guard status == 0 else {
            throw TestServerError("tmux \(arguments.joined(separator: " ")) failed with status \(status)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Types a line into the shell.
    public func type(_ line: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", line])
        try tmux(["send-keys", "-t", "main", "Enter"])
    }

    /// Sends keys by tmux name (Up, Enter, Escape, Tab, q, ...).
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// The screen as lines of text.
    public func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "main"]).components(separatedBy: "\n")
    }

    /// The screen with escape sequences for attributes and colours, trailing blanks kept (they carry colours).
    public func screenWithAttributes() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-N", "-t", "main"]).components(separatedBy: "\n")
    }

    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// A tmux format value of the pane (e.g. "#{pane_title}").
    public func paneValue(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`, up to `timeout` seconds, and returns that screen. On
    /// timeout it throws, naming the caller's line and showing the last screen, so the test fails where it
    /// waited instead of going on with a screen it did not expect.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 45, file: StaticString = #fileID, line: UInt = #line,
                        _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines = try screen()
        while Date() <= deadline {
            if condition(lines) {
                // A frame can be captured half written (the terminal is still drawing its lower
                // lines); it counts once a second look finds the screen the same.
                usleep(50_000)
                let again = try screen()
                if again == lines { return lines }
                lines = again
                continue
            }
            usleep(100_000)
            lines = try screen()
        }
        if condition(lines) { return lines }
        throw TestServerError(Self.timeoutMessage(timeout: timeout, file: file, line: line, lastScreen: lines))
    }

    /// What a wait that timed out reports: where it waited and the last screen, trailing blank lines dropped.
    static func timeoutMessage(timeout: TimeInterval, file: StaticString, line: UInt, lastScreen: [String]) -> String {
        var shown = lastScreen
        while shown.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { shown.removeLast() }
        return "waited \(timeout) s at \(file):\(line) for a screen that never came; the last screen was:\n"
            + shown.joined(separator: "\n")
    }
}

/// The built `artmap` binary of this build.
public func builtArtmap() -> URL {
    var dir = Bundle.main.executableURL?.deletingLastPathComponent() ?? repositoryRoot.appendingPathComponent(".build/debug")
    if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
    let sibling = dir.appendingPathComponent("artmap")
    if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
    return repositoryRoot.appendingPathComponent(".build/debug/artmap")
}

/// Runs the binary to completion with a home of its own; returns status and output.
@discardableResult
public func runArtmapBinary(_ arguments: [String], home: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = builtArtmap()
    process.arguments = arguments
    process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    let file = home.appendingPathComponent("run-\(UUID().uuidString).log")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
}

/// The shell line that starts artmap with a home of its own and reports its exit status afterwards.
public func artmapCommandLine(home: URL, arguments: [String]) -> String {
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    return "env -u NO_COLOR -u COLORTERM HOME='\(home.path)' LANG=C.UTF-8 TERM=xterm-256color '\(builtArtmap().path)' \(quoted); echo EXITED-$?"
}

/// Starts a program with an empty signal mask and default handlers. The test runner's threads block most
/// signals and children inherit that mask: tmux (and the shell and artmap under it) would never see SIGCHLD,
/// SIGWINCH or SIGTERM, and gpsd would ignore SIGTERM. Standard input is /dev/null; standard output goes to
/// `stdoutPath` (or /dev/null), standard error to /dev/null. Returns the pid; the caller reaps it.
public func spawnWithCleanSignals(_ argv: [String], stdoutPath: String?,
                                  environment: [String: String] = ProcessInfo.processInfo.environment) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArgs.forEach { free($0) }
        cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
    guard rc == 0 else { throw TestServerError("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
    return pid
}

extension TmuxSession {
    /// Waits like `waitFor`, but a screen that never satisfies `condition` is an error (with the screen in it).
    @discardableResult
    public func require(timeout: TimeInterval = 45, _ what: String, _ condition: ([String]) -> Bool) throws -> [String] {
        let lines = try waitFor(timeout: timeout, condition)
        guard condition(lines) else {
            try? lines.joined(separator: "\n").write(toFile: "/tmp/tmux-last-failure.txt", atomically: true, encoding: .utf8)
            throw TestServerError("the screen never showed \(what):\n" + lines.joined(separator: "\n"))
        }
        return lines
    }
}

/// Lets a view started with `home` go online without leaving this machine: it fetches no map by itself, and
/// every OpenStreetMap service it could ask points at a closed port on loopback. For tests of `s`, which
/// `--offline` turns off.
public func keepOnLoopback(home: URL) throws {
    let settings = [("osm.auto-fetch", "off"), ("osm.overpass-url", "http://127.0.0.1:9/api/interpreter"),
                    ("osm.nominatim-url", "http://127.0.0.1:9"), ("osm.wikidata-url", "http://127.0.0.1:9"),
                    ("osm.commons-url", "http://127.0.0.1:9"), ("wikidata.sparql-url", "http://127.0.0.1:9/sparql")]
    for (key, value) in settings {
        let result = try runArtmapBinary(["config", "set", key, value], home: home)
        guard result.status == 0 else { throw TestServerError("config set \(key) failed: \(result.output)") }
    }
}
