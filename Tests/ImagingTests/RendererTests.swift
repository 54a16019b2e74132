import Cells
import Imaging
import Testing

/// The colour a cell shows most of: its background for a space, its foreground for a full block, else a mix.
func shownColor(_ cell: ImageCell) -> RGB? {
    let fg = cell.foreground?.rgbValue, bg = cell.background?.rgbValue
    switch cell.symbol {
    case " ": return bg
    case "█": return fg
    default:
        guard let fg, let bg else { return fg ?? bg }
        return RGB(UInt8((Int(fg.red) + Int(bg.red)) / 2), UInt8((Int(fg.green) + Int(bg.green)) / 2), UInt8((Int(fg.blue) + Int(bg.blue)) / 2))
    }
}

@Test(arguments: [(ColorDepth.truecolor, 40), (.indexed256, 60), (.sixteen, 130)])
func renderedCellsCarryEachRegionsColour(depth: ColorDepth, tolerance: Int) throws {
    let image = try ImageDecoder.decode(try TestImages.quadrantsJPEG(160, 96)).pixels
    let cells = CellRenderer.render(image, columns: 20, rows: 6, depth: depth)
    #expect(cells.columns == 20 && cells.rows == 6 && cells.cells.count == 120)
    for y in [0, 1, 4, 5] {
        for x in [1, 2, 3, 7, 12, 13, 17, 18] {
            let expected = TestImages.quadrant(x, y, 20, 6)
            let shown = try #require(shownColor(cells[x, y]), "cell (\(x),\(y)) has no colour")
            #expect(shown.distance(to: expected) <= tolerance, "\(depth) cell (\(x),\(y)): \(shown) instead of \(expected)")
            if depth != .truecolor, case .rgb? = cells[x, y].background { Issue.record("\(depth) gave an RGB colour") }
        }
    }
}

@Test func monochromeStillShowsTheShape() {
    var bytes: [UInt8] = []
    for _ in 0..<64 { for x in 0..<128 { let v: UInt8 = x < 64 ? 0 : 255; bytes += [v, v, v, 255] } }
    let cells = CellRenderer.render(RGBAImage(width: 128, height: 64, bytes: bytes), columns: 16, rows: 4, depth: .none)
    for y in 0..<4 {
        for x in 0..<16 {
            #expect(cells[x, y].foreground == nil && cells[x, y].background == nil)
            let inked = cells[x, y].symbol != " "
            if x < 6 { #expect(!inked, "dark cell (\(x),\(y)) is '\(cells[x, y].symbol)'") }
            if x > 9 { #expect(inked, "light cell (\(x),\(y)) is blank") }
        }
    }
}

@Test func asciiRenderingUsesOnlyASCII() throws {
    let image = try ImageDecoder.decode(try TestImages.quadrantsJPEG(160, 96)).pixels
    for depth in ColorDepth.allCases {
        let cells = CellRenderer.render(image, columns: 30, rows: 8, depth: depth, symbols: .ascii)
        #expect(cells.cells.allSatisfy { $0.symbol.isASCII }, "\(depth)")
    }
}

@Test func fittingKeepsTheAspectRatio() {
    #expect(CellRenderer.fittedCells(width: 400, height: 300, columns: 80, rows: 24) == (64, 24))
    #expect(CellRenderer.fittedCells(width: 400, height: 100, columns: 80, rows: 24) == (80, 10))
    #expect(CellRenderer.fittedCells(width: 400, height: 300, columns: 80, rows: 24, cellAspect: 1) == (32, 24))
}
