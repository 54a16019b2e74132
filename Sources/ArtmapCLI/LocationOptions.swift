import Foundation
import Geo
import Location

/// The location options shared by the full-screen view, `watch` and `list`.
struct LocationOptions {
    static let specs = [
        OptionSpec(name: "--gpx", valueName: "FILE", help: "replay a GPX walk (wpt, trkpt or rtept; times set the pace)"),
        OptionSpec(name: "--speed", valueName: "X", help: "replay speed factor (default 1)"),
        OptionSpec(name: "--loop", valueName: nil, help: "replay the GPX file again and again"),
        OptionSpec(name: "--distance-filter", valueName: "METRES", help: "move only after this far (default 25)"),
    ]

    let replay: GPXReplay?
    let gpxName: String?
    let loop: Bool
    let filter: DistanceFilter

    init(_ options: ParsedOptions, command: String?) throws {
        if let path = options.value("--gpx") {
            var speed = 1.0
            if let text = options.value("--speed") {
                guard let value = Double(text), value.isFinite, value > 0 else {
                    throw CLIError.usage("option --speed needs a number > 0, got '\(text)'", command: command)
                }
                speed = value
            }
            do {
                replay = GPXReplay(points: try GPXTrack.load(path: path), speed: speed)
            } catch {
                throw CLIError("\(error)")
            }
            gpxName = URL(fileURLWithPath: path).lastPathComponent
        } else {
            if options.value("--speed") != nil || options.has("--loop") {
                throw CLIError.usage("--speed and --loop go with --gpx FILE", command: command)
            }
            replay = nil
            gpxName = nil
        }
        loop = options.has("--loop")
        filter = DistanceFilter(threshold: try options.metres("--distance-filter", command: command) ?? 25)
    }

    /// Where the walk starts, when there is one.
    var firstPoint: Coordinate? { replay?.points.first?.coordinate }

    /// The source's name for the status bar and `watch`.
    var sourceLabel: String { gpxName.map { "GPX \($0)" } ?? "fixed point" }
}
