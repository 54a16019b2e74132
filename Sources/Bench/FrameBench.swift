import Cells
import App
import Catalog
import Foundation
import Geo
import Screen
import Store
import TerminalTypes

// What one key costs in the full-screen view (reduce, render, diff against the last frame), in process,
// for 31, 10,000 and 100,000 places from the same generator: a map cursor move, and a key in the detail.

/// `count` artworks over 2 km around the Ashton Building in `count / 7 + 1` buildings.
func generatedArtworks(_ count: Int) -> [Artwork] {
    var rng = SplitMix(state: 99)
    let buildings = max(1, count / 7)
    let centres: [Coordinate] = (0..<buildings).map { _ in
        let r = 2000 * Double.random(in: 0...1, using: &rng).squareRoot(), t = Double.random(in: 0..<(2 * .pi), using: &rng)
        return Coordinate(clampingLatitude: 53.4066 + r * cos(t) / 111_000, longitude: -2.9665 + r * sin(t) / (111_000 * cos(53.4 * .pi / 180)))
    }
    return (0..<count).map { i in
        Artwork(id: String(i), title: "Artwork \(i)", artist: "Artist \(i % 700)", year: String(1900 + i % 120),
                information: "A description of artwork \(i).", coordinate: centres[i % buildings],
                building: "Building \(i % buildings)", locationNotes: "Ground floor", imageFileName: "img\(i).jpg",
                lastModified: "2020-01-01 00:00:00")
    }
}

/// Milliseconds per key, over `keys` presses (alternating between two keys so the state keeps changing).
func millisecondsPerKey(_ state: inout AppState, keys: [Key], presses: Int, caches: RenderCaches = RenderCaches()) -> Double {
    var previous = MainView.render(state, caches: caches)
    let start = now()
    for i in 0..<presses {
        _ = reduce(&state, .key(keys[i % keys.count]))
        let frame = MainView.render(state, caches: caches)
        _ = frame.changedRuns(since: previous)
        previous = frame
    }
    return (now() - start) * 1000 / Double(presses)
}

/// Milliseconds from opening a store to the first frame, as `artmap` starts: the whole collection when it is
/// small, else the places around the reference (the rest follows in the background).
func firstFrameFromStore(_ path: String) throws -> Double {
    let began = now()
    let store = try CatalogStore(path: path)
    let nearby = try store.startsNearby(collection: "big", threshold: AppState.progressiveStartThreshold)
    var start = StartOptions(artworks: try store.startingCatalogue(collection: "big", around: .ashtonBuilding, nearby: nearby,
                                                                   places: AppState.progressiveStartPlaces))
    start.collection = "big"
    start.catalogueHoldsFullRecords = false
    start.catalogueIsPartial = nearby
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
    _ = MainView.render(state)
    return (now() - began) * 1000
}

func frameBench() throws {
    print("== frames (200x60, reduce + render + diff per key)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-frames-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var moves: [Double] = [], details: [Double] = [], firsts: [Double] = [], starts: [Double] = []
    for count in [31, 10_000, 100_000] {
        let artworks = generatedArtworks(count)
        // The first frame: the state built from the catalogue (grouping, index, ranking), sized, rendered.
        let start = now()
        var state = AppState(artworks: artworks)
        _ = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
        let caches = RenderCaches()
        _ = MainView.render(state, caches: caches)
        firsts.append((now() - start) * 1000)
        let move = millisecondsPerKey(&state, keys: [.right, .left], presses: 60, caches: caches)
        // The detail of the nearest artwork, scrolled down and up.
        // Tab to the table, down to its first artwork, Enter opens its detail.
        for key in [Key.tab, .home, .down, .enter] { _ = reduce(&state, .key(key)) }
        let detail = millisecondsPerKey(&state, keys: [.down, .up], presses: 60)
        moves.append(move)
        details.append(detail)
        // After the keys: a merge frees 100,000 artworks on another thread, which would share the cores with them.
        let path = folder.appendingPathComponent("store-\(count).sqlite").path
        _ = try CatalogStore(path: path).merge(artworks, into: "big", full: true)
        // The best of five, each on a store opened afresh (the file is in the page cache, as on a second start).
        starts.append(try (0..<5).map { _ in try firstFrameFromStore(path) }.min() ?? 0)
        print(String(format: "%6d places: state and first frame from memory %.1f ms (%.1fx campus), map move %.2f ms per key (%.2fx campus), detail key %.2f ms per key (%.2fx campus)",
                     count, firsts.last ?? 0, (firsts.last ?? 0) / firsts[0], move, move / moves[0], detail, detail / details[0]))
        let ratio = (starts.last ?? 0) / starts[0]
        print(String(format: "%6d places: store opened to first frame %.1f ms (%.1fx campus)%@", count, starts.last ?? 0, ratio,
                     count == 100_000 ? (ratio <= 2 ? " MET" : " NOT MET") + " (goal <= 2x campus)" : ""))
    }
}

