import Catalog
import Foundation
import Geo
import Store

/// `artmap list`: the catalogue grouped by building and ordered by distance, as text or JSON.
enum ListCommand: Command {
    static let name = "list"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `list`'s options.
    struct Options: CommandOptions {
        var at: Coordinate?
        var near: String?
        var services = OSMServiceInput()
        var offline = false
        var radius: Double?
        var nearest: Int?
        var collection = CollectionChoice()
        var json = false
        var location = LocationInput()
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--at", \.at, .coordinate, help: "reference point (default: home, location.home, else where the view last was, else the Ashton Building)"),
            NearOption.declaration(\.near),
            OSMServiceInput.nominatimDeclaration.lifted(\.services),
            .flag("--offline", \.offline, help: "with --near: look the place up in the store only"),
            .option("--radius", \.radius, .metres, help: "only buildings within this distance"),
            .option("--nearest", \.nearest, .count, valueName: "K", help: "only the K nearest buildings"),
            CollectionChoice.declaration(help: "list only this collection (default: every collection with art within 25 km of the point, or the nearest one)").lifted(\.collection),
            .flag("--json", \.json, help: "print JSON instead of text"),
        ] + LocationInput.firstFixDeclarations.lifted(\.location) + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Lists artworks grouped by building, nearest building first. Without --at (or a location source), a",
        "collection with nothing within 50 km of the Ashton Building is listed around its own middle.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await run(options: options, environment: environment, console: console)
    }

    /// `list` with its options already typed: what code calls (the view without a terminal lists instead), never
    /// words written for the parser.
    static func run(options: Options, environment: [String: String], console: Console) async throws -> Int32 {
        let location = try LocationOptions(options.location, command: name, console: console, environment: environment)
        if options.near != nil && options.at != nil { throw CLIError.usage("use one of --at, --near, --gpx and --gpsd", command: name) }
        let radius = options.radius
        let nearest = options.nearest
        let checked = try StoreOpening.openCheckingAlongside(options.store, environment: environment, console: console)
        let near = try await OSMServiceOptions.nearPoint(options.near, services: options.services, store: checked.store,
                                                         offline: options.offline, environment: environment, command: name)
        // One "here" (issue 44): the option, a live source's first fix (asked for, or location.source), home, where the
        // view last was, then the campus.
        let here = try await StartResolving.start(option: StartResolving.given(options.at, option: "--at", near: near, nearText: options.near),
                                                  location: location, store: checked.store, console: console, command: name)
        let reference = here.coordinate
        // A point of the user's own shows what is near it, whichever collection holds it.
        let pointGiven = !here.isBuiltIn
        var collections = [try options.collection.collection(in: checked.store, at: pointGiven ? reference : nil)]
        // Every collection with art near the point is listed together, each OpenStreetMap element once.
        let together = try options.collection.collectionsShownTogether(in: checked.store, at: reference, metres: radius)
        if together.count > 1 {
            collections = together
        } else if let radius, pointGiven, options.collection.name == nil,
                  let only = try checked.store.collectionsNear(reference, metres: radius).map(\.collection).first {
            // One collection has art within the radius: that one, though another has more within 25 km.
            collections = [only]
        }
        // Without a point of their own, a collection far from the campus is listed around its own middle.
        let followsCollection = here.isBuiltIn
        // The rows are read and ranked while the store's integrity check runs; a damaged store is replaced
        // and read again before anything is printed.
        var listing = Result { try Listing(store: checked.store, collections: collections, reference: reference,
                                           followsCollection: followsCollection, radius: radius, nearest: nearest) }
        if try checked.settleCheck(after: listing.failure) {
            listing = Result { try Listing(store: checked.store, collections: collections, reference: reference,
                                           followsCollection: followsCollection, radius: radius, nearest: nearest) }
        }
        let list = try listing.get()
        if options.json {
            var stream = JSONStream { bytes in console.write(bytes) }
            writeJSON(reference: list.reference, buildings: list.buildings, to: &stream)
            stream.raw("\n")
            stream.flush()
        } else {
            for line in text(reference: list.reference, buildings: list.buildings, totalBuildings: list.totalBuildings,
                             moreFurther: list.moreFurther, namesCollections: collections.count > 1, origin: followsCollection ? nil : here.originLabel) {
                console.line(line)
            }
            if let beyond = list.nearestBeyond, let radius {
                console.line("")
                console.line(nearestBeyondLine(beyond, radius: radius))
            } else if pointGiven, try checked.store.collectionsNear(list.reference, metres: radius ?? CollectionChoice.nearMetres).isEmpty,
               let line = CollectionChoice.nothingNearLine(nearest: list.buildings.first?.distance, metres: radius) {
                console.line("")
                console.line(line)
            }
        }
        // Freeing 100,000 artworks one by one took a tenth of a list; the process's exit frees them at once.
        leftForExit = list
        return 0
    }

    nonisolated(unsafe) private static var leftForExit: Listing?

    /// What a list shows: the ranked buildings around the reference it was measured from.
    struct Listing {
        let reference: Coordinate
        let buildings: [RankedBuilding]
        /// Every building of the collections, when they were read whole; nil when only the art near the reference
        /// was read (a radius), with `moreFurther` saying whether more lies beyond.
        let totalBuildings: Int?
        let moreFurther: Bool
        /// When nothing lies within the radius: the nearest building beyond it, to name.
        var nearestBeyond: RankedBuilding?

        /// How far beyond the radius a list within one reads: a building's artworks stand within
        /// `Building.sameBuildingMetres` of its first, so within twice that of its middle; and a building's first is
        /// found among the artworks up to that far again (issue 49).
        static let groupingMargin = 3 * Building.sameBuildingMetres

        /// The nearest building farther than `metres` from `reference`: boxes four times wider each time, each read
        /// through the collections' position index, until one holds a building no farther than the box reaches; the
        /// collections whole only beyond 10,000 km. Nil when the store has no position index or no art.
        static func nearestBeyond(store: CatalogStore, collections: [String], reference: Coordinate, metres: Double) throws -> RankedBuilding? {
            var reach = max(metres, 100) * 4
            while true {
                let whole = reach >= 10_000_000
                // Read as a list within `reach` reads (the margins of the sphere and of a building's spread), so a
                // building cut by the box is not taken at a middle nearer than its own.
                guard let artworks = whole ? try store.artworks(collections: collections, fields: .listing)
                        : try store.artworks(collections: collections, fields: .listing, near: reference,
                                             metres: reach * 1.01 + groupingMargin) else { return nil }
                let nearest = CatalogQuery(artworks: artworks).ranked(from: reference, radius: nil, nearest: 1).first
                if let nearest, whole || nearest.distance <= reach { return nearest }
                if whole { return nil }
                // A building found in the box's corner may not be the nearest: a box that reaches it all round says.
                reach = max(reach * 2, (nearest?.distance ?? 0) * 1.01)
            }
        }

        init(store: CatalogStore, collections: [String], reference: Coordinate, followsCollection: Bool,
             radius: Double?, nearest: Int?) throws {
            let known = try store.collectionNames()
            for collection in collections where !known.contains(collection) {
                throw CLIError(CollectionsCommand.unknownCollection(collection, known: known))
            }
            var reference = reference
            // Within a radius only the art near the reference is read (the collection's position index), so a list
            // costs what its area holds, not what the store holds.
            if let radius, !followsCollection || collections.count == 1 {
                if followsCollection, let middle = try store.defaultReference(collection: collections[0], home: reference) { reference = middle }
                if let near = try store.artworks(collections: collections, fields: .listing, near: reference,
                                                 metres: radius * 1.01 + Self.groupingMargin) {
                    self.reference = reference
                    let query = CatalogQuery(artworks: near)
                    buildings = query.ranked(from: reference, radius: radius, nearest: nearest)
                    totalBuildings = nil
                    // More lies beyond when a collection holds more than was listed of it (counted no further than that).
                    var listed: [String: Int] = [:]
                    for building in buildings { for ranked in building.artworks { listed[ranked.artwork.collection, default: 0] += 1 } }
                    moreFurther = try collections.contains { try store.holdsMoreThan(listed[$0] ?? 0, collection: $0) }
                    if buildings.isEmpty, moreFurther {
                        nearestBeyond = try Self.nearestBeyond(store: store, collections: collections, reference: reference, metres: radius)
                    }
                    return
                }
            }
            // Only what a list shows is read: descriptions and the rest stay in the store (long text on demand).
            let query = CatalogQuery(artworks: try store.artworks(collections: collections, fields: .listing))
            if followsCollection, let middle = query.defaultReference(home: reference) { reference = middle }
            self.reference = reference
            buildings = query.ranked(from: reference, radius: radius, nearest: nearest)
            totalBuildings = query.buildings.count
            moreFurther = buildings.count < query.buildings.count
        }
    }

    /// "nothing within 500 m of here: the nearest is Hope Street Studio, 1.2 km NE ↗ (--radius 1300 lists it)".
    static func nearestBeyondLine(_ beyond: RankedBuilding, radius: Double) -> String {
        let only = beyond.building.standsForItsArtwork ? beyond.artworks.first : nil
        let name = DisplayText.clean(only?.artwork.title ?? beyond.name)
        let compass = CompassPoint(bearing: beyond.bearing)
        // Two significant figures, rounded up: the radius that reaches the building's middle.
        let step = pow(10, max(0, floor(log10(max(beyond.distance, 1))) - 1))
        let reach = Int((beyond.distance / step).rounded(.up) * step)
        return "nothing within \(DistanceText.format(radius)) of here: the nearest is \(name.isEmpty ? "(untitled)" : name), "
            + "\(DistanceText.format(beyond.distance)) \(compass.abbreviation) \(compass.arrow) (--radius \(reach) lists it)"
    }

    /// The documented `list --json` shape, streamed: keys in this order, numbers as JSON numbers.
    static func writeJSON(reference: Coordinate, buildings: [RankedBuilding], to out: inout JSONStream) {
        out.raw("{\"reference\":{\"latitude\":")
        out.number(reference.latitude)
        out.raw(",\"longitude\":")
        out.number(reference.longitude)
        out.raw("},\"buildings\":[")
        for (i, b) in buildings.enumerated() {
            out.raw(i == 0 ? "{\"name\":" : ",{\"name\":")
            out.string(b.name)
            out.raw(",\"latitude\":")
            out.number(b.building.coordinate.latitude)
            out.raw(",\"longitude\":")
            out.number(b.building.coordinate.longitude)
            out.raw(",\"distance_m\":")
            out.tenths(b.distance)
            out.raw(",\"bearing_deg\":")
            out.tenths(b.bearing)
            out.raw(",\"artworks\":[")
            for (j, a) in b.artworks.enumerated() {
                out.raw(j == 0 ? "{\"id\":" : ",{\"id\":")
                out.string(a.artwork.id)
                out.raw(",\"title\":")
                out.string(a.artwork.title)
                if a.artwork.name != a.artwork.title {
                    // The source's own name beside the title in the reader's language (issue 46).
                    out.raw(",\"name\":")
                    out.string(a.artwork.name)
                }
                if !a.artwork.wikidata.isEmpty {
                    out.raw(",\"wikidata\":")
                    out.string(a.artwork.wikidata)
                }
                out.raw(",\"artist\":")
                out.string(a.artwork.artist)
                out.raw(",\"year\":")
                out.string(a.artwork.year)
                out.raw(",\"latitude\":")
                out.number(a.artwork.coordinate.latitude)
                out.raw(",\"longitude\":")
                out.number(a.artwork.coordinate.longitude)
                out.raw(",\"distance_m\":")
                out.tenths(a.distance)
                out.raw(",\"bearing_deg\":")
                out.tenths(a.bearing)
                out.raw(",\"collection\":")
                out.string(a.artwork.collection)
                out.raw("}")
            }
            out.raw("]}")
        }
        out.raw("]}")
    }

    /// "(11 more further away)" when every building was counted, "(more further away)" when only the art near was read.
    static func further(shown: Int, total: Int?, more: Bool) -> String {
        if let total { return shown < total ? " (\(total - shown) more further away)" : "" }
        return more ? " (more further away)" : ""
    }

    /// The list as text; `namesCollections` (several collections listed together) says which holds each artwork.
    /// `origin` names where the reference came from ("home: Helsinki"), when it is not a collection's middle.
    static func text(reference: Coordinate, buildings: [RankedBuilding], totalBuildings: Int?, moreFurther: Bool = false,
                     namesCollections: Bool = false, origin: String? = nil) -> [String] {
        let artworkCount = buildings.reduce(0) { $0 + $1.artworks.count }
        var lines = ["\(artworkCount) artwork\(artworkCount == 1 ? "" : "s") in \(buildings.count) building\(buildings.count == 1 ? "" : "s") near \(reference)"
            + (origin.map { " (\(DisplayText.clean($0)))" } ?? "")
            + further(shown: buildings.count, total: totalBuildings, more: moreFurther)]
        func describe(_ a: RankedArtwork) -> String {
            var parts = [DisplayText.clean(a.artwork.title).isEmpty ? "(untitled)" : DisplayText.clean(a.artwork.title)]
            let artist = DisplayText.clean(a.artwork.artist)
            if !artist.isEmpty { parts.append(artist) }
            let year = DisplayText.clean(a.artwork.year)
            if !year.isEmpty { parts.append(year) }
            // The id, for show ID, route --to ID and favourites add ID.
            let inCollection = namesCollections ? " in \(DisplayText.clean(a.artwork.collection))" : ""
            return parts.joined(separator: " · ") + "  [\(DisplayText.clean(a.artwork.id))\(inCollection)]"
        }
        for b in buildings {
            let compass = CompassPoint(bearing: b.bearing)
            let count = b.artworks.count
            let whereItIs = "\(DistanceText.format(b.distance)) \(compass.abbreviation) \(compass.arrow)"
            lines.append("")
            // A place that is its one artwork is listed as the artwork, not under a line repeating its title.
            if b.building.standsForItsArtwork, let only = b.artworks.first {
                lines.append(describe(only) + " — " + whereItIs)
                continue
            }
            lines.append("\(DisplayText.clean(b.name)) — \(count) artwork\(count == 1 ? "" : "s"), \(whereItIs)")
            for a in b.artworks { lines.append("    " + describe(a)) }
        }
        return lines
    }
}
