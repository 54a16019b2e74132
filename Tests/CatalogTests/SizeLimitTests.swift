import Foundation
import Testing
@testable import Catalog

private func body(title: String, information: String = "i", id: String = "1") throws -> Data {
    let record: [String: String] = ["id": id, "title": title, "artist": "A", "yearOfWork": "1964", "Information": information,
                                    "lat": "53.4", "long": "-2.9", "locationNotes": "n", "fileName": "a.jpg",
                                    "lastModified": "2017-11-22 12:22:31"]
    return try JSONSerialization.data(withJSONObject: ["artworks": [record]])
}

@Test func overlongTextIsCutAtDecodeAndSaidSo() throws {
    let title = String(repeating: "Very long title ", count: 200_000)  // 3.2 MB
    let decoded = try ServiceRecordDecoder.decode(try body(title: title, information: String(repeating: "é", count: 30_000)))
    let artwork = try #require(decoded.artworks.first)
    #expect(artwork.title.count == FieldLimits.title)
    #expect(artwork.title.hasSuffix("…"))
    #expect(artwork.information.count == FieldLimits.information)
    #expect(decoded.notes.count == 2)
    #expect(decoded.notes.first == "record 1 (id 1): title cut to 300 characters (it had 3200000 bytes)")
    // Text within the limits is kept as it is, whatever its byte count.
    let accented = String(repeating: "é", count: FieldLimits.title)
    #expect(try ServiceRecordDecoder.decode(try body(title: accented)).artworks.first?.title == accented)
}

@Test func anOverlongIdSkipsTheRecord() throws {
    let decoded = try ServiceRecordDecoder.decode(try body(title: "t", id: String(repeating: "7", count: 5_000)))
    #expect(decoded.artworks.isEmpty)
    #expect(decoded.skipped.first?.reason == "id longer than 100 characters")
}

@Test func plistBooleansAreNotCoordinates() throws {
    let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array><dict>
        <key>name</key><string>Cafe</string><key>latitude</key><true/><key>longitude</key><real>-2.9</real>
        </dict></array></plist>
        """
    #expect(throws: CatalogError.self) { try TaggedPlaceDecoder.decode(Data(plist.utf8), fileName: "p.plist", collection: "c") }
    do {
        _ = try TaggedPlaceDecoder.decode(Data(plist.utf8), fileName: "p.plist", collection: "c")
    } catch let error as CatalogError {
        #expect(error.message == "p.plist: place 1 (Cafe) needs numeric latitude and longitude")
    }
}
