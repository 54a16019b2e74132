import Cells
import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

@Test func anImportedCityShowsItsStreetsAndGDrawsARouteAlongThem() async throws {
    let home = try temporaryDirectory("e2e-map")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let imported = try await runArtmap(["import", extract], home: home)
    #expect(imported.status == 0, "\(imported.output)")
    let view = try await ViewDriver(home: home, arguments: ["--offline", "--collection", "helsinki"], columns: 160, rows: 45)
    // The city's middle, its street names on the map (read from the store just after the first frame), its
    // artworks in the table.
    var screen = try await view.waitFor { boxTop($0, "65 artworks in 55 buildings") != nil && $0.contains { $0.contains("Mikonkatu") } }
    #expect(screen.contains { $0.contains("middle of helsinki") })
    #expect(screen.contains { $0.contains("Mikonkatu") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("© OpenStreetMap contributors") })
    // Zoomed out the streets thin out but the markers stay; back in, the names return.
    try view.send("-", "-", "-")
    screen = try await view.waitFor { $0.contains { $0.contains("Map · 50 m/cell") } }
    try view.send("+", "+", "+")
    screen = try await view.waitFor { $0.contains { $0.contains("Map · 5 m/cell") } && $0.contains { $0.contains("Mikonkatu") } }
    // g on the selected row: the panel lists steps along named streets; Esc brings the table back.
    try view.send("Tab", "Down", "Down", "Down", "g")
    screen = try await view.waitFor { boxTop($0, "Route to") != nil && $0.contains { $0.contains("arrive at") } }
    #expect(screen.contains { $0.contains("min on foot (4.5 km/h)") })
    #expect(screen.contains { $0.range(of: #"\d+ +(head|left|right|slight|continue)"#, options: .regularExpression) != nil })
    let map = view.terminal.screen
    let routeCells = (0..<map.height).flatMap { y in (0..<map.width).filter { map[$0, y].style.role == .route } }
    #expect(!routeCells.isEmpty, "the route is drawn in its own colour (xterm 201 in a terminal)")
    try view.send("Escape")
    screen = try await view.waitFor { boxTop($0, "65 artworks in 55 buildings") != nil }
    try await view.quit()
}
