import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

/// What a command printed and returned.
struct CommandResult {
    let status: Int32
    let out: String
    let err: String
}

/// Runs artmap in-process with its own store and the repository's resources.
func runArtmap(_ arguments: [String], home: URL, extraEnvironment: [String: String] = [:]) async -> CommandResult {
    let out = TextSink(), err = TextSink()
    let console = Console(out: { out.text += $0 }, err: { err.text += $0 })
    var environment = ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                       "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                       "ARTMAP_RESOURCES": repositoryRoot.appendingPathComponent("Resources").path]
    environment.merge(extraEnvironment) { $1 }
    let status = await Artmap.main(arguments: arguments, environment: environment, console: console)
    return CommandResult(status: status, out: out.text, err: err.text)
}

/// An environment for the real binary with its own home.
func binaryEnvironment(home: URL) -> [String: String] {
    ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
}

/// Starts the real binary; the caller waits or kills it. Output goes to files in `home`.
func startBinary(_ arguments: [String], environment: [String: String], label: String = "run") throws -> (Process, URL, URL) {
    let process = Process()
    process.executableURL = builtArtmap()
    process.arguments = arguments
    process.environment = environment
    let home = URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory())
    let outURL = home.appendingPathComponent("\(label)-\(UUID().uuidString).out")
    let errURL = home.appendingPathComponent("\(label)-\(UUID().uuidString).err")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return (process, outURL, errURL)
}

/// Runs the real binary as a separate process to completion.
func runBinary(_ arguments: [String], environment: [String: String]) throws -> CommandResult {
    let (process, outURL, errURL) = try startBinary(arguments, environment: environment)
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus,
                         out: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                         err: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
}

/// Collects what a command prints.
final class TextSink: @unchecked Sendable {
    var text = ""
}

/// A home of its own with the Helsinki extract imported (streets, paths and 65 artworks).
func helsinkiHome(_ label: String) async throws -> URL {
    let home = try temporaryDirectory(label)
    let imported = await runArtmap(["import", repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    return home
}
