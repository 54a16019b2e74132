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

@Test func theBuildingAndTheNotesKeepEachOtherWhicheverIsSetFirst() {
    // One slot holds the building, or the notes when there is none; the other moves aside and back.
    var artwork = Artwork(id: "1", title: "Wall", coordinate: here, locationNotes: "By the door, ground floor")
    #expect(artwork.building == nil && artwork.locationNotes == "By the door, ground floor")
    artwork.building = "Ashton"
    #expect(artwork.building == "Ashton" && artwork.locationNotes == "By the door, ground floor")
    artwork.locationNotes = "Upstairs"
    #expect(artwork.building == "Ashton" && artwork.locationNotes == "Upstairs")
    artwork.building = ""
    #expect(artwork.building == "" && artwork.locationNotes == "Upstairs", "an empty building is still a building")
    artwork.building = nil
    #expect(artwork.building == nil && artwork.locationNotes == "Upstairs")
    artwork.locationNotes = ""
    #expect(artwork == Artwork(id: "1", title: "Wall", coordinate: here))
    let both = Artwork(id: "2", title: "Bust", coordinate: here, building: "Library", locationNotes: "Hall")
    #expect(both.building == "Library" && both.locationNotes == "Hall")
}

@Test func theCollectionAndTheEnabledFlagSurviveEveryOtherChange() {
    var artwork = Artwork(id: "1", title: "Wall", coordinate: here, building: "Ashton", enabled: false, collection: "city")
    #expect(!artwork.enabled && artwork.collection == "city" && artwork.building == "Ashton")
    artwork.information = "Text"
    artwork.information = ""
    artwork.locationNotes = "Hall"
    #expect(!artwork.enabled && artwork.collection == "city" && artwork.building == "Ashton" && artwork.locationNotes == "Hall")
    artwork.enabled = true
    artwork.locationNotes = ""
    #expect(artwork == Artwork(id: "1", title: "Wall", coordinate: here, building: "Ashton", collection: "city"))
    // Artworks of other collections made in between do not change what this one says.
    let others = (0..<3).map { Artwork(id: "\($0)", title: "x", coordinate: here, collection: "other \($0)") }
    #expect(others.map(\.collection) == ["other 0", "other 1", "other 2"])
    #expect(artwork.collection == "city")
    artwork.collection = "campus"
    #expect(artwork.collection == "campus" && artwork.building == "Ashton")
}
