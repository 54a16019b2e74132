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
    /// Per node: its component (the smallest node id in it) and the component's node count; empty until labelled
    /// (the landmark walks stored after them are read by a corridor straight from the bytes).
    public var componentKeys: [Int64] = []
    public var componentSizes: [Int32] = []

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

    static let version: UInt8 = 1

    /// The piece's nodes, edges and streets as stored (the components go apart: they are rewritten alone).
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = [Self.version]
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

    /// The components as stored: a key and a size per node.
    public func encodedComponents() -> [UInt8] {
        var bytes: [UInt8] = []
        componentKeys.withUnsafeBytes { bytes.append(contentsOf: $0) }
        componentSizes.withUnsafeBytes { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A piece from its stored bytes, or nil when they are not a piece (damaged, or cut short).
    public static func decode(tile: Int64, _ bytes: UnsafeRawBufferPointer, components: UnsafeRawBufferPointer?) -> WalkPiece? {
        var offset = 0
        func take<T: FixedWidthInteger>(_ count: Int, _: T.Type) -> [T]? {
            let size = count * MemoryLayout<T>.size
            guard count >= 0, offset + size <= bytes.count else { return nil }
            let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                if size > 0, let base = buffer.baseAddress { memcpy(base, bytes.baseAddress! + offset, size) }
                initialized = count
            }
            offset += size
            return values
        }
        func takeDoubles(_ count: Int) -> [Double]? { take(count, UInt64.self)?.map { Double(bitPattern: $0) } }
        guard bytes.count >= 13, bytes[0] == version else { return nil }
        offset = 1
        guard let header = take(3, UInt32.self) else { return nil }
        let n = Int(header[0]), m = Int(header[1]), k = Int(header[2])
        var piece = WalkPiece(tile: tile)
        guard let ids = take(n, Int64.self), let lats = takeDoubles(n), let lons = takeDoubles(n),
              let from = take(m, UInt32.self), let to = take(m, UInt32.self), let street = take(m, UInt32.self),
              let metres = takeDoubles(m) else { return nil }
        guard zip(lats, lons).allSatisfy({ WalkTiling.isOnGlobe($0, $1) }),
              !from.contains(where: { Int($0) >= n }), !to.contains(where: { Int($0) >= n }),
              !street.contains(where: { Int($0) >= k }) else { return nil }
        var streets: [String] = []
        streets.reserveCapacity(k)
        for _ in 0..<k {
            guard let length = take(1, UInt32.self)?.first, offset + Int(length) <= bytes.count else { return nil }
            streets.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)]), as: UTF8.self))
            offset += Int(length)
        }
        (piece.nodeIDs, piece.latitudes, piece.longitudes) = (ids, lats, lons)
        (piece.edgeFrom, piece.edgeTo, piece.edgeStreet, piece.edgeMetres, piece.streets) = (from, to, street, metres, streets)
        // Components with or without the landmark walks after them (`WalkLandmarks`): the key and size are first.
        if let components, components.count == n * WalkLandmarks.plainComponentBytesPerNode
            || components.count == n * WalkLandmarks.componentBytesPerNode {
            offset = 0
            let all = components
            piece.componentKeys = [Int64](unsafeUninitializedCapacity: n) { buffer, initialized in
                if n > 0, let base = buffer.baseAddress { memcpy(base, all.baseAddress!, n * 8) }
                initialized = n
            }
            piece.componentSizes = [Int32](unsafeUninitializedCapacity: n) { buffer, initialized in
                if n > 0, let base = buffer.baseAddress { memcpy(base, all.baseAddress! + n * 8, n * 4) }
                initialized = n
            }
        }
        return piece
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
