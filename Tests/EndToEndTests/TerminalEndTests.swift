import Foundation
import Testing
import TestSupport

/// Issue 16, item 12: when the view's terminal goes away (its pty's other side closes, so every read fails
/// with EIO), the view ends with a message and a failing status instead of retrying the read forever.
@Test func theViewEndsWhenItsTerminalStopsGivingInput() throws {
    let home = try temporaryDirectory("e2e-terminal-end")
    let pty = try PseudoTerminal()
    let master = pty.master, slaveName = pty.slavePath
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    let errors = home.appendingPathComponent("stderr.log")

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR | O_NOCTTY, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
    let arguments: [String] = [builtArtmap().path, "--offline"]
    let environment: [String] = ["HOME=\(home.path)", "LANG=C.UTF-8", "TERM=xterm-256color", "PATH=/usr/bin:/bin"]
    let argv = arguments.map { strdup($0) } + [nil]
    let env = environment.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) }; env.forEach { free($0) } }
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var pid: pid_t = 0
    try #require(posix_spawn(&pid, builtArtmap().path, &actions, &attributes, argv, env) == 0)
    var reaped = false
    defer { if !reaped { kill(pid, SIGKILL); var s: Int32 = 0; waitpid(pid, &s, 0) } }

    // Read what it draws (so it never blocks on a full terminal) until the first frame is there.
    var screen = [UInt8]()
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !String(decoding: screen, as: UTF8.self).contains("quit") {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 200) > 0 else { continue }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(master, &chunk, chunk.count)
        if count > 0 { screen += chunk.prefix(count) }
    }
    try #require(String(decoding: screen, as: UTF8.self).contains("quit"), "the view started")

    // The terminal goes away: every read of it now fails.
    close(master)
    var status: Int32 = 0
    let exitDeadline = Date().addingTimeInterval(30)
    while Date() < exitDeadline {
        if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
        usleep(50_000)
    }
    try #require(reaped, "the view is still running 30 s after its terminal went away")
    #expect((status & 0x7F) == 0, "it exited, not killed by a signal (status \(status))")
    #expect(((status >> 8) & 0xFF) == 1)
    let message = try String(contentsOf: errors, encoding: .utf8)
    #expect(message.contains("the terminal gave no more input ("), "\(message)")
    #expect(message.contains("the view has ended"))
    #expect(message.split(separator: "\n").count == 1, "one line: \(message)")
}
