import Foundation
import Testing
import TestSupport

@Test func anImportedCityShowsItsStreetsAndGDrawsARouteAlongThem() throws {
    let home = try temporaryDirectory("e2e-map")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let imported = try runArtmapBinary(["import", extract], home: home)
    #expect(imported.status == 0, "\(imported.output)")
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--collection", "helsinki"]))
    // The city's middle, its street names on the map (read from the store just after the first frame), its
    // artworks in the table.
    var screen = try tmux.waitFor { boxTop($0, "65 artworks in 55 buildings") != nil && $0.contains { $0.contains("Mikonkatu") } }
    #expect(screen.contains { $0.contains("middle of helsinki") })
    #expect(screen.contains { $0.contains("Mikonkatu") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("© OpenStreetMap contributors") })
    // Zoomed out the streets thin out but the markers stay; back in, the names return.
    try tmux.send("-", "-", "-")
    screen = try tmux.waitFor { $0.contains { $0.contains("Map · 50 m/cell") } }
    try tmux.send("+", "+", "+")
    screen = try tmux.waitFor { $0.contains { $0.contains("Map · 5 m/cell") } && $0.contains { $0.contains("Mikonkatu") } }
    // g on the selected row: the panel lists steps along named streets; Esc brings the table back.
    try tmux.send("Tab", "Down", "Down", "Down", "g")
    screen = try tmux.waitFor { boxTop($0, "Route to") != nil && $0.contains { $0.contains("arrive at") } }
    #expect(screen.contains { $0.contains("min on foot (4.5 km/h)") })
    #expect(screen.contains { $0.range(of: #"\d+ +(head|left|right|slight|continue)"#, options: .regularExpression) != nil })
    let coloured = try tmux.screenWithAttributes().joined()
    #expect(coloured.contains("38;5;201m"), "the route is drawn in its own colour")
    try tmux.send("Escape")
    screen = try tmux.waitFor { boxTop($0, "65 artworks in 55 buildings") != nil }
    try tmux.send("q")
    screen = try tmux.waitFor { $0.contains { $0.contains("EXITED-0") } }
}
