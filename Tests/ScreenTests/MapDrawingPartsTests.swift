import Cells
import Cartography
import Geo
import TerminalTypes
import TestSupport
import Testing
@testable import App
@testable import Screen

// The small parts a pan in a city leans on (issue 19, frames): each must draw exactly what the plain way does.

@Test func anOutlineDrawnPointByPointIsTheOutlineOfTheSimplifiedRing() throws {
    var random = SystemRandomNumberGenerator()
    let app = try campusState(columns: 120, rows: 40)
    let state = MainScene(app.main, context: app, onTop: true)
    let frame = MapFrame(state, inner: Rect(x: 1, y: 1, width: 60, height: 20))
    for _ in 0..<200 {
        // Rings of 1 to 12 points around the centre, some closer together than a dot.
        let count = Int.random(in: 1...12, using: &random)
        let spread = [0.000_01, 0.000_2, 0.003].randomElement(using: &random) ?? 0.001
        let centre = app.main.reference
        let part = (0..<count).map { _ in
            GeoPoint(latitude: centre.latitude + Double.random(in: -spread...spread, using: &random),
                     longitude: centre.longitude + Double.random(in: -spread...spread, using: &random))
        }
        var streamed = MapCanvas(columns: 60, rows: 20, originX: frame.originDotX, originY: frame.originDotY)
        var whole = streamed
        BaseLayer.outlineSimplified(part, frame, ink: .building, on: &streamed)
        BaseLayer.outline([BaseLayer.simplified(part.map { frame.anchorDot($0.coordinate) })], ink: .building, on: &whole)
        var a: [UInt16] = [], b: [UInt16] = []
        streamed.compose(into: &a)
        whole.compose(into: &b)
        #expect(a == b, "ring of \(count) points")
    }
}

@Test func aDotLandsOnItsBrailleBit() {
    // Each of the eight dots of a cell, alone, is the braille glyph with that one dot (U+2800 + its bit).
    let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    for x in 0..<2 {
        for y in 0..<4 {
            var canvas = MapCanvas(columns: 1, rows: 1)
            canvas.dot(.building, x, y)
            var buffer = Buffer(width: 1, height: 1)
            MapCanvas(columns: 1, rows: 1).compose(over: canvas, codes: [0], into: &buffer, x: 0, y: 0, ascii: false)
            var codes: [UInt16] = []
            canvas.compose(into: &codes)
            buffer.putNarrow(codes: codes, table: MapCanvas.cellTable(ascii: false), columns: 1, originX: 0, originY: 0, skip: [false])
            #expect(buffer[0, 0].text == String(Character(Unicode.Scalar(0x2800 + bits[x][y])!)), "dot \(x),\(y)")
        }
    }
}

@Test func putNarrowWritesOverBlanksAndMendsWideCharactersItCuts() {
    var buffer = Buffer(width: 6, height: 2)
    buffer.write("漢", x: 2, y: 0)
    // Codes over the whole first row: the blank cells take the glyphs; the wide character's halves are replaced
    // and nothing is left of it; the second row (no codes) stays blank.
    let table = MapCanvas.cellTable(ascii: false)
    let code = UInt16((MapInk.building.rawValue + 1) << 8 | 0x01)
    buffer.putNarrow(codes: [code, 0, 0, code, 0, code], table: table, columns: 6, originX: 0, originY: 0, skip: Array(repeating: false, count: 6))
    #expect(buffer.lines == ["⠁ ⠀⠁ ⠁".replacingOccurrences(of: "⠀", with: " "), "      "])
    #expect(buffer[0, 0].style == MapInk.building.style)
    // A skipped cell and a code past the table are left as they were.
    var other = Buffer(width: 2, height: 1)
    other.putNarrow(codes: [code, UInt16.max], table: table, columns: 2, originX: 0, originY: 0, skip: [true, false])
    #expect(other.lines == ["  "])
}

@Test func cellsTakenOutsideTheMapAreStillKnown() {
    var occupied = OccupiedCells(area: Rect(x: 2, y: 2, width: 4, height: 3))
    occupied.insert(3, 3)
    occupied.insert(0, 0)
    occupied.insert(x: 4, y: 4, width: 3)
    #expect(occupied.contains(3, 3) && occupied.contains(0, 0) && occupied.contains(6, 4) && occupied.contains(5, 4))
    #expect(!occupied.contains(2, 2) && !occupied.contains(1, 0))
    #expect(!occupied.isFree(x: 2, y: 3, width: 1), "a cell beside one taken is not free")
    #expect(occupied.isFree(x: 1, y: 3, width: 1))
    #expect(occupied.isFree(x: 3, y: 2, width: 2))
}

@Test func aRegionCopiedFromAWiderCanvasHoldsWhatADrawingClippedToItHolds() {
    // Lines and a filled ring in dots of one grid, drawn on a wide canvas and on a small one lying over part of it.
    func draw(_ canvas: inout MapCanvas) {
        canvas.line(.street, -30, 10, 170, 50)
        canvas.line(.path, 5, 60, 120, -7, dashed: true)
        canvas.fill(.green, rings: [[(10, 10), (90, 14), (70, 50), (12, 44)]]) { x, y in (x + 2 * y) % 6 == 0 }
    }
    var wide = MapCanvas(columns: 80, rows: 20, originX: -40, originY: -16)
    draw(&wide)
    let region = Rect(x: 3, y: 2, width: 9, height: 5)
    var small = MapCanvas(columns: 20, rows: 8, originX: 10, originY: 8)
    // What was there before is replaced, including dots of an ink the wide canvas has none of there.
    small.line(.rail, 0, 0, 40, 32)
    #expect(small.canCopy(region, from: wide))
    small.copy(region, from: wide)
    var clipped = MapCanvas(columns: 20, rows: 8, originX: 10, originY: 8)
    clipped.clip(toCells: region)
    draw(&clipped)
    var copiedCodes: [UInt16] = [], drawnCodes: [UInt16] = []
    small.compose(into: &copiedCodes, region: region)
    clipped.compose(into: &drawnCodes, region: region)
    #expect(copiedCodes == drawnCodes)
    #expect(copiedCodes.contains { $0 >> 8 == MapInk.street.rawValue + 1 } && copiedCodes.contains { $0 >> 8 == MapInk.green.rawValue + 1 },
            "the region holds a street's dots and a park's")
    // A canvas off by half a cell, or a region reaching past the wide canvas, is not copied.
    #expect(!MapCanvas(columns: 20, rows: 8, originX: 11, originY: 8).canCopy(region, from: wide))
    #expect(!MapCanvas(columns: 20, rows: 8, originX: 10, originY: 10).canCopy(region, from: wide))
    #expect(!small.canCopy(Rect(x: 3, y: 2, width: 9, height: 30), from: wide))
    #expect(!MapCanvas(columns: 20, rows: 8, originX: -60, originY: 8).canCopy(region, from: wide))
}
