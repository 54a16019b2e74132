import Catalog
import Foundation
import Testing
@testable import Sync

/// A Linked Art object as the museum writes it, with the given title and description.
private func object(title: String, description: String, number: String = "SK-C-5") throws -> Data {
    let aat = "http://vocab.getty.edu/aat/"
    let english = [["id": aat + "300388277"]]
    let body: [String: Any] = [
        "type": "HumanMadeObject",
        "identified_by": [
            ["type": "Identifier", "content": number, "classified_as": [["id": aat + "300312355"]]],
            ["type": "Name", "content": title, "language": english, "classified_as": [["id": aat + "300404670"]]],
        ],
        "produced_by": ["part": [["carried_out_by": [["notation": [["@language": "en", "@value": String(repeating: "R", count: 500_000)]]]]]]],
        "subject_of": [["type": "LinguisticObject", "language": english, "classified_as": [["id": aat + "300417268"]],
                        "part": [["content": description, "classified_as": [["id": aat + "300048722"]]]]]],
    ]
    return try JSONSerialization.data(withJSONObject: body)
}

@Test func aMillionCharacterTitleFromTheMuseumIsCutOnTheWayIn() throws {
    let huge = String(repeating: "Night Watch ", count: 84_000)
    let parsed = try LinkedArtObject.parse(try object(title: huge, description: huge), url: "https://id.rijksmuseum.nl/1")
    #expect(parsed.title.count == FieldLimits.title)
    #expect(parsed.maker.count == FieldLimits.artist)
    #expect(parsed.description.count == FieldLimits.information)
    let artwork = RijksmuseumClient.artwork(parsed, image: "")
    #expect(artwork.title.count == FieldLimits.title)
    #expect(artwork.information.count <= FieldLimits.information)
    #expect(artwork.information.last == "…")
    #expect(artwork.artist.count == FieldLimits.artist)
}

@Test func anOverlongObjectNumberIsRefusedNotCut() throws {
    #expect(throws: SyncError.self) {
        try LinkedArtObject.parse(try object(title: "t", description: "d", number: String(repeating: "9", count: 101)), url: "https://id.rijksmuseum.nl/1")
    }
}
