import Cells
import CChafa
import Foundation
import Imaging
import Testing
import TestSupport

/// Issue 34: pixel pictures as sharp as chafa's own. The fixture is a real photograph (Grace Hopper, 512×600,
/// public domain, as shipped with matplotlib): its fine detail (the picture minus its blur) is compared with
/// each decoded rendering at 60×20 cells of 10×20 pixels.
private func fixture() throws -> (path: String, pixels: RGBAImage) {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/grace-hopper", withExtension: "jpg"))
    return (url.path, try ImageDecoder.decode([UInt8](try Data(contentsOf: url))).pixels)
}

/// Chafa's own sixel for the file: its command on a terminal with 10×20-pixel cells when installed, else
/// libchafa with the command's settings (its defaults, the full-size picture given to the canvas).
private func chafaSixel(_ path: String, _ pixels: RGBAImage, columns: Int, rows: Int) throws -> [UInt8] {
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/chafa") {
        let home = try temporaryDirectory("chafa")
        let chafa = try PtyProgram(executable: URL(fileURLWithPath: "/usr/bin/chafa"), ["-f", "sixel", "-s", "\(columns)x\(rows)", path],
                                   home: home, columns: 150, rows: 40)
        try #require(chafa.waitForExit(), "chafa ended")
        return chafa.output
    }
    let config = try #require(chafa_canvas_config_new())
    defer { chafa_canvas_config_unref(config) }
    let fit = CellRenderer.fittedCells(width: pixels.width, height: pixels.height, columns: columns, rows: rows, cellAspect: 2)
    chafa_canvas_config_set_geometry(config, Int32(fit.columns), Int32(fit.rows))
    chafa_canvas_config_set_cell_geometry(config, 10, 20)
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    let canvas = try #require(chafa_canvas_new(config))
    defer { chafa_canvas_unref(canvas) }
    pixels.bytes.withUnsafeBufferPointer {
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, $0.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.width * 4))
    }
    let info = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
    let text = try #require(chafa_canvas_print(canvas, info))
    defer { _ = g_string_free(text, 1) }
    return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text.pointee.str).assumingMemoryBound(to: UInt8.self), count: Int(text.pointee.len)))
}

@Test func sixelOfARealPictureIsAsSharpAsChafasOwn() throws {
    let (path, source) = try fixture()
    let cell = CellPixels(width: 10, height: 20)
    let fit = CellRenderer.fittedCells(width: source.width, height: source.height, columns: 60, rows: 20, cellAspect: cell.aspect)
    let ours = try #require(PixelDecoder.sixel(PixelEncoder.encode(source, columns: fit.columns, rows: fit.rows, cell: cell, protocol: .sixel)))
    let theirs = try #require(PixelDecoder.sixel(try chafaSixel(path, source, columns: 60, rows: 20)))
    #expect(ours.width == theirs.width && ours.height == theirs.height, "artmap \(ours.width)×\(ours.height), chafa \(theirs.width)×\(theirs.height)")
    let a = FineDetail.correlation(ours, source: source), b = FineDetail.correlation(theirs, source: source)
    #expect(b > 0.9, "chafa's own correlates \(b)")
    #expect(a >= b - 0.02, "artmap \(a), chafa \(b)")
}

@Test func kittyAndItermSendTheCellsPixelsLosslessly() throws {
    let (_, source) = try fixture()
    let cell = CellPixels(width: 10, height: 20)
    for kind in [PixelProtocol.kitty, .iterm] {
        let image = try #require(PixelDecoder.decode(PixelEncoder.encode(source, columns: 34, rows: 20, cell: cell, protocol: kind), protocol: kind))
        #expect(image.width == 340 && image.height == 400, "\(kind): \(image.width)×\(image.height)")
        #expect(FineDetail.correlation(image, source: source) > 0.98, "\(kind)")
    }
}

@Test func aSixelForFewColourRegistersUsesNoMoreThanSixteen() throws {
    let (_, source) = try fixture()
    let text = String(decoding: PixelEncoder.encode(source, columns: 34, rows: 20, cell: CellPixels(width: 10, height: 20), protocol: .sixel,
                                                    colorRegisters: 16), as: UTF8.self)
    let full = String(decoding: PixelEncoder.encode(source, columns: 34, rows: 20, cell: CellPixels(width: 10, height: 20), protocol: .sixel),
                      as: UTF8.self)
    func registers(_ s: String) -> Set<Substring> {
        Set(s.split(separator: "#").compactMap { part in part.contains(";2;") ? part.split(separator: ";").first : nil })
    }
    #expect(!registers(text).isEmpty && registers(text).count <= 16, "\(registers(text).count) registers")
    #expect(registers(full).count > 128, "\(registers(full).count) registers with the full palette")
}

@Test func theSixelDecoderReadsRepeatsBandsAndRegisters() throws {
    // Two bands, 3 wide: register 1 red (all six rows), then a repeat of register 2 blue over the second band's top row.
    let sixel = Array("\u{1B}P0;1;0q\"1;1;3;12#1;2;100;0;0#2;2;0;0;100#1!3~-#2!3@\u{1B}\\".utf8)
    let image = try #require(PixelDecoder.sixel(sixel))
    #expect(image.width == 3 && image.height == 12)
    #expect(image.pixel(2, 5).red == 255 && image.pixel(1, 6).blue == 255 && image.pixel(1, 7).blue == 0)
    #expect(PixelDecoder.sixel(Array("no image".utf8)) == nil)
}
