import Catalog
import Foundation
import Runtime
import Geo
import Location

/// The location options shared by the full-screen view, `watch` and `list`.
struct LocationOptions {
    static let specs = [
        OptionSpec(name: "--gpx", valueName: "FILE", help: "replay a GPX walk (wpt, trkpt or rtept; times set the pace)"),
        OptionSpec(name: "--speed", valueName: "X", help: "replay speed factor (default 1)"),
        OptionSpec(name: "--loop", valueName: nil, help: "replay the GPX file again and again"),
        OptionSpec(name: "--gpsd", valueName: "HOST[:PORT]", help: "follow gpsd (default 127.0.0.1:2947)", valueIsOptional: true),
        OptionSpec(name: "--max-error", valueName: "METRES", help: "ignore gpsd fixes less accurate than this (default 50)"),
        OptionSpec(name: "--distance-filter", valueName: "METRES", help: "move only after this far (default 25)"),
    ]

    /// The options of commands that measure from one fix (`list`): a walk's first point or gpsd's first fix.
    static let firstFixSpecs = [
        OptionSpec(name: "--gpx", valueName: "FILE", help: "measure from the first point of a GPX file"),
        OptionSpec(name: "--gpsd", valueName: "HOST[:PORT]", help: "measure from gpsd's first good fix (waits up to 10 s)", valueIsOptional: true),
        OptionSpec(name: "--max-error", valueName: "METRES", help: "with --gpsd: ignore fixes less accurate than this (default 50)"),
    ]

    let replay: GPXReplay?
    let gpxName: String?
    let loop: Bool
    let filter: DistanceFilter
    let gpsd: GpsdAddress?
    let maxError: Double

    /// `console` hears progress while a long GPX file is read (on a terminal).
    init(_ options: ParsedOptions, command: String?, console: Console? = nil, defaultFilter: Double = 25) throws {
        if let path = options.value("--gpx") {
            var speed = 1.0
            if let text = options.value("--speed") {
                guard let value = DecimalText.double(text), value > 0 else {
                    throw CLIError.usage("option --speed needs a decimal number > 0, got '\(DisplayText.clean(text))'", command: command)
                }
                speed = value
            }
            do {
                let showProgress = console != nil && isatty(STDERR_FILENO) == 1
                let points = try GPXTrack.load(path: path) { count in
                    if showProgress { console?.progress("\r\u{1B}[Kreading \(DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)): \(count) points") }
                }
                if showProgress && points.count >= 50_000 { console?.progress("\r\u{1B}[K") }
                replay = GPXReplay(points: points, speed: speed)
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
        if let text = options.value("--gpsd") {
            guard replay == nil else { throw CLIError.usage("use either --gpx or --gpsd, not both", command: command) }
            do {
                gpsd = try GpsdAddress(text)
            } catch {
                throw CLIError.usage("option --gpsd: \(error)", command: command)
            }
        } else {
            gpsd = nil
        }
        maxError = try options.metres("--max-error", command: command) ?? 50
        loop = options.has("--loop")
        filter = DistanceFilter(threshold: try options.metres("--distance-filter", command: command) ?? defaultFilter)
    }

    /// The fixed point of `--at` (default: the Ashton Building), with an error naming the option.
    static func referencePoint(_ options: ParsedOptions, command: String?) throws -> Coordinate {
        guard let text = options.value("--at") else { return .ashtonBuilding }
        do {
            return try Coordinate.parse(text)
        } catch {
            throw CLIError.usage("option --at: \(DisplayText.clean("\(error)"))", command: command)
        }
    }

    /// Where the walk starts, when there is one.
    /// The same source, as the run loop takes it.
    var source: LocationSource {
        LocationSource(replay: replay, gpxName: gpxName, loop: loop, filter: filter, gpsd: gpsd, maxError: maxError)
    }

    var firstPoint: Coordinate? { replay?.points.first?.coordinate }

    /// The source's name for the status bar and `watch`.
    var sourceLabel: String {
        if let gpxName { return "GPX \(gpxName)" }
        if let gpsd { return "gpsd \(gpsd.description)" }
        return "fixed point"
    }

    /// Waits for gpsd's first fix good enough to apply, up to `timeout` seconds.
    func firstGpsdFix(timeout: TimeInterval) async throws -> Coordinate? {
        guard let gpsd else { return nil }
        let stream = AsyncStream<GpsdEvent> { continuation in
            let client = GpsdClient(address: gpsd, maxError: maxError) { continuation.yield($0) }
            continuation.onTermination = { _ in client.stop() }
            client.start()
        }
        let found = Task { () -> Coordinate? in
            for await event in stream {
                if case .fix(let coordinate, _) = event { return coordinate }
            }
            return nil
        }
        let timer = Task {
            try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            found.cancel()
        }
        defer { timer.cancel() }
        guard let coordinate = await found.value else {
            throw CLIError("no usable fix from gpsd at \(gpsd.description) within \(Int(timeout)) s")
        }
        return coordinate
    }
}
