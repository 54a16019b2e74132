import Cells
@testable import App
import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

/// Compares a screen with its golden file; ARTMAP_UPDATE_GOLDEN=1 rewrites the file from the source tree.
func expectGolden(_ lines: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/ScreenTests/Golden")
    let file = goldenDirectory.appendingPathComponent(name + ".txt")
    let text = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["ARTMAP_UPDATE_GOLDEN"] == "1" {
        try text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(text == expected, "screen \(name) differs from its golden file", sourceLocation: sourceLocation)
}

@Test(arguments: [(160, 45), (100, 30), (80, 60), (40, 12)])
func mainScreenMatchesGolden(columns: Int, rows: Int) throws {
    let buffer = MainView.render(try campusState(columns: columns, rows: rows))
    #expect(buffer.lines.count == rows)
    #expect(buffer.lines.allSatisfy { TextWidth.of($0) == columns })
    try expectGolden(buffer.trimmedLines, "main-\(columns)x\(rows)")
}

@Test(arguments: [(160, 45), (100, 30), (80, 60), (40, 12)], [LayoutMode.side, .stacked])
func bothForcedLayoutsAtEverySizeMatchGolden(size: (Int, Int), mode: LayoutMode) throws {
    var state = try campusState(columns: size.0, rows: size.1)
    state.main.layoutMode = mode
    _ = reduce(&state, .resize(TerminalSize(columns: size.0, rows: size.1)))
    let lines = MainView.render(state).lines
    let mapTop = try #require(lines.firstIndex { $0.hasPrefix("┌ Map") || $0.hasPrefix("┌ arrows ▸ Map") })
    let tableTop = try #require(lines.firstIndex { $0.contains("┌ 31 artworks") || $0.contains("┌ 31 artworks in…") })
    if mode == .side {
        #expect(mapTop == tableTop, "side by side shares the top row")
    } else {
        #expect(tableTop > mapTop, "stacked puts the table below")
    }
    try expectGolden(MainView.render(state).trimmedLines, "main-\(mode.rawValue)-\(size.0)x\(size.1)")
}

@Test func wideTerminalPutsTheTableRightOfTheMap() throws {
    let lines = MainView.render(try campusState(columns: 160, rows: 45)).lines
    #expect(lines[0].hasPrefix(" artmap — what art is near me?"))
    #expect(lines[1].hasPrefix("┌ arrows ▸ Map · "), "the focused pane says so in words (issue 50)")
    let tableColumn = try #require(lines[1].range(of: "┌ 31 artworks in 13 buildings"))
    #expect(lines[1].distance(from: lines[1].startIndex, to: tableColumn.lowerBound) == 88)
    #expect(lines[3].contains("▸ Ashton Building (1)"))
    #expect(lines[44].hasPrefix(" ◎ Ashton Building 53.40657,-2.96653 │ 31 shown"))
}

@Test func tallTerminalPutsTheTableBelowTheMap() throws {
    let lines = MainView.render(try campusState(columns: 80, rows: 60)).lines
    #expect(lines[1].hasPrefix("┌ arrows ▸ Map · "), "the focused pane says so in words (issue 50)")
    #expect(!lines[1].contains("artworks in"))
    let tableTop = try #require(lines.firstIndex { $0.hasPrefix("┌ 31 artworks in 13 buildings") })
    #expect(tableTop == 33)
    #expect(lines[tableTop - 1].hasPrefix("└"))
}

@Test(arguments: [(39, 12), (40, 11), (1, 1), (0, 0), (2, 30), (300, 3)])
func tooSmallShowsOnlyTheMessage(columns: Int, rows: Int) throws {
    let buffer = MainView.render(try campusState(columns: columns, rows: rows))
    let text = buffer.trimmedLines.filter { !$0.isEmpty }
    if columns >= 1 && rows >= 1 {
        #expect(text.count == 1)
        #expect(MainView.tooSmallMessage.hasPrefix(text[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "…", with: "")))
    } else {
        #expect(text.isEmpty)
    }
}

@Test func markersShowOneGlyphPerBuildingWithCounts() throws {
    let state = try campusState(columns: 160, rows: 45)
    let buffer = MainView.render(state)
    let text = buffer.lines.joined()
    let inner = state.layout.mapInner
    func onMap(_ glyph: String) -> Bool {
        (inner.y..<inner.maxY).contains { y in (inner.x..<inner.maxX).contains { buffer[$0, y].text == glyph } }
    }
    // Counts are bare digits, in DejaVu Sans Mono (issue 50: circled numbers showed as boxes).
    #expect(onMap("9") && onMap("6"), "\(buffer.lines.joined(separator: "\n"))")
    #expect(!text.unicodeScalars.contains { (0x2460...0x24FF).contains($0.value) })
    #expect(text.contains("◎"), "you are here")
    var ascii = state
    ascii.ascii = true
    let plain = MainView.render(ascii).lines.joined()
    #expect(plain.contains("9"))
    #expect(plain.contains("@"))
    #expect(!plain.contains("◎"))
    #expect(!plain.contains("⠤"), "no braille in ASCII mode")
    #expect(plain.contains("+-"), "ASCII borders")
}

@Test func radiusRingIsDrawnInBraille() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.main.radius = 50
    state.main.zoomIndex = 1  // 2 m per cell: the ring is large on screen
    state.main.refresh()
    let map = MainView.render(state).lines.joined()
    let braille = map.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
    #expect(braille > 40, "the ring should draw many braille cells, drew \(braille)")
}

@Test func buildingOverlayListsTheNineArtworks() throws {
    var state = try campusState(columns: 100, rows: 30)
    let ee = try #require(state.main.ranked.first { $0.name == "Electrical Engineering Building" })
    state.replaceStack([BuildingListState(key: ee.building.key, selected: 1)])
    let lines = MainView.render(state).lines
    let text = lines.joined(separator: "\n")
    #expect(text.contains("┌ Electrical Engineering Building ─"))
    #expect(text.contains("9 artworks · 58 m SE ↘ from Ashton Building"))
    for work in ee.artworks { #expect(text.contains(work.artwork.title)) }
    try expectGolden(MainView.render(state).trimmedLines, "overlay-ee-100x30")
}

@Test func detailShowsEverythingWrappedToTheWidth() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0)])
    state.pictures.fail(.campus("40"), .notCached)
    var lines = MainView.render(state).trimmedLines
    let text = lines.joined(separator: "\n")
    #expect(lines.contains { $0.hasSuffix("  Abstract") || $0.contains("  Abstract  ") })
    #expect(text.contains("Christopher Darton Watkins, 1964"))
    #expect(text.contains("Building: Electrical Engineering Building"))
    #expect(text.contains("Where: Electrical Engineering Building, inside, on the ground floor"))
    #expect(text.contains("Distance: 58 m SE ↘ from Ashton Building"))
    #expect(text.contains("An abstract painting by Christopher Darton Watkins"))
    #expect(text.contains("image not downloaded yet — press s to sync"))
    for line in lines { #expect(TextWidth.of(line) <= 160) }
    for (columns, rows) in [(80, 30), (80, 60)] {
        _ = reduce(&state, .resize(TerminalSize(columns: columns, rows: rows)))
        lines = MainView.render(state).trimmedLines
        for line in lines { #expect(TextWidth.of(line) <= columns) }
        try expectGolden(lines, "detail-\(columns)x\(rows)")
    }
    state.pictures.fail(.campus("40"), .failed("bad JPEG: truncated JPEG data"))
    #expect(MainView.render(state).lines.joined().contains("cannot show the image: bad JPEG:"))
}

@Test func aDetailSaysItIsReadingTheDescriptionUntilTheFullRecordArrives() throws {
    let full = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    var state = AppState(artworks: full.map { artwork -> Artwork in
        var a = artwork
        a.information = ""
        a.locationNotes = ""
        return a
    })
    state.catalogueHoldsFullRecords = false
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0)])
    state.pictures.fail(.campus("40"), .notCached)
    var text = MainView.render(state).trimmedLines.joined(separator: "\n")
    #expect(text.contains("Reading the description…"))
    #expect(!text.contains("No description."))
    #expect(!text.contains("Where:"))
    _ = reduce(&state, .fullRecordsLoaded(full.filter { $0.id == "40" }))
    text = MainView.render(state).trimmedLines.joined(separator: "\n")
    #expect(!text.contains("Reading the description…"))
    #expect(text.contains("An abstract painting by Christopher Darton Watkins"))
    #expect(text.contains("Where: Electrical Engineering Building, inside, on the ground floor"))
}

@Test func aPartialStartSaysTheTableHoldsThePlacesNearbyWhileTheRestIsRead() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.main.catalogueIsPartial = true
    #expect(MainView.render(state).lines.contains { $0.contains("31 artworks in 13 buildings nearby · reading the rest…") })
    state.main.catalogueIsPartial = false
    #expect(!MainView.render(state).lines.contains { $0.contains("reading the rest") })
}

@Test func helpShowsEveryBinding() throws {
    // Tall enough for the whole help without scrolling.
    var state = try campusState(columns: 100, rows: 200)
    state.replaceStack([HelpState(scroll: 0)])
    let lines = MainView.render(state).lines
    #expect(lines.joined().contains("┌ Keys"))
    // A long description wraps under itself: read the box's lines as one text, spaces collapsed.
    let text = lines.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }.joined(separator: " ")
        .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    for binding in Keymap.bindings {
        #expect(text.contains(binding.description), "help lacks \(binding.description)")
    }
}

@Test func searchLineAndStatusBar() throws {
    var state = try campusState(columns: 100, rows: 30)
    state.perform(.search, context: .map)
    for c in "hep" { state.routeMain(.typeSearch(.character(c))) }
    let lines = MainView.render(state).lines
    #expect(lines[29].hasPrefix(" / hep▏  Enter keep · Esc clear"))
    #expect(lines[1].contains("1 artwork in 1 building"))
    state.routeMain(.typeSearch(.enter))
    _ = reduce(&state, .syncProgress("images 3/31"))
    let status = MainView.render(state).lines[29]
    #expect(status.contains("filter \"hep\""))
    #expect(status.contains("↻ images 3/31"))
}

@Test func hostileTitlesRenderInertAndAligned() throws {
    var artworks = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    let index = try #require(artworks.firstIndex { $0.id == "46" })
    artworks[index].title = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}evil\u{200B} 🎨漢字 title that goes on and on"
    artworks[index].artist = "\u{9B}31mRed\tArtist\n"
    var state = AppState(artworks: artworks)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    let buffer = MainView.render(state)
    for cell in buffer.cells {
        for scalar in cell.text.unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "control \(scalar.value) reached the screen")
            #expect(!(0x202A...0x202E).contains(scalar.value) && scalar.value != 0x200B)
        }
    }
    let lines = buffer.lines
    // The sequences go whole: neither the window title nor the "[2J" or "31m" is left as text.
    let hostile = try #require(lines.first { $0.contains("evil 🎨漢字") })
    #expect(!lines.joined().contains("pwned") && !lines.joined().contains("[2J") && !lines.joined().contains("31m"))
    let normal = try #require(lines.first { $0.contains("Learning") })
    // The artist column starts at the same display column in both rows.
    func column(of needle: String, in line: String) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return TextWidth.of(String(line[..<range.lowerBound]))
    }
    #expect(column(of: "Red Artist", in: hostile) == column(of: "Eric Kennington", in: normal))
    #expect(hostile.contains("🎨漢字"))
    #expect(TextWidth.of(hostile) == 160)
}

@Test func wideCharactersTakeTwoCellsAndTruncateByWidth() {
    #expect(TextWidth.of("漢字") == 4)
    #expect(TextWidth.of("🎨") == 2)
    #expect(TextWidth.of("é") == 1)
    #expect(TextWidth.of("e\u{301}") == 1)
    #expect(TextWidth.truncate("漢字漢字", to: 5) == "漢字…")
    #expect(TextWidth.pad("漢字", to: 6) == "漢字  ")
    var buffer = Buffer(width: 5, height: 1)
    buffer.write("ab漢字", x: 0, y: 0)
    #expect(buffer.lines == ["ab漢…"])
    buffer.write("x", x: 3, y: 0)
    #expect(buffer.lines == ["ab x…"], "overwriting half a wide character blanks the other half")
    #expect(TextWidth.wrap("one two three four", width: 9) == ["one two", "three", "four"])
    #expect(TextWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
}

@Test func theBuildingUnderTheCursorIsLabelledWithCountNearestArtworkAndDistance() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.main.zoomIndex = 1  // 2 m per cell: labels do not crowd each other
    let ee = try #require(state.main.ranked.firstIndex { $0.name == "Electrical Engineering Building" })
    let offset = state.main.cellOffset(of: state.main.ranked[ee].building.coordinate)
    state.main.cursorX = offset.x
    state.main.cursorY = offset.y
    let text = MainView.render(state).lines.joined(separator: "\n")
    #expect(text.contains("Electrical Engineering Building · 9 artworks · A Sunny Day · 58 m"))
    // Issue 23, item 17: a single artwork's marker is labelled with its title.
    let ashton = try #require(state.main.ranked.firstIndex { $0.name == "Ashton Building" })
    let at = state.main.cellOffset(of: state.main.ranked[ashton].building.coordinate)
    state.main.cursorX = at.x
    state.main.cursorY = at.y
    #expect(MainView.render(state).lines.joined(separator: "\n").contains("Ashton Building · Figures · 22 m"))
}

/// Issue 29, item 6: an artwork that is a place of its own is one table line (title, artist, distance), not a
/// group line repeating its title over it; a building's artworks keep theirs.
@Test func anArtworkThatIsItsOwnPlaceIsOneLineInTheTable() throws {
    let here = Coordinate.ashtonBuilding
    let works = [Artwork(id: "node/1", title: "Untitled Bronze", artist: "A. Caster",
                         coordinate: Coordinate(clampingLatitude: here.latitude + 0.0003, longitude: here.longitude), collection: "osm"),
                 Artwork(id: "node/2", title: "Font", coordinate: here, building: "St Mary's", collection: "osm"),
                 Artwork(id: "node/3", title: "Bell", coordinate: here, building: "St Mary's", collection: "osm")]
    var state = AppState(artworks: works, reference: here)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    let lines = MainView.render(state).trimmedLines
    // In the table (the map's label aside): one line, title and artist, with the distance and direction.
    let bronze = lines.filter { $0.contains("Untitled Bronze") && !$0.contains("● Untitled Bronze") }
    #expect(bronze.count == 1, "\(lines.joined(separator: "\n"))")
    #expect(bronze.first?.contains("• Untitled Bronze · A. Caster") == true && bronze.first?.contains("33 m ↑") == true, "\(bronze)")
    #expect(lines.contains { $0.contains("▸ St Mary's (2)") }, "a building keeps its group line")
}

/// Issue 36, item 5: the search reaches the map: a building's marker counts its matching artworks and the map's
/// title says what is filtered ("/frink" left 2 rows in the table while the map showed ⑥ at the museum).
@Test func theSearchReachesTheMapsMarkersAndTitle() throws {
    var state = try campusState(columns: 160, rows: 45)
    let mapWidth = state.main.layout.map.maxX
    let before = MainView.render(state).lines.map { Array($0.prefix(mapWidth)) }
    // The Victoria Gallery & Museum holds six artworks: the map's only 6 (below the title, right of the border).
    let row = try #require(before.indices.dropFirst(2).first { before[$0].dropFirst().contains("6") }, "\(before.map { String($0) }.joined(separator: "\n"))")
    let column = try #require(before[row].dropFirst().firstIndex(of: "6"))
    for key: Key in [.character("/"), .character("f"), .character("r"), .character("i"), .character("n"), .character("k"), .enter] {
        _ = reduce(&state, .key(key))
    }
    let drawn = MainView.render(state)
    let after = drawn.lines
    #expect(Array(after[row].prefix(mapWidth))[column] == "●", "one of its six matches: \(after.joined(separator: "\n"))")
    #expect(after[1].contains("Map · ") && after[1].contains("\"frink\": 2 matches"), "\(after[1])")
    // Buildings without a match are left off the map, as off the table: two markers, no count above one.
    let roles: [Role] = [.marker, .markerNear, .markerDim, .cursor]
    let markers = (0..<drawn.height).flatMap { y in (0..<mapWidth).map { (x: $0, y: y) } }
        .filter { roles.contains(drawn[$0.x, $0.y].style.role) && "●23456789◉".contains(drawn[$0.x, $0.y].text) }
        .map { drawn[$0.x, $0.y].text }.joined()
    #expect(markers == "●●", "\(after.joined(separator: "\n"))")
}
