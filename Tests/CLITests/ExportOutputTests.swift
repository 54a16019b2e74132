import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

/// What a path names now: "regular", "fifo", "char", "link", "dir", "socket", or "absent".
private func kind(_ path: String) -> String {
    var info = stat()
    if lstat(path, &info) != 0 { return "absent" }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return "regular"
    case S_IFIFO: return "fifo"
    case S_IFCHR: return "char"
    case S_IFLNK: return "link"
    case S_IFDIR: return "dir"
    case S_IFSOCK: return "socket"
    default: return "other"
    }
}

/// The campus collection as CSV on standard output: what every `--output` below must carry.
private func expectedCSV(home: URL) async -> String {
    let plain = await runArtmap(["export", "--format", "csv"], home: home)
    #expect(plain.status == 0, "\(plain.err)")
    #expect(plain.out.hasPrefix("id,title,artist"))
    return plain.out
}

/// Reads everything from `descriptor` until its writers close it, on a thread of its own.
private final class Drain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    init(_ open: @escaping @Sendable () -> Int32) {
        Thread.detachNewThread { [self] in
            let descriptor = open()
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while descriptor >= 0 {
                let n = read(descriptor, &chunk, chunk.count)
                if n <= 0 { break }
                bytes += chunk.prefix(n)
            }
            if descriptor >= 0 { close(descriptor) }
            done.signal()
        }
    }

    /// What was read, once the writer closed (nil when that took over 60 s).
    func text() -> String? {
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Issue 35, item 2: a FIFO is written in place (it was renamed over: the reader got nothing and the FIFO
/// became a regular file), and stays a FIFO.
@Test func exportIntoAFIFOWritesThroughIt() async throws {
    let home = try temporaryDirectory("export-output")
    let csv = await expectedCSV(home: home)
    let fifo = home.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = Drain { open(fifo, O_RDONLY) }
    let result = await runArtmap(["export", "--format", "csv", "-o", fifo], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(reader.text() == csv)
    #expect(kind(fifo) == "fifo")
}

/// A character device (a terminal here: a pseudo-terminal's side) is written in place, not replaced.
@Test func exportIntoACharacterDeviceWritesThroughIt() async throws {
    let home = try temporaryDirectory("export-output")
    let csv = await expectedCSV(home: home)
    let pty = try PseudoTerminal()
    defer { close(pty.master) }
    // Raw, so the terminal passes the bytes as they are (no CRLF added), and held open so it never hangs up.
    let holder = open(pty.slavePath, O_RDWR | O_NOCTTY)
    defer { close(holder) }
    var modes = termios()
    tcgetattr(holder, &modes)
    cfmakeraw(&modes)
    tcsetattr(holder, TCSANOW, &modes)
    let master = pty.master
    final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
    let got = Box()
    let reading = Thread {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        // Until the whole CSV is there (bounded by the test's own 60 s below).
        while got.bytes.count < csv.utf8.count, poll(&ready, 1, 60_000) > 0 {
            let n = read(master, &chunk, chunk.count)
            if n <= 0 { break }
            got.bytes += chunk.prefix(n)
        }
    }
    reading.start()
    let result = await runArtmap(["export", "--format", "csv", "-o", pty.slavePath], home: home)
    #expect(result.status == 0, "\(result.err)")
    for _ in 0..<600 where got.bytes.count < csv.utf8.count { usleep(100_000) }
    #expect(String(decoding: got.bytes, as: UTF8.self) == csv)
    #expect(kind(pty.slavePath) == "char")
}

/// `-o -` is the standard output (it wrote a file named "-"); `-o /dev/stdout` reaches the pipe the real
/// binary writes to (it renamed a file over /proc/self/fd/1 and sent nothing down the pipe).
@Test func exportToDashOrDevStdoutWritesTheStandardOutput() async throws {
    let home = try temporaryDirectory("export-output")
    let csv = await expectedCSV(home: home)
    let dash = await runArtmap(["export", "--format", "csv", "-o", "-"], home: home)
    #expect(dash.status == 0, "\(dash.err)")
    #expect(dash.out == csv)
    #expect(kind(FileManager.default.currentDirectoryPath + "/-") == "absent")

    let process = Process()
    process.executableURL = builtArtmap()
    process.arguments = ["export", "--format", "csv", "-o", "/dev/stdout"]
    process.environment = binaryEnvironment(home: try temporaryDirectory("export-output"))
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let written = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: written, as: UTF8.self) == csv)
}

/// A regular file is replaced whole, keeping its mode, with no temporary file left beside it; through a
/// symbolic link the file is replaced and the link kept; a folder or a socket is refused, untouched.
@Test func exportReplacesOnlyRegularFilesAndRefusesTheRest() async throws {
    let home = try temporaryDirectory("export-output")
    let csv = await expectedCSV(home: home)
    let folder = home.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("art.csv")
    try Data("old".utf8).write(to: file)
    chmod(file.path, 0o640)
    let replaced = await runArtmap(["export", "--format", "csv", "-o", file.path], home: home)
    #expect(replaced.status == 0, "\(replaced.err)")
    #expect(try String(contentsOf: file, encoding: .utf8) == csv)
    var info = stat()
    stat(file.path, &info)
    #expect(info.st_mode & 0o777 == 0o640)

    let link = folder.appendingPathComponent("link.csv")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)
    try Data("old".utf8).write(to: file)
    let throughLink = await runArtmap(["export", "--format", "csv", "-o", link.path], home: home)
    #expect(throughLink.status == 0, "\(throughLink.err)")
    #expect(kind(link.path) == "link")
    #expect(try String(contentsOf: file, encoding: .utf8) == csv)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["art.csv", "link.csv"])

    let intoFolder = await runArtmap(["export", "--format", "csv", "-o", folder.path], home: home)
    #expect(intoFolder.status == 1)
    #expect(intoFolder.err.contains("it is a folder"), "\(intoFolder.err)")
    #expect(kind(folder.path) == "dir")

    let socketPath = folder.appendingPathComponent("sock").path
    let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socketDescriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    let intoSocket = await runArtmap(["export", "--format", "csv", "-o", socketPath], home: home)
    #expect(intoSocket.status == 1)
    #expect(intoSocket.err.contains("neither a regular file, a FIFO nor a character device"), "\(intoSocket.err)")
    #expect(kind(socketPath) == "socket")
}

/// Issue 35, fuzz targets: a quote, `<` or `&` followed by a combining mark is one Character equal to none of
/// them; the CSV and XML writers escape scalar by scalar (the Export fuzz target found both going out raw: a CSV
/// field ended early, markup reached the GPX).
@Test func exportWritersEscapeCharactersThatCarryCombiningMarks() {
    #expect(Array(ExportFormat.csvField("Tea, \"\u{65C}=2").unicodeScalars) == Array("\"Tea, \"\"\u{65C}=2\"".unicodeScalars))
    #expect(Array(ExportFormat.csvField("a\"\u{301}").unicodeScalars) == Array("\"a\"\"\u{301}\"".unicodeScalars))
    #expect(Array(ExportFormat.xml("<\u{301}script>&\u{301}\"\u{301}").unicodeScalars)
            == Array("&lt;\u{301}script&gt;&amp;\u{301}&quot;\u{301}".unicodeScalars))
}
