import Foundation
import Testing
import TestSupport

/// Issue 21: iTerm2's inline images on the byte stream (`ESC ] 1337 ; File=… : base64 BEL`), forced with `--pixels
/// iterm` or the `images.protocol` setting (iTerm2 does not answer the kitty query nor report sixel).
@Test(arguments: [true, false])
func showSendsAnITerm2InlineImageOfTheFittedSize(byOption: Bool) throws {
    let (home, _) = try homeWithAbstractPhoto()
    if !byOption {
        let set = try runArtmapBinary(["config", "set", "images.protocol", "iterm"], home: home)
        try #require(set.status == 0, "\(set.output)")
    }
    // 40×15 cells of 10×20 pixels: the 640×480 picture fits all of it (400×300 pixels).
    let program = try PtyProgram(["show", "40", "--width", "40", "--height", "15"] + (byOption ? ["--pixels", "iterm"] : []),
                                 home: home, columns: 100, rows: 30)
    #expect(program.waitForExit())
    #expect(((program.status >> 8) & 0xFF) == 0, "\((try? String(contentsOf: program.errorLog, encoding: .utf8)) ?? "")")
    let out = program.text()
    let start = try #require(out.range(of: "\u{1B}]1337;File="), "an OSC 1337 image: \(out.prefix(300).debugDescription)")
    let rest = out[start.upperBound...]
    let end = try #require(rest.firstIndex(of: "\u{07}"), "ended by BEL")
    let sequence = rest[..<end]
    let colon = try #require(sequence.firstIndex(of: ":"))
    var keys: [String: String] = [:]
    for pair in sequence[..<colon].split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
    }
    #expect(keys["inline"] == "1", "\(keys)")
    #expect(keys["width"] == "40" && keys["height"] == "15", "in cells: \(keys)")
    let payload = try #require(Data(base64Encoded: String(sequence[sequence.index(after: colon)...])), "the payload is base64")
    let size = try #require(TIFFSize(payload), "a TIFF image: \(payload.prefix(16).map { String($0, radix: 16) })")
    #expect(size.width == 400 && size.height == 300, "the picture at the area's pixel size: \(size)")
    #expect(!out.contains("\u{1B}_G") && !out.contains("\u{1B}Pq") && !out.contains("\u{1B}[0;38;2;"), "nothing else drawn")
}

/// The width and height in a TIFF's first directory (ImageWidth 256, ImageLength 257), as chafa writes iTerm2's
/// payload; nil when the bytes are not a TIFF.
func TIFFSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.count > 8 else { return nil }
    let little: Bool
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func number(_ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        let slice = bytes[at..<at + count]
        return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
    }
    guard number(2, 2) == 42, let directory = number(4, 4), let entries = number(directory, 2) else { return nil }
    var width: Int?, height: Int?
    for entry in 0..<entries {
        let at = directory + 2 + entry * 12
        guard let tag = number(at, 2), let type = number(at + 2, 2) else { return nil }
        let value = type == 3 ? number(at + 8, 2) : number(at + 8, 4)
        if tag == 256 { width = value }
        if tag == 257 { height = value }
    }
    guard let width, let height else { return nil }
    return (width, height)
}
