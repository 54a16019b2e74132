import Geo
import Testing
@testable import Catalog

private let here = Coordinate(clampingLatitude: 53.4, longitude: -2.9)

@Test func aChangedCopyLeavesTheOriginalAsItWas() {
    let original = Artwork(id: "1", title: "Wall", information: "Long text", coordinate: here, imageFileName: "wall.jpg")
    var copy = original
    #expect(copy == original)
    copy.title = "Renamed"
    copy.information = "Other text"
    copy.building = "Ashton"
    #expect(original.title == "Wall" && original.information == "Long text" && original.building == nil)
    #expect(copy.title == "Renamed" && copy.information == "Other text" && copy.building == "Ashton")
    #expect(copy.imageFileName == "wall.jpg", "the other details stay when one changes")
    #expect(copy != original)
}

@Test func equalValuesAreEqualAndHashAlikeHoweverTheyWereMade() {
    let plain = Artwork(id: "1", title: "Wall", coordinate: here)
    var emptied = Artwork(id: "1", title: "Wall", coordinate: here, webPage: "https://example.org/1")
    emptied.webPage = ""
    #expect(plain == emptied)
    #expect(Set([plain, emptied]).count == 1)
    var other = plain
    other.type = "Mural"
    #expect(other != plain)
    other.type = ""
    #expect(other == plain)
    // Every field takes part in equality.
    let changes: [(inout Artwork) -> Void] = [
        { $0.id = "2" }, { $0.title = "x" }, { $0.artist = "x" }, { $0.year = "x" }, { $0.type = "x" }, { $0.information = "x" },
        { $0.coordinate = Coordinate(clampingLatitude: 1, longitude: 1) }, { $0.building = "x" }, { $0.locationNotes = "x" },
        { $0.imageFileName = "x" }, { $0.thumbnail = "x" }, { $0.lastModified = "x" }, { $0.enabled = false },
        { $0.collection = "x" }, { $0.webPage = "x" },
    ]
    for change in changes {
        var changed = plain
        change(&changed)
        #expect(changed != plain)
    }
}
