import Catalog
import Geo
import Testing
import TestSupport
@testable import App

private func painting(_ id: String) -> Artwork {
    Artwork(id: id, title: "Painting \(id)", artist: "Painter", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
            building: "Rijksmuseum", imageFileName: "https://iiif.example/\(id)/full/!1200,1200/0/default.jpg", collection: "rijksmuseum")
}

@Test func thePaintersScreenSearchesAddsAndRemovesAfterConfirmation() throws {
    let context = try campusState()
    var screen = PaintersState()
    @discardableResult
    func run(_ actions: PaintersAction...) -> Reduced {
        var all = Reduced()
        for action in actions {
            let result = PaintersFeature.reduce(&screen, action, context)
            all.effects += result.effects
            all.delegates += result.delegates
        }
        return all
    }
    // With no painters yet the screen opens on the search prompt.
    run(.event(.listed([])))
    #expect(screen.prompt == "")
    for c in "Vermeer" { run(.type(c)) }
    #expect(run(.confirm).effects == [.painters(.count("Vermeer"))])
    run(.event(.counted(name: "Vermeer", total: 4)))
    #expect(run(.confirm).effects == [.painters(.add("Vermeer"))])
    run(.event(.progress("Vermeer: 2 of 4 paintings")))
    #expect(screen.busy == "Vermeer: 2 of 4 paintings")
    #expect(run(.cancel).effects == [.painters(.cancel)], "Esc stops a running fetch")
    let added = run(.event(.finished("added Vermeer: 3 paintings", [PainterSummary(name: "Vermeer", total: 4, stored: 3)])))
    #expect(added.delegates == [.message("added Vermeer: 3 paintings")])
    // A later failure says why and keeps the list.
    run(.event(.finished("stopped; nothing was saved", nil)))
    #expect(screen.painters.map(\.name) == ["Vermeer"] && screen.message == "stopped; nothing was saved")
    // d asks first; n keeps; d then y removes.
    run(.remove)
    #expect(run(.type("n")) == .none)
    run(.remove)
    #expect(run(.type("y")).effects == [.painters(.remove("Vermeer"))])
    // Enter on a painter lists their paintings from the store; moving asks for each picture; Enter asks for
    // the painting's detail; t asks to show them in the table; Esc goes back to the painters, then out.
    run(.event(.finished("", [PainterSummary(name: "Vermeer", total: 4, stored: 3)])))
    #expect(run(.confirm).effects == [.painters(.paintings("Vermeer"))])
    #expect(run(.event(.paintingsListed(name: "Vermeer", [painting("SK-1"), painting("SK-2")]))).delegates == [.wantPicture(ArtworkKey(collection: "rijksmuseum", id: "SK-1"))])
    #expect(run(.move(1)).delegates == [.wantPicture(ArtworkKey(collection: "rijksmuseum", id: "SK-2"))])
    #expect(screen.selectedPainting?.id == "SK-2")
    #expect(run(.confirm).delegates == [.openDetail(ArtworkKey(collection: "rijksmuseum", id: "SK-2"))])
    #expect(run(.showInTable).delegates == [.showInTable(painter: "Vermeer")])
    run(.cancel)
    #expect(screen.paintingsOf == nil && screen.paintings.isEmpty)
    #expect(run(.cancel).delegates == [.close])
}

@Test func thePaintersScreenHoldsItsPaintingsForTheRestOfTheApp() {
    var screen = PaintersState()
    screen.paintingsOf = "Vermeer"
    screen.paintings = [painting("SK-1")]
    #expect(Overlay.of(screen).heldArtworks.map(\.id) == ["SK-1"])
    #expect(Overlay.of(SettingsState()).heldArtworks.isEmpty)
}

@Test func plusDoesNotBecomeThePaintersFirstLetter() throws {
    let context = try campusState()
    var screen = PaintersState()
    PaintersFeature.reduce(&screen, .event(.listed([])), context)
    // The screen says "Press + and type a name": the prompt is already open, and the + is not typed into it.
    #expect(PaintersFeature.typing(screen, .character("+")) == .action(.type("+")))
    for c in "+Rembrandt van Rijn" { PaintersFeature.reduce(&screen, .type(c), context) }
    #expect(screen.prompt == "Rembrandt van Rijn")
    #expect(PaintersFeature.reduce(&screen, .confirm, context).effects == [.painters(.count("Rembrandt van Rijn"))])
}
