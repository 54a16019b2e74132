import Cells
import App
import Cartography
import Catalog
import Foundation
import Geo
import Screen
import Store
import TerminalTypes

// A big city (issue 19): the bench writes a synthetic city itself — a SIDE × SIDE grid of named streets, a
// named building in every block, an artwork in one block in fifty — as .osm XML, turns it into PBF with
// `osmium cat`, and prints side by side: import against `osmium export -f geojsonseq`, the first frame with
// the city stored against the campus alone, the view's peak memory after panning across the city, the
// frame per key while panning against the campus, and a corner-to-corner route from a cold start.

/// The synthetic city: where it lies and how big it is.
struct SyntheticCity {
    let side: Int
    /// South-west corner, about 280 km from the campus (as a second city would be).
    let south = 51.40, west = -0.45
    /// A block is 60 m square.
    let blockMetres = 60.0
    var latStep: Double { blockMetres / 111_320 }
    var lonStep: Double { blockMetres / (111_320 * cos(south * .pi / 180)) }

    /// The sizes the issues measure: the big city (issue 19) and the region (issue 49).
    static let bigCitySide = 700, regionSide = 1400

    func latitude(_ y: Double) -> Double { south + y * latStep }
    func longitude(_ x: Double) -> Double { west + x * lonStep }
    /// The street crossing (x, y), 0...side.
    func crossing(_ x: Int, _ y: Int) -> Int64 { Int64(y * (side + 1) + x + 1) }
    func hasArtwork(_ x: Int, _ y: Int) -> Bool { (x * 7 + y * 13) % 50 == 0 }
    /// The artwork's node id for block (x, y).
    func artworkID(_ x: Int, _ y: Int) -> Int64 { 50_000_000 + Int64(y * side + x) }
    var centre: Coordinate { Coordinate(clampingLatitude: latitude(Double(side) / 2), longitude: longitude(Double(side) / 2)) }

    /// Writes the city as .osm XML, streamed in chunks.
    func writeXML(to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var out = ""
        out.reserveCapacity(1 << 21)
        func flush(_ force: Bool = false) throws {
            if force || out.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(out.utf8))
                out.removeAll(keepingCapacity: true)
            }
        }
        func coordinates(_ lat: Double, _ lon: Double) -> String { String(format: "lat=\"%.7f\" lon=\"%.7f\"", lat, lon) }
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"artmap-bench\">\n"
        // Nodes in id order: crossings, then the corners of each building, then the artworks.
        for y in 0...side {
            for x in 0...side {
                out += "<node id=\"\(crossing(x, y))\" version=\"1\" \(coordinates(latitude(Double(y)), longitude(Double(x))))/>\n"
            }
            try flush()
        }
        let buildingBase = Int64((side + 1) * (side + 1)) + 1
        for y in 0..<side {
            for x in 0..<side {
                let first = buildingBase + Int64(4 * (y * side + x))
                let corners = [(0.2, 0.2), (0.8, 0.2), (0.8, 0.8), (0.2, 0.8)]
                for (i, corner) in corners.enumerated() {
                    out += "<node id=\"\(first + Int64(i))\" version=\"1\" \(coordinates(latitude(Double(y) + corner.1), longitude(Double(x) + corner.0)))/>\n"
                }
            }
            try flush()
        }
        for y in 0..<side {
            for x in 0..<side where hasArtwork(x, y) {
                out += "<node id=\"\(artworkID(x, y))\" version=\"1\" \(coordinates(latitude(Double(y) + 0.3), longitude(Double(x) + 0.5)))>"
                out += "<tag k=\"tourism\" v=\"artwork\"/><tag k=\"name\" v=\"Artwork \(x)-\(y)\"/><tag k=\"artwork_type\" v=\"sculpture\"/></node>\n"
            }
            try flush()
        }
        // Ways: the streets (east-west, then north-south), then the buildings.
        var wayID: Int64 = 1
        for y in 0...side {
            out += "<way id=\"\(wayID)\" version=\"1\">"
            for x in 0...side { out += "<nd ref=\"\(crossing(x, y))\"/>" }
            out += "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Row Street \(y)\"/></way>\n"
            wayID += 1
            try flush()
        }
        for x in 0...side {
            out += "<way id=\"\(wayID)\" version=\"1\">"
            for y in 0...side { out += "<nd ref=\"\(crossing(x, y))\"/>" }
            out += "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Column Avenue \(x)\"/></way>\n"
            wayID += 1
            try flush()
        }
        for y in 0..<side {
            for x in 0..<side {
                let first = buildingBase + Int64(4 * (y * side + x))
                out += "<way id=\"\(wayID)\" version=\"1\"><nd ref=\"\(first)\"/><nd ref=\"\(first + 1)\"/><nd ref=\"\(first + 2)\"/><nd ref=\"\(first + 3)\"/><nd ref=\"\(first)\"/>"
                out += "<tag k=\"building\" v=\"yes\"/><tag k=\"name\" v=\"House \(x)-\(y)\"/></way>\n"
                wayID += 1
            }
            try flush()
        }
        out += "</osm>\n"
        try flush(true)
    }
}

/// The built artmap binary next to the bench.
func releaseArtmap() -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("artmap").path
}

/// A detached tmux session at 200×60 running `command`; reads the screen and sends keys.
final class BenchTmux {
    let name: String
    init?(command: String) {
        name = "artmap-city-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard runMeasured(["tmux", "new-session", "-d", "-s", name, "-x", "200", "-y", "60", command]).status == 0 else { return nil }
        _ = runMeasured(["tmux", "set-option", "-t", name, "status", "off"])
    }
    deinit { _ = runMeasured(["tmux", "kill-session", "-t", name]) }

    func screen() -> String {
        let pipe = Pipe(), process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "capture-pane", "-p", "-t", name]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func send(_ keys: [String]) { _ = runMeasured(["tmux", "send-keys", "-t", name] + keys) }

    /// Polls until `condition` holds (at most `seconds`); false when it never did.
    func waitFor(seconds: Double = 60, _ condition: (String) -> Bool) -> Bool {
        let end = now() + seconds
        while now() < end {
            if condition(screen()) { return true }
            usleep(2_000)
        }
        return false
    }
}

/// Seconds from starting `artmap --offline` in tmux to its first frame on screen (the status line drawn).
func firstFrameSeconds(store: String, home: URL, extra: [String]) -> Double? {
    let command = "env HOME=\(home.path) LANG=C.UTF-8 TERM=xterm-256color \(releaseArtmap()) --offline --store \(store) " + extra.joined(separator: " ")
    let began = now()
    guard let tmux = BenchTmux(command: command) else { return nil }
    guard tmux.waitFor({ $0.contains("artworks in") }) else { return nil }
    let seconds = now() - began
    tmux.send(["q"])
    return seconds
}

/// Peak resident bytes of the view on `store` after panning across the city in `steps` screens.
func viewPeakAfterPanning(store: String, home: URL, collection: String, steps: Int) -> Int? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
    let report = home.appendingPathComponent("city-peak.txt").path
    try? FileManager.default.removeItem(atPath: report)
    let command = "env HOME=\(home.path) LANG=C.UTF-8 TERM=xterm-256color /usr/bin/time -f %M -o \(report) \(releaseArtmap()) --offline --store \(store) --collection \(collection)"
    guard let tmux = BenchTmux(command: command) else {
        print("view's peak memory: tmux did not start the view")
        return nil
    }
    guard tmux.waitFor({ $0.contains("artworks in") }) else {
        print("view's peak memory: no first frame in 60 s; the screen was:\n\(tmux.screen())")
        return nil
    }
    // Five cells at a time (past the edge the map follows the cursor): east across, then north.
    for _ in 0..<steps {
        tmux.send(Array(repeating: "S-Right", count: 20))
        usleep(20_000)
    }
    for _ in 0..<steps {
        tmux.send(Array(repeating: "K", count: 12))
        usleep(20_000)
    }
    tmux.send(["q"])
    guard tmux.waitFor(seconds: 120, { _ in ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").contains("\n") }) else {
        print("view's peak memory: the view did not end within 120 s of q; the screen was:\n\(tmux.screen())")
        return nil
    }
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1024 }
}

/// The view's first state on `store` as `artmap` starts it: the base layer read tile by tile as it shows it.
func cityState(store: CatalogStore, collection: String, centre: Coordinate) throws -> AppState {
    var start = StartOptions(artworks: try store.artworks(collection: collection))
    start.reference = centre
    start.referenceSource = .fixed("bench")
    start.mapSources = try store.mapSourceNames()
    var state = AppState(start: start)
    try perform(reduce(&state, .resize(TerminalSize(columns: 200, rows: 60))), on: &state, store: store)
    return state
}

/// Time spent reading tiles from the store and building the map from them in `perform` (the view does both beside
/// the run loop): the run loop's thread's CPU time and the wall clock's.
nonisolated(unsafe) var tileReadSeconds = (cpu: 0.0, wall: 0.0)

/// Both clocks at once: the calling thread's CPU time and the wall clock.
func panClocks() -> (cpu: Double, wall: Double) { (threadNow(), now()) }

/// Performs the map's reads and builds at once, in process, as the run loop would in the background.
func perform(_ effects: [Effect], on state: inout AppState, store: CatalogStore?) throws {
    guard let store else { return }
    for effect in effects {
        switch effect {
        case .readMapTiles(let request):
            let began = panClocks()
            let tiles = try store.mapTiles(request.tiles)
            let ended = panClocks()
            tileReadSeconds = (tileReadSeconds.cpu + ended.cpu - began.cpu, tileReadSeconds.wall + ended.wall - began.wall)
            try perform(reduce(&state, .mapTilesRead(MapTileResult(generation: request.generation, tiles: tiles))), on: &state, store: store)
        case .buildMap(let request):
            let began = panClocks()
            let map = request.build()
            let ended = panClocks()
            tileReadSeconds = (tileReadSeconds.cpu + ended.cpu - began.cpu, tileReadSeconds.wall + ended.wall - began.wall)
            try perform(reduce(&state, .mapBuilt(MapBuildResult(generation: request.generation, map: map))), on: &state, store: store)
        default:
            break
        }
    }
}

/// Milliseconds per key panning `presses` keys (see `PanTimer`; CPU time of the thread), in all and beside the run loop.
func panMillisecondsPerKey(_ state: inout AppState, store: CatalogStore?, presses: Int = 60) throws -> (total: Double, beside: Double) {
    var timer = try PanTimer(state: state, store: store)
    for _ in 0..<presses { try timer.key() }
    state = timer.state
    return (timer.total * 1000 / Double(presses), timer.beside * 1000 / Double(presses))
}

/// The frame per key panning over the city stored at `store` against the campus without a map: rounds of 60 keys,
/// campus and city in turn, east across the city and back, the median of the rounds' ratios (a busy moment slows
/// one round, not the figure). The ratio counts the CPU time of the run loop's thread: the city's reading of tiles
/// and building of the map are taken off (the view does them beside the loop), and so is time the thread waited
/// for a core another program had (on this shared machine the wall clock moved a round's ratio by a third); the
/// wall clock's median is shown beside it.
func panAgainstCampus(store: String, city: SyntheticCity) throws -> (ratio: Double, line: String) {
    let began = now()
    let opened = try CatalogStore(path: store)
    // One view panning east from near the city's west edge, 6 km a round, as far as the city goes (5 rounds
    // over the 700 city; past its edge a round would pan over nothing), then back west as far.
    let start = Coordinate(clampingLatitude: city.latitude(Double(city.side) / 2), longitude: city.longitude(10))
    let cityView = try cityState(store: opened, collection: "city", centre: start)
    let loaded = now() - began
    let rounds = max(1, min(5, Int(Double(city.side - 20) * city.blockMetres / 6_000)))
    var campusView = AppState(artworks: generatedArtworks(31))
    _ = reduce(&campusView, .resize(TerminalSize(columns: 200, rows: 60)))
    var campus = try PanTimer(state: campusView, store: nil), cityTimer = try PanTimer(state: cityView, store: opened)
    var ratios: [Double] = [], wallRatios: [Double] = [], rows: [(campus: Double, city: Double, beside: Double)] = []
    for round in 0..<(2 * rounds) {
        let direction: Key = round < rounds ? .shiftRight : .shiftLeft
        campus.reset()
        cityTimer.reset()
        for _ in 0..<60 { try campus.key(direction) }
        for _ in 0..<60 { try cityTimer.key(direction) }
        ratios.append((cityTimer.total - cityTimer.beside) / campus.total)
        wallRatios.append((cityTimer.wall.total - cityTimer.wall.beside) / campus.wall.total)
        rows.append((campus.total / 60 * 1000, cityTimer.total / 60 * 1000, cityTimer.beside / 60 * 1000))
    }
    // Then key by key, campus and city in turn: each frame finds the caches filled by the other's, as a frame
    // after other programs ran would (shown beside the figure, not judged).
    campus.reset()
    cityTimer.reset()
    for _ in 0..<60 {
        try campus.key()
        try cityTimer.key()
    }
    let alternating = (cityTimer.total - cityTimer.beside) / campus.total
    // The median: of an even count, the mean of the middle two (and the times shown, those two rounds' mean).
    func median(_ values: [Double]) -> (value: Double, rounds: [Int]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        let lower = order[(order.count - 1) / 2], upper = order[order.count / 2]
        return ((values[lower] + values[upper]) / 2, lower == upper ? [lower] : [lower, upper])
    }
    let (ratio, middle) = median(ratios)
    let shown = middle.map { rows[$0] }, count = Double(shown.count)
    let row = (campus: shown.map(\.campus).reduce(0, +) / count, city: shown.map(\.city).reduce(0, +) / count,
               beside: shown.map(\.beside).reduce(0, +) / count)
    let line = String(format: "frame per key panning at 20 m/cell (CPU time of the run loop's thread): campus %.2f ms, city %.2f ms of which %.2f ms reading tiles and building the map from them (beside the run loop in the view; first state in %.2f s); on the run loop %.2fx %@ (goal <= 1.5x; median of %d rounds, east then back west: %@; by the wall clock %.2fx); key by key in turn, caches filled by the other's frame: %.2fx",
                      row.campus, row.city, row.beside, loaded, ratio, ratio <= 1.5 ? "MET" : "NOT MET", ratios.count,
                      ratios.map { String(format: "%.2f", $0) }.joined(separator: ", "), median(wallRatios).value, alternating)
    return (ratio, line)
}

/// A view panned east (or west) a key at a time (five cells a key, the map following the cursor) at 20 m per cell, the
/// tiles that come into view read from `store` in the same key: the seconds of each key in all, and of them
/// those reading tiles and building the map (which the view does beside the run loop).
struct PanTimer {
    private(set) var state: AppState
    let store: CatalogStore?
    private var previous: Buffer
    /// What the view keeps between frames, as the session keeps it.
    private let caches = RenderCaches()
    /// The run loop's thread's CPU time, in all and beside the loop (what the frames cost it); `wall`, the same by
    /// the wall clock (which also counts time the thread waited for a core another program had).
    private(set) var total = 0.0
    private(set) var beside = 0.0
    private(set) var wall = (total: 0.0, beside: 0.0)

    init(state: AppState, store: CatalogStore?) throws {
        var state = state
        while state.main.metresPerCell > 20 { try perform(reduce(&state, .key(.character("+"))), on: &state, store: store) }
        while state.main.metresPerCell < 20 { try perform(reduce(&state, .key(.character("-"))), on: &state, store: store) }
        self.state = state
        self.store = store
        previous = MainView.render(state, caches: caches)
    }

    mutating func reset() {
        total = 0
        beside = 0
        wall = (0, 0)
    }

    mutating func key(_ direction: Key = .shiftRight) throws {
        tileReadSeconds = (0, 0)
        let start = panClocks()
        try perform(reduce(&state, .key(direction)), on: &state, store: store)
        let frame = MainView.render(state, caches: caches)
        _ = frame.changedRuns(since: previous)
        previous = frame
        let end = panClocks()
        total += end.cpu - start.cpu
        beside += tileReadSeconds.cpu
        wall = (wall.total + end.wall - start.wall, wall.beside + tileReadSeconds.wall)
        // As a held key gives it time to (30 keys a second): the sheet asked by this frame is drawn beside the
        // run loop before the next key, not counted.
        MapSheets.waitUntilDrawn()
    }
}

func cityBench(side: Int) throws {
    let city = SyntheticCity(side: side)
    print("== city (\(side)×\(side) blocks: streets, a building per block, artworks)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-city-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // ARTMAP_BENCH_KEEP=1 keeps the city's files (store, PBF) for profiling a route again by hand.
    let keep = ProcessInfo.processInfo.environment["ARTMAP_BENCH_KEEP"] == "1"
    if keep { print("keeping \(folder.path)") }
    defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
    let xml = folder.appendingPathComponent("city.osm").path, pbf = folder.appendingPathComponent("city.osm.pbf").path
    var t = now()
    try city.writeXML(to: xml)
    guard runMeasured(["osmium", "cat", "--overwrite", "-o", pbf, xml]).status == 0 else {
        print("skipped: needs osmium (osmium-tool)")
        return
    }
    try? FileManager.default.removeItem(atPath: xml)
    let size = (try? FileManager.default.attributesOfItem(atPath: pbf)[.size] as? Int) ?? 0
    print(String(format: "wrote city.osm.pbf: %.1f MB in %.1f s", Double(size) / 1_048_576, now() - t))

    // Import against osmium export of the same file (every geometry built and written), the best of three runs
    // each, in turn: on a shared machine one slow moment would otherwise decide the ratio (two runs of the same
    // import here differed by 40%).
    let geojson = folder.appendingPathComponent("city.geojsonseq").path
    let store = folder.appendingPathComponent("city.sqlite").path
    let home = folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let importPeak = peakMemory(["env", "HOME=\(home.path)", releaseArtmap(), "import", pbf, "--collection", "city", "--store", store + ".peak"])
    var export = (seconds: Double.infinity, peakBytes: 0, status: Int32(0))
    var imported = export
    var exportPeak = Int.max
    let rounds = 3
    for round in 0..<rounds {
        let exported = runMeasured(["osmium", "export", "--overwrite", "-f", "geojsonseq", "-o", geojson, pbf])
        if exported.seconds < export.seconds { export = exported }
        exportPeak = min(exportPeak, exported.peakBytes)
        try? FileManager.default.removeItem(atPath: geojson)
        // The earlier rounds import into a new store of their own each; the last makes the store the rest reads.
        for suffix in [".first", ".first-wal", ".first-shm", ".first.checked"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        let target = round < rounds - 1 ? store + ".first" : store
        let run = runMeasured(["env", "HOME=\(home.path)", releaseArtmap(), "import", pbf, "--collection", "city", "--store", target])
        guard run.status == 0 else {
            print("artmap import failed (status \(run.status))")
            return
        }
        if run.seconds < imported.seconds { imported = run }
    }
    for suffix in [".first", ".first-wal", ".first-shm", ".first.checked", ".peak", ".peak-wal", ".peak-shm", ".peak.checked"] {
        try? FileManager.default.removeItem(atPath: store + suffix)
    }
    let importRatio = imported.seconds / export.seconds
    print(String(format: "import: artmap %.2f s (peak %.0f MB), osmium export -f geojsonseq %.2f s; ratio %.2fx %@ (goal <= 3x)",
                 imported.seconds, Double(importPeak) / 1_048_576, export.seconds, importRatio, importRatio <= 3 ? "MET" : "NOT MET"))
    // Memory against osmium's own peak on the same file (its default node index, flex_mem), the smaller of its two.
    let peakRatio = Double(importPeak) / Double(max(exportPeak, 1))
    // Issue 49 sets the peak's goal for the region (1,400 a side) alone; other sizes print the figure without one.
    let peakVerdict = city.side >= SyntheticCity.regionSide ? (peakRatio <= 1.5 ? "MET (goal <= 1.5x)" : "NOT MET (goal <= 1.5x)")
        : "(no goal at this size: issue 49's 1.5x is the region's)"
    print(String(format: "import peak: artmap %.0f MB, osmium export %.0f MB; ratio %.2fx %@",
                 Double(importPeak) / 1_048_576, Double(exportPeak) / 1_048_576, peakRatio, peakVerdict))

    // What the store holds for it: bytes a map feature (the file after the import, its walking graph included).
    let storeBytes = (try? FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
    let features = city.side * city.side + 2 * (city.side + 1)
    print(String(format: "store: %.0f MB for about %d features and their walking graph: %.0f bytes a feature",
                 Double(storeBytes) / 1_048_576, features, Double(storeBytes) / Double(max(features, 1))))

    // First frame: the campus on a store without a map, then the campus and the city on the city's store.
    let campusStore = folder.appendingPathComponent("campus.sqlite").path
    _ = runMeasured(["env", "HOME=\(home.path)", releaseArtmap(), "list", "--store", campusStore])
    _ = runMeasured(["env", "HOME=\(home.path)", releaseArtmap(), "list", "--store", store])
    func best(_ run: () -> Double?) -> Double? { (0..<3).compactMap { _ in run() }.min() }
    if let campus = best({ firstFrameSeconds(store: campusStore, home: home, extra: []) }),
       let campusOnCity = best({ firstFrameSeconds(store: store, home: home, extra: []) }),
       let cityFrame = best({ firstFrameSeconds(store: store, home: home, extra: ["--collection", "city"]) }) {
        let worst = max(campusOnCity, cityFrame) / campus
        print(String(format: "first frame (tmux, process start to screen): campus alone %.0f ms; campus with the city stored %.0f ms; the city %.0f ms; ratio %.2fx %@ (goal <= 2x)",
                     campus * 1000, campusOnCity * 1000, cityFrame * 1000, worst, worst <= 2 ? "MET" : "NOT MET"))
    } else {
        print("first frame: not measured (needs tmux)")
    }
    listNearFigure(store: store, campusStore: campusStore, home: home, city: city)
    placeSearchFigure(store: store, campusStore: campusStore, home: home, city: city)
    if let peak = viewPeakAfterPanning(store: store, home: home, collection: "city", steps: 10) {
        // Issue 19's goal is the big city's (700 a side); the region's figure is printed beside it without one.
        let verdict = city.side <= SyntheticCity.bigCitySide ? (peak <= 100 << 20 ? "MET (goal <= 100 MB)" : "NOT MET (goal <= 100 MB)")
            : "(no goal at this size: issue 19's 100 MB is the big city's)"
        print(String(format: "view's peak memory after panning across the city: %.0f MB %@", Double(peak) / 1_048_576, verdict))
    } else {
        print("view's peak memory: not measured (needs tmux and /usr/bin/time)")
    }

    // Frame per key while panning, in process, against the campus without a map.
    let pan = try panAgainstCampus(store: store, city: city)
    print(pan.line)
    print(panInstructions(store: store))

    // A route corner to corner from a cold start (a process of its own), and today's in-memory A*.
    let far = (0..<side).reversed().flatMap { y in (0..<side).reversed().map { x in (x, y) } }.first { city.hasArtwork($0.0, $0.1) } ?? (0, 0)
    let from = String(format: "%.7f,%.7f", city.latitude(0), city.longitude(0))
    let routeArguments = ["env", "HOME=\(home.path)", releaseArtmap(), "route", "--from", from, "--to", "node/\(city.artworkID(far.0, far.1))",
                          "--collection", "city", "--store", store, "--json"]
    // Right after the view wrote the store: its integrity check runs beside the route, which waits for it.
    let checked = runMeasured(routeArguments)
    // At rest: a check that finds the file sound and over a second old stamps it (`PATH.checked`); openings of
    // the same bytes then skip it. Lists until the stamp is there (a second or two).
    func stamped() -> Bool {
        let files = FileManager.default
        guard let mark = (try? files.attributesOfItem(atPath: store + ".checked"))?[.modificationDate] as? Date,
              let written = (try? files.attributesOfItem(atPath: store))?[.modificationDate] as? Date else { return false }
        return mark > written
    }
    for _ in 0..<40 where !stamped() {
        usleep(250_000)
        _ = runMeasured(["env", "HOME=\(home.path)", releaseArtmap(), "list", "--collection", "city", "--store", store])
    }
    let cold = runMeasured(routeArguments)
    let opened = try CatalogStore(path: store)
    let graph = WalkGraph(edges: try opened.walkEdges())
    let target = try require_artwork(opened, "node/\(city.artworkID(far.0, far.1))")
    let start = Coordinate(clampingLatitude: city.latitude(0), longitude: city.longitude(0))
    t = now()
    let memory = try Router.route(in: graph, from: start, to: target).get()
    let inMemory = now() - t
    let routeJSON = runCapturing([releaseArtmap(), "route", "--from", from, "--to", "node/\(city.artworkID(far.0, far.1))",
                                  "--collection", "city", "--store", store, "--json"], home: home)
    let coldMetres = routeJSON.range(of: "\"distance_m\":").flatMap { range in
        Double(routeJSON[range.upperBound...].prefix { "0123456789.".contains($0) })
    }
    // Where the cold route's time goes: a process doing nothing, then in this process the store opened
    // again and each phase of the corridor route timed.
    let idle = (0..<3).map { _ in runMeasured(["env", "HOME=\(home.path)", releaseArtmap(), "--version"]).seconds }.min() ?? 0
    t = now()
    let reopened = try CatalogStore(path: store)
    let opening = now() - t
    let trace = CorridorTrace()
    t = now()
    let corridor = try CorridorRouter.route(from: start, to: target, source: reopened, trace: trace).get()
    let traced = now() - t
    print(String(format: "route phases: process start and exit %.0f ms, store open %.1f ms, ", idle * 1000, opening * 1000)
          + trace.phases.map { String(format: "%@ %.1f ms", $0.name, $0.seconds * 1000) }.joined(separator: ", ")
          + String(format: "; route in process %.0f ms over %d tiles, %d nodes, %d edges read", traced * 1000, trace.tiles, trace.nodes, trace.edges))
    // The cold route reads only the tiles its search reaches (CorridorRouter); the JSON's length has three decimals.
    print(String(format: "route right after a write (the store's integrity check beside it, waited for): %.0f ms", checked.seconds * 1000))
    // The same length is the search's: `route`'s JSON adds the last steps off the street to the artwork (18 m into
    // its block here), which the routers' lengths between the snapped ends leave out.
    print(String(format: "route corner to corner: cold start on the store at rest (tiles read as the search reaches them) %.0f ms, %@ m with the steps off the street; the corridor search %.3f m, in-memory A* on the whole graph %.0f ms, %.3f m, once the graph is read; %@ (goal <= 200 ms, same length)",
                 cold.seconds * 1000, coldMetres.map { String(format: "%.3f", $0) } ?? "?", corridor.metres, inMemory * 1000, memory.metres,
                 cold.seconds <= 0.2 && abs(corridor.metres - memory.metres) < 0.0015 ? "MET" : "NOT MET"))
}

/// Where the artwork `id` of the city stands, as stored.
func require_artwork(_ store: CatalogStore, _ id: String) throws -> Coordinate {
    guard let artwork = try store.artworks(collection: "city", ids: [id]).first else {
        throw NSError(domain: "bench", code: 2, userInfo: [NSLocalizedDescriptionKey: "no artwork \(id) in the city"])
    }
    return artwork.coordinate
}

/// Standard output of a process run to completion.
func runCapturing(_ argv: [String], home: URL) -> String {
    let pipe = Pipe(), process = Process()
    process.executableURL = URL(fileURLWithPath: argv[0])
    process.arguments = Array(argv.dropFirst())
    process.environment = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
