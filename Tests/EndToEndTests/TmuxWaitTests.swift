import Foundation
import Testing
import TestSupport

/// A wait that times out fails the test, naming where it waited and showing the screen it saw last.
@Test func aWaitThatTimesOutFailsWithTheLastScreen() throws {
    let tmux = try TmuxSession(columns: 60, rows: 10)
    try tmux.type("echo seen-on-screen")
    let found = try tmux.waitFor { $0.contains { $0 == "seen-on-screen" } }
    #expect(found.contains("seen-on-screen"))
    let line = #line + 1
    let error = #expect(throws: TestServerError.self) { try tmux.waitFor(timeout: 1) { $0.contains { $0.contains("never shown") } } }
    let message = try #require(error).description
    #expect(message.contains("TmuxWaitTests.swift:\(line)"), "\(message)")
    #expect(message.contains("seen-on-screen"), "the last screen is in the message: \(message)")
}

/// The seeded generator gives the same numbers for the same seed, and names its seed for a replay.
@Test func aSeededGeneratorRepeatsItselfAndNamesItsSeed() {
    var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
    let first = (0..<8).map { _ in a.next() }
    #expect(first == (0..<8).map { _ in b.next() })
    #expect(first != (0..<8).map { _ in c.next() })
    #expect(a.replay.contains("ARTMAP_TEST_SEED=42"))
}

/// An error from a seeded run carries the seed.
@Test func anErrorFromASeededRunNamesTheSeed() {
    let error = #expect(throws: TestServerError.self) {
        try reportingSeed(of: SeededGenerator(seed: 7)) { throw TestServerError("boom") }
    }
    #expect(error?.description == "boom (seed 7; ARTMAP_TEST_SEED=7 replays it)")
}
