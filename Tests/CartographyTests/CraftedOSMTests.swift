import Cartography
import Foundation
import Geo
import Testing
import TestSupport

// Crafted OpenStreetMap files (issue 16: items 1, 5, 6, 9 and 13), made here by PBFWriter: each is refused
// with a message, or read without amplification, and none crashes.

private func scratchDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-crafted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Imports `data` written as `name` in a fresh directory; the error if it is refused.
private func importing(_ data: Data, name: String = "crafted.osm.pbf", sink: RecordingSink = RecordingSink()) throws -> Result<MapImportResult, CartographyError> {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(name)
    try data.write(to: file)
    do {
        return .success(try OSMImporter.run(path: file.path, collection: "crafted", sink: sink))
    } catch let error as CartographyError {
        #expect(error.file == file.path)
        return .failure(error)
    }
}

private func refusal(_ data: Data) throws -> String {
    let error = try #require(try importing(data).failure, "the crafted file was accepted")
    return error.message
}

/// Three nodes, one of them an artwork, in a well-formed block.
private let nodes = PBFWriter.denseNodes(ids: [1, 2, 3], latitudes: [534_000_000, 534_010_000, 534_010_000],
                                         longitudes: [-29_700_000, -29_700_000, -29_680_000], keysVals: [1, 2, 0, 0, 0])

@Test func theWriterMakesFilesOsmiumReads() throws {
    let block = PBFWriter.block(strings: ["tourism", "artwork", "highway", "footway"],
                                groups: [nodes, PBFWriter.way(id: 10, refs: [1, 2, 3], tags: [(3, 4)])])
    for storage in [PBFWriter.Storage.raw, .zlib] {
        let sink = RecordingSink()
        let result = try importing(PBFWriter.file([block], storage: storage), sink: sink).get()
        #expect(result.nodes == 3 && result.ways == 1 && result.edges == 2)
        #expect(result.artworks.map(\.id) == ["node/1"])
    }
}

@Test func stringIndicesPastTheTableAreRefused() throws {
    // A dense node whose key index is past the string table.
    let pastTable = PBFWriter.denseNodes(ids: [1], latitudes: [0], longitudes: [0], keysVals: [99, 1, 0])
    #expect(try refusal(PBFWriter.file([PBFWriter.block(strings: ["a"], groups: [pastTable])])).contains("string id out of range"))
    // A block with no string table at all, whose way has tags.
    let noTable = PBFWriter.block(strings: nil, groups: [nodes, PBFWriter.way(id: 10, refs: [1, 2], tags: [(1, 2)])])
    #expect(try refusal(PBFWriter.file([noTable])).contains("string id out of range"))
    // A way's tag value and a relation's role out of range.
    let wayTag = PBFWriter.block(strings: ["highway"], groups: [nodes, PBFWriter.way(id: 10, refs: [1, 2], tags: [(1, 7)])])
    #expect(try refusal(PBFWriter.file([wayTag])).contains("string id out of range"))
    let role = PBFWriter.block(strings: ["type", "multipolygon"], groups: [nodes, PBFWriter.way(id: 10, refs: [1, 2, 3, 1]),
                                                                           PBFWriter.relation(id: 5, wayMembers: [(10, 40)], tags: [(1, 2)])])
    #expect(try refusal(PBFWriter.file([role])).contains("string id out of range"))
}

@Test func aNulByteInsideAStringIsRefused() throws {
    // Found by make fuzz: osmium keeps "a\0b" whole but walks its tags NUL to NUL, past the end of the list.
    let block = PBFWriter.block(strings: ["a\u{0}b", "c"], groups: [PBFWriter.denseNodes(ids: [1], latitudes: [0], longitudes: [0], keysVals: [1, 2, 0])])
    #expect(try refusal(PBFWriter.file([block], storage: .zlib)).contains("a string in the string table holds a NUL byte"))
}

@Test func compressionBombsAreRefusedBeforeTheyGrow() throws {
    // 10 million zero deltas in each of id, lat and lon: 30 MB of nodes from a file of about 200 KB.
    var dense = PBFWriter.Message()
    for field in [1, 8, 9] { dense.zeros(field, 10_000_000) }
    var group = PBFWriter.Message()
    group.message(2, dense)
    let bomb = PBFWriter.file([PBFWriter.block(strings: [], groups: [group])], storage: .zlib)
    #expect(bomb.count < 400_000)
    #expect(try refusal(bomb).hasPrefix("a PBF block would take more than 256 MB once decoded (10,000,000 objects and counting), more than artmap lets one block take"))
    // Blocks of a legal size that together hold more objects than a file of this size can.
    let blocks = (0..<12).map { block -> PBFWriter.Message in
        var dense = PBFWriter.Message()
        dense.zeros(1, 100_000)
        dense.zeros(8, 100_000)
        dense.zeros(9, 100_000)
        var group = PBFWriter.Message()
        group.message(2, dense)
        return PBFWriter.block(strings: [], groups: [group])
    }
    #expect(try refusal(PBFWriter.file(blocks, storage: .zlib)).contains("objects in a file of this size"))
    // A blob that claims 1.9 GB once inflated.
    let claim = PBFWriter.file([PBFWriter.block(strings: [], groups: [nodes])], storage: .zlibClaiming(1_900_000_000))
    #expect(try refusal(claim).contains("illegal blob size"))
}

@Test func oneBlockOf320720NodesAsOsmconvertWritesIsRead() throws {
    // osmconvert keeps a city's nodes in one block (a Vancouver extract: 320,720 nodes, 4 MB uncompressed), far
    // under the format's 32 MiB: it is read whole, the artwork among them found, nothing refused.
    let count = 320_720
    let ids = (1...Int64(count)).map { $0 }
    let latitudes = ids.map { 492_000_000 + ($0 % 1_000) * 100 }, longitudes = ids.map { -1_231_000_000 + ($0 / 1_000) * 100 }
    var keysVals = [UInt64](repeating: 0, count: count)
    keysVals[count - 1] = 1
    keysVals.append(contentsOf: [2, 0])  // the last node: tourism=artwork
    let block = PBFWriter.block(strings: ["tourism", "artwork"], groups: [PBFWriter.denseNodes(ids: ids, latitudes: latitudes, longitudes: longitudes, keysVals: keysVals)])
    let file = PBFWriter.file([block], storage: .zlib)
    let started = Date()
    let result = try importing(file).get()
    #expect(result.nodes == count)
    #expect(result.artworks.map(\.id) == ["node/\(count)"])
    #expect(Date().timeIntervalSince(started) < 30)
}

@Test func aWayGoingBackAndForthStoresEachStretchOnceAndLongWaysAreRefused() throws {
    let strings = ["highway", "footway"]
    let alternating = (0..<OSMLimits.wayNodes).map { Int64(1 + $0 % 2) }
    let sink = RecordingSink()
    let block = PBFWriter.block(strings: strings, groups: [nodes, PBFWriter.way(id: 10, refs: alternating, tags: [(1, 2)])])
    let result = try importing(PBFWriter.file([block]), sink: sink).get()
    #expect(result.edges == 1)
    #expect(sink.edges.count == 1)
    let tooLong = PBFWriter.block(strings: strings, groups: [nodes, PBFWriter.way(id: 11, refs: alternating + [3], tags: [(1, 2)])])
    #expect(try refusal(PBFWriter.file([tooLong])) == "way/11 names 100,001 nodes, more than artmap reads in one way (100,000); "
        + "artmap refuses the file (use an extract made by osmium or the OpenStreetMap servers)")
}

@Test func aRelationNamingOneHugeWay300TimesTakesItOnce() throws {
    // A closed way of 100,000 nodes round a circle, named 300 times by one multipolygon.
    let count = OSMLimits.wayNodes - 1
    let ids = (1...Int64(count)).map { $0 }
    let angles = ids.map { Double($0) / Double(count) * 2 * Double.pi }
    // Nodes in blocks of 25,000, as writers split them (8,000 is usual).
    let nodeBlocks = stride(from: 0, to: count, by: 25_000).map { start in
        let slice = start..<min(count, start + 25_000)
        return PBFWriter.block(strings: [], groups: [PBFWriter.denseNodes(
            ids: Array(ids[slice]), latitudes: angles[slice].map { Int64(534_000_000 + 1_000_000 * sin($0)) },
            longitudes: angles[slice].map { Int64(-29_700_000 + 1_000_000 * cos($0)) })])
    }
    let strings = ["type", "multipolygon", "building", "yes", "outer"]
    let relation = PBFWriter.relation(id: 7, wayMembers: Array(repeating: (10, 5), count: 300), tags: [(1, 2), (3, 4)])
    let block = PBFWriter.block(strings: strings, groups: [PBFWriter.way(id: 10, refs: ids + [1]), relation])
    let sink = RecordingSink()
    _ = try importing(PBFWriter.file(nodeBlocks + [block]), sink: sink).get()
    let building = try #require(sink.features.first { $0.sourceID == "relation/7" })
    #expect(building.parts.map(\.count) == [count + 1])
    #expect(building.contains(GeoPoint(latitude: 53.4, longitude: -2.97)))
    // More members than a relation may have.
    let crowd = PBFWriter.relation(id: 8, wayMembers: Array(repeating: (10, 5), count: OSMLimits.relationMembers + 1), tags: [(1, 2)])
    let crowded = PBFWriter.block(strings: strings, groups: [nodes, crowd])
    #expect(try refusal(PBFWriter.file([crowded])).hasPrefix("relation/8 has 100,001 members, more than artmap reads in one relation (100,000)"))
}

@Test func theFileReadIsTheOneOpenedWhateverItsNameBecomes() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("map.osm").path
    try FileManager.default.copyItem(atPath: try fixture("edge-cases.osm"), toPath: path)
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    // The name now points at a file that is not OpenStreetMap at all.
    let swapped = directory.appendingPathComponent("swap.osm")
    try Data(#"<osm version="0.6"><node id="1" lat="1" lon="2"><tag k="x"/></node><way"#.utf8).write(to: swapped)
    #expect(rename(swapped.path, path) == 0)
    let sink = RecordingSink()
    let result = try OSMImporter.run(descriptor: descriptor, format: "osm", path: path, collection: "edge", sink: sink)
    #expect(result.nodes == 23)
    #expect(sink.features.contains { $0.name == "Hollow Hall" })
}

@Test func aDirectoryOrAPipeNamedLikeAMapIsRefusedWithOneMessage() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("x.osm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(throws: CartographyError("is a directory, not an OpenStreetMap file; give the path of an .osm or .osm.pbf file", file: folder.path)) {
        try OSMImporter.run(path: folder.path, collection: "x", sink: RecordingSink())
    }
    let pipe = directory.appendingPathComponent("y.osm.pbf")
    #expect(mkfifo(pipe.path, 0o600) == 0)
    #expect(throws: CartographyError("is not a regular file (a device, pipe or socket); save the data to a file first", file: pipe.path)) {
        try OSMImporter.run(path: pipe.path, collection: "x", sink: RecordingSink())
    }
}

@Test func anArtworkIdMetTwiceIsOneArtwork() throws {
    let xml = """
        <osm version="0.6">
          <node id="1" lat="53.4" lon="-2.97"><tag k="tourism" v="artwork"/><tag k="name" v="First"/></node>
          <node id="1" lat="53.4" lon="-2.97"><tag k="tourism" v="artwork"/><tag k="name" v="First, again"/></node>
          <node id="2" lat="53.5" lon="-2.97"><tag k="tourism" v="artwork"/><tag k="name" v="Second"/></node>
        </osm>
        """
    let result = try importing(Data(xml.utf8), name: "twice.osm").get()
    #expect(result.artworks.map(\.title) == ["First, again", "Second"])
}

@Test func compressedXMLReadsAsThePlainFileDoes() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = RecordingSink()
    let expected = try OSMImporter.run(path: try fixture("edge-cases.osm"), collection: "edge", sink: plain)
    for (tool, suffix) in [("gzip", "gz"), ("bzip2", "bz2")] {
        let output = directory.appendingPathComponent("edge.osm.\(suffix)")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = ["-c", try fixture("edge-cases.osm")]
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        #expect(process.terminationStatus == 0)
        let sink = RecordingSink()
        let result = try OSMImporter.run(path: output.path, collection: "edge", sink: sink)
        #expect(result.nodes == expected.nodes && result.ways == expected.ways && result.artworks.count == expected.artworks.count)
        #expect(sink.features.map(\.sourceID) == plain.features.map(\.sourceID))
        #expect(sink.edges.count == plain.edges.count)
    }
}

@Test func osmiumsMessagesQuotingTheFileCarryNoControlCharacters() throws {
    // osmium quotes the first 20 bytes of an overlong string: here escapes and a right-to-left override.
    let hostile = "\u{1B}[2J\u{1B}]0;x\u{07}\u{202E}ab" + String(repeating: "c", count: 1100)
    let message = try refusal(PBFWriter.file([PBFWriter.block(strings: [hostile], groups: [nodes])]))
    #expect(message.contains("overlong string ([2J]0;xab"))
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
}

@Test func aFileOutOfIdOrderIsRefusedWithHowToSortIt() throws {
    // The multipolygon pass relies on id order (osmium's own check); a way met twice would otherwise be counted twice.
    let xml = """
        <osm version="0.6">
          <node id="1" lat="53.4" lon="-2.97"/><node id="2" lat="53.401" lon="-2.97"/>
          <way id="11"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>
          <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    let error = try #require(try importing(Data(xml.utf8), name: "unsorted.osm").failure, "a file out of id order was accepted")
    #expect(error.message.contains("Way IDs out of order: 10; sort the file first (osmium sort FILE -o SORTED.osm.pbf)"))
}

extension Result {
    /// The error of a failed result, nil when it succeeded (for `try #require`).
    var failure: Failure? {
        if case .failure(let error) = self { return error } else { return nil }
    }
}
