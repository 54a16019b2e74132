import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// A large collection opens on the places around the reference, then the whole is read behind the first frame;
/// a detail reads its description from the store (moved in process from tmux, issue 45 item 3; the damaged-store
/// restart stays in EndToEndTests, since the view starting again is the command's loop around the session).
@Test func aLargeCollectionOpensOnThePlacesNearbyAndThenShowsTheWhole() async throws {
    let home = try temporaryDirectory("e2e-large")
    let path = try await offThePool { try storeWithBigCollection(3000, home: home) }
    let view = try await ViewDriver(home: home, arguments: ["--offline", "--store", path, "--collection", "big"], columns: 160, rows: 45)
    var screen = try await view.waitFor { boxTop($0, "3000 artworks in 600 buildings") != nil }
    #expect(boxTop(screen, "3000 artworks in 600 buildings") != nil, "\(screen.joined(separator: "\n"))")
    try view.send("Tab", "Down", "Enter")
    screen = try await view.waitFor { $0.contains { $0.contains("About work") } }
    #expect(screen.contains { $0.contains("About work") }, "\(screen.joined(separator: "\n"))")
    try await view.quit(after: "Escape")
}
