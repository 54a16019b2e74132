import App
import Catalog
import Foundation
import Imaging
import Store

// Pictures: `artmap show` against the `chafa` command on the same JPEG, a viewer pan step, and peak memory.

/// A photo-like picture: smooth colour gradients, circles and fine texture (so neither JPEG nor chafa has it easy).
func photoLikeJPEG(width: Int, height: Int) throws -> [UInt8] {
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    var rng = SplitMix(state: 7)
    for y in 0..<height {
        for x in 0..<width {
            let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
            let dx = fx - 0.6, dy = fy - 0.4
            let ring = (dx * dx + dy * dy).squareRoot() < 0.2 ? 80.0 : 0.0
            let noise = Double(rng.next() % 24)
            let i = (y * width + x) * 3
            samples[i] = UInt8(min(255, 40 + 180 * fx + ring + noise))
            samples[i + 1] = UInt8(min(255, 60 + 150 * fy + noise))
            samples[i + 2] = UInt8(min(255, 200 - 150 * fx * fy + ring / 2 + noise))
        }
    }
    return try JPEGEncoder.encode(samples, width: width, height: height, quality: 85)
}

/// Runs a program to its end; returns wall time and its peak resident memory (bytes).
func runMeasured(_ argv: [String]) -> (seconds: Double, peakBytes: Int, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ) == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    return (now() - start, usage.ru_maxrss * 1024, status)
}

/// Peak resident memory (bytes) of one more run, taken by GNU time from a parent of its own. The figure
/// `wait4` gives for a child we spawn starts from this bench's own size (Linux carries it across exec),
/// and the bench holds test pictures of a hundred MB by then.
func peakMemory(_ argv: [String]) -> Int {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return runMeasured(argv).peakBytes }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-peak-\(getpid()).txt").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    _ = runMeasured([time, "-f", "%M", "-o", report] + argv)
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    let kilobytes = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    return (kilobytes ?? 0) * 1024
}

/// The best of `n` runs (wall time), and the peak memory of one more run (`peakMemory`).
func best(_ n: Int, _ argv: [String]) -> (seconds: Double, peakBytes: Int) {
    var seconds = Double.infinity
    for _ in 0..<n {
        let run = runMeasured(argv)
        if run.status != 0 { print("  ! \(argv.joined(separator: " ")) exited with \(run.status)") }
        seconds = min(seconds, run.seconds)
    }
    return (seconds, peakMemory(argv))
}

/// This process's peak resident memory so far (bytes).
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

func imageBench() throws {
    print("== pictures")
    let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let artmap = binDirectory.appendingPathComponent("artmap").path
    guard FileManager.default.isExecutableFile(atPath: artmap) else {
        print("  artmap is not built in \(binDirectory.path); run 'make bench'")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var t = now()
    let medium = folder.appendingPathComponent("photo-4000x3000.jpg"), large = folder.appendingPathComponent("photo-6000x4000.jpg")
    // Made by a child process, so this one stays small: a child's peak memory as reported starts from its
    // parent's (exec carries it over).
    for (file, size) in [(medium, "4000x3000"), (large, "6000x4000")] {
        _ = runMeasured([CommandLine.arguments[0], "make-jpeg", file.path, size])
    }
    print(String(format: "made the test JPEGs in %.1f s", now() - t))
    try pixelBench(medium)
    try sharpnessBench(URL(fileURLWithPath: "Tests/ImagingTests/Fixtures/grace-hopper.jpg"))

    // A store whose artwork 40 has the picture in its image cache, as after a sync.
    let storePath = folder.appendingPathComponent("bench.sqlite").path
    _ = runMeasured([artmap, "list", "--store", storePath])
    let store = try CatalogStore(path: storePath)
    guard let artwork = try store.artworks(collection: CollectionID.campus.name).first(where: { $0.id == "40" }) else {
        print("  the seed has no artwork 40")
        return
    }
    func cache(_ file: URL) throws { try store.recordCachedImage(artwork, path: file.path, byteCount: 0) }

    try cache(medium)
    let show = [artmap, "show", "40", "--store", storePath, "--width", "160", "--height", "45", "--colors", "256"]
    let ours = best(5, show)
    let chafa = best(5, ["chafa", "--size", "160x45", "--colors", "240", "--animate", "off", medium.path])
    let versionOnly = best(3, [artmap, "--version"])
    print(String(format: "show 4000x3000 JPEG at 160x45: artmap %.0f ms, chafa %.0f ms; ratio artmap/chafa %.2f %@ (goal <= 1)",
                 ours.seconds * 1000, chafa.seconds * 1000, ours.seconds / chafa.seconds, ours.seconds <= chafa.seconds ? "MET" : "NOT MET"))

    try cache(large)
    let largeShow = best(3, [artmap, "show", "40", "--store", storePath, "--width", "200", "--height", "60", "--colors", "256"])
    let largeChafa = best(3, ["chafa", "--size", "200x60", "--colors", "240", "--animate", "off", large.path])
    print(String(format: "peak memory showing a 6000x4000 JPEG at 200x60: artmap %.1f MB (artmap --version alone %.1f MB), chafa %.1f MB; ratio artmap/chafa %.2f",
                 Double(largeShow.peakBytes) / 1_048_576, Double(versionOnly.peakBytes) / 1_048_576,
                 Double(largeChafa.peakBytes) / 1_048_576, Double(largeShow.peakBytes) / Double(max(1, largeChafa.peakBytes))))

    // The viewer: decode once as the view does, then pan at 2x over the decoded pixels (every step a new region).
    let residentBefore = peakResidentBytes()
    t = now()
    var options = DecodeOptions()
    options.maximumSize = (3072, 3072)
    let decoded = try ImageDecoder.decode([UInt8](try Data(contentsOf: large)), options: options)
    let decodeSeconds = now() - t
    print(String(format: "viewer decode of the 6000x4000 JPEG (kept at %dx%d): %.0f ms, peak memory +%.1f MB over %.1f MB before",
                 decoded.pixels.width, decoded.pixels.height, decodeSeconds * 1000,
                 Double(peakResidentBytes() - residentBefore) / 1_048_576, Double(residentBefore) / 1_048_576))
    let picture = Picture(artwork: ArtworkKey(collection: CollectionID.campus.name, id: "40"), fileName: large.lastPathComponent, decoded: decoded)
    let geometry = ImageViewerGeometry(pixelWidth: decoded.pixels.width, pixelHeight: decoded.pixels.height, columns: 200, rows: 59, cellAspect: 2)
    var viewer = ImageViewerState(artwork: ArtworkKey(collection: CollectionID.campus.name, id: "40"))
    _ = ImageViewer.reduce(&viewer, .zoomIn, geometry: geometry)
    func draw() {
        let view = geometry.view(viewer)
        _ = picture.zoomedCells(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window, depth: .indexed256, symbols: .blocks)
    }
    func prefetch() {
        let view = geometry.view(viewer)
        picture.prefetch(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window, depth: .indexed256, symbols: .blocks)
    }
    t = now()
    draw()
    let zoomSeconds = now() - t
    var panSeconds = 0.0, coldSeconds = 0.0, steps = 0
    for (dx, dy) in [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1), (1, 0), (1, 1)] {
        // As between two key presses: the run loop has prefetched the neighbouring tiles in the background.
        prefetch()
        _ = ImageViewer.reduce(&viewer, .pan(dx: dx, dy: dy), geometry: geometry)
        t = now()
        draw()
        panSeconds += now() - t
        steps += 1
    }
    panSeconds /= Double(steps)
    // A cold pan (nothing prefetched): another zoom level, one step.
    _ = ImageViewer.reduce(&viewer, .zoomIn, geometry: geometry)
    draw()
    _ = ImageViewer.reduce(&viewer, .pan(dx: 1, dy: 0), geometry: geometry)
    t = now()
    draw()
    coldSeconds = now() - t
    print(String(format: "viewer zoom to 2x at 200x60 (every tile rendered): %.1f ms; cold pan step (strip rendered): %.1f ms",
                 zoomSeconds * 1000, coldSeconds * 1000))
    print(String(format: "viewer pan step at 200x60, zoom 2x over %dx%d decoded pixels: %.1f ms %@ (goal < 20 ms); %.3f of one decode (%.0f ms)",
                 decoded.pixels.width, decoded.pixels.height, panSeconds * 1000, panSeconds < 0.020 ? "MET" : "NOT MET",
                 panSeconds / decodeSeconds, decodeSeconds * 1000))
}
