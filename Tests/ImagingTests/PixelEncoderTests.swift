import Foundation
import Imaging
import Testing

private func gradient(_ width: Int, _ height: Int) -> RGBAImage {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for y in 0..<height { for x in 0..<width { bytes += [UInt8(x * 255 / width), UInt8(y * 255 / height), 90, 255] } }
    return RGBAImage(width: width, height: height, bytes: bytes)
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Test func kittyImagesAreTransmittedInChunksWithAnIDAndQuietReplies() {
    let out = text(PixelEncoder.encode(gradient(400, 300), columns: 20, rows: 10, cell: CellPixels(width: 10, height: 20), protocol: .kitty, id: 7))
    #expect(out.hasPrefix("\u{1B}_Ga=T,i=7,q=2,"))
    #expect(out.contains(",s=200,v=200") || out.contains("s=200,v=200"))
    #expect(out.components(separatedBy: "m=1").count > 3)
    #expect(out.contains("m=0"))
    #expect(text(PixelEncoder.kittyDelete(id: 7)) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
}

@Test func sixelImagesHaveTheAreasPixelSize() {
    let out = text(PixelEncoder.encode(gradient(400, 300), columns: 20, rows: 10, cell: CellPixels(width: 10, height: 20), protocol: .sixel))
    #expect(out.hasPrefix("\u{1B}P"))
    // Sixel bands are 6 pixels tall: chafa keeps the whole bands that fit in the 200-pixel-tall area.
    #expect(out.contains("\"1;1;200;\(200 - 200 % 6)"), "\(out.prefix(40))")
    #expect(out.hasSuffix("\u{1B}\\"))
}

@Test func itermImagesAreInlineFiles() {
    let out = text(PixelEncoder.encode(gradient(40, 30), columns: 4, rows: 2, cell: CellPixels(width: 10, height: 20), protocol: .iterm))
    #expect(out.hasPrefix("\u{1B}]1337;File="))
    #expect(PixelEncoder.encode(gradient(40, 30), columns: 4, rows: 2, cell: .fallback, protocol: .cells).isEmpty)
}

@Test func tmuxPassthroughDoublesEveryEscape() {
    #expect(text(PixelEncoder.tmuxWrapped(Array("\u{1B}_Ga=d\u{1B}\\".utf8))) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\")
}

@Test func tmuxPassthroughWrapsEachSequenceOnItsOwn() {
    // Two kitty chunks: two passthroughs (tmux drops one longer than its 1 MB input buffer).
    let chunks = "\u{1B}_Ga=T,m=1;AAAA\u{1B}\\\u{1B}_Gm=0;BBBB\u{1B}\\"
    #expect(text(PixelEncoder.tmuxWrapped(Array(chunks.utf8)))
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,m=1;AAAA\u{1B}\u{1B}\\\u{1B}\\\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;BBBB\u{1B}\u{1B}\\\u{1B}\\")
    // A full-screen kitty image: no passthrough over 1 MB.
    let image = PixelEncoder.encode(gradient(1600, 900), columns: 160, rows: 45, cell: CellPixels(width: 10, height: 20), protocol: .kitty)
    let wrapped = text(PixelEncoder.tmuxWrapped(image))
    let pieces = wrapped.components(separatedBy: "\u{1B}Ptmux;").dropFirst()
    #expect(image.count > 1_000_000 && pieces.count > 100, "\(image.count) bytes in \(pieces.count) passthroughs")
    #expect(pieces.allSatisfy { $0.utf8.count < 1_000_000 && $0.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\") })
}
