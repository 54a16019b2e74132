import COsmium
import Catalog
import Foundation
import Geo

/// Reads an OpenStreetMap file (`.osm`, `.osm.pbf`, `.osm.gz`, `.osm.bz2`) through libosmium and sends the
/// base layer and the walking graph to a sink as they are read; artworks (`tourism=artwork`) come back in the
/// result. Multipolygons are assembled by osmium's area assembler.
public final class OSMImporter {
    private let sink: MapImportSink
    private let collection: String
    private let progress: ((MapImportProgress) -> Void)?
    private var result = MapImportResult()
    /// Where each artwork id sits in `result.artworks`: an id met again replaces the first, so the count is what is stored.
    private var artworkIndex: [String: Int] = [:]
    private var failure: Error?
    /// Nodes of walkable ways, and the sides of walkable areas: after the read, a node lying on a side
    /// without being one of its nodes is joined to both ends of that side.
    private let walkNodes = SpilledNodes()
    private var areaSides: [(from: Int64, to: Int64, a: GeoPoint, b: GeoPoint, name: String)] = []

    private init(sink: MapImportSink, collection: String, progress: ((MapImportProgress) -> Void)?) {
        self.sink = sink
        self.collection = collection
        self.progress = progress
    }

    /// Imports `path` into `sink`, reading the file once from one open descriptor. Throws `CartographyError`
    /// naming the file for a missing, unknown, corrupt, truncated or over-limit file, and rethrows the sink's
    /// errors; either way the caller rolls back.
    public static func run(path: String, collection: String, sink: MapImportSink,
                           progress: ((MapImportProgress) -> Void)? = nil) throws -> MapImportResult {
        let format = try format(of: path)
        // Non-blocking, so a FIFO named x.osm cannot hang the open; fstat refuses it next.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw CartographyError("cannot open the file (\(String(cString: strerror(errno)))); check the path", file: path)
        }
        defer { close(descriptor) }
        return try run(descriptor: descriptor, format: format, path: path, collection: collection, sink: sink, progress: progress)
    }

    /// Imports the file open on `descriptor` (read from its start; not closed here). `path` only names it in
    /// messages: what is read is the file the descriptor holds, whatever the name points to by now.
    public static func run(descriptor: Int32, format: String, path: String, collection: String, sink: MapImportSink,
                           progress: ((MapImportProgress) -> Void)? = nil) throws -> MapImportResult {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CartographyError("cannot read the file (\(String(cString: strerror(errno))))", file: path)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CartographyError("is a directory, not an OpenStreetMap file; give the path of an .osm or .osm.pbf file", file: path)
        default: throw CartographyError("is not a regular file (a device, pipe or socket); save the data to a file first", file: path)
        }
        return try read(path: path, collection: collection, sink: sink, progress: progress) { limits, handlers, error, size in
            cosmium_read_fd(descriptor, format, limits, handlers, error, size)
        }
    }

    /// Imports OpenStreetMap data held in memory (`format` as for a descriptor), for the fuzzer and tests.
    public static func run(data: Data, format: String, path: String, collection: String, sink: MapImportSink) throws -> MapImportResult {
        try data.withUnsafeBytes { bytes in
            try read(path: path, collection: collection, sink: sink, progress: nil) { limits, handlers, error, size in
                cosmium_read_memory(bytes.baseAddress, bytes.count, format, limits, handlers, error, size)
            }
        }
    }

    /// The osmium format names a file name can ask for.
    private enum Format: String { case pbf, osm, osmGz = "osm.gz", osmBz2 = "osm.bz2" }

    /// The osmium format a file name asks for.
    public static func format(of path: String) throws -> String {
        let name = path.lowercased()
        if name.hasSuffix(".osm.pbf") || name.hasSuffix(".pbf") { return Format.pbf.rawValue }
        if name.hasSuffix(".osm") { return Format.osm.rawValue }
        if name.hasSuffix(".osm.gz") { return Format.osmGz.rawValue }
        if name.hasSuffix(".osm.bz2") { return Format.osmBz2.rawValue }
        throw CartographyError("not an OpenStreetMap file (the name must end in .osm, .osm.pbf, .osm.gz or .osm.bz2)", file: path)
    }

    private static func read(path: String, collection: String, sink: MapImportSink, progress: ((MapImportProgress) -> Void)?,
                             _ reader: (UnsafePointer<cosmium_limits>, UnsafePointer<cosmium_handlers>, UnsafeMutablePointer<CChar>, Int) -> Int32) throws -> MapImportResult {
        let importer = OSMImporter(sink: sink, collection: collection, progress: progress)
        var limits = cosmium_limits(way_refs: OSMLimits.wayNodes, relation_members: OSMLimits.relationMembers,
                                    area_points: OSMLimits.multipolygonPoints, objects_per_byte: OSMLimits.objectsPerByte,
                                    objects_floor: OSMLimits.objectsFloor, area_work: OSMLimits.multipolygonWork,
                                    file_area_work: OSMLimits.fileMultipolygonWork)
        var handlers = cosmium_handlers(
            context: Unmanaged.passUnretained(importer).toOpaque(),
            node: { context, node in
                guard let context, let node else { return 1 }
                return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().read(node.pointee)
            },
            way: { context, way in
                guard let context, let way else { return 1 }
                return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().read(way.pointee)
            },
            relation: { context, _, _ in
                guard let context else { return 1 }
                return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().readRelation()
            },
            area: { context, area in
                guard let context, let area else { return 1 }
                return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().read(area.pointee)
            },
            assembly: { context, _, work, _ in
                guard let context else { return 1 }
                Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().result.multipolygonWork += Int(clamping: work)
                return 0
            })
        let errorSize = 1024
        let error = UnsafeMutablePointer<CChar>.allocate(capacity: errorSize)
        error.initialize(repeating: 0, count: errorSize)
        defer { error.deallocate() }
        let rc = withExtendedLifetime(importer) { reader(&limits, &handlers, error, errorSize) }
        if let failure = importer.failure { throw failure }
        if Int(rc) == Int(COSMIUM_OK) {
            try importer.joinNodesLyingOnAreaSides()
            importer.report(fraction: 1)
        }
        // osmium's messages can quote the file (an element name, a string): no control characters, and short.
        let message = String(String.UnicodeScalarView(String(cString: error).unicodeScalars.filter {
            !CharacterSet.controlCharacters.contains($0) && $0.properties.generalCategory != .format
        }).prefix(300))
        switch Int(rc) {
        case Int(COSMIUM_OK): break
        case Int(COSMIUM_REFUSED):
            throw CartographyError("\(message); artmap refuses the file (use an extract made by osmium or the OpenStreetMap servers)", file: path)
        default:
            throw CartographyError("cannot read it as OpenStreetMap data (\(message.isEmpty ? "read error" : message)); the file is damaged, truncated or not OpenStreetMap", file: path)
        }
        guard importer.result.nodes > 0 else {
            throw CartographyError("no OpenStreetMap nodes in the file (empty or not OpenStreetMap data)", file: path)
        }
        return importer.result
    }

    // MARK: - Callbacks

    private func read(_ node: cosmium_node) -> Int32 {
        result.nodes += 1
        if result.nodes % 20_000 == 0 { report() }
        guard node.located != 0, node.tag_count > 0, let rawTags = node.tags,
              Self.hasTourismTag(rawTags, count: node.tag_count) else { return 0 }
        let tags = Self.tags(rawTags, count: node.tag_count)
        let point = GeoPoint(latitude: node.latitude, longitude: node.longitude)
        return guarded {
            if MapTags.isArtwork(tags) {
                add(MapTags.artwork(id: "node/\(node.id)", tags: tags, at: point.coordinate, collection: collection))
            } else if MapTags.isLandmark(tags) {
                try emit(MapFeature(sourceID: "node/\(node.id)", kind: .landmark, name: MapTags.name(tags), parts: [[point]],
                                    properties: MapTags.nameProperties(tags)))
            }
        }
    }

    private func read(_ way: cosmium_way) -> Int32 {
        result.ways += 1
        if result.ways % 5_000 == 0 { report() }
        let count = way.ref_count
        guard count > 0, way.tag_count > 0, let rawTags = way.tags, let refs = way.refs, let located = way.located,
              let latitudes = way.latitudes, let longitudes = way.longitudes else { return 0 }
        let tags = Self.tags(rawTags, count: way.tag_count)
        let closed = count >= 4 && refs[0] == refs[count - 1]
        let kind = MapTags.kind(tags, closed: closed)
        let walkable = MapTags.isWalkable(tags)
        let artwork = MapTags.isArtwork(tags)
        let landmark = MapTags.isLandmark(tags)
        guard kind != nil || walkable || artwork || landmark else { return 0 }
        let id = "way/\(way.id)"
        return guarded {
            var points: [GeoPoint] = []
            var ids: [Int64] = []
            points.reserveCapacity(count)
            ids.reserveCapacity(count)
            for i in 0..<count where located[i] != 0 {
                points.append(GeoPoint(latitude: latitudes[i], longitude: longitudes[i]))
                ids.append(refs[i])
            }
            guard !points.isEmpty else { return }
            let unwrapped = Self.unwrapped(points)
            let name = MapTags.name(tags)
            if let kind, unwrapped.count >= 2 {
                try emit(MapFeature(sourceID: id, kind: kind, name: name, parts: [unwrapped], properties: MapTags.nameProperties(tags)))
            }
            let shape = MapFeature(sourceID: id, kind: closed ? .otherArea : .otherLine, name: name, parts: [unwrapped])
            if artwork {
                add(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection))
            }
            if landmark {
                try emit(MapFeature(sourceID: id, kind: .landmark, name: name, parts: [[shape.centroid]], properties: MapTags.nameProperties(tags)))
            }
            if walkable {
                let acrossArea = closed && MapTags.isWalkableArea(tags)
                result.edges += try sink.addWalk(along: points, ids: ids, street: name, kind: acrossArea ? .area : MapTags.walkKind(tags))
                if acrossArea {
                    for i in points.indices.dropFirst() where ids[i - 1] != ids[i] {
                        areaSides.append((ids[i - 1], ids[i], points[i - 1], points[i], name))
                    }
                } else {
                    for i in points.indices { walkNodes.append(id: ids[i], point: points[i]) }
                }
                if acrossArea, points.count == count {
                    for (i, j) in AreaCrossing.pairs(points) where ids[i] != ids[j] {
                        try sink.add(WalkEdge(from: ids[i], to: ids[j], fromPoint: points[i], toPoint: points[j],
                                              metres: Geodesic.distance(from: points[i].coordinate, to: points[j].coordinate), street: name, kind: .area))
                        result.edges += 1
                    }
                }
                guard result.edges <= OSMLimits.walkingEdges else {
                    throw CartographyError("more than \(OSMLimits.grouped(OSMLimits.walkingEdges)) walking edges, more than artmap keeps from one file; use a smaller extract")
                }
            }
        }
    }

    /// Joins each node of a walkable way that lies on a side of a pedestrian area (within
    /// `OSMLimits.onSideMetres`) without being one of the area's nodes to both ends of that side, so a street
    /// drawn up to a square's edge walks onto it.
    private func joinNodesLyingOnAreaSides() throws {
        guard !areaSides.isEmpty else { return }
        let cell = 0.0005
        func key(_ lat: Double, _ lon: Double) -> Int64 { Int64((lat / cell).rounded(.down)) &* 1_000_000 &+ Int64((lon / cell).rounded(.down)) }
        var grid: [Int64: [Int32]] = [:]
        for (index, side) in areaSides.enumerated() {
            let rows = Int64((min(side.a.latitude, side.b.latitude) / cell).rounded(.down))...Int64((max(side.a.latitude, side.b.latitude) / cell).rounded(.down))
            let columns = Int64((min(side.a.longitude, side.b.longitude) / cell).rounded(.down))...Int64((max(side.a.longitude, side.b.longitude) / cell).rounded(.down))
            // A side longer than a few hundred metres is left to its nodes.
            guard rows.count * columns.count <= 64 else { continue }
            for row in rows { for column in columns { grid[row &* 1_000_000 &+ column, default: []].append(Int32(index)) } }
        }
        var joined = Set<[Int64]>()
        try walkNodes.forEach { id, point in
            let node = (id: id, point: point)
            for index in grid[key(node.point.latitude, node.point.longitude)] ?? [] {
                let side = areaSides[Int(index)]
                guard node.id != side.from, node.id != side.to else { continue }
                let plane = LocalProjection(center: node.point.coordinate)
                let a = plane.project(side.a.coordinate), b = plane.project(side.b.coordinate)
                let dx = b.east - a.east, dy = b.north - a.north
                let squared = dx * dx + dy * dy
                guard squared > 0 else { continue }
                let t = min(1, max(0, -(a.east * dx + a.north * dy) / squared))
                let x = a.east + t * dx, y = a.north + t * dy
                guard (x * x + y * y).squareRoot() <= OSMLimits.onSideMetres else { continue }
                // Each end once, though the node may lie on two sides meeting there; a node at the very spot
                // of an end (a duplicate node, as real data has) is joined to it with no length.
                for (end, point) in [(side.from, side.a), (side.to, side.b)] where joined.insert([node.id, end]).inserted {
                    try sink.add(WalkEdge(from: node.id, to: end, fromPoint: node.point, toPoint: point,
                                          metres: Geodesic.distance(from: node.point.coordinate, to: point.coordinate), street: side.name, kind: .area))
                    result.edges += 1
                }
            }
        }
    }

    private func readRelation() -> Int32 {
        result.relations += 1
        return 0
    }

    /// A multipolygon assembled by osmium: drawn when its tags make it an area, an artwork when tagged so.
    private func read(_ area: cosmium_area) -> Int32 {
        guard let rawTags = area.tags, let ends = area.ring_ends, let latitudes = area.latitudes, let longitudes = area.longitudes else { return 0 }
        let tags = Self.tags(rawTags, count: area.tag_count)
        let id = "relation/\(area.relation_id)"
        if area.missing_members > 0, result.notes.count < 20 {
            let missing = area.missing_members
            result.notes.append("\(id): \(missing) member way\(missing == 1 ? "" : "s") outside the file; drawn from the rest")
        }
        guard let kind = MapTags.kind(tags, closed: true), kind.isArea else { return 0 }
        var rings: [[GeoPoint]] = []
        var ringIDs: [[Int64]] = []
        var start = 0
        for r in 0..<area.ring_count {
            let end = min(ends[r], area.point_count)
            guard start < end else { continue }
            let ring = (start..<end).map { GeoPoint(latitude: latitudes[$0], longitude: longitudes[$0]) }
            if ring.count >= 4 {
                rings.append(Self.unwrapped(ring))
                if let ids = area.node_ids { ringIDs.append((start..<end).map { ids[$0] }) }
            }
            start = end
        }
        guard !rings.isEmpty else { return 0 }
        return guarded {
            try emit(MapFeature(sourceID: id, kind: kind, name: MapTags.name(tags), parts: rings, properties: MapTags.nameProperties(tags)))
            if MapTags.isWalkableArea(tags), MapTags.isWalkable(tags), ringIDs.count == rings.count {
                // A pedestrian multipolygon: its rings walked, and crossed when it has no hole.
                let name = MapTags.name(tags)
                for (ring, ids) in zip(rings, ringIDs) {
                    result.edges += try sink.addWalk(along: ring, ids: ids, street: name, kind: .area)
                    for i in ring.indices.dropFirst() where ids[i - 1] != ids[i] {
                        areaSides.append((ids[i - 1], ids[i], ring[i - 1], ring[i], name))
                    }
                }
                if rings.count == 1, let ring = rings.first, let ids = ringIDs.first {
                    for (i, j) in AreaCrossing.pairs(ring) where ids[i] != ids[j] {
                        try sink.add(WalkEdge(from: ids[i], to: ids[j], fromPoint: ring[i], toPoint: ring[j],
                                              metres: Geodesic.distance(from: ring[i].coordinate, to: ring[j].coordinate), street: name, kind: .area))
                        result.edges += 1
                    }
                }
                guard result.edges <= OSMLimits.walkingEdges else {
                    throw CartographyError("more than \(OSMLimits.grouped(OSMLimits.walkingEdges)) walking edges, more than artmap keeps from one file; use a smaller extract")
                }
            }
            if MapTags.isArtwork(tags) {
                let shape = MapFeature(sourceID: id, kind: kind, name: "", parts: rings)
                add(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection))
            }
        }
    }

    // MARK: - Helpers

    private func add(_ artwork: Artwork) {
        if let index = artworkIndex[artwork.id] {
            result.artworks[index] = artwork
        } else {
            artworkIndex[artwork.id] = result.artworks.count
            result.artworks.append(artwork)
        }
    }

    private func emit(_ feature: MapFeature) throws {
        try sink.add(feature)
        result.features += 1
    }

    /// Runs `body`, turning a thrown error into a stop of the read (remembered, rethrown by `run`).
    private func guarded(_ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch {
            failure = error
            return 1
        }
    }

    /// Tells the progress callback the counts so far; a fraction of 1 once the whole file is read.
    private func report(fraction: Double? = nil) {
        progress?(MapImportProgress(nodes: result.nodes, ways: result.ways, relations: result.relations, fraction: fraction))
    }

    private static func hasTourismTag(_ tags: UnsafePointer<cosmium_tag>, count: Int) -> Bool {
        for i in 0..<count {
            if let key = tags[i].key, strcmp(key, "tourism") == 0 { return true }
        }
        return false
    }

    static func tags(_ tags: UnsafePointer<cosmium_tag>, count: Int) -> [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        for i in 0..<count {
            guard let key = tags[i].key, let value = tags[i].value else { continue }
            result[String(cString: key)] = String(cString: value)
        }
        return result
    }

    /// Keeps longitudes continuous along a line: a step of more than 180° is taken the short way round,
    /// so a way across the antimeridian stays a short line (its box may reach past ±180).
    static func unwrapped(_ points: [GeoPoint]) -> [GeoPoint] {
        guard var previous = points.first?.longitude else { return points }
        var result = points
        for i in result.indices.dropFirst() {
            var lon = result[i].longitude
            while lon - previous > 180 { lon -= 360 }
            while previous - lon > 180 { lon += 360 }
            result[i].longitude = lon
            previous = lon
        }
        return result
    }
}
