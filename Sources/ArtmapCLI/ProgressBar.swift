import Cartography
import Foundation

/// A one-line progress bar on stderr while a file is read, only on a terminal. How far through the file
/// the reader is comes from the kernel's file position for it (/proc/self/fdinfo), so it works for a
/// reader that does its own I/O, like libosmium.
final class ProgressBar {
    private let console: Console
    private let label: String
    private let path: String
    private let size: Double
    private let enabled: Bool
    private var shown = false
    /// The furthest fraction shown: libosmium reads ahead and closes the file before it has handed over every
    /// object, so the position read from /proc falls back to the start; the bar never goes backwards.
    private var furthest = 0.0

    init(console: Console, label: String, file path: String) {
        self.console = console
        self.label = label
        self.path = URL(fileURLWithPath: path).standardizedFileURL.path
        size = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value ?? 0)
        enabled = isatty(STDERR_FILENO) == 1
    }

    func show(_ progress: MapImportProgress) {
        guard enabled else { return }
        shown = true
        let counts = "\(progress.nodes) nodes, \(progress.ways) ways"
        if progress.fraction.map({ $0 >= 1 }) == true {
            // The file is read; the store's indexes, boxes and walking graph take a few more seconds.
            console.progress("\r\u{1B}[K\(label): \(counts) read; writing the store…")
            return
        }
        guard var fraction = progress.fraction ?? position().map({ $0 / max(1, size) }) else {
            console.progress("\r\u{1B}[K\(label): \(counts)")
            return
        }
        fraction = max(furthest, min(fraction, 0.99))
        furthest = fraction
        let width = 30
        let filled = max(0, min(width, Int(fraction * Double(width))))
        console.progress("\r\u{1B}[K\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] \(Int(fraction * 100))% \(counts)")
    }

    func clear() {
        if shown { console.progress("\r\u{1B}[K") }
    }

    /// The furthest read position of this process's descriptors open on the file, if there is one (the
    /// importer holds one at the start and libosmium reads through another).
    private func position() -> Double? {
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        var furthest: Double?
        for fd in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"), target == path,
                  let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8) else { continue }
            for line in info.split(separator: "\n") where line.hasPrefix("pos:") {
                if let position = Double(line.dropFirst(4).trimmingCharacters(in: .whitespaces)) { furthest = max(furthest ?? 0, position) }
            }
        }
        return furthest
    }
}
