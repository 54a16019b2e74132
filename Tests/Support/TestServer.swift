import Foundation

/// The repository root, found from this file.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh temporary folder, named artmap-LABEL-UUID.
public func temporaryDirectory(_ label: String = "test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The campus-service stand-in (Tests/Support/campus_server.py) on 127.0.0.1, on a port the OS picks.
/// It is stopped when this object goes away.
public final class TestServer: @unchecked Sendable {
    public let port: Int
    private let process: Process

    /// Starts the server on a data set: a JSON file in the service's shape (default: the embedded seed).
    /// `images`: a folder whose files are served by name instead of the small stand-in PNG.
    public convenience init(data: URL = seedFile, images: URL? = nil) throws {
        try self.init(script: "campus_server.py", arguments: ["--data", data.path] + (images.map { ["--images", $0.path] } ?? []))
    }

    /// The Rijksmuseum stand-in (Tests/Support/rijks_server.py), serving `image` (a JPEG file) for every IIIF request.
    public convenience init(rijksmuseumImage image: URL) throws {
        try self.init(script: "rijks_server.py", arguments: ["--image", image.path])
    }

    /// The OpenStreetMap services' stand-in (Tests/Support/osm_services.py): Overpass cutting `extract` (default the
    /// Helsinki fixture) to each query's box, Wikidata, Commons (thumbnails are `image`) and Nominatim.
    public convenience init(osmServicesImage image: URL,
                            extract: URL = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf")) throws {
        try self.init(script: "osm_services.py", arguments: ["--extract", extract.path, "--image", image.path])
    }

    /// A server answering every GET with `body`'s bytes (Tests/Support/static_server.py): a hostile service.
    /// `hold`: it takes every request and never answers.
    public convenience init(answering body: URL, contentType: String = "application/json", hold: Bool = false) throws {
        try self.init(script: "static_server.py", arguments: ["--body", body.path, "--type", contentType] + (hold ? ["--hold"] : []))
    }

    /// The Wikidata Query Service's stand-in (Tests/Support/wdqs_server.py): the items set with `setWikidataItems`,
    /// answered as WDQS does for the query's box.
    public convenience init(wikidataQueryService: Void) throws {
        try self.init(script: "wdqs_server.py", arguments: [])
    }

    /// OpenStreetMap's notes API and OAuth token endpoint's stand-in (Tests/Support/notes_server.py).
    public convenience init(notesAPI: Void) throws {
        try self.init(script: "notes_server.py", arguments: [])
    }

    /// The stand-in notes API's next answers ("400", "403", "429:SECONDS", "500", "html", "ok"), in order.
    public func scriptNotes(_ answers: [String]) throws {
        _ = try request("/_script", method: "POST", body: try JSONSerialization.data(withJSONObject: answers))
    }

    /// Open notes the stand-in holds from the start: `id`, `lat`, `lon`, `text`.
    public func addOpenNotes(_ notes: [[String: Any]]) throws {
        _ = try request("/_notes", method: "POST", body: try JSONSerialization.data(withJSONObject: notes))
    }

    /// The code the stand-in's token endpoint takes, and the token it gives for it.
    public func setOAuth(code: String, token: String) throws {
        _ = try request("/_oauth", method: "POST", body: try JSONSerialization.data(withJSONObject: ["code": code, "token": token]))
    }

    /// Every request the stand-in notes API had: method, path, form, authorization, ua, verifier_challenge.
    public func notesLog() throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: try request("/_log")) as? [[String: Any]]) ?? []
    }

    /// The stand-in WDQS's endpoint.
    public var sparqlURL: String { "\(base)/sparql" }

    /// The items the stand-in WDQS answers with (see wdqs_server.py for their shape).
    public func setWikidataItems(_ items: [[String: Any]]) throws {
        _ = try request("/_items", method: "POST", body: try JSONSerialization.data(withJSONObject: items))
    }

    /// The stand-in WDQS's next answers ("429:SECONDS", "500", "html", "truncated", "noitem", "nonpoint", …), in order.
    public func scriptWikidata(_ answers: [String]) throws {
        _ = try request("/_script", method: "POST", body: try JSONSerialization.data(withJSONObject: answers))
    }

    /// Every query the stand-in WDQS was asked: its User-Agent, Accept, time (s since start), status and mode.
    public func wikidataLog() throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: try request("/_log")) as? [[String: Any]]) ?? []
    }

    /// The options that point artmap's four OpenStreetMap services at this stand-in, Wikidata's query service left
    /// out: it has no option, and its default address is no place for a test.
    public var osmServiceOptions: [String] { osmServiceOptionsAskingWikidata + ["--no-wikidata"] }

    /// The stand-in's addresses, with Wikidata's public art asked too: only where the test has set
    /// `wikidata.sparql-url` to a query service of its own on 127.0.0.1 (issue 46), since that has no option.
    public var osmServiceOptionsAskingWikidata: [String] {
        ["--overpass-url", "\(base)/overpass/api/interpreter", "--wikidata-url", "\(base)/wikidata",
         "--commons-url", "\(base)/commons", "--nominatim-url", "\(base)/nominatim"]
    }

    /// Scripts the next Overpass answers ("429", "504", "400", "remark", "truncated", "html", "slow", "ok"), in order;
    /// `artworks` and `streets` script that kind of query alone (a fetch asks the artworks and the screen's streets
    /// together, so which arrives first is not known).
    public func scriptOverpass(_ answers: [String] = [], artworks: [String]? = nil, streets: [String]? = nil) throws {
        var body: [String: [String]] = ["overpass": answers]
        body["artworks"] = artworks
        body["streets"] = streets
        _ = try request("/_script", method: "POST", body: try JSONSerialization.data(withJSONObject: body))
    }

    /// Makes every later Overpass answer wait `seconds` (a busy instance, for the order of a first start and the bench);
    /// `artworks` or `streets`, when given, instead for that kind of query.
    public func delayOverpass(_ seconds: Double, artworks: Double? = nil, streets: Double? = nil) throws {
        var body: [String: Double] = ["seconds": seconds]
        body["artworks"] = artworks
        body["streets"] = streets
        _ = try request("/_delay", method: "POST", body: try JSONSerialization.data(withJSONObject: body))
    }

    /// The OSM stand-in's own count: the most Overpass queries answered at once, and the kinds asked in order
    /// ("artworks" for the artworks-only query, "streets" for the base layer's).
    public func overpassStats() throws -> (maxInFlight: Int, order: [String]) {
        let object = try JSONSerialization.jsonObject(with: try request("/_stats")) as? [String: Any] ?? [:]
        return (object["max_inflight"] as? Int ?? -1, object["order"] as? [String] ?? [])
    }

    /// Changes the extract as later Overpass answers see it: elements hidden ("node/1"), nodes moved, tags added.
    public func editExtract(hide: [String] = [], move: [String: [Double]] = [:], tags: [String: [String: String]] = [:]) throws {
        let edit: [String: Any] = ["hide": hide, "move": move, "tags": tags]
        _ = try request("/_edit", method: "POST", body: try JSONSerialization.data(withJSONObject: edit))
    }

    /// The base to pass as --rijks-base.
    public var base: String { "http://127.0.0.1:\(port)" }

    private init(script: String, arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("Tests/Support/\(script)").path, "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(10) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            throw TestServerError("the test server did not start: \(text)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test runner may hand its children an ignored or blocked SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The service URL for a mode (ok, 500, html, 2017, ...).
    public func serviceURL(_ mode: String = "ok", classKey: String = "artworks") -> String {
        "http://127.0.0.1:\(port)/\(mode)/artworksOnCampus/data.php?class=\(classKey)&lastUpdate=2017-11-01"
    }

    /// Replaces the records the server holds.
    public func setRecords(_ records: [[String: String]]) throws {
        _ = try request("/_data", method: "POST", body: try JSONSerialization.data(withJSONObject: records))
    }

    /// Every path requested so far, except the harness's own control requests.
    public func requestLog() throws -> [String] {
        let data = try request("/_log")
        return ((try JSONSerialization.jsonObject(with: data) as? [String]) ?? []).filter { !$0.hasPrefix("/_") }
    }

    /// A control request through python's urllib, so the harness does not depend on the code under test.
    private func request(_ path: String, method: String = "GET", body: Data = Data()) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sys, urllib.request
            data = sys.stdin.read().encode() if sys.argv[2] == 'POST' else None
            r = urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=data, method=sys.argv[2]))
            sys.stdout.write(r.read().decode())
            """, "http://127.0.0.1:\(port)\(path)", method]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(body)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestServerError("request to the test server failed") }
        return data
    }
}

/// A test harness failure.
public struct TestServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The embedded campus catalogue in the source tree, so tests read the real file.
public let seedFile = repositoryRoot.appendingPathComponent("Resources/seed/campus-artworks.json")

/// The seed records as dictionaries, optionally in the 2017 shape (no `location`, no `enabled`).
public func seedRecords(shape2017: Bool = false) throws -> [[String: String]] {
    let data = try seedArtworksData()
    let object = try JSONSerialization.jsonObject(with: data) as? [String: [[String: String]]]
    let records = object?["artworks"] ?? []
    return shape2017 ? records.map { $0.filter { $0.key != "location" && $0.key != "enabled" } } : records
}

/// The embedded seed's bytes (the campus catalogue as the service sends it).
public func seedArtworksData() throws -> Data {
    try Data(contentsOf: seedFile)
}
