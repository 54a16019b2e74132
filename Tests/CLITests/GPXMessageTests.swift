import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 43, item 20: libxml2's own messages (its generic error function writes encoding and I/O errors to stderr
/// whatever the reader's options) never reach the terminal; the one line artmap prints says what was wrong.
@Test(arguments: [["import"], ["list", "--gpx"]])
func libxml2WritesNothingToStderr(_ words: [String]) throws {
    let home = try temporaryDirectory("libxml2-stderr")
    let file = home.appendingPathComponent("walk.gpx")
    try Data("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>\u{202E}\u{9B}31m</name></wpt></gpx>".utf8)
        .write(to: file)
    let result = try runBinary(words + [file.path], environment: binaryEnvironment(home: home))
    #expect(result.status == 1)
    let lines = result.err.split(separator: "\n").map(String.init)
    #expect(lines.count == 1 && lines[0].hasPrefix("artmap: \(file.path):1: not a readable GPX file (input conversion failed"), "\(result.err)")
    #expect(!result.err.contains("encoding error :") && !result.err.contains("I/O error") && !result.err.contains("xmlParseChunk"))
    #expect(!result.err.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x9B }, "\(result.err)")
}
