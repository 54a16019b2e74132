import TerminalTypes

/// One-column cells by a small code, as two tables (texts, styles): a cell written from them copies a
/// string and a plain style, not a whole cell.
package struct NarrowCells: Sendable {
    package var texts: [String]
    package var styles: [Style]

    /// `count` blank cells.
    package init(count: Int) {
        texts = Array(repeating: " ", count: count)
        styles = Array(repeating: .normal, count: count)
    }
}

/// A grid of cells that views draw into; the terminal backend paints it. Drawing outside is clipped.
public struct Buffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Pictures drawn in pixels over blank cells (`place`), for terminals that speak a pixel protocol.
    public package(set) var pictures: [PlacedPicture] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// One-character strings for the printable ASCII bytes, made once.
    package static let asciiText: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return Cell() }
        return cells[y * width + x]
    }

    /// Sets one cell (clipped). A wide grapheme also claims the next cell; a wide one that does not fit
    /// is replaced by a space. Writing over half of a wide grapheme blanks its other half.
    public mutating func set(_ x: Int, _ y: Int, _ character: Character, _ style: Style, clip: Rect? = nil) {
        let area = clip ?? Rect(x: 0, y: 0, width: width, height: height)
        guard y >= max(0, area.y), y < min(height, area.maxY), x >= max(0, area.x), x < min(width, area.maxX) else { return }
        let w = TextWidth.of(character)
        if w == 0 { return }
        if w == 2 && (x + 1 >= min(width, area.maxX)) {
            put(x, y, Cell(" ", style: style))
            return
        }
        put(x, y, Cell(String(character), style: style))
        if w == 2 { put(x + 1, y, Cell("", style: style)) }
    }

    /// Sets the cell at an index as it is (the ASCII pass, which keeps widths: it only narrows cells).
    package mutating func replaceCell(_ index: Int, with cell: Cell) { cells[index] = cell }

    /// Puts one-column cells at (originX + index % columns, originY + index / columns): for each index whose
    /// code is not 0 and that is not `skip`ped, the table's cell `code`. The kept base layer of the map, in one pass.
    package mutating func putNarrow(codes: [UInt16], table: NarrowCells, columns: Int, originX: Int, originY: Int, skip: [Bool]) {
        guard columns > 0, skip.count >= codes.count, !table.texts.isEmpty, table.texts.count == table.styles.count else { return }
        let width = self.width, height = self.height
        let left = max(0, -originX), right = min(columns, width - originX)
        let top = max(0, -originY), bottom = min((codes.count + columns - 1) / columns, height - originY)
        guard left < right, top < bottom else { return }
        let known = table.texts.count, last = codes.count
        let textOffset = MemoryLayout<Cell>.offset(of: \Cell.text) ?? 0
        cells.withUnsafeMutableBufferPointer { cells in
            guard let cells = cells.baseAddress else { return }
            table.texts.withUnsafeBufferPointer { texts in
                table.styles.withUnsafeBufferPointer { styles in
                    codes.withUnsafeBufferPointer { codes in
                        skip.withUnsafeBufferPointer { skip in
                            // Row by row (no division a cell), from plain pointers (the bounds are checked above,
                            // once); a cell's text and style are assigned apart, so the copy is a string's
                            // retain and a plain style, not a generic copy of the whole cell.
                            for row in top..<bottom {
                                let source = row &* columns, target = (originY &+ row) &* width &+ originX
                                let end = min(right, last &- source)
                                guard end > left else { break }
                                for column in left..<end {
                                    let code = Int(codes[source &+ column])
                                    guard code != 0, code < known, !skip[source &+ column] else { continue }
                                    let i = target &+ column, x = originX &+ column
                                    // As `put`: overwriting half of a wide grapheme blanks its other half (a
                                    // blank, the usual cell under the map, is neither).
                                    if cells[i].text == " " {
                                        // The blank under the map (most cells) is a one-byte string held inline,
                                        // with no storage to free: its slot is set afresh rather than assigned,
                                        // which spares a release call a cell. Were a blank ever held in storage,
                                        // that storage would be kept (a leak), never freed twice.
                                        let slot = UnsafeMutableRawPointer(cells + i).advanced(by: textOffset).assumingMemoryBound(to: String.self)
                                        slot.initialize(to: texts[code])
                                        cells[i].style = styles[code]
                                        continue
                                    } else if cells[i].text.isEmpty {
                                        if x > 0 { cells[i &- 1].text = " " }
                                    } else if x &+ 1 < width, cells[i &+ 1].text.isEmpty, TextWidth.of(cells[i].text) == 2 {
                                        cells[i &+ 1].text = " "
                                    }
                                    cells[i].text = texts[code]
                                    cells[i].style = styles[code]
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Copies every cell of `pane` to (x, y) on, clipped: a pane drawn into a buffer of its own (the table's
    /// kept pane) looks the same as drawn here, as long as it starts and ends on a whole grapheme.
    package mutating func paste(_ pane: Buffer, x: Int, y: Int) {
        let left = max(0, x), right = min(width, x + pane.width)
        guard left < right else { return }
        let columns = width, count = right - left
        cells.withUnsafeMutableBufferPointer { cells in
            pane.cells.withUnsafeBufferPointer { source in
                guard let target = cells.baseAddress, let from = source.baseAddress else { return }
                for row in max(0, y)..<max(max(0, y), min(height, y + pane.height)) {
                    (target + row * columns + left).update(from: from + (row - y) * pane.width + (left - x), count: count)
                }
            }
        }
    }

    /// Sets one cell to `text`, known to be one column wide (a braille or ASCII glyph): no width to measure.
    package mutating func setNarrow(_ x: Int, _ y: Int, _ text: String, _ style: Style) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        put(x, y, Cell(text, style: style))
    }

    private mutating func put(_ x: Int, _ y: Int, _ cell: Cell) {
        let i = y * width + x
        let columns = width
        cells.withUnsafeMutableBufferPointer { cells in
            // Overwriting the first half of a wide grapheme orphans its continuation; the second half, its head.
            if !cells[i].text.isEmpty, x + 1 < columns, cells[i + 1].text.isEmpty, TextWidth.of(cells[i].text) == 2 {
                cells[i + 1].text = " "
            }
            if cells[i].text.isEmpty, x > 0 {
                cells[i - 1].text = " "
            }
            cells[i] = cell
        }
    }

    /// Writes text a view has already cleaned and fitted to its width (the table's cached rows): the same
    /// as `write`, without cleaning and measuring it again on every frame.
    @discardableResult
    package mutating func writeFitted(_ text: String, x: Int, y: Int, style: Style) -> Int {
        writeCells(text, x: x, y: y, style: style, clip: nil)
    }

    /// Writes text from (x, y), at most `maxWidth` cells (cut with "…"), clipped to `clip`.
    /// Untrusted text must already be cleaned with `DisplayText.clean`; this cleans again to be safe.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .normal, maxWidth: Int? = nil, clip: Rect? = nil) -> Int {
        let limit = maxWidth ?? (width - x)
        return writeCells(TextWidth.truncate(DisplayText.clean(text), to: limit), x: x, y: y, style: style, clip: clip)
    }

    /// Puts clean, fitted text into cells from (x, y), clipped to `clip`.
    private mutating func writeCells(_ shown: String, x: Int, y: Int, style: Style, clip: Rect?) -> Int {
        // Printable ASCII, the usual case: one cell a byte, each from a table of one-character strings.
        if shown.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let area = clip ?? Rect(x: 0, y: 0, width: width, height: height)
            guard y >= max(0, area.y), y < min(height, area.maxY) else { return shown.utf8.count }
            var cx = x
            for byte in shown.utf8 {
                if cx >= max(0, area.x), cx < min(width, area.maxX) { put(cx, y, Cell(Buffer.asciiText[Int(byte)], style: style)) }
                cx += 1
            }
            return cx - x
        }
        // Mixed text: ASCII bytes that stand alone (the next byte is ASCII too, so no combining mark follows)
        // take the table path; everything else goes grapheme by grapheme.
        var cx = x
        let utf8 = shown.utf8
        let area = clip ?? Rect(x: 0, y: 0, width: width, height: height)
        let rowVisible = y >= max(0, area.y) && y < min(height, area.maxY)
        let left = max(0, area.x), right = min(width, area.maxX)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte >= 0x20, byte < 0x7F, next == utf8.endIndex || utf8[next] < 0x80 {
                if rowVisible, cx >= left, cx < right { put(cx, y, Cell(Buffer.asciiText[Int(byte)], style: style)) }
                cx += 1
                index = next
                continue
            }
            let character = shown[index]
            let w = TextWidth.of(character)
            if w > 0 {
                set(cx, y, character, style, clip: clip)
                cx += w
            }
            index = shown.index(after: index)
        }
        return cx - x
    }

    /// Fills a rectangle with one character and style.
    public mutating func fill(_ rect: Rect, _ character: Character = " ", style: Style = .normal) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { set(x, y, character, style) }
        }
    }

    /// Restyles existing cells of a rectangle (for highlighting a row).
    public mutating func restyle(_ rect: Rect, _ style: Style) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) { cells[y * width + x].style = style }
        }
    }

    /// A box border with an optional title in the top edge.
    public mutating func box(_ rect: Rect, title: String? = nil, style: Style = Style(.border), ascii: Bool = false) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        // Every border glyph is one cell wide: put straight in, without measuring each one.
        let h = ascii ? "-" : "─", v = ascii ? "|" : "│"
        let corners = ascii ? ["+", "+", "+", "+"] : ["┌", "┐", "└", "┘"]
        func narrow(_ x: Int, _ y: Int, _ text: String) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            put(x, y, Cell(text, style: style))
        }
        for x in rect.x + 1..<rect.maxX - 1 {
            narrow(x, rect.y, h)
            narrow(x, rect.maxY - 1, h)
        }
        for y in rect.y + 1..<rect.maxY - 1 {
            narrow(rect.x, y, v)
            narrow(rect.maxX - 1, y, v)
        }
        narrow(rect.x, rect.y, corners[0])
        narrow(rect.maxX - 1, rect.y, corners[1])
        narrow(rect.x, rect.maxY - 1, corners[2])
        narrow(rect.maxX - 1, rect.maxY - 1, corners[3])
        if let title, rect.width > 4 {
            write(" " + title + " ", x: rect.x + 1, y: rect.y, style: Style(style.role, bold: true), maxWidth: rect.width - 2)
        }
    }

    /// The rows as text, continuation cells skipped: what a test compares.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
            return line
        }
    }

    /// The rows with trailing spaces removed.
    public var trimmedLines: [String] {
        lines.map { line in
            var s = Substring(line)
            while s.last == " " { s = s.dropLast() }
            return String(s)
        }
    }
}

