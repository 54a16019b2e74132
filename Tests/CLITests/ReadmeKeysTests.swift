import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 45 item 6: the README's key tables are generated from the keymap, as the help and the man page are, so a
/// key added to the keymap (as `d` and `@` once were, missing from a hand-written table) cannot be left out.
/// `scripts/update-readme-keys.sh` rewrites them (this test with ARTMAP_WRITE_README=1).
@Test func theReadmeKeyTablesAreTheKeymaps() throws {
    let url = repositoryRoot.appendingPathComponent("README.md")
    let readme = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- keys: generated from the keymap by scripts/update-readme-keys.sh; do not edit -->\n\n", end = "\n\n<!-- keys end -->"
    let start = try #require(readme.range(of: begin), "the README marks where its key tables begin")
    let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex), "and where they end")
    let generated = ManPage.readmeKeyTables().joined(separator: "\n")
    if ProcessInfo.processInfo.environment["ARTMAP_WRITE_README"] == "1" {
        try (readme[..<start.upperBound] + generated + readme[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
    } else {
        #expect(String(readme[start.upperBound..<stop.lowerBound]) == generated, "the README's keys differ from the keymap: run scripts/update-readme-keys.sh")
    }
    for key in ["`d`", "`@`", "`w`", "`?`"] { #expect(generated.contains("| \(key)") || generated.contains(" \(key) |"), "\(key) is in the tables") }
}
