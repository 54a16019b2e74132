import Foundation
import CReadOSM
import Catalog
import Geo

/// Reads an OpenStreetMap file (`.osm` XML or `.osm.pbf`) in one streaming pass and sends the base layer
/// and the walking graph to a sink; artworks (`tourism=artwork`) come back in the result.
public final class OSMImporter {
    private let sink: MapImportSink
    private let collection: String
    private let progress: ((MapImportProgress) -> Void)?
    private var nodes = NodeCoordinates()
    private var wayNodes = WayNodeLists()
    private var nodesFinished = false
    private var result = MapImportResult()
    private var failure: Error?

    private init(sink: MapImportSink, collection: String, progress: ((MapImportProgress) -> Void)?) {
        self.sink = sink
        self.collection = collection
        self.progress = progress
    }

    /// Imports `path` into `sink`. Throws `CartographyError` naming the file for a missing, unknown,
    /// corrupt or truncated file, and rethrows the sink's errors; either way the caller rolls back.
    public static func run(path: String, collection: String, sink: MapImportSink,
                           progress: ((MapImportProgress) -> Void)? = nil) throws -> MapImportResult {
        if path.lowercased().hasSuffix(".osm") { try OSMXMLCheck.check(path: path) }
        let file = try OSMFile(path: path)
        let importer = OSMImporter(sink: sink, collection: collection, progress: progress)
        let context = Unmanaged.passUnretained(importer).toOpaque()
        let rc = file.parse(context: context, node: { context, node in
            guard let context, let node else { return artmap_readosm_abort() }
            return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().read(node.pointee)
        }, way: { context, way in
            guard let context, let way else { return artmap_readosm_abort() }
            return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().read(way.pointee)
        }, relation: { context, relation in
            guard let context, let relation else { return artmap_readosm_abort() }
            return Unmanaged<OSMImporter>.fromOpaque(context).takeUnretainedValue().read(relation.pointee)
        })
        withExtendedLifetime(importer) {}
        if let failure = importer.failure { throw failure }
        guard rc == artmap_readosm_ok() else { throw CartographyError(OSMFile.message(rc), file: path) }
        guard importer.result.nodes > 0 else { throw CartographyError("no OpenStreetMap nodes in the file (empty or not OpenStreetMap data)", file: path) }
        return importer.result
    }

    // MARK: - Callbacks

    private func read(_ node: readosm_node) -> Int32 {
        result.nodes += 1
        if result.nodes % 20_000 == 0 { report() }
        guard node.latitude.isFinite, node.longitude.isFinite, abs(node.latitude) <= 90, abs(node.longitude) <= 180 else { return 0 }
        nodes.append(id: node.id, latitude: node.latitude, longitude: node.longitude)
        guard node.tag_count > 0, let rawTags = node.tags, Self.hasTourismTag(rawTags, count: Int(node.tag_count)) else { return 0 }
        let tags = Self.tags(rawTags, count: Int(node.tag_count))
        let point = GeoPoint(latitude: node.latitude, longitude: node.longitude)
        return guarded {
            if MapTags.isArtwork(tags) {
                result.artworks.append(MapTags.artwork(id: "node/\(node.id)", tags: tags, at: point.coordinate, collection: collection))
            } else if MapTags.isLandmark(tags) {
                try emit(MapFeature(sourceID: "node/\(node.id)", kind: .landmark, name: MapTags.name(tags), parts: [[point]]))
            }
        }
    }

    private func read(_ way: readosm_way) -> Int32 {
        if !nodesFinished {
            nodes.finish()
            nodesFinished = true
        }
        result.ways += 1
        if result.ways % 5_000 == 0 { report() }
        let count = Int(way.node_ref_count)
        guard count > 0, let refs = way.node_refs else { return 0 }
        let references = UnsafeBufferPointer(start: refs, count: count)
        wayNodes.append(id: way.id, nodes: references)
        guard way.tag_count > 0, let rawTags = way.tags else { return 0 }
        let tags = Self.tags(rawTags, count: Int(way.tag_count))
        let closed = count >= 4 && references.first == references.last
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
            for ref in references {
                guard let point = nodes.point(ref) else { continue }
                points.append(point)
                ids.append(ref)
            }
            guard !points.isEmpty else { return }
            let unwrapped = Self.unwrapped(points)
            let name = MapTags.name(tags)
            if let kind, unwrapped.count >= 2 {
                try emit(MapFeature(sourceID: id, kind: kind, name: name, parts: [unwrapped]))
            }
            let shape = MapFeature(sourceID: id, kind: closed ? .otherArea : .otherLine, name: name, parts: [unwrapped])
            if artwork {
                result.artworks.append(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection))
            }
            if landmark {
                try emit(MapFeature(sourceID: id, kind: .landmark, name: name, parts: [[shape.centroid]]))
            }
            if walkable { result.edges += try sink.addWalk(along: points, ids: ids, street: name) }
        }
    }

    private func read(_ relation: readosm_relation) -> Int32 {
        if !nodesFinished {
            nodes.finish()
            nodesFinished = true
        }
        if result.relations == 0 { wayNodes.finish() }
        result.relations += 1
        guard relation.tag_count > 0, let rawTags = relation.tags, relation.member_count > 0, let members = relation.members else { return 0 }
        let tags = Self.tags(rawTags, count: Int(relation.tag_count))
        guard tags["type"] == "multipolygon", let kind = MapTags.kind(tags, closed: true), kind.isArea else { return 0 }
        var pieces: [[Int64]] = []
        var missing = 0
        for member in UnsafeBufferPointer(start: members, count: Int(relation.member_count)) where member.member_type == READOSM_MEMBER_WAY {
            if let refs = wayNodes.nodes(ofWay: member.id), refs.count >= 2 { pieces.append(Array(refs)) } else { missing += 1 }
        }
        let rings = Self.rings(from: pieces).compactMap { ring -> [GeoPoint]? in
            let points = ring.compactMap { nodes.point($0) }
            return points.count >= 4 ? Self.unwrapped(points) : nil
        }
        if missing > 0, result.notes.count < 20 {
            result.notes.append("relation/\(relation.id): \(missing) member way\(missing == 1 ? "" : "s") outside the file; drawn from the rest")
        }
        guard !rings.isEmpty else { return 0 }
        let id = "relation/\(relation.id)"
        return guarded {
            try emit(MapFeature(sourceID: id, kind: kind, name: MapTags.name(tags), parts: rings))
            if MapTags.isArtwork(tags) {
                let shape = MapFeature(sourceID: id, kind: kind, name: "", parts: rings)
                result.artworks.append(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection))
            }
        }
    }

    // MARK: - Helpers

    private func emit(_ feature: MapFeature) throws {
        try sink.add(feature)
        result.features += 1
    }

    /// Runs `body`, turning a thrown error into an abort of the parse (remembered, rethrown by `run`).
    private func guarded(_ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch {
            failure = error
            return artmap_readosm_abort()
        }
    }

    private func report() {
        progress?(MapImportProgress(nodes: result.nodes, ways: result.ways, relations: result.relations, fraction: nil))
    }

    private static func hasTourismTag(_ tags: UnsafePointer<readosm_tag>, count: Int) -> Bool {
        for i in 0..<count {
            if let key = tags[i].key, strcmp(key, "tourism") == 0 { return true }
        }
        return false
    }

    static func tags(_ tags: UnsafePointer<readosm_tag>, count: Int) -> [String: String] {
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

    /// Joins way pieces end to end into closed rings (by shared node ids), reversing pieces as needed;
    /// pieces that never close are dropped.
    static func rings(from pieces: [[Int64]]) -> [[Int64]] {
        var open = pieces.filter { $0.count >= 2 }
        var rings: [[Int64]] = []
        while !open.isEmpty {
            var ring = open.removeLast()
            var grew = true
            while ring.first != ring.last, grew {
                grew = false
                for i in open.indices {
                    let piece = open[i]
                    if piece.first == ring.last {
                        ring += piece.dropFirst()
                    } else if piece.last == ring.last {
                        ring += piece.reversed().dropFirst()
                    } else {
                        continue
                    }
                    open.remove(at: i)
                    grew = true
                    break
                }
            }
            if ring.count >= 4, ring.first == ring.last { rings.append(ring) }
        }
        return rings
    }
}
