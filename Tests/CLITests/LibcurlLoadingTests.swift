import Foundation
import Testing
import TestSupport

// libcurl is loaded by the first download (CCurl's artmap_curl_load), not linked: a command that never
// downloads must not need it, and a download without it fails in one line and changes nothing.

/// The real binary's environment with its own home and the repository's resources, libcurl looked for at `libcurl`.
private func environment(home: URL, libcurl: String) -> [String: String] {
    binaryEnvironment(home: home).merging([
        "XDG_DATA_HOME": home.appendingPathComponent("data").path,
        "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        "ARTMAP_RESOURCES": repositoryRoot.appendingPathComponent("Resources").path,
        "ARTMAP_LIBCURL": libcurl,
    ]) { $1 }
}

@Test func theBinaryDoesNotLinkLibcurl() throws {
    let readelf = try #require(["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) },
                               "readelf (binutils) reads the binary's needed libraries")
    let process = Process(), pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: readelf)
    process.arguments = ["-d", builtArtmap().path]
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    #expect(needed.contains { $0.contains("libsqlite3") }, "the check reads the needed libraries: \(needed)")
    #expect(!needed.contains { $0.contains("libcurl") }, "\(needed)")
}

@Test func commandsThatNeverDownloadWorkWithoutLibcurl() throws {
    let home = try temporaryDirectory()
    let list = try runBinary(["list", "--json"], environment: environment(home: home, libcurl: "/nonexistent/libcurl.so.4"))
    #expect(list.status == 0, "\(list.err)")
    #expect(list.out.contains("\"Ashton Building\""))
}

@Test func aSyncWithoutLibcurlFailsInOneLineAndChangesNothing() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let missing = environment(home: home, libcurl: "/nonexistent/libcurl.so.4")
    let before = try runBinary(["list", "--json"], environment: missing)
    #expect(before.status == 0, "\(before.err)")
    let sync = try runBinary(["sync", "--full", "--no-images", "--source", server.serviceURL("2017")], environment: missing)
    #expect(sync.status == 1)
    #expect(sync.err.split(separator: "\n").count == 1, "\(sync.err)")
    #expect(sync.err.contains("libcurl could not be loaded (/nonexistent/libcurl.so.4: cannot open shared object file"), "\(sync.err)")
    #expect(sync.err.contains("install the libcurl4 package"), "\(sync.err)")
    #expect(try server.requestLog().isEmpty)
    #expect(try runBinary(["list", "--json"], environment: missing).out == before.out)
    // The same store syncs once libcurl is found.
    let found = try runBinary(["sync", "--full", "--no-images", "--source", server.serviceURL("2017")],
                              environment: environment(home: home, libcurl: ""))
    #expect(found.status == 0, "\(found.err)")
    #expect(found.out.hasPrefix("synced 31 artworks"), "\(found.out)")
}

@Test func aLibraryWithoutTheNeededFunctionsIsNamedWithWhatIsMissing() throws {
    let home = try temporaryDirectory()
    // libz is a real shared library that has none of curl's functions.
    let sync = try runBinary(["sync", "--no-images", "--source", "http://127.0.0.1:9/data.php"],
                             environment: environment(home: home, libcurl: "libz.so.1"))
    #expect(sync.status == 1)
    #expect(sync.err.contains("libz.so.1 has no curl_global_init: artmap needs libcurl 7.85 or later"), "\(sync.err)")
}
