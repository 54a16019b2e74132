import Cells
import App
import Cartography
import Foundation
import Geo
import Store
import Screen
import TerminalTypes

// Instructions per map-cursor move (reduce + render + diff against the last frame), counted by callgrind:
// the same program runs N and 2N moves and the difference divided by N leaves out start-up. Callgrind
// counts are the same on any machine, so these figures compare across runs where times cannot.

/// Runs `moves` cursor moves over `count` generated places, for callgrind to count (`Bench moves COUNT N`).
func runMoves(count: Int, moves: Int) {
    var state = AppState(artworks: generatedArtworks(count))
    _ = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
    let caches = RenderCaches()
    var previous = MainView.render(state, caches: caches)
    for i in 0..<moves {
        _ = reduce(&state, .key(i % 2 == 0 ? .right : .left))
        let frame = MainView.render(state, caches: caches)
        _ = frame.changedRuns(since: previous)
        previous = frame
    }
}

/// Total instructions callgrind counted for `Bench moves COUNT N`, or nil when valgrind cannot run.
func callgrindInstructions(count: Int, moves: Int, preload: String) -> Double? {
    callgrindInstructions(arguments: ["moves", String(count), String(moves)], preload: preload)
}

/// Runs `moves` cursor moves over the map stored in `store` (Helsinki), as the view starts on it.
func runMapMoves(store path: String, moves: Int) throws {
    let store = try CatalogStore(path: path)
    var state = try cityState(store: store, collection: "helsinki", centre: Coordinate(clampingLatitude: 60.1699, longitude: 24.9449))
    let caches = RenderCaches()
    var previous = MainView.render(state, caches: caches)
    for i in 0..<moves {
        _ = reduce(&state, .key(i % 2 == 0 ? .right : .left))
        let frame = MainView.render(state, caches: caches)
        _ = frame.changedRuns(since: previous)
        previous = frame
    }
}

/// Total instructions callgrind counted for `Bench ARGUMENTS…`, or nil when valgrind cannot run. The
/// inclusive cost of functions whose (mangled) names start with one of `excluding` is taken off, with all
/// they call (read with callgrind_annotate).
func callgrindInstructions(arguments: [String], preload: String, excluding: [String] = []) -> Double? {
    callgrindCounts(arguments: arguments, preload: preload, excluding: excluding)?.total
}

/// `callgrindInstructions`, with what was taken off for each of `excluding`.
func callgrindCounts(arguments: [String], preload: String, excluding: [String] = []) -> (total: Double, excluded: [String: Double])? {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-callgrind-\(getpid())-\(arguments.joined(separator: "-").hashValue).out")
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(out.path)", strippedBench] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = preload
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = try? String(contentsOf: out, encoding: .utf8) else { return nil }
    var total: Double?
    for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
        if let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) { total = value }
    }
    guard var instructions = total else { return nil }
    var excluded: [String: Double] = [:]
    if !excluding.isEmpty {
        let annotated = runCapturing(["/usr/bin/env", "callgrind_annotate", "--inclusive=yes", "--threshold=100", out.path],
                                     home: FileManager.default.temporaryDirectory)
        guard !annotated.isEmpty else { return nil }
        // Lines read "  1,234,567 (12.34%)  ???:NAME [object]" (or "( 2.28%)", with a space).
        for line in annotated.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, let place = fields.first(where: { $0.contains(":") && !$0.hasSuffix("%)") }),
                  let name = place.split(separator: ":", maxSplits: 1).last,
                  let prefix = excluding.first(where: { name.hasPrefix($0) }),
                  let cost = Double(fields[0].replacingOccurrences(of: ",", with: "")) else { continue }
            instructions -= cost
            excluded[prefix, default: 0] += cost
        }
    }
    return (instructions, excluded)
}

/// This bench without its debug sections: valgrind 3.19 cannot read the DWARF 5 of a release build and gives
/// up; the symbol table (function names) stays. The bench itself when strip is missing.
let strippedBench: String = {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-stripped-\(getpid())").path
    try? FileManager.default.removeItem(atPath: copy)
    guard (try? FileManager.default.copyItem(atPath: CommandLine.arguments[0], toPath: copy)) != nil,
          runMeasured(["strip", "-g", copy]).status == 0 else { return CommandLine.arguments[0] }
    return copy
}()

/// Builds ../shared/tools/valgrind-sigsuspend.c (valgrind crashes on Dispatch without it); nil when it cannot.
func sigsuspendShim() -> String? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let source = root.deletingLastPathComponent().appendingPathComponent("shared/tools/valgrind-sigsuspend.c")
    let library = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-valgrind-sigsuspend.so")
    guard FileManager.default.fileExists(atPath: source.path) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["cc", "-shared", "-fPIC", "-O2", "-o", library.path, source.path, "-ldl"]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? library.path : nil
}

func instructionBench() {
    print("== instructions per map-cursor move (callgrind, 200x60, reduce + render + diff)")
    guard let shim = sigsuspendShim() else {
        print("skipped: needs valgrind, cc and ../shared/tools/valgrind-sigsuspend.c")
        return
    }
    var campus: Double?
    for count in [31, 10_000] {
        guard let few = callgrindInstructions(count: count, moves: 10, preload: shim),
              let many = callgrindInstructions(count: count, moves: 30, preload: shim) else {
            print("\(count) places: valgrind did not run")
            continue
        }
        let perMove = (many - few) / 20
        if campus == nil { campus = perMove }
        print(String(format: "%6d places: %.1f M instructions per move (%.2fx campus) %@ (goal <= 5 M, flat)",
                     count, perMove / 1e6, perMove / (campus ?? perMove), perMove <= 5e6 ? "MET" : "NOT MET"))
    }
    // Over the Helsinki extract (the base layer drawn under the cursor), 15 against 5 Right/Left pairs.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-moves-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("helsinki.sqlite").path
        _ = try CatalogStore(path: path).importMap(source: "helsinki", file: "helsinki.osm.pbf", collection: "helsinki") { sink in
            try OSMImporter.run(path: helsinkiExtract, collection: "helsinki", sink: sink)
        }
        guard let few = callgrindInstructions(arguments: ["map-moves", path, "10"], preload: shim),
              let many = callgrindInstructions(arguments: ["map-moves", path, "30"], preload: shim) else {
            print("helsinki: valgrind did not run")
            return
        }
        let perMove = (many - few) / 20
        print(String(format: "helsinki base layer: %.1f M instructions per move (%.2fx campus) %@ (goal <= 5 M)",
                     perMove / 1e6, perMove / (campus ?? perMove), perMove <= 5e6 ? "MET" : "NOT MET"))
    } catch {
        print("helsinki: \(error)")
    }
}

/// Instructions per pan key over the city stored at `store` against the campus without a map (callgrind, 30
/// against 10 keys): the city's reading of tiles, building of the map and drawing of sheets are left out, as the
/// view does them beside the run loop (the release of a replaced map, on a queue of its own, is counted).
func panInstructions(store: String) -> String {
    guard let shim = sigsuspendShim() else { return "instructions per pan key: skipped (needs valgrind, cc and ../shared/tools/valgrind-sigsuspend.c)" }
    let reading = "$s5Store07CatalogA0C8mapTiles", building = "$s3App15MapBuildRequestV5build", sheets = "$s6Screen10BaseRasterC9drawSheet"
    let beside = [reading, building, sheets]
    guard let cityFew = callgrindCounts(arguments: ["city-pan", store, "10"], preload: shim, excluding: beside),
          let cityMany = callgrindCounts(arguments: ["city-pan", store, "30"], preload: shim, excluding: beside),
          let campusFew = callgrindInstructions(arguments: ["campus-pan", "10"], preload: shim),
          let campusMany = callgrindInstructions(arguments: ["campus-pan", "30"], preload: shim) else {
        return "instructions per pan key: valgrind did not run"
    }
    let city = (cityMany.total - cityFew.total) / 20, campus = (campusMany - campusFew) / 20
    func besidePerKey(_ name: String) -> Double { ((cityMany.excluded[name] ?? 0) - (cityFew.excluded[name] ?? 0)) / 20 / 1e6 }
    return String(format: "instructions per pan key on the run loop (callgrind, 30 against 10 keys): campus %.2f M, city %.2f M; %.2fx %@ (goal <= 1.5x); beside the loop, per key: reading tiles %.2f M, building the map %.2f M, drawing sheets %.2f M",
                  campus / 1e6, city / 1e6, city / campus, city / campus <= 1.5 ? "MET" : "NOT MET",
                  besidePerKey(reading), besidePerKey(building), besidePerKey(sheets))
}
