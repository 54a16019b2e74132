import Foundation
import Store
import Testing
import TestSupport

private let fixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures")

/// Counts of what the store holds for the map.
private func mapCounts(_ home: URL) throws -> (features: Int, boxes: Int, edges: Int, artworks: Int) {
    let store = try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
    func count(_ sql: String) throws -> Int { Int(try store.database.scalar(sql)?.integer ?? -1) }
    return (try count("SELECT COUNT(*) FROM map_features"), try count("SELECT COUNT(*) FROM map_feature_boxes"),
            try count("SELECT COALESCE(SUM(edge_count), 0) FROM walk_pieces"), try count("SELECT COUNT(*) FROM artworks WHERE collection = 'helsinki'"))
}

@Test func importingACityExtractFillsTheMapAndACollectionAndAgainReplacesIt() async throws {
    let home = try temporaryDirectory()
    let pbf = fixtures.appendingPathComponent("helsinki.osm.pbf").path
    let first = await runArtmap(["import", pbf], home: home)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out.contains("imported helsinki.osm.pbf into 'helsinki':"))
    #expect(first.out.contains("65 artworks (65 new, 0 changed, 0 removed)"))
    #expect(first.out.contains("© OpenStreetMap contributors (ODbL)"))
    let counts = try mapCounts(home)
    #expect(counts.features > 3000 && counts.features == counts.boxes)
    #expect(counts.artworks == 65)
    // Grouped by the building or named area that holds them.
    let list = await runArtmap(["list", "--json", "--collection", "helsinki", "--at", "60.1699,24.9449"], home: home)
    #expect(list.out.contains("\"name\":\"Kaisaniemen puisto\""))
    // Without --at, a city far from the campus is listed around its own middle, not 1,846 km away.
    let around = await runArtmap(["list", "--json", "--collection", "helsinki"], home: home)
    let reference = try #require((try JSONSerialization.jsonObject(with: Data(around.out.utf8)) as? [String: Any])?["reference"] as? [String: Double])
    #expect(abs((reference["latitude"] ?? 0) - 60.17) < 0.05 && abs((reference["longitude"] ?? 0) - 24.94) < 0.1)
    let campus = await runArtmap(["list", "--json"], home: home)
    #expect(campus.out.hasPrefix(#"{"reference":{"latitude":53.406566,"longitude":-2.966531}"#))
    // The same file again replaces, never doubles.
    let again = await runArtmap(["import", pbf], home: home)
    #expect(again.out.contains("(0 new, 0 changed, 0 removed)"))
    let after = try mapCounts(home)
    #expect(after.features == counts.features && after.edges == counts.edges && after.boxes == counts.boxes)
}

@Test func aDamagedMapFileChangesNothingAndSaysWhichFileAndWhy() async throws {
    let home = try temporaryDirectory()
    let pbf = fixtures.appendingPathComponent("helsinki.osm.pbf")
    #expect(await runArtmap(["import", pbf.path], home: home).status == 0)
    let before = try mapCounts(home)
    let whole = try Data(contentsOf: pbf)
    let cut = home.appendingPathComponent("helsinki.osm.pbf")
    try whole.prefix(whole.count * 2 / 3).write(to: cut)
    for file in [cut.path, fixtures.appendingPathComponent("corrupt.osm").path] {
        // Another file into the city's collection needs --replace; damaged, it still changes nothing.
        let result = await runArtmap(["import", file, "--collection", "helsinki", "--replace"], home: home)
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(URL(fileURLWithPath: file).lastPathComponent) == true)
        #expect(lines.first?.hasSuffix("nothing was imported") == true)
        let now = try mapCounts(home)
        #expect(now.features == before.features && now.edges == before.edges && now.artworks == before.artworks)
    }
}

@Test func routeJSONMatchesAnIndependentShortestPathAndFollowsImportedWays() async throws {
    let home = try temporaryDirectory()
    #expect(await runArtmap(["import", fixtures.appendingPathComponent("helsinki.osm.pbf").path], home: home).status == 0)
    let from = "60.1699,24.9449"
    let result = await runArtmap(["route", "--from", from, "--to", "node/5284003021", "--collection", "helsinki", "--json"], home: home)
    #expect(result.status == 0, "\(result.err)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    let distance = try #require((json["distance_m"] as? NSNumber)?.doubleValue)
    let duration = try #require((json["duration_s"] as? NSNumber)?.doubleValue)
    let geometry = try #require(json["geometry"] as? [[NSNumber]])
    let steps = try #require(json["steps"] as? [[String: Any]])
    #expect(abs(duration - distance / (4500.0 / 3600)) < 1)
    #expect(!steps.isEmpty && steps.allSatisfy { $0["instruction"] is String && $0["street"] is String && $0["distance_m"] is NSNumber })
    // Python's own Dijkstra over the stored edges, from the point where the route joins an edge to the
    // point where it leaves one (each placed on its edge as the JSON says).
    let database = home.appendingPathComponent("data/artmap/artmap.sqlite").path
    let joins = try ["start_join", "target_join"].map { key -> [String] in
        let join = try #require(json[key] as? [String: NSNumber], "\(key) missing")
        return try ["from_node", "to_node", "along_m", "length_m"].map { try #require(join[$0]).stringValue }
    }
    let script = """
        import heapq, sqlite3, sys, json
        db = sqlite3.connect(sys.argv[1])
        graph, where = {}, set()
        import struct
        # Each stored piece: version 1's counts then columns (ids, latitudes, longitudes, ends, streets, metres);
        # version 2's flags, varint counts, street texts, nodes (zigzag steps of ids and 1e-7 degrees, or doubles),
        # then edges (zigzag steps of their ends, a varint street, the metres).
        def varint(blob, o):
            value, shift = 0, 0
            while True:
                byte = blob[o]; o += 1
                value |= (byte & 0x7F) << shift; shift += 7
                if byte < 0x80: return value, o
        def signed(blob, o):
            value, o = varint(blob, o)
            return (value >> 1) ^ -(value & 1), o
        def wrap(value):
            return (value + 2**63) % 2**64 - 2**63
        def piece(blob):
            if blob[0] == 1:
                n, e, k = struct.unpack_from("<III", blob, 1)
                o = 13
                ids = struct.unpack_from("<%dq" % n, blob, o); o += 8 * n
                lats = struct.unpack_from("<%dd" % n, blob, o); o += 8 * n
                lons = struct.unpack_from("<%dd" % n, blob, o); o += 8 * n
                froms = struct.unpack_from("<%dI" % e, blob, o); o += 4 * e
                tos = struct.unpack_from("<%dI" % e, blob, o); o += 8 * e
                return ids, lats, lons, froms, tos, struct.unpack_from("<%dd" % e, blob, o)
            assert blob[0] == 2
            fixed = blob[1] == 1
            o = 2
            n, o = varint(blob, o); e, o = varint(blob, o); k, o = varint(blob, o)
            for _ in range(k):
                length, o = varint(blob, o); o += length
            ids, lats, lons, node_id, lat, lon = [], [], [], 0, 0, 0
            for _ in range(n):
                step, o = signed(blob, o); node_id = wrap(node_id + step); ids.append(node_id)
                if fixed:
                    step, o = signed(blob, o); lat += step; lats.append(lat / 1e7)
                    step, o = signed(blob, o); lon += step; lons.append(lon / 1e7)
                else:
                    a, b = struct.unpack_from("<dd", blob, o); o += 16; lats.append(a); lons.append(b)
            froms, tos, metres, last = [], [], [], 0
            for _ in range(e):
                step, o = signed(blob, o); a = last + step
                step, o = signed(blob, o); b = a + step
                _, o = varint(blob, o)
                m, = struct.unpack_from("<d", blob, o); o += 8
                froms.append(a); tos.append(b); metres.append(m); last = b
            assert o == len(blob)
            return ids, lats, lons, froms, tos, metres
        for (blob,) in db.execute("SELECT edges FROM walk_pieces"):
            ids, lats, lons, froms, tos, metres = piece(blob)
            for i in range(len(froms)):
                a, b, m = ids[froms[i]], ids[tos[i]], metres[i]
                graph.setdefault(a, []).append((b, m)); graph.setdefault(b, []).append((a, m))
                where.add((lats[froms[i]], lons[froms[i]])); where.add((lats[tos[i]], lons[tos[i]]))
        def link(a, b, m):
            graph.setdefault(a, []).append((b, m)); graph.setdefault(b, []).append((a, m))
        sa, sb, salong, slength = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
        ta, tb, talong, tlength = int(sys.argv[6]), int(sys.argv[7]), float(sys.argv[8]), float(sys.argv[9])
        link(-1, sa, salong); link(-1, sb, slength - salong)
        link(-2, ta, talong); link(-2, tb, tlength - talong)
        if (sa, sb) == (ta, tb): link(-1, -2, abs(salong - talong))
        best, queue = {-1: 0.0}, [(0.0, -1)]
        while queue:
            d, n = heapq.heappop(queue)
            if n == -2: break
            if d > best.get(n, 1e300): continue
            for nxt, m in graph.get(n, []):
                if d + m < best.get(nxt, 1e300):
                    best[nxt] = d + m; heapq.heappush(queue, (d + m, nxt))
        points = json.loads(sys.argv[10])
        print(best[-2], all((lat, lon) in where for lat, lon in points[1:-1]))
        """
    let points = String(data: try JSONSerialization.data(withJSONObject: geometry), encoding: .utf8) ?? "[]"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, database] + joins[0] + joins[1] + [points]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let independent = try #require(fields.first.flatMap(Double.init), "python printed \(output)")
    // distance_m is the whole walk (issue 36, item 8): the straight walks to and from the ways, then ways_m along them.
    let ways = try #require((json["ways_m"] as? NSNumber)?.doubleValue)
    let gaps = try ["start_join", "target_join"].map { try #require(((json[$0] as? [String: Any])?["gap_m"] as? NSNumber)?.doubleValue) }
    #expect(abs(distance - (gaps[0] + ways + gaps[1])) < 0.01, "\(distance) = \(gaps[0]) + \(ways) + \(gaps[1])")
    #expect(abs(ways - independent) <= independent * 0.001, "artmap \(ways) m, Dijkstra \(independent) m")
    #expect(fields.last == "True", "every point of the route between its ends is a node of an imported way")
    // Text output names the streets.
    let text = await runArtmap(["route", "--from", from, "--to", "node/5284003021", "--collection", "helsinki"], home: home)
    #expect(text.out.contains("across Keskuskatu"), "the pedestrian area (area=yes) is walked across")
    // Issue 23, item 10: without --from the walk starts at the city's middle, as list and the view measure.
    let middle = await runArtmap(["route", "--to", "node/5284003021", "--collection", "helsinki"], home: home)
    #expect(middle.status == 0, "\(middle.out)\(middle.err)")
    #expect(middle.out.hasPrefix("Walk to "), "\(middle.out)")
    // Unreachable: straight line, why, exit 1.
    let far = await runArtmap(["route", "--from", "53.406566,-2.966531", "--to", "node/5284003021", "--collection", "helsinki"], home: home)
    #expect(far.status == 1)
    #expect(far.out.contains("No walking route: the start (--from, 53.40657,-2.96653) is 1846 km outside the imported area (import an extract that covers it)"), "\(far.out)")
    #expect(far.out.contains("Straight line: 1846 km NE"))
}

@Test func geoJSONImportsThroughTheSameCommand() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["import", fixtures.appendingPathComponent("sample.geojson").path], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("into 'sample'"))
    #expect(result.out.contains("2 artworks"))
    #expect(result.err.contains("feature 7:"))
    let list = await runArtmap(["list", "--json", "--collection", "sample", "--at", "53.41,-2.97"], home: home)
    #expect(list.out.contains("\"name\":\"Donut House\""), "the sculpture stands in the donut, not in its hole")
}

@Test func aDirectoryNamedLikeAMapIsRefusedInOneLineAndDuplicateArtworksCountOnce() async throws {
    let home = try temporaryDirectory()
    let folder = home.appendingPathComponent("x.osm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The real binary, so a line a C library writes to stderr itself would show too.
    let refused = try runArtmapBinary(["import", folder.path], home: home)
    #expect(refused.status == 1)
    let lines = refused.output.split(separator: "\n")
    #expect(lines.count == 1, "\(refused.output)")
    #expect(lines.first?.hasSuffix("x.osm: is a directory, not an OpenStreetMap file; give the path of an .osm or .osm.pbf file; nothing was imported") == true)
    // The same artwork twice in one file is one artwork, and the summary says so.
    let twice = home.appendingPathComponent("twice.osm")
    try Data("""
        <osm version="0.6">
          <node id="1" lat="53.4" lon="-2.97"><tag k="tourism" v="artwork"/><tag k="name" v="One"/></node>
          <node id="1" lat="53.4" lon="-2.97"><tag k="tourism" v="artwork"/><tag k="name" v="One"/></node>
          <node id="2" lat="53.5" lon="-2.97"><tag k="tourism" v="artwork"/><tag k="name" v="Two"/></node>
        </osm>
        """.utf8).write(to: twice)
    let imported = await runArtmap(["import", twice.path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.out.contains("2 artworks (2 new, 0 changed, 0 removed)"))
}

@Test func mapListShowsEachBaseLayerWithItsSizeAndAgeAndRemoveTakesOneAway() async throws {
    let home = try temporaryDirectory()
    let empty = await runArtmap(["map", "list"], home: home)
    #expect(empty.status == 0)
    #expect(empty.out.contains("no base layer imported"))
    _ = await runArtmap(["import", fixtures.appendingPathComponent("helsinki.osm.pbf").path], home: home)
    _ = await runArtmap(["import", fixtures.appendingPathComponent("sample.geojson").path], home: home)
    let listed = await runArtmap(["map", "list"], home: home)
    #expect(listed.status == 0, "\(listed.err)")
    let lines = listed.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let helsinki = try #require(lines.first { $0.hasPrefix("helsinki:") })
    #expect(helsinki.range(of: #"helsinki: \d+ features, \d+ walking edges, [\d.]+ (KB|MB), imported today from helsinki.osm.pbf \(collection helsinki\)"#,
                           options: .regularExpression) != nil, "\(helsinki)")
    let json = await runArtmap(["map", "list", "--json"], home: home)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["source"] as? String } == ["helsinki", "sample"])
    let before = try mapCounts(home)
    #expect((rows[0]["features"] as? Int) == before.features - ((rows[1]["features"] as? Int) ?? 0))
    #expect(((rows[0]["bytes"] as? Int) ?? 0) > 100_000)

    // Removing one leaves the other layer and every artwork; an unknown name changes nothing and says what there is.
    let removed = await runArtmap(["map", "remove", "helsinki"], home: home)
    #expect(removed.status == 0, "\(removed.err)")
    let after = try mapCounts(home)
    #expect(after.features == (rows[1]["features"] as? Int) && after.boxes == after.features)
    #expect(after.artworks == 65)
    let unknown = await runArtmap(["map", "remove", "helsinki"], home: home)
    #expect(unknown.status == 1)
    #expect(unknown.err.contains("no base layer named 'helsinki' (have: sample)"))
    #expect(try mapCounts(home).features == after.features)
    let left = await runArtmap(["map", "list"], home: home)
    #expect(left.out.split(separator: "\n").count == 1 && left.out.hasPrefix("sample:"))
}
