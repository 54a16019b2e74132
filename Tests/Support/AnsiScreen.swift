import Imaging

/// One cell of a screen read back with its colours (nil: the terminal's default).
public struct ColoredCell: Sendable {
    public let character: Character
    public let foreground: RGB?
    public let background: RGB?

    /// The colour the cell shows most of: its background for a blank, its foreground for a full block.
    public var shownColor: RGB? {
        switch character {
        case " ": return background
        case "█": return foreground
        default: return background ?? foreground
        }
    }
}

/// Reads text with SGR colour sequences (as `tmux capture-pane -e` or `artmap show` print them) into cells.
/// With `width`, short rows are padded with blanks in the colours in force at the row's end (tmux leaves out
/// trailing blanks that a terminal cleared in a background colour).
/// Colours carry over from one line to the next, as tmux writes them.
public func parseAnsiScreen(_ lines: [String], width: Int? = nil) -> [[ColoredCell]] {
    var foreground: RGB?, background: RGB?
    return lines.map { line in
        var cells: [ColoredCell] = []
        var scalars = Array(line.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\u{1B}", scalars.first == "[" {
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.first, !(("@"..."~").contains(next)) {
                    parameters.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                let final = scalars.first
                scalars = scalars.dropFirst()
                guard final == "m" else { continue }
                applySGR(parameters, &foreground, &background)
                continue
            }
            cells.append(ColoredCell(character: Character(scalar), foreground: foreground, background: background))
        }
        while let width, cells.count < width {
            cells.append(ColoredCell(character: " ", foreground: foreground, background: background))
        }
        return cells
    }
}

private func applySGR(_ parameters: String, _ foreground: inout RGB?, _ background: inout RGB?) {
    let codes = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var i = 0
    while i < codes.count {
        let code = codes[i]
        switch code {
        case 0: foreground = nil; background = nil
        case 30...37: foreground = XtermPalette.rgb(UInt8(code - 30))
        case 90...97: foreground = XtermPalette.rgb(UInt8(code - 90 + 8))
        case 40...47: background = XtermPalette.rgb(UInt8(code - 40))
        case 100...107: background = XtermPalette.rgb(UInt8(code - 100 + 8))
        case 39: foreground = nil
        case 49: background = nil
        case 38, 48:
            var color: RGB?
            if i + 2 < codes.count, codes[i + 1] == 5 {
                color = XtermPalette.rgb(UInt8(clamping: codes[i + 2]))
                i += 2
            } else if i + 4 < codes.count, codes[i + 1] == 2 {
                color = RGB(UInt8(clamping: codes[i + 2]), UInt8(clamping: codes[i + 3]), UInt8(clamping: codes[i + 4]))
                i += 4
            }
            if code == 38 { foreground = color } else { background = color }
        default: break
        }
        i += 1
    }
}

/// Makes a JPEG of four coloured quadrants (red, green / blue, white) for end-to-end picture checks.
public func quadrantJPEG(width: Int, height: Int) throws -> [UInt8] {
    var samples: [UInt8] = []
    samples.reserveCapacity(width * height * 3)
    for y in 0..<height {
        for x in 0..<width { let c = quadrantColour(x, y, width, height); samples += [c.red, c.green, c.blue] }
    }
    return try JPEGEncoder.encode(samples, width: width, height: height)
}

/// The colour of the quadrant holding (x, y) in a w × h quadrant picture.
public func quadrantColour(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> RGB {
    switch (x < w / 2, y < h / 2) {
    case (true, true): return RGB(220, 30, 30)
    case (false, true): return RGB(30, 200, 40)
    case (true, false): return RGB(30, 40, 220)
    case (false, false): return RGB(250, 250, 250)
    }
}

/// The bounding box (x, y, width, height) of the cells whose shown colour is near one of the quadrants' colours,
/// and the colour-check errors for its four quadrants.
public func quadrantCheck(_ cells: [[ColoredCell]], tolerance: Int = 70) -> (box: (x: Int, y: Int, width: Int, height: Int)?, errors: [String]) {
    let palette = [RGB(220, 30, 30), RGB(30, 200, 40), RGB(30, 40, 220)]
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for (y, row) in cells.enumerated() {
        for (x, cell) in row.enumerated() {
            guard let c = cell.shownColor, palette.contains(where: { c.distance(to: $0) <= tolerance }) else { continue }
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
    }
    guard maxX >= 0 else { return (nil, ["no picture colours on screen"]) }
    let w = maxX - minX + 1, h = maxY - minY + 1
    var errors: [String] = []
    for (qx, qy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let x = minX + qx * w / 2 + w / 8, y = minY + qy * h / 2 + h / 8
        let expected = quadrantColour(qx, qy, 2, 2)
        guard y < cells.count, x < cells[y].count, let got = cells[y][x].shownColor else {
            errors.append("cell (\(x),\(y)) has no colour")
            continue
        }
        if got.distance(to: expected) > tolerance { errors.append("cell (\(x),\(y)): \(got) instead of \(expected)") }
    }
    return ((minX, minY, w, h), errors)
}
