import Foundation

/// A small deterministic random generator (SplitMix64), so a randomised test can be replayed: each run
/// takes a fresh seed, or `ARTMAP_TEST_SEED` when set, and failures name it (`replay`).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator that gives the same numbers for the same seed.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator seeded from `ARTMAP_TEST_SEED` when it is set, else from the system's random source.
    public init() {
        if let text = ProcessInfo.processInfo.environment["ARTMAP_TEST_SEED"], let seed = UInt64(text) {
            self.init(seed: seed)
        } else {
            self.init(seed: UInt64.random(in: 0...UInt64.max))
        }
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// What a failure message says so the run can be repeated.
    public var replay: String { "seed \(seed); ARTMAP_TEST_SEED=\(seed) replays it" }
}

/// Runs `body`; an error it throws comes back with the generator's seed in its message, so that failure
/// can be replayed. (The generator is passed by value: `body` may go on drawing from the caller's.)
public func reportingSeed<T>(of generator: SeededGenerator, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw TestServerError("\(error) (\(generator.replay))")
    }
}
