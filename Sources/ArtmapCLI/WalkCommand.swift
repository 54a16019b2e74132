import Cartography
import Catalog
import Foundation
import Geo
import Store

/// `artmap walk`: a walk through several artworks in the best order over the stored walking graph, each leg a
/// real route, as text, JSON or GPX.
enum WalkCommand: Command {
    static let name = "walk"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `walk`'s options.
    struct Options: CommandOptions {
        var from: Coordinate?
        var near: String?
        var services = OSMServiceInput()
        var stops: Int?
        var ids: String?
        var favourites = false
        var building: String?
        var minutes: Double?
        var speed: Double?
        var stay: Double?
        var open = false
        var unseen = false
        var end: Coordinate?
        var collection = CollectionChoice()
        var json = false
        var gpx: String?
        var save: String?
        var resume: String?
        var location = LocationInput()
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--from", \.from, .coordinate, help: "where the walk starts (default: home, the setting location.home, else where the view last was)"),
            NearOption.declaration(\.near),
            OSMServiceInput.nominatimDeclaration.lifted(\.services),
            .option("--stops", \.stops, .count(upTo: WalkCommand.maxStops), valueName: "K", help: "the K nearest artworks, 1 to 50 (default 8)"),
            .option("--ids", \.ids, .text("ID,…"), help: "these artworks (ids as 'artmap list' shows them)"),
            .flag("--favourites", \.favourites, help: "your favourites"),
            .option("--building", \.building, .text("NAME"), help: "the artworks of one building or place (any case)"),
            .option("--minutes", \.minutes, .number(within: 1...1440, unit: "minutes", valueName: "M"), help: "as many of the 12 nearest as fit in M minutes, with a stay at each"),
            .option("--speed", \.speed, .number(within: 1...10, unit: "km/h", valueName: "KM/H"), help: "walking speed for --minutes and the times shown, 1 to 10 (default: the setting walk.speed, 4.5)"),
            .option("--stay", \.stay, .number(within: 0...600, unit: "minutes", valueName: "MINUTES"), help: "minutes spent at each artwork (default: the setting walk.stay, 3)"),
            .flag("--unseen", \.unseen, help: "only artworks you have not seen yet (artmap seen list)"),
            .flag("--open", \.open, help: "end at the last artwork instead of back at the start"),
            .option("--end", \.end, .coordinate, help: "end the walk here"),
            CollectionChoice.declaration(help: "choose from this collection (default: every collection with art near the start)").lifted(\.collection),
            .flag("--json", \.json, help: "print {start, finish, total_m, walking_s, stay_s, stops, legs, left_out} as JSON"),
            .option("--gpx", \.gpx, .path, help: "also write the walk as GPX 1.1 (a track, a waypoint per stop)"),
            .option("--save", \.save, .text("NAME"), help: "keep the walk under this name (the walk screen's too), to resume or export"),
            .option("--resume", \.resume, .text("NAME"), help: "the saved walk's stops not reached yet, from --from (default where it started)"),
        ] + LocationInput.liveStartDeclarations.lifted(\.location) + StoreOption.declarations.lifted(\.store) + [.help]

        /// The ways of choosing the artworks that were given (at most one may be).
        var choicesGiven: [String] {
            zip(["--stops", "--ids", "--favourites", "--building", "--minutes"],
                [stops != nil, ids != nil, favourites, building != nil, minutes != nil]).filter(\.1).map(\.0)
        }
    }

    static let intro = [
        "Plans one walk through several artworks over the streets and paths imported or fetched, in the",
        "order that makes it shortest (exact up to 12 stops; beyond, within a percent or so), back to the",
        "start unless --open or --end says otherwise. Each leg is the walk 'artmap route' finds. An artwork",
        "no path reaches is left out and named, never the whole walk.",
    ]

    static let defaultStops = 8
    /// The most stops a walk takes: ordering costs grow as K⁴ beyond the exact range (400 stops took a minute).
    static let maxStops = 50
    static let budgetPool = TourOrder.exactLimit

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        if options.from != nil && options.near != nil {
            throw CLIError.usage("use either --from or --near, not both", command: name)
        }
        let end = options.end
        if options.open && end != nil { throw CLIError.usage("use either --open or --end, not both", command: name) }
        let chosenBy = options.choicesGiven
        guard chosenBy.count <= 1 else { throw CLIError.usage("use one of --stops, --ids, --favourites, --building and --minutes", command: name) }
        if options.resume != nil, let first = chosenBy.first {
            throw CLIError.usage("--resume walks the saved walk's stops: give it without \(first)", command: name)
        }
        let minutes = options.minutes
        let location = try LocationOptions(options.location, command: name, console: console, environment: environment)
        let store = try StoreOpening.open(options.store, environment: environment, console: console, forWriting: options.save != nil || options.resume != nil)
        // The settings `walk.speed` and `walk.stay` (the view's too) give the defaults, checked: `walk.speed = 0` is named
        // on standard error and 4.5 used.
        let settings = try SettingsReading.checked(store, console: console)
        let speed = options.speed ?? settings.walkSpeed
        let stay = options.stay ?? settings.walkStay
        let near = try await OSMServiceOptions.nearPoint(options.near, services: options.services, store: store, offline: false,
                                                         environment: environment, command: name)
        let resumed = try options.resume.map { try savedWalk($0, store: store) }
        let here = try await StartResolving.start(option: StartResolving.given(options.from, option: "--from", near: near, nearText: options.near)
                                                      ?? resumed.map { ($0.walk.start, "where the saved walk started") },
                                                  location: location, store: store, console: console, command: name)
        let start = here.coordinate
        let seenKeys: Set<ArtworkKey> = options.unseen ? Set(try store.seenMarks().map(\.key)) : []
        var artworks = try resumed?.left ?? candidates(options, store: store, start: start, pooled: minutes != nil, console: console, leaving: seenKeys)
        if options.unseen { artworks.removeAll { seenKeys.contains($0.key) } }
        guard !artworks.isEmpty else {
            if options.unseen { throw CLIError("no artworks to walk to: every one near \(here.described) is seen (artmap seen list; walk without --unseen)") }
            throw CLIError(resumed == nil ? "no artworks to walk to: none near the start, and none named" : "every stop of the walk is reached")
        }
        let finish: WalkFinish = end.map(WalkFinish.at) ?? (options.open ? .open : resumed.map { $0.finish(from: start) } ?? .round)
        let choice: WalkChoice = minutes.map { .within(seconds: $0 * 60, metresPerSecond: speed / 3.6, staySeconds: stay * 60) } ?? .all
        let planned = try WalkPlanner.planOrStraight(from: start, artworks: artworks, finish: finish, choice: choice, source: store)
        // No streets at the start: planned by straight lines, and said, as `route` draws a straight line.
        if case .success(let plan) = planned, let why = plan.straightBecause {
            console.error("artmap walk: planned by straight lines, since \(why.message(start: here.described))")
        }
        switch planned {
        case .failure(let why) where WalkPlanner.wantsStraightLines(why):
            throw CLIError("no walk: none of the artworks is within \(DistanceText.format(WalkPlanner.straightLineReach)) of \(here.described), "
                           + "to walk to by straight lines, and \(why.message(start: "the start"))")
        case .failure(let why):
            throw CLIError("no walk: \(why.message(start: here.described))")
        case .success(let plan) where plan.stops.isEmpty && minutes != nil:
            throw CLIError(try nothingFits(artworks, from: start, finish: finish, minutes: minutes ?? 0, kmPerHour: speed, stay: stay, store: store))
        case .success(let plan):
            var shape = WalkShape(plan: plan, finish: finish, metresPerSecond: speed / 3.6, staySeconds: stay * 60)
            shape.origin = here.originLabel
            shape.unseenOnly = options.unseen
            if let saveName = options.save { try save(plan, finish: finish, as: saveName, store: store, console: console) }
            if let path = options.gpx {
                let content = ExportFormat.Content(artworks: plan.stops, route: ("Art walk", plan.legs.flatMap(\.points)), name: "Art walk")
                try OutputFile.write(Array(ExportFormat.gpx.render(content).utf8), to: path, console: console)
            }
            if options.json {
                console.line(JSONWriter.render(shape.json))
            } else {
                for line in shape.text { console.line(line) }
            }
            return plan.stops.isEmpty ? 1 : 0
        }
    }

    /// `--minutes` too short for any artwork (issue 50): one line saying so, what the nearest needs and what to try.
    static func nothingFits(_ artworks: [Artwork], from start: Coordinate, finish: WalkFinish, minutes: Double, kmPerHour: Double,
                            stay: Double, store: CatalogStore) throws -> String {
        let nearest = artworks.min { Geodesic.distance(from: start, to: $0.coordinate) < Geodesic.distance(from: start, to: $1.coordinate) }
        let given = "\(Int(minutes.rounded())) min"
        guard let nearest, case .success(let alone) = try WalkPlanner.planOrStraight(from: start, artworks: [nearest], finish: finish,
                                                                                     choice: .all, source: store) else {
            return "no artwork fits in \(given); try a longer --minutes"
        }
        let needed = Int(((alone.totalMetres / (kmPerHour / 3.6) + stay * 60) / 60).rounded(.up))
        let stayText = (stay == stay.rounded() ? String(Int(stay)) : String(format: "%.1f", stay)) + " min"
        return "no artwork fits in \(given): the nearest, '\(DisplayText.clean(nearest.title))', needs \(needed) min with a stay of \(stayText); "
            + "try --minutes \(needed)" + (stay > 0 ? " or --stay 0" : "")
    }

    /// At most `maxStops` of `artworks`, the nearest to `start`, saying on standard error when some were left out.
    static func capped(_ artworks: [Artwork], from start: Coordinate, what: String, console: Console) -> [Artwork] {
        guard artworks.count > maxStops else { return artworks }
        console.error("artmap walk: a walk takes at most \(maxStops) stops: the \(maxStops) nearest of the \(artworks.count) \(what)")
        return Array(artworks.sorted { Geodesic.distance(from: start, to: $0.coordinate) < Geodesic.distance(from: start, to: $1.coordinate) }.prefix(maxStops))
    }

    /// The artworks to choose from: the named ones, the favourites, or the nearest (12 for a time budget).
    /// `leaving` (with --unseen, the seen ones) are never chosen: the nearest K are the nearest K not among them.
    static func candidates(_ options: Options, store: CatalogStore, start: Coordinate, pooled: Bool, console: Console,
                           leaving: Set<ArtworkKey> = []) throws -> [Artwork] {
        if let ids = options.ids {
            let list = ids.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !list.isEmpty else { throw CLIError.usage("option --ids needs ids separated by commas", command: name) }
            // An id given twice (or two spellings of one artwork) is one stop.
            var seen = Set<String>(), named: [Artwork] = []
            for id in list where seen.insert(id).inserted {
                if seen.count > maxStops * 4 { break }
                let artwork = try ArtworkLookup.find(id, in: options.collection, store: store)
                if !named.contains(where: { $0.key == artwork.key }) { named.append(artwork) }
            }
            guard named.count <= maxStops else {
                throw CLIError.usage("a walk takes at most \(maxStops) stops; --ids names \(named.count > maxStops * 4 ? "more than \(maxStops * 4)" : String(named.count)) artworks", command: name)
            }
            return named
        }
        if options.favourites {
            return capped(try store.favouriteArtworks().filter { !leaving.contains($0.key) }, from: start, what: "favourites", console: console)
        }
        var collections = [try options.collection.collection(in: store, at: start)]
        let together = try options.collection.collectionsShownTogether(in: store, at: start, metres: nil)
        if together.count > 1 { collections = together }
        let ranked = CatalogQuery(artworks: try store.artworks(collections: collections, fields: .listing)).ranked(from: start)
        if let building = options.building {
            let names = ranked.map(\.name)
            guard let match = ranked.first(where: { $0.name.caseInsensitiveCompare(building) == .orderedSame }) else {
                throw CLIError("no building or place named '\(DisplayText.clean(building))' near the start\(Suggestion.hint(for: building, among: names))")
            }
            return capped(match.artworks.map(\.artwork).filter { !leaving.contains($0.key) }, from: start, what: "artworks in \(match.name)", console: console)
        }
        let count = pooled ? budgetPool : options.stops ?? defaultStops
        return Array(ranked.lazy.flatMap(\.artworks).map(\.artwork).filter { !leaving.contains($0.key) }.prefix(count))
    }
}

/// A planned walk as the command prints it: text lines or the documented JSON.
struct WalkShape {
    let plan: ArtWalkPlan
    let finish: WalkFinish
    let metresPerSecond: Double
    let staySeconds: Double
    /// Where the start came from ("home: Mikonkatu"), said beside it.
    var origin: String?
    /// Only artworks not seen yet were chosen (`--unseen`).
    var unseenOnly = false

    var walkingSeconds: Double { plan.totalMetres / metresPerSecond }
    var staySecondsTotal: Double { Double(plan.stops.count) * staySeconds }

    var finishName: String {
        switch finish {
        case .round: return "round"
        case .open: return "open"
        case .at: return "end"
        }
    }

    static func minutes(_ seconds: Double) -> String { "\(max(1, Int((seconds / 60).rounded()))) min" }

    var text: [String] {
        let s = plan.start
        var lines = ["Art walk from \(String(format: "%.5f,%.5f", s.latitude, s.longitude))\(origin.map { " (\(DisplayText.clean($0)))" } ?? ""): \(plan.stops.count) \(unseenOnly ? "unseen " : "")stop\(plan.stops.count == 1 ? "" : "s"), "
            + "\(DistanceText.format(plan.totalMetres)), \(Self.minutes(walkingSeconds)) walking + \(Self.minutes(staySecondsTotal)) at the stops"
            + (finish == .round ? ", back to the start" : finish == .open ? ", ending at the last" : ", ending at the point given")
            + (plan.byStraightLines ? " (by straight lines: no streets here)" : "")]
        var elapsed = 0.0
        for (i, leg) in plan.legs.enumerated() {
            elapsed += leg.totalMetres / metresPerSecond
            let to: String
            if i < plan.stops.count {
                let a = plan.stops[i]
                let by = [a.artist, a.year].map(DisplayText.clean).filter { !$0.isEmpty }.joined(separator: ", ")
                to = "\(i + 1). \(DisplayText.clean(a.title.isEmpty ? "(untitled)" : a.title))\(by.isEmpty ? "" : " — " + by)  [\(DisplayText.clean(a.id))]"
            } else {
                to = finish == .round ? "back to the start" : "to the end"
            }
            lines.append("")
            lines.append("\(to) · \(DistanceText.format(leg.totalMetres)), \(Self.minutes(leg.totalMetres / metresPerSecond)) (at \(Self.minutes(elapsed)))")
            for step in leg.steps { lines.append("    \(DisplayText.clean(step.instruction)), \(DistanceText.format(step.metres))") }
            if i < plan.stops.count { elapsed += staySeconds }
        }
        for (artwork, reason) in plan.leftOut {
            lines.append("left out: \(DisplayText.clean(artwork.title)) [\(DisplayText.clean(artwork.id))]: \(reason)")
        }
        return lines
    }

    var json: JSONWriter.Value {
        var elapsed = 0.0
        var stops: [JSONWriter.Value] = []
        for (i, artwork) in plan.stops.enumerated() {
            elapsed += plan.legs[i].totalMetres / metresPerSecond
            stops.append(.object([("order", .number(Double(i + 1))), ("id", .string(artwork.id)), ("collection", .string(artwork.collection)),
                                  ("title", .string(artwork.title)), ("latitude", .number(artwork.coordinate.latitude)),
                                  ("longitude", .number(artwork.coordinate.longitude)),
                                  ("leg_m", .number(JSONWriter.rounded(plan.legs[i].totalMetres))),
                                  ("arrive_s", .number(JSONWriter.rounded(elapsed)))]))
            elapsed += staySeconds
        }
        return .object([
            ("start", .object([("latitude", .number(plan.start.latitude)), ("longitude", .number(plan.start.longitude))])),
            ("finish", .string(finishName)),
            ("straight_lines", .bool(plan.byStraightLines)),
            ("total_m", .number(JSONWriter.rounded(plan.totalMetres))),
            ("walking_s", .number(JSONWriter.rounded(walkingSeconds))),
            ("stay_s", .number(JSONWriter.rounded(staySecondsTotal))),
            ("stops", .array(stops)),
            ("legs", .array(plan.legs.map { RouteCommand.json($0, metresPerSecond: metresPerSecond) })),
            ("left_out", .array(plan.leftOut.map { .object([("id", .string($0.artwork.id)), ("collection", .string($0.artwork.collection)),
                                                             ("title", .string($0.artwork.title)), ("reason", .string($0.reason))]) })),
        ])
    }
}
