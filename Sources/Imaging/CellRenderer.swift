import Cells
import CChafa

/// Which symbols a rendering may use.
public enum SymbolSet: String, Sendable {
    /// Blocks, quadrants, half blocks and borders: the best shape at one cell width.
    case blocks
    /// Blocks plus sextants, wedges and diagonals: finer shapes, for fonts that have them (Unicode 13).
    case symbols
    /// Plain ASCII, for fonts that lack block symbols.
    case ascii
}

/// Turns pixels into cells with libchafa: the only code that calls it. Chafa chooses each cell's symbol and
/// colours; no escape strings from chafa reach the terminal.
public enum CellRenderer {
    /// Renders `image` into exactly `columns` × `rows` cells (the caller keeps the aspect ratio).
    public static func render(_ image: RGBAImage, columns: Int, rows: Int, depth: ColorDepth, symbols: SymbolSet = .blocks) -> CellImage {
        let columns = max(1, columns), rows = max(1, rows)
        // Chafa works on up to 8×8 pixels per cell; giving it more only costs time.
        let fitted = BoxScaler.downscale(image, width: columns * 8, height: rows * 8)
        let key = ChafaCanvasPool.Key(columns: columns, rows: rows, depth: depth, symbols: symbols)
        // One rendering at a time: chafa spreads each over its own worker threads, and two at once from
        // different threads (the view and the viewer's prefetch) are not something it promises to handle.
        ChafaCanvasPool.shared.renderLock.lock()
        defer { ChafaCanvasPool.shared.renderLock.unlock() }
        guard let canvas = ChafaCanvasPool.shared.checkOut(key) else { return blank(columns, rows) }
        defer { ChafaCanvasPool.shared.checkIn(canvas, key) }
        fitted.bytes.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(fitted.width), Int32(fitted.height), Int32(fitted.width * 4))
        }
        var cells: [ImageCell] = []
        cells.reserveCapacity(columns * rows)
        for y in 0..<rows {
            for x in 0..<columns {
                let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                var fg: Int32 = -1, bg: Int32 = -1
                chafa_canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &fg, &bg)
                let symbol = Unicode.Scalar(code).map(Character.init) ?? " "
                cells.append(ImageCell(symbol: symbol, foreground: color(fg, depth), background: color(bg, depth)))
            }
        }
        return CellImage(columns: columns, rows: rows, cells: cells)
    }

    /// A new canvas for a size, depth and symbol set (its config and symbol map are released once the canvas holds them).
    static func makeCanvas(_ key: ChafaCanvasPool.Key) -> OpaquePointer? {
        guard let config = chafa_canvas_config_new() else { return nil }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(key.columns), Int32(key.rows))
        switch key.depth {
        case .truecolor: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        case .indexed256: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240)
        case .sixteen: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_16)
        case .none:
            chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_FGBG)
            chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_DIFFUSION)
        }
        guard let map = chafa_symbol_map_new() else { return nil }
        defer { chafa_symbol_map_unref(map) }
        switch key.symbols {
        case .blocks:
            chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue
                                                              | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
                                                              | CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue
                                                              | (key.depth == .none ? CHAFA_SYMBOL_TAG_STIPPLE.rawValue : 0)))
            chafa_symbol_map_remove_by_tags(map, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_AMBIGUOUS.rawValue))
        case .symbols:
            chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue
                                                              | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
                                                              | CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue
                                                              | CHAFA_SYMBOL_TAG_SEXTANT.rawValue | CHAFA_SYMBOL_TAG_WEDGE.rawValue
                                                              | CHAFA_SYMBOL_TAG_DIAGONAL.rawValue
                                                              | (key.depth == .none ? CHAFA_SYMBOL_TAG_STIPPLE.rawValue : 0)))
            chafa_symbol_map_remove_by_tags(map, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_AMBIGUOUS.rawValue))
        case .ascii:
            chafa_symbol_map_add_by_tags(map, CHAFA_SYMBOL_TAG_ASCII)
        }
        chafa_canvas_config_set_symbol_map(config, map)
        return chafa_canvas_new(config)
    }

    private static func color(_ raw: Int32, _ depth: ColorDepth) -> CellColor? {
        guard raw >= 0 else { return nil }
        switch depth {
        case .truecolor: return .rgb(RGB(packed: UInt32(raw)))
        case .indexed256, .sixteen: return raw < 256 ? .palette(UInt8(raw)) : nil
        case .none: return nil
        }
    }

    private static func blank(_ columns: Int, _ rows: Int) -> CellImage {
        CellImage(columns: columns, rows: rows, cells: Array(repeating: ImageCell(symbol: " ", foreground: nil, background: nil), count: columns * rows))
    }

    /// The number of cells a picture of `width` × `height` pixels takes when fitted into `columns` × `rows`,
    /// aspect kept, given how many times taller than wide a cell is.
    public static func fittedCells(width: Int, height: Int, columns: Int, rows: Int, cellAspect: Double = 2.0) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        let imageAspect = Double(width) / Double(height) * cellAspect   // columns per row the picture needs
        var c = Double(columns), r = c / imageAspect
        if r > Double(rows) { r = Double(rows); c = r * imageAspect }
        return (max(1, min(columns, Int(c.rounded()))), max(1, min(rows, Int(r.rounded()))))
    }
}
