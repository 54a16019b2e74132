import Foundation
import Testing
@testable import Sync

@Test func httpsAnyHostHttpOnlyLoopbackFileAllowed() throws {
    _ = try SyncSource(service: "https://example.org/a/data.php?class=artworks")
    _ = try SyncSource(service: "http://127.0.0.1:8080/a/data.php")
    _ = try SyncSource(service: "http://127.3.4.5/a/data.php")
    _ = try SyncSource(service: "http://localhost/a/data.php")
    _ = try SyncSource(service: "http://[::1]:9/a/data.php")
    _ = try SyncSource(service: "file:///tmp/response.json")
    for refused in ["http://10.0.0.1/x", "http://192.168.1.1/x", "http://example.org/x", "ftp://example.org/x",
                    "not a url", "http://127.0.0.1.evil.org/x", "https:///nohost"] {
        #expect(throws: SyncError.self, "\(refused)") { try SyncSource(service: refused) }
    }
}

@Test func refusalSaysWhy() {
    do {
        _ = try SyncSource(service: "http://example.org/x")
        Issue.record("expected a refusal")
    } catch {
        #expect("\(error)".contains("only allowed for this machine"))
    }
}

@Test func imageBaseDefaultsBesideTheServiceFolder() throws {
    let source = try SyncSource(service: "http://127.0.0.1:9/~phil/x/artworksOnCampus/data.php?class=artworks&lastUpdate=2017-11-01")
    #expect(source.imageBase.absoluteString == "http://127.0.0.1:9/~phil/x/artwork_images/")
    let campus = try SyncSource(service: SyncSource.defaultServiceURL)
    #expect(campus.imageBase.absoluteString == SyncSource.defaultImageBase)
    let explicit = try SyncSource(service: "http://127.0.0.1:9/a/b.php", imageBase: "http://127.0.0.1:9/img")
    #expect(explicit.imageBase.absoluteString == "http://127.0.0.1:9/img/")
}

@Test func requestURLSetsLastUpdateAndKeepsOtherParameters() throws {
    let source = try SyncSource(service: "http://127.0.0.1:9/a/data.php?class=campus_artworks&lastUpdate=2017-11-01&x=a+b")
    let url = source.requestURL(lastUpdate: "2018-02-03")
    #expect(url.absoluteString == "http://127.0.0.1:9/a/data.php?class=campus_artworks&x=a%2Bb&lastUpdate=2018-02-03")
    let bare = try SyncSource(service: "http://127.0.0.1:9/a/data.php")
    #expect(bare.requestURL(lastUpdate: "1970-01-01").absoluteString == "http://127.0.0.1:9/a/data.php?lastUpdate=1970-01-01")
}

@Test func imageURLsArePercentEncoded() throws {
    let source = try SyncSource(service: "http://127.0.0.1:9/a/artworksOnCampus/data.php")
    #expect(source.imageURL(fileName: "Wardrop 1 by Robyn Denny.jpg")?.absoluteString
            == "http://127.0.0.1:9/a/artwork_images/Wardrop%201%20by%20Robyn%20Denny.jpg")
    #expect(source.imageURL(fileName: "../../etc/passwd")?.absoluteString == "http://127.0.0.1:9/a/artwork_images/..%2F..%2Fetc%2Fpasswd")
    #expect(source.imageURL(fileName: "a#b?.png")?.absoluteString == "http://127.0.0.1:9/a/artwork_images/a%23b%3F.png")
}

@Test func cacheNamesNeverComeFromTheData() {
    let cache = ImageCache(directory: URL(fileURLWithPath: "/tmp/cache/images"))
    for (id, name) in [("1", "../../../../etc/passwd"), ("../2", "/absolute/evil.png"), ("3\u{0}x", "nul\u{0}byte.png"), ("", "")] {
        let url = cache.fileURL(artworkID: id, fileName: name, lastModified: "2017-11-22 12:22:31")
        #expect(url.deletingLastPathComponent().path == "/tmp/cache/images")
        #expect(!url.lastPathComponent.contains("/"))
        #expect(!url.lastPathComponent.hasPrefix("."))
        #expect(!url.lastPathComponent.contains("\u{0}"))
    }
    let a = cache.fileURL(artworkID: "1", fileName: "a.png", lastModified: "x")
    let b = cache.fileURL(artworkID: "1", fileName: "a.png", lastModified: "y")
    #expect(a != b)
    #expect(a.pathExtension == "png")
}

@Test func imageSniffing() {
    #expect(ImageCache.looksLikeImage(Data([0xFF, 0xD8, 0xFF, 0xE0])))
    #expect(ImageCache.looksLikeImage(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])))
    #expect(!ImageCache.looksLikeImage(Data("<html>".utf8)))
    #expect(!ImageCache.looksLikeImage(Data()))
}

@Test func anErrorNamesAURLWithoutALongQuery() {
    let overpass = "https://overpass-api.de/api/interpreter?data=" + String(repeating: "%5Bout%3Ajson%5D%3B", count: 10)
    #expect(SyncError(url: overpass, "unknown host").description == "https://overpass-api.de/api/interpreter?…: unknown host")
    let campus = "https://cgi.csc.liv.ac.uk/~phil/Teaching/COMP228/artworks/data.php?class=artworks&lastUpdate=1970-01-01"
    #expect(SyncError(url: campus, "unknown host").description == "\(campus): unknown host")
    #expect(SyncError(url: nil, "no answer").description == "no answer")
}
