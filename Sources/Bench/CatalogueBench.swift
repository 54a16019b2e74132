import Foundation

// Catalogue at scale: `artmap sync --full` against python3 downloading and parsing the same body,
// `artmap list --json` against `sqlite3 -json` on the same rows, and a mass delete against sqlite3's DELETE,
// each for 10,000 and 100,000 places, with peak memory.

/// A service-shaped body of `count` records spread over 2 km around the Ashton Building in `buildings` buildings.
func serviceBody(count: Int, buildings: Int) -> Data {
    var rng = SplitMix(state: UInt64(count))
    var centres: [(Double, Double)] = []
    for _ in 0..<buildings {
        let r = 2000 * Double.random(in: 0...1, using: &rng).squareRoot(), t = Double.random(in: 0..<(2 * .pi), using: &rng)
        centres.append((53.4066 + r * cos(t) / 111_000, -2.9665 + r * sin(t) / (111_000 * cos(53.4 * .pi / 180))))
    }
    var out = "{\"artworks\":["
    out.reserveCapacity(count * 400)
    for i in 0..<count {
        let b = i % buildings
        let (lat, lon) = centres[b]
        if i > 0 { out += "," }
        out += "{\"id\":\"\(i)\",\"title\":\"Artwork \(i)\",\"artist\":\"Artist \(i % 700)\",\"yearOfWork\":\"\(1900 + i % 120)\","
        out += "\"Information\":\"A description of artwork \(i), with a few sentences of text about it.\","
        out += "\"lat\":\"\(String(format: "%.6f", lat))\",\"long\":\"\(String(format: "%.6f", lon))\",\"locationNotes\":\"Place \(b), ground floor\","
        out += "\"fileName\":\"img\(i).jpg\",\"lastModified\":\"2020-01-01 00:00:00\",\"location\":\"Building \(b)\",\"enabled\":\"1\"}"
    }
    out += "]}"
    return Data(out.utf8)
}

/// Starts `python3 -m http.server` on a free loopback port in `folder`; returns the process and port.
func startFileServer(_ folder: URL) throws -> (Process, Int) {
    for port in 38_100..<38_200 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when it answers; a port in use makes it exit.
        for _ in 0..<50 {
            usleep(100_000)
            if !process.isRunning { break }
            if runMeasured(["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:\(port)/')"]).status == 0 {
                return (process, port)
            }
        }
        if process.isRunning { process.terminate() }
    }
    throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "no free port for the file server"])
}

func ratioLine(_ label: String, _ ours: (seconds: Double, peakBytes: Int), _ reference: (seconds: Double, peakBytes: Int),
               referenceName: String, goal: Double) -> String {
    let ratio = ours.seconds / reference.seconds
    return String(format: "%@: artmap %.2f s (%.0f MB), %@ %.2f s; ratio %.2f %@ (goal <= %.1f)", label, ours.seconds,
                  Double(ours.peakBytes) / 1_048_576, referenceName, reference.seconds, ratio, ratio <= goal ? "MET" : "NOT MET", goal)
}

func catalogueBench() throws {
    print("== catalogue at scale")
    let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let artmap = binDirectory.appendingPathComponent("artmap").path
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-catalogue-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Made by a child process, so this one stays small (a child's reported peak memory starts from its parent's).
    for (count, buildings) in [(10_000, 1_500), (100_000, 15_000)] {
        _ = runMeasured([CommandLine.arguments[0], "make-body", folder.appendingPathComponent("body-\(count).json").path,
                         String(count), String(buildings)])
    }
    let versionPeak = peakMemory([artmap, "--version"])
    let (server, port) = try startFileServer(folder)
    defer { server.terminate() }
    for count in [10_000, 100_000] {
        let url = "http://127.0.0.1:\(port)/body-\(count).json"
        let store = folder.appendingPathComponent("store-\(count).sqlite").path
        _ = runMeasured([artmap, "list", "--store", store])
        // Best of five on each side: this machine's timings wander by a third from run to run.
        let sync = best(5, [artmap, "sync", "--full", "--no-images", "--store", store, "--collection", "big", "--source", url + "?class=artworks"])
        let python = best(5, ["python3", "-c", "import json, urllib.request; json.load(urllib.request.urlopen('\(url)'))"])
        print(ratioLine("full sync of \(count) (no images) vs python3 download + json.load", sync, python, referenceName: "python3", goal: 2))
        let list = best(5, [artmap, "list", "--json", "--store", store, "--collection", "big"])
        let sqlite = best(5, ["sqlite3", "-json", store,
                              "SELECT id, title, artist, year, latitude, longitude, building FROM artworks WHERE collection = 'big'"])
        print(ratioLine("list --json of \(count) vs sqlite3 -json of the same rows", list, sqlite, referenceName: "sqlite3", goal: 1.5))
        // The full-screen view of the same places, run in tmux as a person would, with one detail opened.
        let megabytes = { (bytes: Int) in Double(bytes) / 1_048_576 }
        if let view = viewPeakMemory(artmap: artmap, store: store, home: folder) {
            print(String(format: "peak memory at %d places: list --json %.0f MB, the view %.0f MB (artmap --version alone %.0f MB)%@",
                         count, megabytes(list.peakBytes), megabytes(view), megabytes(versionPeak),
                         count == 100_000 ? (max(list.peakBytes, view) <= 60 * 1_048_576 ? "; MET" : "; NOT MET") + " (goal <= 60 MB at 100,000)" : ""))
        } else {
            print("  ! the view's peak memory was not measured (needs tmux and /usr/bin/time)")
        }
        if count == 10_000 {
            // A --full sync of the 31 campus records over the 10,000: 9,969 removed, against sqlite3 removing them.
            let copy = folder.appendingPathComponent("delete.sqlite").path, copy2 = folder.appendingPathComponent("delete2.sqlite").path
            let seed = URL(fileURLWithPath: binDirectory.path).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Resources/seed/campus-artworks.json")
            var ours = (seconds: Double.infinity, peakBytes: 0), theirs = (seconds: Double.infinity, peakBytes: 0)
            func freshCopies() throws {
                for path in [copy, copy2] {
                    // A write-ahead log left by the last round must not meet the fresh copy.
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                    try FileManager.default.copyItem(atPath: store, toPath: path)
                }
            }
            let sync = [artmap, "sync", "--full", "--no-images", "--store", copy, "--collection", "big", "--source", seed.absoluteString]
            let delete = ["sqlite3", copy2, "DELETE FROM artworks WHERE collection = 'big' AND CAST(id AS INTEGER) >= 31"]
            for _ in 0..<5 {
                try freshCopies()
                ours.seconds = min(ours.seconds, runMeasured(sync).seconds)
                theirs.seconds = min(theirs.seconds, runMeasured(delete).seconds)
            }
            try freshCopies()
            ours.peakBytes = peakMemory(sync)
            theirs.peakBytes = peakMemory(delete)
            print(ratioLine("--full sync of 31 after 10,000 (mass delete) vs sqlite3 DELETE", ours, theirs, referenceName: "sqlite3", goal: 2))
        }
    }
}

/// Peak memory (bytes) of `artmap --offline` on a store, run in a detached tmux session at 200×60: wait for
/// the table with the whole collection read, open the nearest artwork's detail, then (`zoomOuts`) press `-` that
/// many times and wait for the map to say `scale`, quit. nil when tmux or GNU time is missing or it stalls.
func viewPeakMemory(artmap: String, store: String, home: URL, arguments: [String] = ["--collection", "big"],
                    zoomOuts: Int = 0, scale: String = "") -> Int? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
          runMeasured(["tmux", "-V"]).status == 0 else { return nil }
    let session = "artmap-bench-\(getpid())"
    let report = home.appendingPathComponent("view-peak.txt").path
    try? FileManager.default.removeItem(atPath: report)
    let command = "env HOME=\(home.path) /usr/bin/time -f %M -o \(report) \(artmap) --offline --store \(store) " + arguments.joined(separator: " ")
    guard runMeasured(["tmux", "new-session", "-d", "-s", session, "-x", "200", "-y", "60", command]).status == 0 else { return nil }
    defer { _ = runMeasured(["tmux", "kill-session", "-t", session]) }
    func screen() -> String {
        let pipe = Pipe(), process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "capture-pane", "-p", "-t", session]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
    func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<600 {
            if condition() { return true }
            usleep(50_000)
        }
        return false
    }
    // A large collection starts from the places nearby and reads the rest behind the first frame: wait for all of it.
    guard waitFor({ let text = screen(); return text.contains("artworks in") && !text.contains("reading the rest") }) else { return nil }
    _ = runMeasured(["tmux", "send-keys", "-t", session, "Tab", "Down", "Enter"])
    guard waitFor({ screen().contains("┌ Artwork") }) else { return nil }
    _ = runMeasured(["tmux", "send-keys", "-t", session, "Escape"])
    if zoomOuts > 0 {
        _ = runMeasured(["tmux", "send-keys", "-t", session] + Array(repeating: "-", count: zoomOuts))
        guard waitFor({ screen().contains("Map · \(scale)") }) else { return nil }
        // The detailed world layer is read behind the frame: let it land and be drawn.
        usleep(2_000_000)
    }
    _ = runMeasured(["tmux", "send-keys", "-t", session, "q"])
    guard waitFor({ ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").contains("\n") }) else { return nil }
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1024 }
}
