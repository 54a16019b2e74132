import Foundation

/// A store holding a collection "big" of `count` artworks in groups of five, synced from a file.
public func storeWithBigCollection(_ count: Int, home: URL) throws -> String {
    let records: [[String: String]] = (0..<count).map { i in
        let b = i / 5
        return ["id": "\(i)", "title": "Work \(i)", "artist": "Artist \(i % 40)", "yearOfWork": "1990",
                "lat": String(format: "%.6f", 53.4066 + Double(b % 40) * 0.0004), "long": String(format: "%.6f", -2.9665 + Double(b / 40) * 0.0006),
                "location": "Place \(b)", "Information": "About work \(i).", "lastModified": "2020-01-01 00:00:00"]
    }
    let file = home.appendingPathComponent("big.json")
    try JSONSerialization.data(withJSONObject: ["artworks": records]).write(to: file)
    let path = home.appendingPathComponent("store.sqlite").path
    let synced = try runArtmapBinary(["sync", "--full", "--no-images", "--store", path, "--collection", "big", "--source", file.absoluteString], home: home)
    guard synced.status == 0 else { throw TestServerError("sync of the big collection failed: \(synced.output)") }
    return path
}

