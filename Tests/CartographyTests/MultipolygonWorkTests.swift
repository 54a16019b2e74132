import COsmium
import Cartography
import Foundation
import Testing
import TestSupport

// Issue 35, item 3: assembling multipolygons is bounded by the work it takes, counted before osmium's assembler
// runs, not by the file's size: 100,000 unconnected members (a 336 KB file) took 20.6 s, quadratic in the count.

/// A file of `rings` multipolygon relations, each of `ways` member ways made by `shape(relation, way)` (its nodes'
/// positions in 1e-7 degrees as (latitude, longitude); a way closes when its last position is its first).
private func multipolygonFile(relations: Int, ways: Int, shape: (Int, Int) -> [(Int64, Int64)]) -> Data {
    var nodeIDs: [Int64] = [], latitudes: [Int64] = [], longitudes: [Int64] = []
    var wayGroups: [PBFWriter.Message] = []
    var relationGroups: [PBFWriter.Message] = []
    var wayID: Int64 = 1
    for relation in 0..<relations {
        var members: [(Int64, UInt64)] = []
        for way in 0..<ways {
            let points = shape(relation, way)
            let closed = points.count > 2 && points.first! == points.last!
            var refs: [Int64] = []
            for point in closed ? points.dropLast() : points[...] {
                nodeIDs.append(Int64(nodeIDs.count + 1))
                latitudes.append(point.0)
                longitudes.append(point.1)
                refs.append(Int64(nodeIDs.count))
            }
            if closed { refs.append(refs[0]) }
            wayGroups.append(PBFWriter.way(id: wayID, refs: refs))
            members.append((wayID, 3))
            wayID += 1
        }
        relationGroups.append(PBFWriter.relation(id: Int64(relation + 1), wayMembers: members, tags: [(1, 2), (4, 5)]))
    }
    let strings = ["type", "multipolygon", "outer", "landuse", "grass"]
    var blocks: [PBFWriter.Message] = []
    for start in stride(from: 0, to: nodeIDs.count, by: 50_000) {
        let end = min(start + 50_000, nodeIDs.count)
        blocks.append(PBFWriter.block(strings: strings, groups: [PBFWriter.denseNodes(ids: Array(nodeIDs[start..<end]),
                                                                                       latitudes: Array(latitudes[start..<end]),
                                                                                       longitudes: Array(longitudes[start..<end]))]))
    }
    for start in stride(from: 0, to: wayGroups.count, by: 50_000) {
        blocks.append(PBFWriter.block(strings: strings, groups: Array(wayGroups[start..<min(start + 50_000, wayGroups.count)])))
    }
    blocks.append(PBFWriter.block(strings: strings, groups: relationGroups))
    return PBFWriter.file(blocks, storage: .zlib)
}

private func importing(_ data: Data) throws -> Result<MapImportResult, CartographyError> {
    let directory = try temporaryDirectory("multipolygon-work")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("crafted.osm.pbf")
    try data.write(to: file)
    do {
        return .success(try OSMImporter.run(path: file.path, collection: "crafted", sink: RecordingSink()))
    } catch let error as CartographyError {
        return .failure(error)
    }
}

/// 100,000 unconnected two-node members in one relation: no ring can close, which the linear pass sees (ring
/// ends indexed by location), so osmium is never run on them and the work is linear in the segments.
@Test func unconnectedMembersCostWorkLinearInTheirCount() throws {
    let count = 100_000
    let file = multipolygonFile(relations: 1, ways: count) { _, way in
        // Short segments spread over one degree of longitude, all overlapping each other's range in part.
        let lon = Int64(way % 1_000) * 10_000, lat = 534_000_000 + Int64(way / 1_000) * 1_000
        return [(lat, lon), (lat + 500, lon + 20_000)]
    }
    if let keep = ProcessInfo.processInfo.environment["ARTMAP_KEEP_CRAFTED"] { try file.write(to: URL(fileURLWithPath: keep)) }
    let result = try importing(file).get()
    #expect(result.ways == count)
    #expect(result.multipolygonWork <= 2 * count, "linear: \(result.multipolygonWork) steps for \(count) members")
    #expect(result.features == 0, "no area from rings that cannot close")
}

/// What made the 100,000-member file take 20 s was none of the above but libosmium's own asserts: one walks a
/// relation's members for each member that arrives (10^10 steps). They are compiled out of what artmap links.
@Test func libosmiumsAssertsAreCompiledOut() {
    #expect(cosmium_osmium_asserts() == 0)
}

/// Closed rings that all overlap in longitude: osmium's crossing check would compare every pair (quadratic).
/// The work is counted first and the file refused, naming the relation, the count and the budget.
@Test func overlappingRingsPastTheBudgetAreRefusedBeforeAssembly() throws {
    let file = multipolygonFile(relations: 1, ways: 6_000) { _, way in
        // Thin triangles stacked north to south, each spanning the same 0.01° of longitude.
        let lat = 534_000_000 + Int64(way) * 100
        return [(lat, 0), (lat + 50, 100_000), (lat, 100_000), (lat, 0)]
    }
    let error = try #require(try importing(file).failure, "refused")
    #expect(error.message.contains("relation/1 would take "), "\(error.message)")
    #expect(error.message.contains("more than artmap spends on one multipolygon (\(grouped(OSMLimits.multipolygonWork)))"), "\(error.message)")
}

/// Relations each within the budget, together past the file's: refused once the sum passes it.
@Test func manyRelationsWithinTheirBudgetArePastTheFilesBudget() throws {
    let file = multipolygonFile(relations: 20, ways: 1_500) { relation, way in
        let lat = 534_000_000 + Int64(relation) * 10_000_000 + Int64(way) * 100
        return [(lat, 0), (lat + 50, 100_000), (lat, 100_000), (lat, 0)]
    }
    let error = try #require(try importing(file).failure, "refused")
    #expect(error.message.contains("steps to assemble, more than artmap spends on one file"), "\(error.message)")
}

/// A few valid rings are still assembled, their work counted.
@Test func aSmallMultipolygonIsStillAssembled() throws {
    let file = multipolygonFile(relations: 1, ways: 3) { _, way in
        let lon = Int64(way) * 100_000
        return [(534_000_000, lon), (534_010_000, lon), (534_010_000, lon + 50_000), (534_000_000, lon)]
    }
    let result = try importing(file).get()
    #expect(result.features == 1)
    #expect(result.multipolygonWork > 9 && result.multipolygonWork < 100)
}

private func grouped(_ n: UInt64) -> String {
    let digits = Array(String(n))
    return String(digits.enumerated().flatMap { i, digit in i > 0 && (digits.count - i) % 3 == 0 ? [",", digit] : [digit] })
}
