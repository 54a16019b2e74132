import Cartography
import Foundation
import Geo
import Store
import Testing
import TestSupport
@testable import Sync

/// A hostile Overpass: every tile's answer holds `nodes` nodes joined by one footway, inside the tile asked for.
private final class HeavyOverpass: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var asked = 0
    let nodes: Int

    init(nodes: Int) { self.nodes = nodes }

    var requests: Int { lock.withLock { asked } }

    func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse {
        // No status page: the fetcher goes at once (and the queries alone are counted).
        if url.path.hasSuffix("/api/status") { return HTTPResponse(status: 404, contentType: "text/plain", body: Data()) }
        let index = lock.withLock { () -> Int in
            asked += 1
            return asked
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "data" }?.value ?? ""
        // The tile's box from "[bbox:south,west,north,east]".
        let box = query.split(separator: "[").first { $0.hasPrefix("bbox:") }.map { $0.dropFirst(5).dropLast().split(separator: ",").compactMap { Double($0) } } ?? []
        let (south, west) = box.count == 4 ? (box[0], box[1]) : (0, 0)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"Overpass API\">\n"
        let first = index * 1_000_000
        for i in 0..<nodes {
            xml += "  <node id=\"\(first + i)\" lat=\"\(String(format: "%.7f", south + 0.001 + Double(i % 50) * 0.0001))\" lon=\"\(String(format: "%.7f", west + 0.001 + Double(i / 50) * 0.0001))\"/>\n"
        }
        xml += "  <way id=\"\(index)\">\n"
        for i in 0..<nodes { xml += "    <nd ref=\"\(first + i)\"/>\n" }
        xml += "    <tag k=\"highway\" v=\"footway\"/>\n  </way>\n</osm>\n"
        return HTTPResponse(status: 200, contentType: "application/osm3s+xml", body: Data(xml.utf8))
    }
}

private func request(_ directory: URL, around center: Coordinate) -> MapFetchRequest {
    let services = OSMServices(overpass: [URL(string: "http://127.0.0.1:9/api/interpreter")!],
                               wikidata: URL(fileURLWithPath: "/w"), commons: URL(fileURLWithPath: "/c"), nominatim: URL(fileURLWithPath: "/n"))
    var request = MapFetchRequest(storePath: directory.appendingPathComponent("artmap.sqlite").path, center: center, radius: 1_000,
                                  maxAgeDays: 30, services: services, imageCache: ImageCache(directory: directory.appendingPathComponent("images")))
    request.downloadPictures = false
    // Tile by tile (issue 30 left this path to refreshes): a hostile answer per tile, counted one by one.
    request.tiles = MapTile.covering(center, radius: 1_000)
    return request
}

/// A fetch of 1 km around Helsinki's centre (several tiles) from a hostile Overpass of `nodes` nodes a tile:
/// what it threw, how many answers it asked for, and the tiles.
private func refusedFetch(nodes: Int, budget: FetchBudget) async throws -> (message: String, requests: Int, tiles: [MapTile], stored: [MapTile: String]) {
    let directory = try temporaryDirectory("fetch-budget")
    let center = try Coordinate(latitude: 60.1700, longitude: 24.9500)
    let tiles = MapTile.covering(center, radius: 1_000)
    let overpass = HeavyOverpass(nodes: nodes)
    var message = "not refused"
    do {
        _ = try await MapFetcher(http: overpass, backoff: ServiceBackoff(), budget: budget).run(request(directory, around: center))
    } catch {
        message = "\(error)"
    }
    let stored = try CatalogStore(path: request(directory, around: center).storePath).tileFetchTimes(tiles)
    return (message, overpass.requests, tiles, stored)
}

/// Issue 35, item 4: the nodes of all a fetch's answers are counted as they arrive; past the budget the fetch
/// stops asking and stores nothing (each tile was within its own limits, and 25 tiles took 698 MB).
@Test func aFetchStopsAskingOnceItsAnswersPassTheNodeBudget() async throws {
    var budget = FetchBudget()
    budget.nodes = 1_000
    let fetch = try await refusedFetch(nodes: 300, budget: budget)
    try #require(fetch.tiles.count >= 6)
    #expect(fetch.message.contains("the first 4 of \(fetch.tiles.count) tiles' answers hold 1,200 nodes, more than the 1,000 one fetch may bring; nothing was stored"),
            "\(fetch.message)")
    #expect(fetch.requests == 4, "it stopped asking at the answer that passed the budget")
    #expect(fetch.stored.isEmpty)
}

/// The bytes of all the answers together are bounded the same way.
@Test func aFetchStopsAskingOnceItsAnswersPassTheByteBudget() async throws {
    var budget = FetchBudget()
    budget.bytes = 25_000
    let fetch = try await refusedFetch(nodes: 100, budget: budget)
    #expect(fetch.message.contains("bytes, more than the 25,000 one fetch may bring; nothing was stored"), "\(fetch.message)")
    #expect(fetch.requests < fetch.tiles.count)
    #expect(fetch.stored.isEmpty)
}

/// Walking edges are counted over every fetched tile the store keeps: a fetch whose tiles together pass the
/// limit stores nothing, and a later fetch elsewhere that would take the store's total past it is refused,
/// keeping what the first stored (25 tiles stored 10,994,500 edges, over the 10 M limit).
@Test func walkingEdgesAreBoundedOverTheWholeFetchAndTheStoredTotal() async throws {
    let directory = try temporaryDirectory("fetch-budget")
    let center = try Coordinate(latitude: 60.1700, longitude: 24.9500)
    let tiles = MapTile.covering(center, radius: 1_000)
    var budget = FetchBudget()
    budget.edges = 3 * 99
    let fetcher = MapFetcher(http: HeavyOverpass(nodes: 100), backoff: ServiceBackoff(), budget: budget)
    await #expect {
        _ = try await fetcher.run(request(directory, around: center))
    } throws: { error in
        "\(error)".contains("the first 4 of \(tiles.count) tiles fetched hold 396 walking edges, more than the 297 artmap keeps from fetches together")
    }
    let store = try CatalogStore(path: request(directory, around: center).storePath)
    #expect(try store.tileFetchTimes(tiles).isEmpty)
    #expect(try store.fetchedLayerCounts().edges == 0)

    // Within the budget: a fetch of fewer tiles is stored.
    budget.edges = tiles.count * 99
    let roomy = MapFetcher(http: HeavyOverpass(nodes: 100), backoff: ServiceBackoff(), budget: budget)
    let report = try await roomy.run(request(directory, around: center))
    #expect(report.stored?.edges == tiles.count * 99)
    // Elsewhere, within the budget alone but past it with what is stored: refused, the first fetch kept.
    let elsewhere = try Coordinate(latitude: 60.1700, longitude: 23.9500)  // as many tiles, none shared
    await #expect {
        _ = try await roomy.run(request(directory, around: elsewhere))
    } throws: { error in
        "\(error)".contains("the fetched tiles (these and those stored before) hold")
    }
    #expect(try store.fetchedLayerCounts().edges == tiles.count * 99)
    #expect(try store.tileFetchTimes(MapTile.covering(elsewhere, radius: 1_000)).isEmpty)
}
