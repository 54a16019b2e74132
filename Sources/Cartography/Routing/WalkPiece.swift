import Foundation
import Geo

/// The walking edges stored for one tile, as columns: its nodes (the ends of its edges, wherever they
/// lie), its edges between them, and the street texts they name. The store keeps one as a blob per tile
/// and write; a corridor is read as the pieces of its tiles. `components` holds the whole graph's facts
/// for each node (written after every change), so a route never needs the whole graph.
public struct WalkPiece: Sendable, Equatable {
    public var tile: Int64
    public var nodeIDs: [Int64] = []
    public var latitudes: [Double] = []
    public var longitudes: [Double] = []
    public var edgeFrom: [UInt32] = []
    public var edgeTo: [UInt32] = []
    /// The street text's index (as `WalkKind.stored`) in `streets`.
    public var edgeStreet: [UInt32] = []
    public var edgeMetres: [Double] = []
    public var streets: [String] = []
    /// Per node: its component (the smallest node id in it) and the component's node count; empty until labelled.
    public var componentKeys: [Int64] = []
    public var componentSizes: [Int32] = []
    /// Per node, its `WalkLandmarks.count` walks to its component's landmarks (node i's at i × count); empty when
    /// none are stored or they were not asked for (`decode`'s `landmarks`).
    public var landmarkMetres: [Double] = []

    public init(tile: Int64) { self.tile = tile }

    public var edgeCount: Int { edgeFrom.count }
    public func point(_ node: Int) -> GeoPoint { GeoPoint(latitude: latitudes[node], longitude: longitudes[node]) }

    /// Whether this tile's copy of edge `i` is the one to keep when the tiles in `loaded` are read: an edge
    /// kept in several tiles is taken from the smallest of them that was read.
    public func isOwnCopy(_ i: Int, loaded: WalkTileSet) -> Bool {
        var first: Int64?
        WalkTiling.forEachTile(from: point(Int(edgeFrom[i])), to: point(Int(edgeTo[i]))) { candidate in
            guard loaded.contains(candidate) else { return true }
            first = candidate
            return false
        }
        return first == tile
    }

    // MARK: - Stored bytes

    /// The version `encoded` writes (a reader takes 1 and 2).
    static let version: UInt8 = 2

    /// The piece's streets, nodes and edges as stored (the components go apart: they are rewritten alone), in
    /// version 2, read by `WalkPieceReader`:
    /// - the version, a flags byte (1: coordinates as whole 1e-7 degrees), and varints: nodes, edges, streets;
    /// - each street text: its length as a varint, then its UTF-8;
    /// - each node: its id as a zigzag varint step from the last node's (the first from 0), then its latitude and
    ///   longitude as zigzag varint steps in 1e-7 degrees, or as doubles when any coordinate of the piece would
    ///   not come back from whole 1e-7 degrees bit for bit (`FixedCoordinate`);
    /// - each edge: its start as a zigzag varint step from the last edge's end (the first from 0), its end as one
    ///   from its start, its street's number as a varint, its metres as a double.
    /// Every value read back is the one written, bit for bit. Version 1 (`encodedVersion1`, what stores before
    /// hold) had fixed-width columns: 24 bytes a node and 20 an edge.
    /// Precondition: the node and edge columns have a value for each node and edge.
    public func encoded() -> [UInt8] {
        let n = nodeIDs.count, m = edgeFrom.count
        let fixed = zip(latitudes, longitudes).allSatisfy { FixedCoordinate.units($0) != nil && FixedCoordinate.units($1) != nil }
        var writer = ByteWriter(capacity: 16 + streets.reduce(0) { $0 + 1 + $1.utf8.count } + n * (fixed ? 9 : 19) + m * 12)
        writer.byte(Self.version)
        writer.byte(fixed ? 1 : 0)
        writer.varint(n)
        writer.varint(m)
        writer.varint(streets.count)
        for street in streets {
            writer.varint(street.utf8.count)
            writer.bytes.append(contentsOf: street.utf8)
        }
        var lastID: Int64 = 0, lastLatitude: Int64 = 0, lastLongitude: Int64 = 0
        for i in 0..<n {
            writer.signed(nodeIDs[i] &- lastID)
            lastID = nodeIDs[i]
            if fixed {
                let latitude = FixedCoordinate.units(latitudes[i])!, longitude = FixedCoordinate.units(longitudes[i])!
                writer.signed(latitude &- lastLatitude)
                writer.signed(longitude &- lastLongitude)
                (lastLatitude, lastLongitude) = (latitude, longitude)
            } else {
                writer.double(latitudes[i])
                writer.double(longitudes[i])
            }
        }
        var lastTo: Int64 = 0
        for e in 0..<m {
            let from = Int64(edgeFrom[e]), to = Int64(edgeTo[e])
            writer.signed(from - lastTo)
            writer.signed(to - from)
            writer.varint(UInt64(edgeStreet[e]))
            writer.double(edgeMetres[e])
            lastTo = to
        }
        return writer.bytes
    }

    /// The components as stored beside `encoded()`'s bytes (version 2, read by `WalkComponentsReader`): a flags
    /// byte (1: with the landmark walks), the number of distinct components as a varint, each one's key and size
    /// as zigzag varints, then for each node its index among them as a varint (only when there are several) and,
    /// with the walks, its `WalkLandmarks.count` walks: each one's bits XOR the previous node's (the first node's
    /// XOR 0) without their leading zero bytes, their lengths in a byte before them (`WalkComponentsWriter`), so
    /// a walk comes back bit for bit in 6 bytes where neighbouring nodes' walks share their first 16 bits. Empty
    /// when the piece is not labelled. Precondition: a key and size per node, and a walk per node and landmark
    /// or none.
    public func encodedComponents() -> [UInt8] {
        guard !componentKeys.isEmpty else { return [] }
        var distinct: [(key: Int64, size: Int32)] = []
        var indexOf: [Int64: [(size: Int32, index: Int)]] = [:]
        var indexes: [Int] = []
        indexes.reserveCapacity(componentKeys.count)
        for (key, size) in zip(componentKeys, componentSizes) {
            if let known = indexOf[key]?.first(where: { $0.size == size }) {
                indexes.append(known.index)
                continue
            }
            indexOf[key, default: []].append((size, distinct.count))
            indexes.append(distinct.count)
            distinct.append((key, size))
        }
        let withLandmarks = !landmarkMetres.isEmpty
        var writer = WalkComponentsWriter(components: distinct, nodeCount: indexes.count, withLandmarks: withLandmarks)
        for (i, index) in indexes.enumerated() {
            writer.node(index: index, walks: withLandmarks ? landmarkMetres[WalkLandmarks.count * i..<WalkLandmarks.count * (i + 1)] : [])
        }
        return writer.bytes
    }

    /// A piece from its stored bytes (either version) and its components (`components`, as stored beside it, or
    /// none), or nil when they are not a piece (damaged, or cut short). With `landmarks`, also the walks stored in
    /// the components (a corridor reads them straight from the bytes instead).
    public static func decode(tile: Int64, _ bytes: UnsafeRawBufferPointer, components: UnsafeRawBufferPointer?,
                              landmarks: Bool = false) -> WalkPiece? {
        guard var reader = WalkPieceReader(bytes) else { return nil }
        let n = reader.nodeCount, m = reader.edgeCount
        var piece = WalkPiece(tile: tile)
        piece.streets.reserveCapacity(reader.streetCount)
        guard reader.forEachStreet({ piece.streets.append(String(decoding: $0, as: UTF8.self)) }) else { return nil }
        piece.nodeIDs.reserveCapacity(n)
        piece.latitudes.reserveCapacity(n)
        piece.longitudes.reserveCapacity(n)
        for _ in 0..<n {
            guard let node = reader.nextNode() else { return nil }
            piece.nodeIDs.append(node.id)
            piece.latitudes.append(node.latitude)
            piece.longitudes.append(node.longitude)
        }
        piece.edgeFrom.reserveCapacity(m)
        piece.edgeTo.reserveCapacity(m)
        piece.edgeStreet.reserveCapacity(m)
        piece.edgeMetres.reserveCapacity(m)
        for _ in 0..<m {
            guard let edge = reader.nextEdge() else { return nil }
            piece.edgeFrom.append(UInt32(edge.from))
            piece.edgeTo.append(UInt32(edge.to))
            piece.edgeStreet.append(UInt32(edge.street))
            piece.edgeMetres.append(edge.metres)
        }
        guard reader.isAtEnd else { return nil }
        guard let components else { return piece }
        guard var labels = WalkComponentsReader(components, nodeCount: n, pieceVersion: reader.version) else { return nil }
        guard labels.labelled else { return piece }
        piece.componentKeys.reserveCapacity(n)
        piece.componentSizes.reserveCapacity(n)
        let walks = landmarks && labels.withLandmarks
        if walks { piece.landmarkMetres.reserveCapacity(WalkLandmarks.count * n) }
        for _ in 0..<n {
            guard let component = labels.next() else { return nil }
            piece.componentKeys.append(component.key)
            piece.componentSizes.append(component.size)
            if walks { for k in 0..<WalkLandmarks.count { piece.landmarkMetres.append(labels.landmark(k)) } }
        }
        guard labels.isAtEnd else { return nil }
        return piece
    }

    // MARK: - Version 1, as stores before version 2 hold it

    /// The piece as version 1 stored it: the version, the counts as UInt32, then columns: node ids (Int64),
    /// latitudes and longitudes (doubles), edges' starts, ends and streets (UInt32), metres (doubles), then each
    /// street text after its length (UInt32). Written only to stand for an older store (tests).
    func encodedVersion1() -> [UInt8] {
        var bytes: [UInt8] = [1]
        func append<T>(_ values: [T]) { values.withUnsafeBytes { bytes.append(contentsOf: $0) } }
        append([UInt32(nodeIDs.count), UInt32(edgeFrom.count), UInt32(streets.count)])
        append(nodeIDs)
        append(latitudes)
        append(longitudes)
        append(edgeFrom)
        append(edgeTo)
        append(edgeStreet)
        append(edgeMetres)
        for street in streets {
            let utf8 = Array(street.utf8)
            append([UInt32(utf8.count)])
            bytes.append(contentsOf: utf8)
        }
        return bytes
    }

    /// The components as stored beside a version-1 piece: every key (Int64), every size (Int32), then the walks
    /// when the piece has them (12 or 44 bytes a node).
    func encodedComponentsVersion1() -> [UInt8] {
        var bytes: [UInt8] = []
        componentKeys.withUnsafeBytes { bytes.append(contentsOf: $0) }
        componentSizes.withUnsafeBytes { bytes.append(contentsOf: $0) }
        landmarkMetres.withUnsafeBytes { bytes.append(contentsOf: $0) }
        return bytes
    }
}

/// Gathers edges as an import streams them into one piece per tile they meet.
public struct WalkPieceBuilder {
    private struct Building {
        var piece: WalkPiece
        var nodes: [Int64: UInt32] = [:]
        var streets: [String: UInt32] = [:]
    }
    private var building: [Int64: Building] = [:]
    /// Edges gathered since the last `take()` (each counted once, however many tiles hold it).
    public private(set) var edgeCount = 0

    public init() {}

    public mutating func add(_ edge: WalkEdge) {
        edgeCount += 1
        let street = edge.kind.stored(edge.street)
        func append(_ entry: inout Building) {
            func node(_ id: Int64, _ point: GeoPoint) -> UInt32 {
                if let known = entry.nodes[id] { return known }
                let index = UInt32(entry.piece.nodeIDs.count)
                entry.nodes[id] = index
                entry.piece.nodeIDs.append(id)
                entry.piece.latitudes.append(point.latitude)
                entry.piece.longitudes.append(point.longitude)
                return index
            }
            entry.piece.edgeFrom.append(node(edge.from, edge.fromPoint))
            entry.piece.edgeTo.append(node(edge.to, edge.toPoint))
            let streetIndex: UInt32
            if let known = entry.streets[street] { streetIndex = known } else {
                streetIndex = UInt32(entry.piece.streets.count)
                entry.streets[street] = streetIndex
                entry.piece.streets.append(street)
            }
            entry.piece.edgeStreet.append(streetIndex)
            entry.piece.edgeMetres.append(edge.metres)
        }
        for tile in WalkTiling.tiles(from: edge.fromPoint, to: edge.toPoint) {
            append(&building[tile, default: Building(piece: WalkPiece(tile: tile))])
        }
    }

    /// The pieces gathered so far, by tile, and a fresh start.
    public mutating func take() -> [WalkPiece] {
        let pieces = building.values.map(\.piece).sorted { $0.tile < $1.tile }
        building = [:]
        edgeCount = 0
        return pieces
    }
}
