import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

/// The built artmap with its standard output and standard error opened on the given paths (such as /dev/full);
/// how it ended, and what went to the error file when that is a file.
private struct Ended {
    let reason: Process.TerminationReason
    let status: Int32
}

private func runWithOutputs(_ arguments: [String], home: URL, stdout: String, stderr: String) throws -> Ended {
    let process = Process()
    process.executableURL = builtArtmap()
    process.arguments = arguments
    process.environment = binaryEnvironment(home: home)
    process.standardInput = FileHandle.nullDevice
    guard let out = FileHandle(forWritingAtPath: stdout), let err = FileHandle(forWritingAtPath: stderr) else {
        throw TestServerError("cannot open \(stdout) or \(stderr)")
    }
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    return Ended(reason: process.terminationReason, status: process.terminationStatus)
}

/// Issue 35, item 1: output that cannot be written (a full disk) ends the command with status 1 and a message
/// on standard error, never a trap (it was SIGILL, 132, from FileHandle's try!); `list --json` that could not be
/// written fails instead of exiting 0.
@Test(arguments: [["list"], ["list", "--json"], ["--help"], ["list", "--help"], ["--version"], ["completions", "bash"]])
func outputToAFullDeviceFailsPlainly(arguments: [String]) throws {
    let home = try temporaryDirectory("write-errors")
    let log = home.appendingPathComponent("err.log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let ended = try runWithOutputs(arguments, home: home, stdout: "/dev/full", stderr: log.path)
    #expect(ended.reason == .exit, "\(arguments): killed by signal \(ended.status)")
    #expect(ended.status == 1, "\(arguments)")
    let message = try String(contentsOf: log, encoding: .utf8)
    #expect(message.contains("artmap: cannot write to the standard output (No space left on device)"), "\(arguments): \(message)")
}

/// An error message written to a full standard error: the command's own status, not a trap.
@Test func anErrorMessageToAFullStandardErrorKeepsTheCommandsStatus() throws {
    let home = try temporaryDirectory("write-errors")
    let usage = try runWithOutputs(["list", "--no-such-option"], home: home, stdout: "/dev/null", stderr: "/dev/full")
    #expect(usage.reason == .exit && usage.status == 2, "\(usage)")
    let failure = try runWithOutputs(["export", "--format", "csv", "--collection", "nowhere"], home: home, stdout: "/dev/null", stderr: "/dev/full")
    #expect(failure.reason == .exit && failure.status == 1, "\(failure)")
    let both = try runWithOutputs(["list"], home: home, stdout: "/dev/full", stderr: "/dev/full")
    #expect(both.reason == .exit && both.status == 1, "\(both)")
}

/// In process: a console whose writes fail keeps the first errno, takes nothing more, and `Artmap.main` turns
/// it into status 1; a closed pipe (EPIPE) fails the command without a message.
@Test func aFailedWriteIsKeptAndBecomesTheStatus() async throws {
    let home = try temporaryDirectory("write-errors")
    for (code, said) in [(ENOSPC, true), (EPIPE, false)] {
        final class Log: @unchecked Sendable { var out = 0, err = "" }
        let log = Log()
        let console = Console(checkedOut: { _ in log.out += 1; return code },
                              checkedErr: { log.err += String(decoding: $0, as: UTF8.self); return 0 })
        let status = await Artmap.main(arguments: ["list"], environment: ["HOME": home.path,
                                       "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                       "ARTMAP_RESOURCES": repositoryRoot.appendingPathComponent("Resources").path], console: console)
        #expect(status == 1)
        #expect(console.outputFailure == code)
        #expect(log.out == 1, "one failed write, then nothing more is tried (\(log.out))")
        #expect(log.err.contains("cannot write to the standard output") == said, "\(log.err)")
    }
}
