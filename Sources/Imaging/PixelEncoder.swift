import Cells
import CChafa
import Foundation

/// A terminal cell's size in pixels.
public struct CellPixels: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// A common cell (10×20) for terminals that do not say.
    public static let fallback = CellPixels(width: 10, height: 20)
    /// Height over width.
    public var aspect: Double { Double(height) / Double(width) }
}

/// Turns pixels into a pixel-graphics escape sequence with libchafa (kitty, sixel or iTerm2). The bytes draw
/// the picture at the cursor, `columns` × `rows` cells large; the caller positions the cursor.
public enum PixelEncoder {
    /// The escape bytes drawing `image` stretched over `columns` × `rows` cells of `cell` pixels each; empty for
    /// `.cells` or when chafa cannot make a canvas. A kitty image gets `id` (1 or more) so it can be deleted.
    /// `colorRegisters` is the terminal's sixel register count when it said: under 256, a 16-colour palette
    /// (libchafa 1.12 makes sixel palettes of 256 or fixed ones, no larger); nil or more, chafa's best 256.
    public static func encode(_ image: RGBAImage, columns: Int, rows: Int, cell: CellPixels, protocol kind: PixelProtocol, id: UInt32 = 0,
                              colorRegisters: Int? = nil) -> [UInt8] {
        let mode: ChafaPixelMode
        switch kind {
        case .kitty: mode = CHAFA_PIXEL_MODE_KITTY
        case .sixel: mode = CHAFA_PIXEL_MODE_SIXELS
        case .iterm: mode = CHAFA_PIXEL_MODE_ITERM2
        case .cells: return []
        }
        let columns = max(1, columns), rows = max(1, rows)
        let cellWidth = max(1, min(64, cell.width)), cellHeight = max(1, min(128, cell.height))
        // Chafa scales to the canvas itself, with fractional weights (its smolscale); a box filter to the exact
        // size first (integer bins: at a ratio under 2, pixels alternately kept and averaged) softened the
        // picture. Only a picture at least 4 times the canvas is box-filtered first, by a whole factor that
        // leaves chafa 2 to 4 times the canvas: the cost of a huge source stays bounded and sharpness is kept.
        let factor = min(image.width / max(1, 2 * columns * cellWidth), image.height / max(1, 2 * rows * cellHeight))
        let fitted = factor >= 2 ? BoxScaler.downscale(image, width: image.width / factor, height: image.height / factor) : image
        guard let config = chafa_canvas_config_new() else { return [] }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cellWidth), Int32(cellHeight))
        chafa_canvas_config_set_pixel_mode(config, mode)
        let few = kind == .sixel && (colorRegisters ?? 256) < 256
        chafa_canvas_config_set_canvas_mode(config, few ? CHAFA_CANVAS_MODE_INDEXED_16 : CHAFA_CANVAS_MODE_TRUECOLOR)
        // A still picture: chafa's most exact work (its palette for sixel), and no dithering noise.
        chafa_canvas_config_set_work_factor(config, 1.0)
        chafa_canvas_config_set_dither_mode(config, few ? CHAFA_DITHER_MODE_ORDERED : CHAFA_DITHER_MODE_NONE)
        ChafaCanvasPool.shared.renderLock.lock()
        defer { ChafaCanvasPool.shared.renderLock.unlock() }
        guard let canvas = chafa_canvas_new(config) else { return [] }
        defer { chafa_canvas_unref(canvas) }
        fitted.bytes.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(fitted.width), Int32(fitted.height), Int32(fitted.width * 4))
        }
        guard let info = termInfo, let text = chafa_canvas_print(canvas, info) else { return [] }
        defer { _ = g_string_free(text, 1) }
        var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(text.pointee.str).assumingMemoryBound(to: UInt8.self), count: Int(text.pointee.len)))
        if kind == .kitty, id > 0 { bytes = kittyWithID(bytes, id: id) }
        return bytes
    }

    /// Chafa's sequences for every protocol (its fallback terminal knows them all); made once, never freed.
    nonisolated(unsafe) private static let termInfo: OpaquePointer? = {
        guard let db = chafa_term_db_get_default() else { return nil }
        return chafa_term_db_get_fallback_info(db)
    }()

    /// Chafa's kitty image with an id and quiet replies (q=2), so the terminal answers nothing into the input
    /// and the image can be deleted by its id.
    /// With `keepCursor` the cursor stays where the image starts (C=1), as a full-screen view needs.
    public static func kittyWithID(_ bytes: [UInt8], id: UInt32, keepCursor: Bool = false) -> [UInt8] {
        let start = Array("\u{1B}_Ga=T,".utf8)
        guard bytes.count >= start.count, let at = firstIndex(of: start, in: bytes) else { return bytes }
        var out = bytes
        let extra = Array(((id > 0 ? "i=\(id),q=2," : "q=2,") + (keepCursor ? "C=1," : "")).utf8)
        out.insert(contentsOf: extra, at: at + start.count)
        return out
    }

    /// The sequence deleting a kitty image by id (and freeing its data).
    public static func kittyDelete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// The sequence deleting every kitty image on screen (and freeing their data).
    public static let kittyDeleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// Wraps sequences for tmux's passthrough: each inside `ESC P tmux;` … `ESC \`, every ESC doubled. Each
    /// sequence (up to its `ESC \`) goes in a passthrough of its own: tmux drops a passthrough longer than its
    /// input buffer (about 1 MB), and a full-screen kitty image is several, sent in 4 KB chunks.
    public static func tmuxWrapped(_ bytes: [UInt8]) -> [UInt8] {
        let open = Array("\u{1B}Ptmux;".utf8), close = Array("\u{1B}\\".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        var inside = false
        for (i, byte) in bytes.enumerated() {
            if !inside { out += open; inside = true }
            out.append(byte)
            if byte == 0x1B { out.append(0x1B) }
            // The end of a sequence (ST): close this passthrough.
            if byte == UInt8(ascii: "\\"), i > 0, bytes[i - 1] == 0x1B {
                out += close
                inside = false
            }
        }
        if inside { out += close }
        return out
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }
}
