/// A horizontal run of cells that changed since the last paint: what the terminal backend must draw.
public struct CellRun: Hashable, Sendable {
    public let y: Int
    public let x: Int
    public let length: Int

    public init(y: Int, x: Int, length: Int) {
        self.y = y
        self.x = x
        self.length = length
    }
}

extension Buffer {
    /// The runs of cells that differ from `previous` (every row whole when there is none or its size differs).
    /// A wide character is drawn again when its second half changed, since that overwrote it on screen.
    public func changedRuns(since previous: Buffer?) -> [CellRun] {
        guard let previous, previous.width == width, previous.height == height else {
            return width == 0 ? [] : (0..<height).map { CellRun(y: $0, x: 0, length: width) }
        }
        var runs: [CellRun] = []
        runs.reserveCapacity(height * 4)
        let columns = self.width, rows = self.height
        let textOffset = MemoryLayout<Cell>.offset(of: \Cell.text) ?? 0, styleOffset = MemoryLayout<Cell>.offset(of: \Cell.style) ?? 0
        let styleSize = MemoryLayout<Style>.size, styleTail = styleOffset + styleSize - 8
        // Equal bytes are equal styles; other bytes (an unused part of a colour) are compared as styles.
        let styleWords = styleSize >= 8 && styleSize <= 16
        // In place, without copying cells (no reference counting): the text's two words first, then the style
        // (plain values). Texts with other bits count as changed without comparing them as strings: two short
        // ones (kept inline) hold other characters, or the same in another normal form; two long ones (a
        // grapheme over 15 bytes, rare) may be the same text in two string objects. Either is painted again,
        // which is harmless, and a pan that moves every cell of a city's map does not copy each text twice.
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                guard let nowBase = now.baseAddress, let beforeBase = before.baseAddress else { return }
                func differs(_ i: Int) -> Bool {
                    let a = UnsafeRawPointer(nowBase + i), b = UnsafeRawPointer(beforeBase + i)
                    let textA = a.load(fromByteOffset: textOffset, as: (UInt64, UInt64).self)
                    let textB = b.load(fromByteOffset: textOffset, as: (UInt64, UInt64).self)
                    if textA != textB { return true }
                    // The style's bytes, as two words (its first and last eight), before comparing it field by field.
                    if styleWords {
                        let head = a.loadUnaligned(fromByteOffset: styleOffset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: styleOffset, as: UInt64.self)
                        if head, a.loadUnaligned(fromByteOffset: styleTail, as: UInt64.self) == b.loadUnaligned(fromByteOffset: styleTail, as: UInt64.self) { return false }
                    }
                    return a.load(fromByteOffset: styleOffset, as: Style.self) != b.load(fromByteOffset: styleOffset, as: Style.self)
                }
                for y in 0..<rows {
                    let row = y * columns
                    var start = -1
                    for x in 0..<columns {
                        let i = row + x
                        if differs(i) {
                            guard start < 0 else { continue }
                            start = x
                            // A changed second half of a wide character: its head is drawn again (it covers both).
                            if x > 0, now[i].text.isEmpty {
                                start = x - 1
                                if let last = runs.last, last.y == y, last.x + last.length == x - 1 {
                                    runs.removeLast()
                                    start = last.x
                                }
                            }
                        } else if start >= 0 {
                            runs.append(CellRun(y: y, x: start, length: x - start))
                            start = -1
                        }
                    }
                    if start >= 0 { runs.append(CellRun(y: y, x: start, length: columns - start)) }
                }
            }
        }
        return runs
    }
}
