import Foundation
import Imaging
import Testing
import TestSupport

/// A 16×16 progressive CMYK JPEG whose header claims 9999×9999: decoding it would need a coefficient buffer of
/// about 763 MB before a single pixel came out.
private func craftedCMYK() throws -> [UInt8] {
    var samples: [UInt8] = []
    for i in 0..<(16 * 16 * 4) { samples.append(UInt8(i & 0xFF)) }
    var bytes = try JPEGEncoder.encode(samples, width: 16, height: 16, layout: .cmyk(ycck: false, adobeMarker: true), progressive: true)
    let marker = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 })
    for (offset, value) in [(5, 9999 >> 8), (6, 9999 & 0xFF), (7, 9999 >> 8), (8, 9999 & 0xFF)] { bytes[marker + offset] = UInt8(value) }
    return bytes
}

/// Issue 16, items 7 and 14: with no favourites the slideshow shows cached pictures, paintings first; a cached
/// painting whose decoding would pass the per-picture memory limit is refused with the reason, at once.
@Test func theSlideshowShowsCachedPaintingsAndRefusesAPictureTooLargeToDecode() throws {
    let home = try temporaryDirectory("e2e-hostile-picture")
    let image = home.appendingPathComponent("crafted.jpg")
    try Data(try craftedCMYK()).write(to: image)
    let museum = try TestServer(rijksmuseumImage: image)
    let added = try runArtmapBinary(["painters", "add", "Johannes Vermeer", "--rijks-base", museum.base], home: home)
    #expect(added.status == 0, "\(added.output)")
    #expect(try runArtmapBinary(["config", "set", "sync.at_start", "no"], home: home).status == 0)

    let tmux = try TmuxSession(columns: 140, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    try tmux.require("the view", { $0.contains { $0.contains("q quit") } })
    try tmux.send("S")
    let screen = try tmux.require("the refusal", { lines in
        lines.contains { $0.contains("cached picture") && $0.contains("(no favourites yet)") }
            && lines.contains { $0.contains("too large to decode: 9999x9999 pixels in 4 colour components") }
    })
    #expect(screen.contains { $0.contains("Johannes Vermeer") && $0.contains("1/") }, "a painting comes first")
    try tmux.send("Escape", "q")
    try tmux.require("the exit", { $0.contains { $0.contains("EXITED-0") } })
}
