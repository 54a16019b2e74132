import Catalog
import Foundation
import Testing
import App
@testable import ArtmapCLI

import TestSupport

/// Runs a program with an environment, capturing what it prints.
private func run(_ argv: [String], environment: [String: String]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = argv
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
}

/// An environment whose PATH finds the built artmap first, with a home of its own.
private func shellEnvironment(home: URL) -> [String: String] {
    ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
     "ARTMAP_RESOURCES": repositoryRoot.appendingPathComponent("Resources").path,
     "PATH": builtArtmap().deletingLastPathComponent().path + ":/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
}

@Test func theManPageRendersWithoutWarningsAndHoldsEveryCommandOptionKeySettingAndVariable() async throws {
    let home = try temporaryDirectory()
    let environment = shellEnvironment(home: home)
    let page = try run(["artmap", "--man"], environment: environment)
    #expect(page.status == 0, "\(page.err)")
    let file = home.appendingPathComponent("artmap.1")
    try Data(page.out.utf8).write(to: file)
    var manEnvironment = environment
    manEnvironment["MANWIDTH"] = "80"
    let rendered = try run(["man", "--warnings", "-l", file.path], environment: manEnvironment)
    #expect(rendered.status == 0)
    #expect(rendered.err == "", "groff's warnings: \(rendered.err)")
    // What man shows, with groff's minus signs and hyphenation points read as the hyphens they stand for.
    let text = rendered.out.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
    #expect(text.contains("ARTMAP(1)"))
    for command in Artmap.commands {
        #expect(text.contains("artmap \(command.name)"), "command \(command.name)")
        for spec in command.parser.specs { #expect(text.contains(spec.name), "\(command.name) \(spec.name)") }
    }
    for spec in InteractiveCommand.parser.specs { #expect(text.contains(spec.name), "view option \(spec.name)") }
    for setting in Setting.all { #expect(text.contains(setting.key), "setting \(setting.key)") }
    for (name, _) in ManPage.environment { #expect(text.contains(name), "variable \(name)") }
    for section in ["KEYS", "SETTINGS", "FILES", "ENVIRONMENT", "EXIT STATUS", "OpenStreetMap contributors", "CC0"] {
        #expect(text.contains(section), "\(section)")
    }
    #expect(text.contains("move the cursor north"), "the keymap's descriptions")
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "every line within MANWIDTH")
}

@Test func everyEnvironmentVariableTheProgramReadsForItsUsersIsInTheManPage() throws {
    // Test and bench knobs are left out on purpose: they are not for users.
    let knobs: Set<String> = ["ARTMAP_BACKOFF_SCALE", "ARTMAP_BENCH_KEEP"]
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
    var read: Set<String> = []
    let pattern = try Regex(#"(getenv\("|environment\[")(ARTMAP_[A-Z_]+)""#)
    for file in files where ["swift", "c"].contains(file.pathExtension) {
        let text = try String(contentsOf: file, encoding: .utf8)
        for match in text.matches(of: pattern) { read.insert(String(match.output[2].substring ?? "")) }
    }
    #expect(read.contains("ARTMAP_RESOURCES"), "the scan finds the variables read: \(read)")
    let documented = Set(ManPage.environment.flatMap { $0.0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
    #expect(read.subtracting(knobs).subtracting(documented).isEmpty, "read but not in the man page: \(read.subtracting(knobs).subtracting(documented))")
}

@Test func bashCompletionOffersCommandsOptionsValuesAndTheStoresCollections() async throws {
    let home = try temporaryDirectory()
    let environment = shellEnvironment(home: home)
    let places = home.appendingPathComponent("murals.plist")
    try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array><dict><key>name</key><string>Wall</string><key>latitude</key><real>53.4</real>\
        <key>longitude</key><real>-2.97</real><key>comments</key><string></string></dict></array></plist>
        """.utf8).write(to: places)
    #expect(try run(["artmap", "import", places.path], environment: environment).status == 0)
    // Each case: the words typed so far (the last is being completed) → what Tab offers.
    let script = """
        source <(artmap completions bash) || exit 3
        complete -p artmap
        offer() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _artmap; echo "${COMPREPLY[*]}"; }
        offer artmap ''
        offer artmap ex
        offer artmap export --format ''
        offer artmap list --collection ''
        offer artmap import --d
        offer artmap completions ''
        offer artmap painters ''
        offer artmap --la
        compgen -W "$(artmap completions collections)" -- mu
        """
    let result = try run(["bash", "-c", script], environment: environment)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count >= 10)
    #expect(lines[0] == "complete -o bashdefault -o filenames -F _artmap artmap")
    let names = Artmap.commands.map { $0.name }
    #expect(lines[1].split(separator: " ").map(String.init) == names)
    #expect(lines[2] == "export")
    #expect(lines[3] == "geojson gpx csv")
    #expect(lines[4].split(separator: " ").sorted() == ["campus", "murals"], "collection names from the store")
    #expect(lines[5] == "--dry-run")
    #expect(lines[6] == "bash zsh fish")
    #expect(lines[7] == "list add remove")
    #expect(lines[8] == "--layout")
    #expect(lines[9] == "murals")
    // Every option of every command is offered after its command.
    for command in Artmap.commands {
        let options = try run(["bash", "-c", "source <(artmap completions bash); COMP_WORDS=(artmap \(command.name) --); COMP_CWORD=2; _artmap; echo \"${COMPREPLY[*]}\""],
                              environment: environment)
        let expected = command.parser.specs.map { $0.name }.filter { $0.hasPrefix("--") }
        let offered = options.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        #expect(offered == expected, "\(command.name)")
    }
}

@Test func zshAndFishCompletionsParseAndFishOffersTheSameWords() async throws {
    let home = try temporaryDirectory()
    let environment = shellEnvironment(home: home)
    let zsh = try run(["artmap", "completions", "zsh"], environment: environment)
    let zshFile = home.appendingPathComponent("_artmap")
    try Data(zsh.out.utf8).write(to: zshFile)
    let zshCheck = try run(["zsh", "-n", zshFile.path], environment: environment)
    #expect(zshCheck.status == 0, "\(zshCheck.err)")
    for command in Artmap.commands {
        #expect(zsh.out.contains("'\(command.name):"), "\(command.name)")
        for spec in command.parser.specs { #expect(zsh.out.contains("'\(spec.name)"), "\(command.name) \(spec.name)") }
    }
    #expect(try run(["artmap", "list"], environment: environment).status == 0, "a store with the campus collection")
    let fish = try run(["artmap", "completions", "fish"], environment: environment)
    let fishFile = home.appendingPathComponent("artmap.fish")
    try Data(fish.out.utf8).write(to: fishFile)
    let offered = try run(["fish", "--no-config", "-c", "source \(fishFile.path); complete -C 'artmap export --format '; complete -C 'artmap ex'; complete -C 'artmap list --collection '"],
                          environment: environment)
    #expect(offered.status == 0, "\(offered.err)")
    let words = offered.out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    #expect(words == ["csv", "geojson", "gpx", "export", "campus"])
    let wrong = await runArtmap(["completions", "tcsh"], home: home)
    #expect(wrong.status == 2)
}

@Test func everyKeyContextWithBindingsHasAManPageSection() {
    let page = ManPage.render()
    for context in Set(Keymap.bindings.map(\.context)) {
        #expect(page.contains(".SS " + ManPage.text(context.rawValue)), "the man page has no KEYS section for \(context.rawValue)")
    }
}
