import Catalog
import Foundation
import Runtime
import Geo
import Location

/// The location options as given, shared by the full-screen view, `watch` and `list`: a group nested in
/// each command's options (`LocationOptions` turns them into a source, reading the GPX file).
struct LocationInput {
    var gpx: String?
    var speed: Double?
    var loop = false
    var gpsd: GpsdAddress?
    var geoclue = false
    var maxError: Double?
    var distanceFilter: Double?

    /// The options of commands that follow a source (the view, `watch`).
    static let declarations: [OptionDeclaration<LocationInput>] = [
        .option("--gpx", \.gpx, .path, help: "replay a GPX walk (wpt, trkpt or rtept; times set the pace)"),
        .option("--speed", \.speed, .number(within: 0.01...1000, unit: "a factor", valueName: "X"), help: "replay speed factor, 0.01 to 1000 (default 1)"),
        .flag("--loop", \.loop, help: "replay the GPX file again and again"),
        .option("--gpsd", \.gpsd, .gpsd, help: "follow gpsd (default 127.0.0.1:2947)", valueIsOptional: true),
        .flag("--geoclue", \.geoclue, help: "follow GeoClue2, the desktop's location service, over the system bus"),
        .option("--max-error", \.maxError, .metres, help: "ignore gpsd or GeoClue fixes less accurate than this (default 50)"),
        .option("--distance-filter", \.distanceFilter, .metres, help: "move only after this far (default 25)"),
    ]

    /// The options of commands that measure from one fix (`list`): a walk's first point or gpsd's first fix.
    static let firstFixDeclarations: [OptionDeclaration<LocationInput>] = [
        .option("--gpx", \.gpx, .path, help: "measure from the first point of a GPX file"),
        .option("--gpsd", \.gpsd, .gpsd, help: "measure from gpsd's first good fix (waits up to 10 s)", valueIsOptional: true),
        .flag("--geoclue", \.geoclue, help: "measure from GeoClue2's first good fix (waits up to \(Int(LocationOptions.geoClueWait)) s)"),
        .option("--max-error", \.maxError, .metres, help: "with --gpsd or --geoclue: ignore fixes less accurate than this (default 50)"),
    ]

    /// The live sources of commands that start from one fix and take no GPX walk in (`walk`, `route`, `fetch`).
    static let liveStartDeclarations: [OptionDeclaration<LocationInput>] = firstFixDeclarations.filter { $0.spec.name != "--gpx" }

    /// Whether a source was asked for by an option (`--gpx`, `--gpsd`, `--geoclue`).
    var sourceGiven: Bool { gpx != nil || gpsd != nil || geoclue }
}

/// A location source made from the options: the GPX walk read, gpsd's address, the filters.
struct LocationOptions {
    let replay: GPXReplay?
    let gpxName: String?
    let loop: Bool
    let filter: DistanceFilter
    private(set) var gpsd: GpsdAddress?
    /// Follows GeoClue2 on the system bus.
    private(set) var geoclue: Bool
    /// How the live source was chosen when no option asked for it: "location.source = auto" (nil: by an option, or none).
    private(set) var chosenBy: String?
    /// The system bus to ask GeoClue on (DBUS_SYSTEM_BUS_ADDRESS); nil: glib's default.
    let busAddress: String?
    let maxError: Double
    /// How long `list --geoclue` waits for the first good fix.
    static let geoClueWait: TimeInterval = 15

    /// `console` hears progress while a long GPX file is read (on a terminal); `environment` names the system bus.
    init(_ given: LocationInput, command: String?, console: Console? = nil, defaultFilter: Double = 25,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let path = given.gpx {
            do {
                let showProgress = console != nil && isatty(STDERR_FILENO) == 1
                let points = try GPXTrack.load(path: path) { count in
                    if showProgress { console?.progress("\r\u{1B}[Kreading \(DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)): \(count) points") }
                }
                if showProgress && points.count >= 50_000 { console?.progress("\r\u{1B}[K") }
                replay = GPXReplay(points: points, speed: given.speed ?? 1)
            } catch {
                throw CLIError("\(error)")
            }
            gpxName = URL(fileURLWithPath: path).lastPathComponent
        } else {
            if given.speed != nil || given.loop {
                throw CLIError.usage("--speed and --loop go with --gpx FILE", command: command)
            }
            replay = nil
            gpxName = nil
        }
        if given.gpsd != nil, replay != nil { throw CLIError.usage("use either --gpx or --gpsd, not both", command: command) }
        if given.geoclue, replay != nil || given.gpsd != nil {
            throw CLIError.usage("use one of --gpx, --gpsd and --geoclue", command: command)
        }
        gpsd = given.gpsd
        geoclue = given.geoclue
        chosenBy = nil
        busAddress = environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        maxError = given.maxError ?? 50
        loop = given.loop
        filter = DistanceFilter(threshold: given.distanceFilter ?? defaultFilter)
    }

    /// Where the walk starts, when there is one.
    /// The same source, as the run loop takes it.
    var source: LocationSource {
        LocationSource(replay: replay, gpxName: gpxName, loop: loop, filter: filter, gpsd: gpsd, maxError: maxError,
                       geoclue: geoclue, busAddress: busAddress)
    }

    var firstPoint: Coordinate? { replay?.points.first?.coordinate }

    /// The source's name for the status bar and `watch`.
    var sourceLabel: String {
        let via = chosenBy.map { ", \($0)" } ?? ""
        if let gpxName { return "GPX \(gpxName)" }
        if let gpsd { return "gpsd \(gpsd.description)\(via)" }
        if geoclue { return "GeoClue\(via)" }
        return "fixed point"
    }

    /// Whether a live source is followed (GPX, gpsd or GeoClue), by an option or by `location.source`.
    var isLive: Bool { replay != nil || gpsd != nil || geoclue }

    /// With no source asked for by an option, the one the `location.source` setting names (issue 44): `gpsd` (the
    /// default address), `geoclue`, or `auto`: gpsd when one answers at 127.0.0.1:2947, else GeoClue when it is on
    /// the system bus, else none (home). `fixed`, nil or anything else: none.
    mutating func follow(setting: String?) {
        guard !isLive, let setting = setting?.lowercased() else { return }
        let address = (try? GpsdAddress(nil))
        switch setting {
        case "gpsd":
            gpsd = address
        case "geoclue":
            geoclue = true
        case "auto":
            if let address, GpsdClient.answers(at: address) {
                gpsd = address
            } else if GeoClueClient.isOnBus(busAddress: busAddress) {
                geoclue = true
            }
        default:
            return
        }
        if isLive { chosenBy = "\(Setting.locationSource) = \(setting)" }
    }

    /// The first good fix of the live source (gpsd: up to 10 s; GeoClue: up to `geoClueWait`): nil when none is
    /// followed, else the fix or why there is none (said by the caller, who then starts at home).
    func firstLiveFix() async -> Result<Coordinate, CLIError>? {
        guard gpsd != nil || geoclue else { return nil }
        do {
            let fix = geoclue ? try await firstGeoClueFix(timeout: LocationOptions.geoClueWait) : try await firstGpsdFix(timeout: 10)
            return fix.map { .success($0) }
        } catch let error as CLIError {
            return .failure(error)
        } catch {
            return .failure(CLIError("\(error)"))
        }
    }

    /// Waits for GeoClue's first fix good enough to apply, up to `timeout` seconds; GeoClue absent, or without an
    /// agent, ends the wait at once with what it said.
    func firstGeoClueFix(timeout: TimeInterval) async throws -> Coordinate? {
        guard geoclue else { return nil }
        let stream = AsyncStream<GeoClueEvent> { continuation in
            let client = GeoClueClient(busAddress: busAddress, maxError: maxError) { continuation.yield($0) }
            continuation.onTermination = { _ in client.stop() }
            client.start()
        }
        let errorLimit = Int(maxError)
        let found = Task { () -> Result<Coordinate, CLIError> in
            var connected = false
            for await event in stream {
                switch event {
                case .fix(let coordinate, _): return .success(coordinate)
                case .failed(let error, _, _): return .failure(CLIError(error.message))
                case .connected: connected = true
                default: continue
                }
            }
            return .failure(CLIError(connected
                ? "no usable fix from GeoClue within \(Int(timeout)) s (it answered, but gave no position within --max-error \(errorLimit) m)"
                : "GeoClue did not answer within \(Int(timeout)) s"))
        }
        let timer = Task {
            try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            found.cancel()
        }
        defer { timer.cancel() }
        return try await found.value.get()
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
