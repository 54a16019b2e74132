import Catalog
import Foundation
import Geo

/// Reads a GeoJSON `FeatureCollection`: lines and polygons whose properties carry OpenStreetMap keys
/// become the base layer (unknown ones are kept as plain lines and areas, properties and all), points
/// become artworks unless they are museums or galleries, and walkable lines join the walking graph at
/// shared positions.
public enum GeoJSONImporter {
    /// The most text one feature may have (16 MB, about 800,000 positions); a larger one is skipped with a
    /// note, so no single feature's parsed values can outgrow the file many times over.
    public static let maxFeatureBytes = 16 * 1_048_576
    /// The most properties a feature keeps; keys longer than 100 characters are dropped, and values are
    /// held to `FieldLimits.information` characters.
    public static let maxProperties = 200

    /// How to read a file beyond what it says itself: a forced coordinate system and column overrides.
    public struct Options: Sendable {
        /// `--crs`: read every position in this system, whatever the file says.
        public var crs: CoordinateSystem?
        /// `--field`: artwork field name → the file's column.
        public var fields: [String: String]

        public init(crs: CoordinateSystem? = nil, fields: [String: String] = [:]) {
            self.crs = crs
            self.fields = fields
        }
    }

    /// Imports `data` (read from `path`, named in errors) into `sink`. The file is read feature by feature
    /// (`JSONValue.parseObject(streaming:)`): at most one feature's values exist at a time, so memory is
    /// the file's bytes plus one feature, however many features it has. A first pass (`survey`) finds the
    /// property names and the range of the positions, from which the columns and coordinate system are chosen.
    public static func run(data: Data, path: String, collection: String, sink: MapImportSink, options: Options = Options()) throws -> MapImportResult {
        let survey = try self.survey(data, path: path)
        let plan = try self.plan(survey, options: options, path: path)
        var result = MapImportResult()
        if let note = plan.note { result.notes.append(note) }
        let converter: PositionConverter
        do {
            converter = try PositionConverter(plan.crs)
        } catch let error as CartographyError {
            throw CartographyError(error.message, file: path)
        }
        var pass = Pass(converter: converter, fields: plan.fields, collection: collection)
        _ = try parse(data, path: path) { index, element in
            // Checked outside the per-feature catch: too many is the whole file's refusal, not one feature skipped.
            guard result.artworks.count < MapImportResult.maxArtworks else {
                throw CartographyError("feature \(index + 1): more than \(MapImportResult.maxArtworks) artworks, more than artmap imports from one file (split it)", file: path)
            }
            do {
                switch element {
                case .success(let item): try pass.read(item, index: index, sink: sink, into: &result)
                case .failure(let error): throw CartographyError(error.message)
                }
            } catch let error as CartographyError {
                if result.notes.count < 20 { result.notes.append("feature \(index + 1): \(error.message); skipped") }
            }
        }
        guard result.features > 0 || !result.artworks.isEmpty else {
            throw CartographyError("no usable features (\(survey.elements) in the file)\(refusal(survey, converter: converter))", file: path)
        }
        result.unique(pass.ids)
        result.artworks = namedByAddress(result.artworks)
        return result
    }

    /// What a first pass over a file found: its property names, its `crs` member and where its positions lie.
    public struct Survey: Sendable {
        /// Property names, each once, in the order first seen (at most 500).
        public var keys: [String] = []
        /// What each of those properties holds, in the same order.
        public var profiles: [ColumnProfile] = []
        /// The `crs` member's name or code (`urn:ogc:def:crs:EPSG::3857`), when there is one.
        public var crsName: String?
        public var elements = 0
        public var positions = 0
        /// Positions outside longitude/latitude range, and of those, how many are outside Web Mercator's too.
        public var outsideLonLat = 0, outsideBoth = 0
        /// The first feature (1-based) with a position outside longitude/latitude range, and that position.
        public var firstOutsideLonLat: (feature: Int, x: Double, y: Double)?
        /// The first with a position outside both ranges.
        public var firstOutsideBoth: (feature: Int, x: Double, y: Double)?
        /// The first positions outside longitude/latitude range (up to 200), to try national grids on.
        var planarSamples: [(x: Double, y: Double)] = []
    }

    /// Reads `data` once for its property names, `crs` member and the range of its positions.
    public static func survey(_ data: Data, path: String) throws -> Survey {
        var survey = Survey()
        var seen = Set<String>()
        var slot: [String: Int] = [:]
        let top = try parse(data, path: path) { index, element in
            guard case .success(.object(let feature)) = element else { return }
            if case .object(let properties)? = feature["properties"] {
                // Values are profiled only where columns are read: points that are public-art records (lines,
                // areas and OpenStreetMap points are read by their tags).
                var marks: [String: String] = [:]
                for key in ["tourism", "@id", "collection"] where properties[key] != nil { marks[key] = "" }
                let isRecord = !isOpenStreetMap(feature, tags: marks)
                    && { if case .object(let g)? = feature["geometry"], case .string("Point")? = g["type"] { return true }; return false }()
                for (key, value) in properties.members {
                    if !seen.contains(key), survey.keys.count < 500 {
                        seen.insert(key)
                        survey.keys.append(key)
                        survey.profiles.append(ColumnProfile(name: key))
                        slot[key] = survey.profiles.count - 1
                    }
                    if isRecord, let at = slot[key], let text = text(of: value) { survey.profiles[at].add(text) }
                }
            }
            if case .object(let geometry)? = feature["geometry"] {
                tally(geometry["coordinates"], feature: index + 1, into: &survey)
            }
        }
        survey.elements = top.elements
        if case .object(let crs)? = top.object["crs"], case .object(let properties)? = crs["properties"] {
            switch properties["name"] ?? properties["code"] {
            case .string(let name)?: survey.crsName = name
            case .number(let code)? where code == code.rounded() && abs(code) < 1e9: survey.crsName = "EPSG:\(Int(code))"
            default: survey.crsName = "(unnamed)"
            }
        }
        return survey
    }

    /// How a file is read: its coordinate system (why, and the note when it was guessed) and its columns.
    public struct Plan: Sendable {
        public var system: SystemChoice
        public var crs: CoordinateSystem { system.system }
        public var note: String? { system.note }
        public var fields: PublicArtFields
    }

    /// The columns and the coordinate system a file is read with: `--crs`, else its crs member (any EPSG code PROJ
    /// knows), else what its positions look like.
    public static func plan(_ survey: Survey, options: Options, path: String) throws -> Plan {
        let fields: PublicArtFields
        do {
            fields = try PublicArtFields.choose(profiles: survey.profiles, overrides: options.fields)
        } catch let error as CartographyError {
            throw CartographyError(error.message, file: path)
        }
        var evidence = SystemChoice.Evidence(forced: options.crs)
        evidence.stated = survey.crsName.map { ($0, "its crs member") }
        evidence.planarSamples = survey.planarSamples
        (evidence.positions, evidence.outsideLonLat, evidence.outsideBoth) = (survey.positions, survey.outsideLonLat, survey.outsideBoth)
        do {
            return Plan(system: try SystemChoice.choose(evidence), fields: fields)
        } catch let error as CartographyError {
            throw CartographyError(error.message, file: path)
        }
    }

    /// Why nothing was usable, when positions are to blame: ": coordinates out of range: feature 3 has […]".
    static func refusal(_ survey: Survey, converter: PositionConverter) -> String {
        func shown(_ bad: (feature: Int, x: Double, y: Double)) -> String { "feature \(bad.feature) has [\(bad.x), \(bad.y)]" }
        switch converter.system {
        case .lonLat:
            guard let bad = survey.firstOutsideLonLat else { return "" }
            let mercator = survey.firstOutsideBoth == nil
                ? "; if the file is in Web Mercator metres, give --crs EPSG:3857"
                : "; \(shown(survey.firstOutsideBoth ?? bad)), outside Web Mercator's range too: reproject the file to EPSG:4326"
            return ": coordinates out of range: \(shown(bad)), not a longitude and latitude\(mercator)"
        case .webMercator:
            guard let bad = survey.firstOutsideBoth else { return "" }
            return ": coordinates out of range: \(shown(bad)), outside Web Mercator's range (EPSG:3857)"
        case .epsg:
            return ": no position transformed from \(converter.label) to a place on the earth; is the crs member right? (give --crs EPSG:N)"
        }
    }

    /// Artworks that share a point are named, as a group, by their common address (the location notes a
    /// public-art record's address fills) unless they already name a building.
    static func namedByAddress(_ artworks: [Artwork]) -> [Artwork] {
        var byPoint: [Coordinate: [Int]] = [:]
        for (i, artwork) in artworks.enumerated() where artwork.building == nil { byPoint[artwork.coordinate, default: []].append(i) }
        var named = artworks
        for members in byPoint.values where members.count > 1 {
            guard let address = members.lazy.map({ artworks[$0].locationNotes }).first(where: { !$0.isEmpty }) else { continue }
            let name = FieldLimits.cut(address, to: FieldLimits.building) ?? address
            for i in members { named[i].building = name }
        }
        return named
    }

    /// A property's value as text: strings as they are, whole numbers without a fraction, booleans as yes/no.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let string): return string
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): return flag ? "yes" : "no"
        default: return nil
        }
    }

    /// The streaming parse every pass uses, with its errors said as a map import's.
    private static func parse(_ data: Data, path: String, each: (Int, Result<JSONValue, CatalogError>) throws -> Void) throws -> (object: JSONObject, elements: Int) {
        let top: (object: JSONObject, elements: Int)
        do {
            top = try JSONValue.parseObject(data, streaming: "features", maxElementBytes: maxFeatureBytes, each: each)
        } catch let error as CatalogError {
            throw CartographyError("not valid JSON (\(String(error.message.prefix(160))))", file: path)
        }
        guard case .string("FeatureCollection")? = top.object["type"], case .array? = top.object["features"] else {
            throw CartographyError("not a GeoJSON FeatureCollection (expected {\"type\":\"FeatureCollection\",\"features\":[…]})", file: path)
        }
        return top
    }

    /// Counts the positions in a geometry's coordinates (any nesting) by the ranges they lie in.
    private static func tally(_ value: JSONValue?, feature: Int, into survey: inout Survey) {
        guard case .array(let items)? = value, !items.isEmpty else { return }
        if items.count >= 2, case .number(let x) = items[0], case .number(let y) = items[1] {
            survey.positions += 1
            guard !CoordinateSystem.isLonLat(x, y) || !x.isFinite || !y.isFinite else { return }
            survey.outsideLonLat += 1
            if survey.planarSamples.count < 200, x.isFinite, y.isFinite { survey.planarSamples.append((x, y)) }
            if survey.firstOutsideLonLat == nil { survey.firstOutsideLonLat = (feature, x, y) }
            if !CoordinateSystem.isMercator(x, y) || !x.isFinite || !y.isFinite {
                survey.outsideBoth += 1
                if survey.firstOutsideBoth == nil { survey.firstOutsideBoth = (feature, x, y) }
            }
            return
        }
        for item in items { tally(item, feature: feature, into: &survey) }
    }

    /// One reading of the features, in a chosen coordinate system and with chosen columns.
    private struct Pass {
        let converter: PositionConverter
        let fields: PublicArtFields
        let collection: String
        /// Each artwork's given id, settled once every feature is read: no made-up id is one the file gives.
        var ids = RecordIDs(noun: "feature")
        /// Where each OpenStreetMap element's artwork is in the result, by its id (`node/1`).
        var elements: [String: Int] = [:]

        init(converter: PositionConverter, fields: PublicArtFields, collection: String) {
            self.converter = converter
            self.fields = fields
            self.collection = collection
        }

        mutating func read(_ item: JSONValue, index: Int, sink: MapImportSink, into result: inout MapImportResult) throws {
            guard case .object(let feature) = item, case .string("Feature")? = feature["type"] else {
                throw CartographyError("not a Feature object")
            }
            var tags: [String: String] = [:]
            if case .object(let properties)? = feature["properties"] {
                for (key, value) in properties.members where key.utf8.count <= 100 {
                    guard tags[key] != nil || tags.count < maxProperties else { break }
                    guard let text = GeoJSONImporter.text(of: value) else { continue }
                    tags[key] = FieldLimits.cut(text, to: FieldLimits.information) ?? text
                }
            }
            let openStreetMap = isOpenStreetMap(feature, tags: tags)
            if openStreetMap, tags["name"] == nil, let title = tags["title"] { tags["name"] = title }
            let osmID = sourceID(feature, tags: tags)
            let id = osmID ?? "feature/\(index + 1)"
            guard case .object(let geometry)? = feature["geometry"], case .string(let type)? = geometry["type"] else {
                throw CartographyError("no geometry")
            }
            let coordinates = geometry["coordinates"]
            switch type {
            case "Point":
                let point = try position(coordinates)
                if MapTags.isLandmark(tags) {
                    try sink.add(MapFeature(sourceID: id, kind: .landmark, name: MapTags.name(tags), parts: [[point]], properties: tags))
                    result.features += 1
                } else if openStreetMap {
                    keep(MapTags.artwork(id: id, tags: tags, at: point.coordinate, collection: collection), given: osmID ?? "", index: index, into: &result, element: osmID != nil)
                } else {
                    let given = recordID(feature, tags: tags)
                    keep(fields.artwork(id: given, properties: tags, at: point.coordinate, collection: collection), given: given, index: index, into: &result)
                }
            case "LineString", "MultiLineString":
                let lines = type == "LineString" ? [try line(coordinates)] : try list(coordinates).map(line)
                let kind = MapTags.kind(tags, closed: false) ?? .otherLine
                let parts = lines.map(OSMImporter.unwrapped).filter { $0.count >= 2 }
                guard !parts.isEmpty else { throw CartographyError("a line needs at least two positions") }
                try sink.add(MapFeature(sourceID: id, kind: kind.isArea ? .otherLine : kind, name: MapTags.name(tags), parts: parts, properties: tags))
                result.features += 1
                if MapTags.isWalkable(tags) {
                    for part in parts { result.edges += try sink.addWalk(along: part, ids: part.map(nodeID), street: MapTags.name(tags), kind: MapTags.walkKind(tags)) }
                }
                if MapTags.isArtwork(tags), let first = parts.first {
                    let shape = MapFeature(sourceID: id, kind: .otherLine, name: "", parts: [first])
                    keep(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection), given: osmID ?? "", index: index, into: &result, element: osmID != nil)
                }
            case "Polygon", "MultiPolygon":
                let polygons = type == "Polygon" ? [try list(coordinates).map(line)] : try list(coordinates).map { try list($0).map(line) }
                let rings = polygons.joined().map(OSMImporter.unwrapped).filter { $0.count >= 4 }
                guard !rings.isEmpty else { throw CartographyError("a polygon ring needs at least four positions") }
                var kind = MapTags.kind(tags, closed: true) ?? .otherArea
                if !kind.isArea { kind = .otherArea }
                let shape = MapFeature(sourceID: id, kind: kind, name: MapTags.name(tags), parts: rings, properties: tags)
                try sink.add(shape)
                result.features += 1
                if MapTags.isArtwork(tags) {
                    keep(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection), given: osmID ?? "", index: index, into: &result, element: osmID != nil)
                }
                if MapTags.isLandmark(tags) {
                    try sink.add(MapFeature(sourceID: id, kind: .landmark, name: MapTags.name(tags), parts: [[shape.centroid]]))
                    result.features += 1
                }
            default:
                throw CartographyError("geometry type \(type) is not read")
            }
        }

        /// An artwork kept, with the id its feature gives ("" when none) for `ids`.
        /// An OpenStreetMap element (`element`) met again is the same artwork, as in an .osm file: the later replaces it.
        private mutating func keep(_ artwork: Artwork, given: String, index: Int, into result: inout MapImportResult, element: Bool = false) {
            if element, let earlier = elements[given] {
                result.artworks[earlier] = artwork
                return
            }
            if element { elements[given] = result.artworks.count }
            result.artworks.append(artwork)
            ids.add(given: given, at: index + 1, madeUp: "feature/\(index + 1)")
        }

        /// A public-art record's id: its id column, else the feature's `id`, else "" (a number is made up for it
        /// once every feature is read).
        private func recordID(_ feature: JSONObject, tags: [String: String]) -> String {
            var candidates = [fields.value(.id, in: tags)]
            switch feature["id"] {
            case .string(let text)?: candidates.append(text.trimmed)
            case .number(let number)? where number == number.rounded() && abs(number) < 1e15: candidates.append(String(Int64(number)))
            default: break
            }
            return candidates.first { !$0.isEmpty }.map { FieldLimits.cut($0, to: FieldLimits.id) ?? $0 } ?? ""
        }

        private func line(_ value: JSONValue?) throws -> [GeoPoint] {
            try list(value).map(position)
        }

        private func position(_ value: JSONValue?) throws -> GeoPoint {
            // Numbers only: `[true, false]`, strings and nulls are not a position (JSON booleans are not 1 and 0).
            guard case .array(let pair)? = value, pair.count >= 2,
                  case .number(let x) = pair[0], case .number(let y) = pair[1] else {
                throw CartographyError("a position must be [longitude, latitude] (two numbers)")
            }
            guard let (lon, lat) = converter.lonLat(x, y) else {
                throw CartographyError(converter.system == .lonLat ? "position [\(x), \(y)] is outside the world" : converter.refusal(x, y))
            }
            return GeoPoint(latitude: lat, longitude: lon)
        }
    }

    /// Whether a feature comes from OpenStreetMap (an Overpass or osmium export): OSM ids or `tourism` tags. Its
    /// points are read with OpenStreetMap's keys; any other point is a public-art record read with the chosen columns.
    private static func isOpenStreetMap(_ feature: JSONObject, tags: [String: String]) -> Bool {
        if tags["tourism"] != nil || tags["@id"] != nil { return true }
        // An artmap export of OpenStreetMap artworks keeps their `node/…` ids but is public-art records: it has a `collection`.
        if tags["collection"] == nil, case .string(let id)? = feature["id"], ["node/", "way/", "relation/"].contains(where: { id.hasPrefix($0) }) { return true }
        return false
    }

    /// `node/123` style ids when the feature has one (as Overpass exports do), else nil (it is `feature/N`).
    private static func sourceID(_ feature: JSONObject, tags: [String: String]) -> String? {
        var featureID: String?
        if case .string(let text)? = feature["id"] { featureID = text }
        let candidates = [featureID, tags["@id"], tags["id"]].compactMap { $0 }
        if let osm = candidates.first(where: { id in ["node/", "way/", "relation/"].contains { id.hasPrefix($0) } }) {
            return String(osm.prefix(100))
        }
        return nil
    }

    /// A node id for a position, so lines that share a position share a graph node (negative: never an OSM id).
    static func nodeID(_ p: GeoPoint) -> Int64 {
        let lat = Int64((p.latitude * 1e7).rounded()) + 900_000_000
        var lonDegrees = p.longitude
        while lonDegrees > 180 { lonDegrees -= 360 }
        while lonDegrees < -180 { lonDegrees += 360 }
        let lon = Int64((lonDegrees * 1e7).rounded()) + 1_800_000_000
        return -(lat << 32 | lon) - 1
    }

    private static func list(_ value: JSONValue?) throws -> [JSONValue] {
        guard case .array(let array)? = value else { throw CartographyError("coordinates are not an array") }
        return array
    }
}
