import Foundation
import Geo
import TestSupport
import Testing
@testable import Cartography

/// Every value of two pieces the same bit for bit (a NaN equal to itself, -0 not to 0).
private func expectSameBits(_ a: WalkPiece, _ b: WalkPiece, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }
    #expect(a.tile == b.tile, "\(what)", sourceLocation: sourceLocation)
    #expect(a.nodeIDs == b.nodeIDs, "\(what) ids", sourceLocation: sourceLocation)
    #expect(bits(a.latitudes) == bits(b.latitudes), "\(what) latitudes", sourceLocation: sourceLocation)
    #expect(bits(a.longitudes) == bits(b.longitudes), "\(what) longitudes", sourceLocation: sourceLocation)
    #expect(a.edgeFrom == b.edgeFrom && a.edgeTo == b.edgeTo && a.edgeStreet == b.edgeStreet, "\(what) edges", sourceLocation: sourceLocation)
    #expect(bits(a.edgeMetres) == bits(b.edgeMetres), "\(what) metres", sourceLocation: sourceLocation)
    #expect(a.streets == b.streets, "\(what) streets", sourceLocation: sourceLocation)
    #expect(a.componentKeys == b.componentKeys && a.componentSizes == b.componentSizes, "\(what) components", sourceLocation: sourceLocation)
    #expect(bits(a.landmarkMetres) == bits(b.landmarkMetres), "\(what) landmark walks", sourceLocation: sourceLocation)
}

private func decoded(_ piece: WalkPiece, edges: [UInt8]? = nil, components: [UInt8]? = nil, landmarks: Bool = true) -> WalkPiece? {
    (edges ?? piece.encoded()).withUnsafeBytes { bytes in
        (components ?? piece.encodedComponents()).withUnsafeBytes { WalkPiece.decode(tile: piece.tile, bytes, components: $0, landmarks: landmarks) }
    }
}

/// A piece of `n` nodes with ids anywhere in Int64 (negative, huge, out of order), `m` edges between any two of them,
/// streets of any text, and coordinates from `coordinate`.
private func randomPiece(nodes n: Int, edges m: Int, using random: inout SeededGenerator,
                         coordinate: (inout SeededGenerator, Bool) -> Double) -> WalkPiece {
    var piece = WalkPiece(tile: Int64.random(in: .min ... .max, using: &random))
    let special: [Int64] = [.min, .max, 0, -1, 1, Int64.max - 1, .min + 1]
    var used = Set<Int64>()
    while piece.nodeIDs.count < n {
        let id = Bool.random(using: &random) ? special.randomElement(using: &random)! : Int64.random(in: .min ... .max, using: &random)
        guard used.insert(id).inserted else { continue }
        piece.nodeIDs.append(id)
        piece.latitudes.append(coordinate(&random, true))
        piece.longitudes.append(coordinate(&random, false))
    }
    piece.streets = ["", "Mannerheimintie", "Row 7", "Æsir’s way 🚶", String(repeating: "x", count: 300)]
    let metres: [Double] = [0, -0.0, 20, 1e-310, .greatestFiniteMagnitude, .infinity, .nan, Double(bitPattern: 0x7FF8_0000_0000_1234), 123.456_789]
    for _ in 0..<m where n > 0 {
        piece.edgeFrom.append(UInt32.random(in: 0..<UInt32(n), using: &random))
        piece.edgeTo.append(UInt32.random(in: 0..<UInt32(n), using: &random))
        piece.edgeStreet.append(UInt32.random(in: 0..<UInt32(piece.streets.count), using: &random))
        piece.edgeMetres.append(Bool.random(using: &random) ? metres.randomElement(using: &random)! : Double.random(in: 0..<5_000, using: &random))
    }
    return piece
}

/// A coordinate as osmium gives it: whole 1e-7 degrees divided by 10^7.
private func osmiumCoordinate(_ random: inout SeededGenerator, latitude: Bool) -> Double {
    let most: Int64 = latitude ? 900_000_000 : 1_800_000_000
    return Double(Int64.random(in: -most...most, using: &random)) / 1e7
}

@Test func aVersionTwoPieceComesBackBitForBitWithIdsAnywhereAndCoordinatesInWholeTenMillionthsOfADegree() throws {
    var random = SeededGenerator()
    try reportingSeed(of: random) {
        for round in 0..<40 {
            let piece = randomPiece(nodes: [0, 1, 2, 50, 400][round % 5], edges: [0, 1, 3, 90, 700][round % 5], using: &random) { random, latitude in
                osmiumCoordinate(&random, latitude: latitude)
            }
            let bytes = piece.encoded()
            #expect(bytes[0] == 2 && bytes[1] == 1, "version 2, coordinates in 1e-7 degrees")
            let back = try #require(decoded(piece), "round \(round) (\(random.replay))")
            expectSameBits(back, piece, "round \(round)")
        }
    }
}

@Test func coordinatesNotInWholeTenMillionthsAreStoredAsTheyAreAndComeBackBitForBit() throws {
    var random = SeededGenerator()
    try reportingSeed(of: random) {
        for round in 0..<20 {
            // One coordinate of the piece off the grid is enough: the whole piece keeps its doubles.
            var piece = randomPiece(nodes: 30, edges: 40, using: &random) { random, latitude in osmiumCoordinate(&random, latitude: latitude) }
            let odd: [Double] = [-0.0, 60.170_000_000_000_01, Double.random(in: -90...90, using: &random), 1e-300, 24.9 + 1e-12, -89.999_999_999]
            let at = Int.random(in: 0..<30, using: &random)
            if round % 2 == 0 { piece.latitudes[at] = odd[round / 2 % odd.count] } else { piece.longitudes[at] = odd[round / 2 % odd.count] }
            let bytes = piece.encoded()
            #expect(bytes[1] == 0, "round \(round): coordinates as doubles")
            let back = try #require(decoded(piece), "round \(round) (\(random.replay))")
            expectSameBits(back, piece, "round \(round)")
        }
    }
    // Every coordinate off the grid (a generated grid's sums of degrees are not whole 1e-7s).
    let grid = streetGrid(width: 5, height: 5)
    var builder = WalkPieceBuilder()
    for edge in grid.edges { builder.add(edge) }
    for piece in builder.take() {
        let back = try #require(decoded(piece))
        expectSameBits(back, piece)
    }
}

@Test func aPieceWithNothingOrOnlyNodesComesBack() throws {
    var empty = WalkPiece(tile: -7)
    #expect(empty.encoded() == [2, 1, 0, 0, 0], "version, flags, no nodes, edges or streets")
    expectSameBits(try #require(decoded(empty)), empty)
    empty.streets = ["lonely"]
    expectSameBits(try #require(decoded(empty)), empty)
    var nodes = WalkPiece(tile: 3)
    nodes.nodeIDs = [5, -5]
    nodes.latitudes = [60.1, -33.9]
    nodes.longitudes = [24.9, 151.2]
    expectSameBits(try #require(decoded(nodes)), nodes)
}

@Test func theBytesOfASmallVersionTwoPieceAreTheOnesDocumented() {
    var piece = WalkPiece(tile: 1)
    piece.nodeIDs = [1_000, 998]
    piece.latitudes = [60.1700000, 60.1700100]
    piece.longitudes = [24.9000000, 24.8999000]
    piece.edgeFrom = [0]
    piece.edgeTo = [1]
    piece.edgeStreet = [0]
    piece.edgeMetres = [20]
    piece.streets = ["Ab"]
    var expected: [UInt8] = [2, 1, 2, 1, 1, 2, 0x41, 0x62]
    // Node 0: id 1000 (zigzag 2000 = 0xD0 0x0F), latitude 601,700,000 (zigzag 1,203,400,000), longitude 249,000,000.
    expected += [0xD0, 0x0F, 0xC0, 0xDA, 0xE9, 0xBD, 0x04, 0x80, 0xC1, 0xBB, 0xED, 0x01]
    // Node 1: id −2 (3), latitude +100 (200 = 0xC8 0x01), longitude −1000 (1999 = 0xCF 0x0F).
    expected += [3, 0xC8, 0x01, 0xCF, 0x0F]
    // The edge: from 0 − 0, to 1 − 0 (2), street 0, then 20.0 as a double.
    expected += [0, 2, 0] + withUnsafeBytes(of: (20.0).bitPattern.littleEndian) { Array($0) }
    #expect(piece.encoded() == expected)
}

@Test func aVersionTwoPieceOfAStreetGridIsUnderHalfItsVersionOneBytes() throws {
    // Coordinates as an OpenStreetMap file gives them (the grid's rounded to 1e-7 degrees).
    let grid = streetGrid(width: 40, height: 40)
    var builder = WalkPieceBuilder()
    for edge in grid.edges {
        func snapped(_ p: GeoPoint) -> GeoPoint {
            GeoPoint(latitude: (p.latitude * 1e7).rounded() / 1e7, longitude: (p.longitude * 1e7).rounded() / 1e7)
        }
        builder.add(WalkEdge(from: edge.from, to: edge.to, fromPoint: snapped(edge.fromPoint), toPoint: snapped(edge.toPoint),
                             metres: edge.metres, street: edge.street, kind: edge.kind))
    }
    let pieces = builder.take()
    let version1 = pieces.reduce(0) { $0 + $1.encodedVersion1().count }, version2 = pieces.reduce(0) { $0 + $1.encoded().count }
    #expect(pieces.allSatisfy { $0.encoded()[1] == 1 }, "every piece in 1e-7 degrees")
    #expect(version2 * 2 < version1, "version 2: \(version2) bytes, version 1: \(version1)")
}

/// A labelled piece with several components (one key at two sizes, negative keys), and walks.
private func piecesWithSeveralComponents() -> WalkPiece {
    var random = SeededGenerator(seed: 11)
    var piece = randomPiece(nodes: 200, edges: 300, using: &random) { random, latitude in osmiumCoordinate(&random, latitude: latitude) }
    let components: [(Int64, Int32)] = [(.min, 3), (-4, 1), (-4, 2), (9_000_000_000, .max), (0, 0)]
    for i in 0..<200 {
        let (key, size) = components[i % 7 < 5 ? i % 7 : 0]
        piece.componentKeys.append(key)
        piece.componentSizes.append(size)
        // Walks a little longer node by node, as along a street: each shares its first 16 bits with the last node's.
        for k in 0..<WalkLandmarks.count { piece.landmarkMetres.append([1_000.25, 2_000.5, 3_000.75, 4_000.125][k] + 0.001 * Double(i)) }
    }
    return piece
}

@Test func versionTwoComponentsComeBackWithSeveralInOnePieceWithAndWithoutWalks() throws {
    var piece = piecesWithSeveralComponents()
    expectSameBits(try #require(decoded(piece)), piece)
    // Asked without the walks: the rest the same.
    var without = piece
    without.landmarkMetres = []
    expectSameBits(try #require(decoded(piece, landmarks: false)), without)
    // Stored without walks: the flags, the count, the five components' keys and sizes (27 bytes) and an index a node.
    #expect(without.encodedComponents().count == 1 + 1 + 27 + 200, "\(without.encodedComponents().count) bytes")
    expectSameBits(try #require(decoded(without)), without)
    // The first node's walks whole, every later one in 6 bytes, each node's after a byte of their lengths.
    #expect(piece.encodedComponents().count == 229 + (1 + 8 * 4) + 199 * (1 + 6 * 4), "\(piece.encodedComponents().count) bytes")
    // Walks of every kind come back bit for bit: infinities, zeros of both signs, NaNs, repeats, tiny and huge.
    var odd = piece
    var random = SeededGenerator(seed: 3)
    let specials: [Double] = [.infinity, 0, -0.0, .nan, Double(bitPattern: 0xFFF8_0000_DEAD_BEEF), 5e-324, .greatestFiniteMagnitude, 20]
    odd.landmarkMetres = odd.landmarkMetres.map { Bool.random(using: &random) ? specials.randomElement(using: &random)! : $0 }
    expectSameBits(try #require(decoded(odd)), odd)
    // One component: no index per node.
    var one = piece
    one.componentKeys = Array(repeating: 1_000, count: 200)
    one.componentSizes = Array(repeating: 200, count: 200)
    var two = one
    two.componentKeys[0] = 999
    #expect(one.encodedComponents().count + 200 + 4 == two.encodedComponents().count, "an index a node and a second key and size")
    expectSameBits(try #require(decoded(one)), one)
    expectSameBits(try #require(decoded(two)), two)
    // Not labelled: no bytes, and read as not labelled.
    var unlabelled = piece
    (unlabelled.componentKeys, unlabelled.componentSizes, unlabelled.landmarkMetres) = ([], [], [])
    #expect(unlabelled.encodedComponents().isEmpty)
    expectSameBits(try #require(decoded(unlabelled)), unlabelled)
}

@Test func aVersionOnePieceAndItsComponentsAreStillRead() throws {
    // Bytes laid out by hand as version 1 had them: counts, ids, latitudes, longitudes, starts, ends, streets, metres,
    // then the texts; the components a key (Int64) and size (Int32) a node, then four walks a node.
    var bytes: [UInt8] = [1]
    func put<T>(_ values: T...) { for value in values { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } } }
    put(UInt32(3), UInt32(2), UInt32(2))
    put(Int64(-9), Int64(4_000_000_000_000), Int64(7))
    put(60.1, 60.2, 60.3, 24.1, 24.2, -0.0)
    put(UInt32(0), UInt32(1), UInt32(1), UInt32(2), UInt32(1), UInt32(0))
    put(12.5, Double.pi)
    put(UInt32(3))
    bytes += Array("Row".utf8)
    put(UInt32(0))
    var components: [UInt8] = []
    for key in [Int64(-9), -9, -9] { withUnsafeBytes(of: key) { components.append(contentsOf: $0) } }
    for size in [Int32(3), 3, 3] { withUnsafeBytes(of: size) { components.append(contentsOf: $0) } }
    let walks = (0..<12).map { Double($0) * 1.25 }
    for walk in walks { withUnsafeBytes(of: walk) { components.append(contentsOf: $0) } }
    var expected = WalkPiece(tile: 42)
    expected.nodeIDs = [-9, 4_000_000_000_000, 7]
    (expected.latitudes, expected.longitudes) = ([60.1, 60.2, 60.3], [24.1, 24.2, -0.0])
    (expected.edgeFrom, expected.edgeTo, expected.edgeStreet, expected.edgeMetres) = ([0, 1], [1, 2], [1, 0], [12.5, .pi])
    expected.streets = ["Row", ""]
    (expected.componentKeys, expected.componentSizes, expected.landmarkMetres) = ([-9, -9, -9], [3, 3, 3], walks)
    #expect(expected.encodedVersion1() == bytes)
    #expect(expected.encodedComponentsVersion1() == components)
    expectSameBits(try #require(decoded(expected, edges: bytes, components: components)), expected)
    // Version 1's components without walks (before schema v9), and of another length (read as not labelled).
    var plain = expected
    plain.landmarkMetres = []
    expectSameBits(try #require(decoded(expected, edges: bytes, components: Array(components.prefix(36)))), plain)
    var unlabelled = plain
    (unlabelled.componentKeys, unlabelled.componentSizes) = ([], [])
    expectSameBits(try #require(decoded(expected, edges: bytes, components: Array(components.prefix(30)))), unlabelled)
    // And a route's assembly reads it as it reads the same piece in version 2.
    var one = WalkGraphAssembly(), two = WalkGraphAssembly()
    let fine1 = bytes.withUnsafeBytes { b in components.withUnsafeBytes { one.add(tile: 42, bytes: b, components: $0, before: WalkTileSet(), loaded: .everything) } }
    let fine2 = two.add(expected, before: WalkTileSet(), loaded: .everything)
    #expect(fine1 && fine2)
    #expect(one.ids == two.ids && one.points == two.points && one.landmarkMetres == two.landmarkMetres && one.edgeCount == two.edgeCount)
}

/// Whether each reader takes `edges` and `components` as a piece: `WalkPiece.decode`, a route's assembly and the labeller.
private func readers(_ edges: [UInt8], _ components: [UInt8]) -> (decode: Bool, assembly: Bool, labeller: Bool) {
    edges.withUnsafeBytes { e in
        components.withUnsafeBytes { c in
            var assembly = WalkGraphAssembly(), labeller = WalkComponentLabeller()
            return (WalkPiece.decode(tile: 0, e, components: c, landmarks: true) != nil,
                    assembly.add(tile: 0, bytes: e, components: c, before: WalkTileSet(), loaded: .everything),
                    labeller.add(e))
        }
    }
}

@Test func aPieceCutShortAtAnyLengthIsRefusedByEveryReaderAndFlippedBytesCrashNone() {
    var random = SeededGenerator(seed: 5)
    for fixed in [true, false] {
        var piece = randomPiece(nodes: 6, edges: 7, using: &random) { random, latitude in
            fixed ? osmiumCoordinate(&random, latitude: latitude) : Double.random(in: -80...80, using: &random)
        }
        piece.streets = ["A", "Bc"]
        piece.edgeStreet = piece.edgeStreet.map { $0 % 2 }
        (piece.componentKeys, piece.componentSizes) = ([1, 1, 2, 1, 3, 2], [3, 3, 2, 3, 1, 2])
        piece.landmarkMetres = (0..<24).map(Double.init)
        let edges = piece.encoded(), components = piece.encodedComponents()
        #expect(readers(edges, components) == (true, true, true))
        for length in 0..<edges.count {
            #expect(readers(Array(edges.prefix(length)), components) == (false, false, false), "edges cut to \(length) of \(edges.count)")
        }
        #expect(readers(edges + [0], components) == (false, false, false), "a byte after the edges")
        // Components cut short are refused by what reads them (none at all is a piece not yet labelled).
        for length in 1..<components.count {
            let read = readers(edges, Array(components.prefix(length)))
            #expect(!read.decode && !read.assembly, "components cut to \(length) of \(components.count)")
        }
        #expect(readers(edges, []) == (true, true, true))
        #expect(readers(edges, components + [0]) == (false, false, true), "a byte after the components")
        for at in edges.indices {
            for mask: UInt8 in [0x01, 0x40, 0x80, 0xFF] {
                var flipped = edges
                flipped[at] ^= mask
                _ = readers(flipped, components)
            }
        }
        for at in components.indices {
            for mask: UInt8 in [0x01, 0x40, 0x80, 0xFF] {
                var flipped = components
                flipped[at] ^= mask
                _ = readers(edges, flipped)
            }
        }
    }
}

@Test func varintsTooLongOrPastSixtyFourBitsAndCountsTheBytesCannotHoldAreRefused() {
    func read(_ bytes: [UInt8]) -> WalkPiece? { bytes.withUnsafeBytes { WalkPiece.decode(tile: 0, $0, components: nil) } }
    // A node of id 1 at (60, 24) in whole 1e-7 degrees, no edge, no street.
    let node: [UInt8] = { var w = ByteWriter(capacity: 16); w.signed(1); w.signed(600_000_000); w.signed(240_000_000); return w.bytes }()
    #expect(read([2, 1, 1, 0, 0] + node) != nil)
    #expect(read([2, 1, 0x81, 0x00, 0, 0] + node) == nil, "a node count with a last byte of 0")
    #expect(read([2, 1, 1, 0, 0] + [0x82, 0x00] + node.dropFirst()) == nil, "an id step with a last byte of 0")
    #expect(read([2, 1] + Array(repeating: 0xFF, count: 9) + [0x02, 0, 0] + node) == nil, "a count past 64 bits")
    #expect(read([2, 1] + Array(repeating: 0xFF, count: 12) + node) == nil, "a varint that never ends")
    #expect(read([2, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 0] + node) == nil, "4,294,967,295 nodes in 5 bytes")
    #expect(read([2, 1, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0] + node) == nil, "4,294,967,295 edges")
    #expect(read([2, 1, 1, 0, 0x7F] + node) == nil, "127 streets")
    #expect(read([2, 1, 1, 0, 1, 0x7F] + node) == nil, "a street text longer than the bytes")
    #expect(read([2, 3, 1, 0, 0] + node) == nil, "a flag not known")
    #expect(read([3, 1, 1, 0, 0] + node) == nil, "a version not known")
    // The globe's edge: 90° is a latitude, 90.0000001° is not.
    let north: [UInt8] = { var w = ByteWriter(capacity: 16); w.signed(1); w.signed(900_000_001); w.signed(0); return w.bytes }()
    #expect(read([2, 1, 1, 0, 0] + north) == nil, "a latitude past the pole")
    // Edges: an end past the nodes, a step past Int64, a street past the texts.
    func edge(_ from: Int64, _ to: Int64, _ street: UInt64) -> [UInt8] {
        var w = ByteWriter(capacity: 16)
        w.signed(from)
        w.signed(to)
        w.varint(street)
        w.double(5)
        return w.bytes
    }
    let two = node + node.prefix(1) + [2, 0]
    #expect(read([2, 1, 2, 1, 1, 0] + two + edge(0, 1, 0)) != nil)
    #expect(read([2, 1, 2, 1, 1, 0] + two + edge(0, 2, 0)) == nil, "an end past the nodes")
    #expect(read([2, 1, 2, 1, 1, 0] + two + edge(-1, 1, 0)) == nil, "a start before the first node")
    #expect(read([2, 1, 2, 1, 1, 0] + two + edge(.max, .max, 0)) == nil, "steps past Int64")
    #expect(read([2, 1, 2, 1, 1, 0] + two + edge(0, 1, 1)) == nil, "a street past the texts")
    // Components: an index past the table, more components than nodes, a size past Int32.
    func labelled(_ components: [UInt8]) -> WalkPiece? {
        ([2, 1, 2, 1, 1, 0] + two + edge(0, 1, 0)).withUnsafeBytes { e in components.withUnsafeBytes { WalkPiece.decode(tile: 0, e, components: $0) } }
    }
    #expect(labelled([0, 2, 2, 2, 4, 2, 0, 1])?.componentKeys == [1, 2])
    #expect(labelled([0, 2, 2, 2, 4, 2, 0, 2]) == nil, "an index past the table")
    #expect(labelled([0, 3, 2, 2, 4, 2, 6, 2, 0, 1]) == nil, "three components of two nodes")
    #expect(labelled([0, 1, 2, 0x80, 0x80, 0x80, 0x80, 0x10]) == nil, "a size past Int32")
    #expect(labelled([0, 1, 2, 2, 0]) == nil, "an index after a table of one")
    #expect(labelled([1, 1, 2, 2]) == nil, "walks announced and missing")
    #expect(labelled([0, 0]) == nil, "no component for two nodes")
}

@Test func theLabellerWritesEachPieceItsOwnVersionsComponentsWithTheSameWalks() throws {
    let city = streetGrid(width: 40, height: 30)
    var builder = WalkPieceBuilder()
    for edge in city.edges { builder.add(edge) }
    let pieces = builder.take()
    try #require(pieces.count >= 4)
    // Every other piece as an older store holds it.
    let stored = pieces.enumerated().map { $0.offset % 2 == 0 ? $0.element.encodedVersion1() : $0.element.encoded() }
    var labeller = WalkComponentLabeller(), twos = WalkComponentLabeller()
    for bytes in stored { #expect(bytes.withUnsafeBytes { labeller.add($0) }) }
    for piece in pieces { #expect(piece.encoded().withUnsafeBytes { twos.add($0) }) }
    _ = labeller.finish()
    _ = twos.finish()
    for (i, piece) in pieces.enumerated() {
        let components = labeller.components(ofPiece: i), allTwo = twos.components(ofPiece: i)
        if i % 2 == 0 {
            #expect(components.count == WalkLandmarks.componentBytesPerNode * piece.nodeIDs.count, "piece \(i): version 1's 44 bytes a node")
        } else {
            #expect(components == allTwo, "piece \(i)")
            #expect(components.count < WalkLandmarks.componentBytesPerNode * piece.nodeIDs.count * 8 / 10, "piece \(i): \(components.count) bytes")
        }
        let read = try #require(stored[i].withUnsafeBytes { e in components.withUnsafeBytes { WalkPiece.decode(tile: piece.tile, e, components: $0, landmarks: true) } })
        let readTwo = try #require(decoded(piece, components: allTwo))
        #expect(read.componentKeys == readTwo.componentKeys && read.componentSizes == readTwo.componentSizes)
        #expect(read.landmarkMetres.map(\.bitPattern) == readTwo.landmarkMetres.map(\.bitPattern) && read.landmarkMetres.count == 4 * piece.nodeIDs.count)
        #expect(Set(read.componentKeys) == [city.id(0, 0)], "one component, keyed by its smallest id")
    }
}
