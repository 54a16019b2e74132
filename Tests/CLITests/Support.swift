import Foundation
@testable import ArtmapCLI

/// The repository root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh temporary folder.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// What a command printed and returned.
struct CommandResult {
    let status: Int32
    let out: String
    let err: String
}

/// Runs artmap in-process with its own store and the repository's resources.
func runArtmap(_ arguments: [String], home: URL, extraEnvironment: [String: String] = [:]) -> CommandResult {
    var out = "", err = ""
    let console = Console(out: { out += $0 }, err: { err += $0 })
    var environment = ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                       "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                       "ARTMAP_RESOURCES": repositoryRoot.appendingPathComponent("Resources").path]
    environment.merge(extraEnvironment) { $1 }
    let status = Artmap.main(arguments: arguments, environment: environment, console: console)
    return CommandResult(status: status, out: out, err: err)
}

/// The built `artmap` binary beside the test bundle.
func artmapBinary() -> URL {
    var dir = Bundle.main.executableURL?.deletingLastPathComponent() ?? repositoryRoot.appendingPathComponent(".build/debug")
    if dir.lastPathComponent == "artmapPackageTests.xctest" { dir = dir.deletingLastPathComponent() }
    let sibling = dir.appendingPathComponent("artmap")
    if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
    return repositoryRoot.appendingPathComponent(".build/debug/artmap")
}

/// Runs the real binary as a separate process.
func runBinary(_ arguments: [String], environment: [String: String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = artmapBinary()
    process.arguments = arguments
    process.environment = environment
    let outPipe = Pipe(), errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    try process.run()
    let out = outPipe.fileHandleForReading.readDataToEndOfFile()
    let err = errPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, out: String(decoding: out, as: UTF8.self),
                         err: String(decoding: err, as: UTF8.self))
}
