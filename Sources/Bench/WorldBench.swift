import App
import Cartography
import Foundation
import Screen
import TerminalTypes

// Issue 37: instructions per map-cursor move at each zoom band, the world base layer drawn (callgrind, 30 against
// 10 moves, 200x60), as a ratio against street zoom measured in the same run; and the cost of a frame whose world
// layer is drawn whole (after a pan or a zoom), the same way.

/// The zoom bands measured: street (no world layer), city (1:10m), region, country and world (1:110m).
let worldBands: [Double] = [10, 1000, 20_000, 100_000, 500_000]

/// The world layers of the source tree (Resources/world).
func benchWorldAtlas() -> WorldAtlas {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return WorldAtlas.load(directory: root.appendingPathComponent("Resources/world"))
}

/// The generated campus at `metresPerCell`, the world layer loaded, at 200x60.
func worldBenchState(metresPerCell: Double) -> AppState {
    var start = StartOptions(artworks: generatedArtworks(Int(ProcessInfo.processInfo.environment["WORLD_PLACES"] ?? "") ?? 31))
    start.world = benchWorldAtlas()
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
    for _ in 0..<MainState.zoomLevels.count where state.main.metresPerCell < metresPerCell { _ = reduce(&state, .key(.character("-"))) }
    for _ in 0..<MainState.zoomLevels.count where state.main.metresPerCell > metresPerCell { _ = reduce(&state, .key(.character("+"))) }
    return state
}

/// `Bench world-moves METRES N [whole]`: N cursor moves at a zoom; with `whole`, every frame draws the world layer
/// again (fresh caches), as after a pan.
func runWorldMoves(metresPerCell: Double, moves: Int, whole: Bool) {
    var state = worldBenchState(metresPerCell: metresPerCell)
    var caches = RenderCaches(sheets: .never)
    var previous = MainView.render(state, caches: caches)
    for i in 0..<moves {
        _ = reduce(&state, .key(i % 2 == 0 ? .right : .left))
        if whole { caches = RenderCaches(sheets: .never) }
        let frame = MainView.render(state, caches: caches)
        _ = frame.changedRuns(since: previous)
        previous = frame
    }
}

func worldBench() {
    print("== instructions per map-cursor move by zoom band, world layer on (callgrind, 200x60, 30 against 10 moves)")
    guard let shim = sigsuspendShim() else {
        print("skipped: needs valgrind, cc and ../shared/tools/valgrind-sigsuspend.c")
        return
    }
    var street: (move: Double, whole: Double)?
    for band in worldBands {
        func perMove(_ whole: Bool) -> Double? {
            let extra = whole ? ["whole"] : []
            guard let few = callgrindInstructions(arguments: ["world-moves", String(band), "10"] + extra, preload: shim),
                  let many = callgrindInstructions(arguments: ["world-moves", String(band), "30"] + extra, preload: shim) else { return nil }
            return (many - few) / 20
        }
        guard let move = perMove(false), let whole = perMove(true) else {
            print("\(band) m a cell: valgrind did not run")
            continue
        }
        if street == nil { street = (move, whole) }
        let name = band < 1000 ? "\(Int(band)) m" : "\(Int(band / 1000)) km"
        print(String(format: "%7@/cell: %.2f M per move (%.2fx street) %@ (goal <= 5 M); world drawn whole %.2f M a frame (%.2fx street)",
                     name, move / 1e6, move / (street?.move ?? move), move <= 5e6 ? "MET" : "NOT MET",
                     whole / 1e6, whole / (street?.whole ?? whole)))
    }
}

/// The view's peak memory on the campus, at street zoom and zoomed out to 10 km a cell, where the 1:10m world layer
/// is read (issue 37: at most 60 MB with it loaded).
func worldMemoryBench() {
    print("== the view's peak memory with the world layers (tmux, 200x60, the campus)")
    let artmap = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("artmap").path
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-world-\(getpid())")
    try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let store = home.appendingPathComponent("store.sqlite").path
    guard let street = viewPeakMemory(artmap: artmap, store: store, home: home, arguments: []),
          let world = viewPeakMemory(artmap: artmap, store: store, home: home, arguments: [], zoomOuts: 9, scale: "10 km/cell") else {
        print("  ! not measured (needs tmux and /usr/bin/time)")
        return
    }
    let mb = { (bytes: Int) in Double(bytes) / 1_048_576 }
    print(String(format: "at street zoom %.0f MB; zoomed out to 10 km a cell, the 1:10m layer read, %.0f MB (%.2fx) %@ (goal <= 60 MB)",
                 mb(street), mb(world), Double(world) / Double(max(1, street)), world <= 60 * 1_048_576 ? "MET" : "NOT MET"))
}
