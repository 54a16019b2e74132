import Foundation
import TestSupport
import Testing
@testable import ArtmapCLI

/// Everything a stream writes, as text.
private func streamed(_ write: (inout JSONStream) -> Void) -> String {
    var bytes: [UInt8] = []
    var stream = JSONStream(chunkSize: 16) { bytes += $0 }
    write(&stream)
    stream.flush()
    return String(decoding: bytes, as: UTF8.self)
}

@Test func numbersAreWrittenAsSwiftsShortestRoundTripText() {
    var rng = SeededGenerator()
    var values: [Double] = [0, -0.0, 1, -1, 0.5, 53.406566, -2.966531, -2.9665550000000005, 53.40641099999999, 0.001, 0.000999,
                            999_999_999.5, 1e9, 1e-7, 0.1 + 0.2, 123.000001, -0.000001, 1e15, 1e16, .pi, 12.5, 179.999999]
    for _ in 0..<20_000 {
        // Coordinates as the service writes them (six decimals), and arbitrary doubles.
        let micro = Double(Int64.random(in: -180_000_000...180_000_000, using: &rng)) / 1e6
        values.append(micro)
        values.append(Double.random(in: -1000...1000, using: &rng))
        values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
    }
    for value in values where value.isFinite {
        let ours = streamed { $0.number(value) }
        #expect(ours == JSONWriter.number(value), "\(value), \(rng.replay)")
        #expect(Double(ours) == value || (value == 0 && ours == "0"), "\(ours) reads back as \(value), \(rng.replay)")
    }
    #expect(streamed { $0.number(.nan) } == "null")
}

@Test func stringsAreQuotedAndEscapedAcrossChunks() {
    let text = streamed { stream in
        stream.raw("[")
        stream.string("plain")
        stream.raw(",")
        stream.string("quote \" back \\ tab \t bidi \u{202E} é")
        stream.raw("]")
    }
    #expect(text == #"["plain","quote \" back \\ tab \t bidi \u202e é"]"#)
    let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
    #expect(parsed == ["plain", "quote \" back \\ tab \t bidi \u{202E} é"])
}
