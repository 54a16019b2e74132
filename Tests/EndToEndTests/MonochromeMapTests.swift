import Foundation
import Testing
import TestSupport

/// The map pane's rows of a side-by-side screen: the characters between the left border and the next one.
private func mapRows(_ screen: [String]) -> [[Character]] {
    screen.compactMap { line in
        let characters = Array(line)
        guard characters.first == "│", let end = characters.dropFirst().firstIndex(of: "│") else { return nil }
        return Array(characters[1..<end])
    }
}

private func isBraille(_ c: Character) -> Bool {
    guard let v = c.unicodeScalars.first?.value else { return false }
    return v > 0x2800 && v <= 0x28FF
}

private func isMarker(_ c: Character) -> Bool {
    guard let v = c.unicodeScalars.first?.value else { return false }
    return c == "●" || c == "◉" || c == "◎" || (0x2460...0x2473).contains(v)
}

private func isText(_ c: Character) -> Bool { c.isLetter || c.isNumber }

@Test func withoutColourADenseCityKeepsEveryLabelAndMarkerClearOfTheMapsDots() throws {
    let home = try temporaryDirectory("e2e-mono")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let imported = try runArtmapBinary(["import", extract], home: home)
    #expect(imported.status == 0, "\(imported.output)")
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--collection", "helsinki", "--no-color"]))
    // The default zoom over the middle of Helsinki: streets, buildings, 55 buildings' markers and their names.
    let screen = try tmux.waitFor { boxTop($0, "65 artworks in 55 buildings") != nil && $0.contains { $0.contains("Mikonkatu") } }
    #expect(screen.contains { $0.contains("Map · 5 m/cell") })
    let raw = try tmux.screenWithAttributes().joined()
    #expect(!raw.contains("38;5;") && !raw.contains("38;2;") && !raw.contains("48;5;") && !raw.contains("48;2;"), "no colours with --no-color")
    #expect(raw.firstMatch(of: /\u{1B}\[(?:[0-9;]*;)?(?:3|4|9|10)[0-7](?:;[0-9;]*)?m/) == nil, "no 16-colour codes either")
    let rows = mapRows(screen)
    try #require(rows.count > 30)
    let braille = rows.joined().filter(isBraille).count
    #expect(braille > 500, "a dense city: the streets and buildings fill the pane with dots (\(braille))")
    var markers = 0, labelEnds = 0
    for (y, row) in rows.enumerated() {
        for (x, c) in row.enumerated() {
            if isMarker(c) {
                markers += 1
                // A marker stands alone: no dot in the eight cells around it.
                for dy in -1...1 {
                    for dx in -1...1 where rows.indices.contains(y + dy) && rows[y + dy].indices.contains(x + dx) {
                        #expect(!isBraille(rows[y + dy][x + dx]), "dots touch the marker at row \(y), column \(x): \(String(row))")
                    }
                }
            }
            if isText(c) {
                // A name never runs into the dots: the cells either side of its letters are not braille.
                for dx in [-1, 1] where row.indices.contains(x + dx) && isBraille(row[x + dx]) {
                    Issue.record("a name runs into the dots at row \(y), column \(x): \(String(row))")
                }
                if !row.indices.contains(x + 1) || !isText(row[x + 1]) { labelEnds += 1 }
            }
        }
    }
    #expect(markers >= 10, "markers drawn: \(markers)")
    #expect(labelEnds >= 10, "names drawn: \(labelEnds)")
    try tmux.send("q")
    _ = try tmux.waitFor { $0.contains { $0.contains("EXITED-0") } }
}
