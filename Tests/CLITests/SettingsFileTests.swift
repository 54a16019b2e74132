import Foundation
import Testing
import TestSupport
import Store
@testable import ArtmapCLI

/// Issue 29, item 5: settings are the user's, in `$XDG_CONFIG_HOME/artmap/config`, whatever `--store`.
@Test func settingsLiveInTheUsersFileAndEveryStoreReadsThem() async throws {
    let home = try temporaryDirectory("settings-file")
    let config = home.appendingPathComponent("config-home")
    let environment = ["XDG_CONFIG_HOME": config.path]
    let other = home.appendingPathComponent("other.sqlite").path
    // A file a person wrote, with comments and an order of their own.
    let file = config.appendingPathComponent("artmap/config")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "# mine\nunits = imperial\n\n# the map\nmap.radius = 300\n".write(to: file, atomically: true, encoding: .utf8)

    let set = await runArtmap(["config", "set", "osm.overpass-url", "http://127.0.0.1:9/api/interpreter"], home: home, extraEnvironment: environment)
    #expect(set.status == 0, "\(set.err)")
    let seen = await runArtmap(["config", "get", "osm.overpass-url", "--store", other], home: home, extraEnvironment: environment)
    #expect(seen.out == "http://127.0.0.1:9/api/interpreter\n", "another store reads the same settings: \(seen.out)\(seen.err)")
    // Old spellings are still taken, and saved in the one style; a line is replaced where it stands.
    #expect(await runArtmap(["config", "set", "sync.at_start", "no"], home: home, extraEnvironment: environment).status == 0)
    #expect(await runArtmap(["config", "set", "map.radius", "500", "--store", other], home: home, extraEnvironment: environment).status == 0)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == "# mine\nunits = imperial\n\n# the map\nmap.radius = 500\nosm.overpass-url = http://127.0.0.1:9/api/interpreter\nsync.at-start = no\n", "\(text)")
    let radius = await runArtmap(["config", "get", "map.radius"], home: home, extraEnvironment: environment)
    #expect(radius.out == "500\n")
    #expect(await runArtmap(["config", "set", "units", "default"], home: home, extraEnvironment: environment).status == 0)
    #expect(try !String(contentsOf: file, encoding: .utf8).contains("units"))
    // A line that is not a setting is left alone and said by config list.
    try (try String(contentsOf: file, encoding: .utf8) + "this is not a setting\n").write(to: file, atomically: true, encoding: .utf8)
    let list = await runArtmap(["config", "list"], home: home, extraEnvironment: environment)
    #expect(list.status == 0 && list.out.contains("map.radius") && list.err.contains("line 7: not 'key = value'"), "\(list.out)\(list.err)")
}

@Test func aStoresOlderSettingsAreMovedIntoTheFileOnceWithANote() async throws {
    let home = try temporaryDirectory("settings-move")
    let environment = ["XDG_CONFIG_HOME": home.appendingPathComponent("cfg").path]
    let path = home.appendingPathComponent("old.sqlite").path
    do {
        // As an older artmap left it: settings in the database, in the old spelling.
        let old = try CatalogStore(path: path)
        try old.setSetting("sync.max_age", "60")
        try old.setSetting("osm.max-age-days", "7")
    }
    let first = await runArtmap(["config", "get", "sync.max-age", "--store", path], home: home, extraEnvironment: environment)
    #expect(first.out == "60\n", "\(first.out)\(first.err)")
    #expect(first.err.contains("moved 2 settings (osm.max-age-days, sync.max-age) from the store"), "\(first.err)")
    let second = await runArtmap(["config", "get", "osm.max-age-days", "--store", path], home: home, extraEnvironment: environment)
    #expect(second.out == "7\n" && second.err.isEmpty, "once only: \(second.err)")
    #expect(try CatalogStore(path: path).database.scalar("SELECT COUNT(*) FROM settings WHERE key LIKE '%age%'")?.integer == 0)

    // A second old store with another value for a key the file has: the file's is used, the store's is kept aside.
    let secondStore = home.appendingPathComponent("second.sqlite").path
    do { try CatalogStore(path: secondStore).setSetting("sync.max_age", "900") }
    let other = await runArtmap(["config", "get", "sync.max-age", "--store", secondStore], home: home, extraEnvironment: environment)
    #expect(other.out == "60\n" && other.err.contains("had other values for sync.max-age"), "\(other.out)\(other.err)")
    #expect(try CatalogStore(path: secondStore).database.scalar("SELECT value FROM settings WHERE key = 'legacy.sync.max-age'")?.text == "900",
            "nothing is lost")
}

@Test func aSettingsFileLinkedFromElsewhereStaysALinkAndIsRead() async throws {
    let home = try temporaryDirectory("settings-link")
    let dotfiles = home.appendingPathComponent("dotfiles/artmap.conf")
    try FileManager.default.createDirectory(at: dotfiles.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "units = imperial\n".write(to: dotfiles, atomically: true, encoding: .utf8)
    let config = home.appendingPathComponent("cfg/artmap")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: config.appendingPathComponent("config"), withDestinationURL: dotfiles)
    let environment = ["XDG_CONFIG_HOME": home.appendingPathComponent("cfg").path]
    #expect(await runArtmap(["config", "get", "units"], home: home, extraEnvironment: environment).out == "imperial\n")
    #expect(await runArtmap(["config", "set", "map.radius", "250"], home: home, extraEnvironment: environment).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: config.appendingPathComponent("config").path) == dotfiles.path)
    #expect(try String(contentsOf: dotfiles, encoding: .utf8) == "units = imperial\nmap.radius = 250\n")
}

/// Issue 29, item 5: typos in commands, options, setting names and collection names get "did you mean …".
@Test(arguments: [
    (["lsit"], "unknown command 'lsit' (did you mean 'list'?)"),
    (["list", "--colection", "campus"], "unknown option --colection (did you mean '--collection'?)"),
    (["config", "set", "osm.overpas-url", "https://x.org"], "no setting named 'osm.overpas-url' (did you mean 'osm.overpass-url'? see 'artmap config list')"),
    (["list", "--collection", "campu"], "no collection named 'campu' (did you mean 'campus'? have: campus)"),
    (["refresh", "camps"], "no collection named 'camps' (did you mean 'campus'? have: campus)"),
])
func typosGetASuggestion(arguments: [String], message: String) async throws {
    let home = try temporaryDirectory("typo")
    let result = await runArtmap(arguments, home: home)
    #expect(result.status != 0)
    #expect(result.err.contains(message), "\(result.err)")
}

@Test func aFarOffNameGetsNoSuggestion() async throws {
    let result = await runArtmap(["zzzzzz"], home: try temporaryDirectory("typo-far"))
    #expect(result.err.contains("unknown command 'zzzzzz'") && !result.err.contains("did you mean"), "\(result.err)")
}

/// The mode, owner and group of a file.
private func ownership(_ path: String) -> (mode: mode_t, uid: uid_t, gid: gid_t) {
    var info = stat()
    _ = stat(path, &info)
    return (info.st_mode & 0o7777, info.st_uid, info.st_gid)
}

/// Issue 43, 8: `config set` turned a 0600 settings file into 0644, and through a symlink replaced the target's mode
/// and group. The file keeps its mode, owner and group; the link stays a link.
@Test(arguments: [false, true])
func configSetKeepsTheFilesModeOwnerAndGroup(linked: Bool) async throws {
    let home = try temporaryDirectory("settings-mode")
    let config = home.appendingPathComponent("cfg/artmap")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let target = linked ? home.appendingPathComponent("dotfiles/artmap.conf") : config.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "units = imperial\n".write(to: target, atomically: true, encoding: .utf8)
    if linked { try FileManager.default.createSymbolicLink(at: config.appendingPathComponent("config"), withDestinationURL: target) }
    let mode: mode_t = linked ? 0o640 : 0o600
    #expect(chmod(target.path, mode) == 0)
    // Root can give the file another owner and group (nobody's), as a file kept in a shared dotfiles folder has.
    if getuid() == 0 { #expect(chown(target.path, 65534, 65534) == 0) }
    let before = ownership(target.path)
    let environment = ["XDG_CONFIG_HOME": home.appendingPathComponent("cfg").path]
    let set = await runArtmap(["config", "set", "map.radius", "250"], home: home, extraEnvironment: environment)
    #expect(set.status == 0, "\(set.err)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "units = imperial\nmap.radius = 250\n")
    let after = ownership(target.path)
    #expect(after.mode == mode, "mode \(String(after.mode, radix: 8))")
    #expect(after.uid == before.uid && after.gid == before.gid, "owner \(after.uid):\(after.gid), was \(before.uid):\(before.gid)")
    if linked { #expect(try FileManager.default.destinationOfSymbolicLink(atPath: config.appendingPathComponent("config").path) == target.path) }
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path).filter { $0.hasPrefix(".config-") }.isEmpty)
}
