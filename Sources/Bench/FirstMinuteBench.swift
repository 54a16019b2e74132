import Cartography
import Catalog
import Foundation
import Geo
import Store
import Sync

// Issue 30, "the first minute anywhere": a fetch around a new point against the OpenStreetMap stand-in
// (Tests/Support/osm_services.py on 127.0.0.1, Helsinki's extract) whose every answer waits a set delay, as a busy
// public instance does. Printed as multiples of that delay, measured in the same run: the time to the first artwork
// stored (what the table lists), to the streets around the point stored (what the map draws), the queries asked and
// the most answered at once. The same for the old order (every tile asked one after another, nothing stored until the
// last) beside it.

/// The stand-in, started on a port the OS picks; stopped when this goes.
private final class OSMStandIn {
    let process = Process()
    let base: String

    init(repository: URL, image: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("Tests/Support/osm_services.py").path, "--port", "0",
                             "--extract", repository.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path,
                             "--image", image.path, "--warm"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw SyncError(url: nil, "the OSM stand-in did not start: \(text)")
        }
        base = "http://127.0.0.1:\(port)"
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A control request with curl's command (the stand-in's own, not artmap's HTTP client).
    func control(_ path: String, post: String? = nil) -> Data {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["python3", "-c", """
            import sys, urllib.request
            data = sys.argv[2].encode() if len(sys.argv) > 2 else None
            sys.stdout.write(urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=data)).read().decode())
            """, base + path] + (post.map { [$0] } ?? [])
        let output = Pipe()
        curl.standardOutput = output
        try? curl.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return data
    }

    var stats: (maxInFlight: Int, queries: Int) {
        let object = (try? JSONSerialization.jsonObject(with: control("/_stats"))) as? [String: Any] ?? [:]
        let log = (try? JSONSerialization.jsonObject(with: control("/_log"))) as? [String] ?? []
        return (object["max_inflight"] as? Int ?? -1, log.filter { $0.hasPrefix("/overpass/api/interpreter") }.count)
    }
}

/// Times of one fetch, in seconds from its start.
private final class FetchTimes: @unchecked Sendable {
    private let lock = NSLock()
    private let start = now()
    private(set) var firstArtwork: Double?
    private(set) var firstStreets: Double?

    func note(_ step: MapFetchProgress, around: Set<MapTile>) {
        lock.withLock {
            switch step {
            case .artworksStored(let count) where count > 0 && firstArtwork == nil:
                firstArtwork = now() - start
            case .tilesStored(let tiles) where firstStreets == nil && !around.isDisjoint(with: tiles):
                firstStreets = now() - start
            case .storing where firstStreets == nil:
                // The old order stores every tile at once, at the end: artworks and streets together.
                firstStreets = now() - start
                firstArtwork = firstArtwork ?? firstStreets
            default:
                break
            }
        }
    }
}

func firstMinuteBench(delay: Double = 1.0) throws {
    print("== the first minute anywhere (issue 30): a fetch at a new point, the stand-in answering in \(delay) s")
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-first-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("thumb.jpg")
    try Data(try photoLikeJPEG(width: 64, height: 48)).write(to: image)
    let center = try Coordinate(latitude: 60.1676, longitude: 24.9514)
    let around = Set(MapTile.covering(center, radius: 150))
    for order in ["new", "old"] {
        let standIn = try OSMStandIn(repository: repository, image: image)
        _ = standIn.control("/_delay", post: "{\"seconds\": \(delay)}")
        let storePath = folder.appendingPathComponent("\(order).sqlite").path
        _ = try CatalogStore(path: storePath)
        guard let base = URL(string: standIn.base) else { throw SyncError(url: standIn.base, "not a URL") }
        let services = OSMServices(overpass: [base.appendingPathComponent("overpass/api/interpreter")], wikidata: base.appendingPathComponent("wikidata"),
                                   commons: base.appendingPathComponent("commons"), nominatim: base.appendingPathComponent("nominatim"))
        var request = MapFetchRequest(storePath: storePath, center: center, radius: 1_000, maxAgeDays: 30, services: services,
                                      imageCache: ImageCache(cacheRoot: folder.appendingPathComponent("cache-\(order)")))
        request.downloadPictures = false
        // The view's first screen: about 300 m from the centre to a corner at its first zoom.
        request.screenRadius = 300
        // The old order: every tile of the radius, one after another, stored together at the end.
        if order == "old" { request.tiles = MapTile.covering(center, radius: 1_000) }
        let times = FetchTimes()
        let semaphore = DispatchSemaphore(value: 0)
        let failure = LockedBox<Error?>(nil)
        let started = now()
        Task.detached {
            do {
                _ = try await MapFetcher().run(request) { step in times.note(step, around: around) }
            } catch {
                failure.set(error)
            }
            semaphore.signal()
        }
        semaphore.wait()
        let total = now() - started
        if let error = failure.value { throw error }
        let stats = standIn.stats
        func answers(_ seconds: Double?) -> String {
            guard let seconds else { return "never" }
            return String(format: "%5.2f s = %4.1f answers", seconds, seconds / delay)
        }
        let label = order == "new" ? "artworks first, then boxes (issue 30)" : "before: tile after tile"
        print("\(label):")
        let artworkTarget = (times.firstArtwork ?? .infinity) <= delay + 0.5
        let streetsTarget = (times.firstStreets ?? .infinity) <= 2 * delay + 0.5
        print("  time to the first artwork listed:   \(answers(times.firstArtwork))  (target <= 1 answer + 0.5 s: \(artworkTarget ? "MET" : "NOT MET"))")
        print("  time to the streets around the point: \(answers(times.firstStreets))  (target <= 2 answers + 0.5 s: \(streetsTarget ? "MET" : "NOT MET"))")
        print("  requests for the first view: \(stats.queries) (target <= 3: \(stats.queries <= 3 ? "MET" : "NOT MET")); "
              + "most in flight: \(stats.maxInFlight) (target <= 2: \(stats.maxInFlight <= 2 ? "MET" : "NOT MET")); whole fetch \(answers(total))")
    }
}

/// A value shared with a detached task.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}
