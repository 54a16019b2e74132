import Foundation
import Imaging
import Testing
import TestSupport
@testable import ArtmapCLI

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

/// Issue 16, items 7 and 14 (in process since issue 45, item 3): with no favourites the slideshow shows cached
/// pictures, paintings first; a cached painting whose decoding would pass the per-picture memory limit is refused
/// with the reason, at once.
@Test func theSlideshowShowsCachedPaintingsAndRefusesAPictureTooLargeToDecode() async throws {
    let home = try temporaryDirectory("e2e-hostile-picture")
    let image = home.appendingPathComponent("crafted.jpg")
    try Data(try craftedCMYK()).write(to: image)
    let museum = try await offThePool { try TestServer(rijksmuseumImage: image) }
    let added = try await runArtmap(["painters", "add", "Johannes Vermeer", "--rijks-base", museum.base], home: home)
    #expect(added.status == 0, "\(added.output)")
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)

    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: 140, rows: 40)
    try await view.waitFor("the view") { $0.contains { $0.contains("q quit") } }
    try view.send("S")
    let screen = try await view.waitFor("the refusal") { lines in
        lines.contains { $0.contains("cached picture") && $0.contains("(no favourites yet)") }
            && lines.contains { $0.contains("too large to decode: 9999x9999 pixels in 4 colour components") }
    }
    #expect(screen.contains { $0.contains("Johannes Vermeer") && $0.contains("1/") }, "a painting comes first")
    try await view.quit(after: "Escape")
}
