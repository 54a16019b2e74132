import Cartography
import Catalog
import Foundation
import Geo
import TestSupport
import Testing

// Routes on real-shaped extracts: each end joins the nearest point of an edge of the main walking network,
// checked against a brute-force snap and a Dijkstra written here from the edges alone.

/// An extract read into memory: its edges, artworks and graph.
private struct Extract {
    let edges: [WalkEdge]
    let artworks: [Artwork]
    let graph: WalkGraph

    init(_ name: String) throws {
        let sink = RecordingSink()
        let result = try OSMImporter.run(path: try fixture(name), collection: name, sink: sink)
        edges = sink.edges
        artworks = result.artworks
        graph = WalkGraph(edges: sink.edges)
    }
}

/// Connected components of the edges by union-find over OpenStreetMap node ids: the root of each id, and
/// the size of each root's component.
private func components(_ edges: [WalkEdge]) -> (root: (Int64) -> Int64, size: [Int64: Int]) {
    var parent: [Int64: Int64] = [:]
    func find(_ x: Int64) -> Int64 {
        var x = x
        while let p = parent[x], p != x {
            parent[x] = parent[p] ?? p
            x = p
        }
        return x
    }
    for edge in edges {
        if parent[edge.from] == nil { parent[edge.from] = edge.from }
        if parent[edge.to] == nil { parent[edge.to] = edge.to }
        let a = find(edge.from), b = find(edge.to)
        if a != b { parent[a] = b }
    }
    var size: [Int64: Int] = [:]
    for id in parent.keys { size[find(id), default: 0] += 1 }
    let roots = parent.keys.reduce(into: [Int64: Int64]()) { $0[$1] = find($1) }
    return ({ roots[$0] ?? $0 }, size)
}

/// Metres from `point` to the segment `edge`, in a flat plane around the point.
private func distance(from point: Coordinate, to edge: WalkEdge) -> Double {
    let plane = LocalProjection(center: point)
    let a = plane.project(edge.fromPoint.coordinate), b = plane.project(edge.toPoint.coordinate)
    let dx = b.east - a.east, dy = b.north - a.north
    let t = dx * dx + dy * dy > 0 ? min(1, max(0, -(a.east * dx + a.north * dy) / (dx * dx + dy * dy))) : 0
    let x = a.east + t * dx, y = a.north + t * dy
    return (x * x + y * y).squareRoot()
}

/// A Dijkstra over the edges plus a start and a goal placed on edges as the route says, with no heuristic.
private func independentDijkstra(_ edges: [WalkEdge], start: RouteJoin, target: RouteJoin) -> Double? {
    let source: Int64 = -1, goal: Int64 = -2
    var adjacency: [Int64: [(Int64, Double)]] = [:]
    func link(_ a: Int64, _ b: Int64, _ metres: Double) {
        adjacency[a, default: []].append((b, metres))
        adjacency[b, default: []].append((a, metres))
    }
    for edge in edges { link(edge.from, edge.to, edge.metres) }
    link(source, start.fromNode, start.along)
    link(source, start.toNode, start.length - start.along)
    link(goal, target.fromNode, target.along)
    link(goal, target.toNode, target.length - target.along)
    if Set([start.fromNode, start.toNode]) == Set([target.fromNode, target.toNode]) {
        let targetAlong = start.fromNode == target.fromNode ? target.along : target.length - target.along
        link(source, goal, abs(start.along - targetAlong))
    }
    var best: [Int64: Double] = [source: 0]
    var done = Set<Int64>()
    var frontier: [(Double, Int64)] = [(0, source)]  // sorted largest first
    while let (distance, node) = frontier.popLast() {
        if done.contains(node) { continue }
        if node == goal { return distance }
        done.insert(node)
        for (next, length) in adjacency[node] ?? [] where distance + length < best[next] ?? .infinity {
            best[next] = distance + length
            var low = 0, high = frontier.count
            while low < high {
                let mid = (low + high) / 2
                if frontier[mid].0 > distance + length { low = mid + 1 } else { high = mid }
            }
            frontier.insert((distance + length, next), at: low)
        }
    }
    return nil
}

/// Routes `pairs` seeded random artwork-to-artwork pairs of the extract; each must exist, start and end
/// where a brute-force snap says, and equal the independent Dijkstra within 0.1%.
private func everyPairIsRoutedExactly(_ name: String, pairs: Int) throws {
    let extract = try Extract(name)
    try #require(extract.artworks.count >= 2)
    let (root, size) = components(extract.edges)
    let largest = size.values.max() ?? 0
    let main = { (edge: WalkEdge) in (size[root(edge.from)] ?? 0) >= WalkGraph.mainNetworkNodes || size[root(edge.from)] == largest }
    /// The gap a correct snap leaves: to the nearest edge of any component when both ends are nearest the
    /// same one, else to the nearest edge of the main network.
    func expectedGaps(_ a: Coordinate, _ b: Coordinate) -> (Double, Double) {
        func nearest(_ p: Coordinate, _ accept: (WalkEdge) -> Bool) -> (metres: Double, component: Int64) {
            var best = (metres: Double.infinity, component: Int64(0))
            for edge in extract.edges where accept(edge) {
                let d = distance(from: p, to: edge)
                if d < best.metres { best = (d, root(edge.from)) }
            }
            return best
        }
        let anyA = nearest(a) { _ in true }, anyB = nearest(b) { _ in true }
        if anyA.component == anyB.component { return (anyA.metres, anyB.metres) }
        return (nearest(a, main).metres, nearest(b, main).metres)
    }
    var generator = SeededGenerator()
    var routed = 0
    for _ in 0..<pairs {
        let i = Int.random(in: 0..<extract.artworks.count, using: &generator)
        var j = Int.random(in: 0..<(extract.artworks.count - 1), using: &generator)
        if j >= i { j += 1 }
        let from = extract.artworks[i], to = extract.artworks[j]
        let context = "\(name): \(from.id) '\(from.title)' to \(to.id) '\(to.title)', \(generator.replay)"
        let route: WalkingRoute
        switch Router.route(in: extract.graph, from: from.coordinate, to: to.coordinate) {
        case .success(let found): route = found
        case .failure(let why):
            Issue.record("no route: \(why.message); \(context)")
            continue
        }
        let gaps = expectedGaps(from.coordinate, to.coordinate)
        #expect(abs(route.startGap - gaps.0) < 0.5, "start joins \(route.startGap) m from the ways, brute force \(gaps.0) m; \(context)")
        #expect(abs(route.endGap - gaps.1) < 0.5, "target leaves \(route.endGap) m from the ways, brute force \(gaps.1) m; \(context)")
        let start = try #require(route.startJoin), target = try #require(route.targetJoin)
        let slow = try #require(independentDijkstra(extract.edges, start: start, target: target), "Dijkstra found no path; \(context)")
        #expect(abs(route.metres - slow) <= slow * 0.001 + 1e-6, "A* \(route.metres) m, Dijkstra \(slow) m; \(context)")
        routed += 1
    }
    #expect(routed == pairs, "\(generator.replay)")
}

@Test func everySeededArtworkPairOfTheHelsinkiExtractIsRoutedAndExact() throws {
    try everyPairIsRoutedExactly("helsinki.osm.pbf", pairs: 40)
}

@Test func everySeededArtworkPairOfThePlazaExtractIsRoutedAndExact() throws {
    try everyPairIsRoutedExactly("plaza.osm", pairs: 40)
}

/// The route between two artworks of the plaza extract, found by title.
private func plazaRoute(_ from: String, _ to: String) throws -> WalkingRoute {
    let extract = try Extract("plaza.osm")
    let a = try #require(extract.artworks.first { $0.title == from }), b = try #require(extract.artworks.first { $0.title == to })
    return try Router.route(in: extract.graph, from: a.coordinate, to: b.coordinate).get()
}

@Test func aSquareDrawnAsAnIslandBesideTheAvenueJoinsTheAvenue() throws {
    // Plaça Lidia Armengol shares no node with Avinguda Meritxell, 6 m south of it; its sculpture used to
    // snap to the square's own ring and find no way out.
    let route = try plazaRoute("El viatger", "Mural del Mig")
    let first = try #require(route.steps.first)
    #expect(first.instruction == "walk to Avinguda Meritxell", "\(route.steps)")
    #expect(abs(first.metres - 20) < 1, "the sculpture stands 20 m north of the avenue")
    #expect(route.steps.map(\.street).contains("Carrer del Mig"))
    // Two sculptures of the same square walk within it, along its ring.
    let within = try plazaRoute("Dona asseguda", "Cap de bou")
    #expect(within.steps.contains { $0.street == "Plaça Lidia Armengol" }, "\(within.steps)")
}

@Test func aFootwayInsideACourtyardIsUsedOnlyWhenBothEndsAreInTheCourtyard() throws {
    let inside = try plazaRoute("Escultura del pati", "Banc del pati")
    #expect(inside.steps.allSatisfy { $0.street == "Pati Central" || $0.instruction.hasPrefix("walk to") || $0.instruction.hasPrefix("leave") },
            "\(inside.steps)")
    #expect(inside.startGap < 11 && inside.endGap < 6)
    // To the street outside, the courtyard's path (three nodes, joined to nothing) is left aside.
    let out = try plazaRoute("Escultura del pati", "Mural del Mig")
    #expect(!out.steps.contains { $0.street == "Pati Central" })
    // It joins the nearest way of the main network instead, 60 m off across the building (the avenue
    // south of it and Plaça del Poble north of it are as near).
    let join = try #require(out.steps.first)
    #expect(join.instruction == "walk to Avinguda Meritxell" || join.instruction == "walk to Plaça del Poble", "\(out.steps)")
    #expect(abs(join.metres - 60) < 1)
}

@Test func aPedestrianAreaIsWalkedAcrossNotRound() throws {
    let extract = try Extract("plaza.osm")
    let corner = Coordinate(clampingLatitude: 42.5070 + 120 / 111_100, longitude: 1.5190 + 280 / 82_080)
    let fountain = try #require(extract.artworks.first { $0.title == "Font del Poble" })
    let route = try Router.route(in: extract.graph, from: corner, to: fountain.coordinate).get()
    // Straight across: 60 m east and 100 m north, not 100 + 60 round the edge.
    #expect(abs(route.metres - (60.0 * 60 + 100 * 100).squareRoot()) < 1.5, "\(route.metres) m, \(route.steps)")
    #expect(route.steps.contains { $0.instruction.contains("across Plaça del Poble") }, "\(route.steps)")
}

@Test func aTargetOutsideTheExtractIsSaidToBeOutsideItAndAnIslandIsNamed() throws {
    let extract = try Extract("plaza.osm")
    let sculpture = try #require(extract.artworks.first { $0.title == "El viatger" })
    // 2 km north of the extract's northernmost way.
    let outside = Coordinate(clampingLatitude: 42.5070 + 2_226 / 111_100, longitude: 1.5200)
    let failure = try #require(throws: RouteFailure.self) { try Router.route(in: extract.graph, from: sculpture.coordinate, to: outside).get() }
    let metres = try #require({ () -> Double? in
        if case .outsideImportedArea(let metres, "target") = failure { return metres } else { return nil }
    }(), "expected the target outside the imported area, got \(failure)")
    #expect(abs(metres - 2_000) < 20, "\(metres)")
    #expect(failure.message.hasPrefix("the target is 2.0 km outside the imported area") || failure.message.hasPrefix("the target is 2 km outside the imported area"),
            "\(failure.message)")
    // A path 1 km from every other way: a start beside it is on an island.
    let island = (0..<4).map { i in
        GeoPoint(latitude: 43.0 + Double(i) * 0.0002, longitude: 1.5)
    }
    var edges = extract.edges
    for i in 1..<island.count {
        edges.append(WalkEdge(from: 90_000 + Int64(i - 1), to: 90_000 + Int64(i), fromPoint: island[i - 1], toPoint: island[i],
                              metres: Geodesic.distance(from: island[i - 1].coordinate, to: island[i].coordinate), street: "Camí del Bosc"))
    }
    let graph = WalkGraph(edges: edges)
    let lost = try #require(throws: RouteFailure.self) {
        try Router.route(in: graph, from: Coordinate(clampingLatitude: 43.0003, longitude: 1.50005), to: sculpture.coordinate).get()
    }
    #expect(lost == .island(nodes: 4, what: "start"), "\(lost)")
    #expect(lost.message.contains("the start is on an island of 4 path nodes"))
}

@Test func walkersTagsDecideWhatIsWalkable() {
    #expect(MapTags.isWalkable(["highway": "primary", "foot": "yes", "access": "private"]), "foot=yes on a primary road")
    #expect(MapTags.isWalkable(["highway": "primary", "foot": "designated", "access": "no"]))
    #expect(MapTags.isWalkable(["highway": "motorway", "foot": "permissive"]), "foot= makes any class walkable")
    #expect(!MapTags.isWalkable(["highway": "primary", "access": "no"]))
    #expect(!MapTags.isWalkable(["highway": "footway", "foot": "no"]))
    #expect(!MapTags.isWalkable(["highway": "service", "access": "private"]))
    #expect(MapTags.isWalkable(["highway": "trunk", "sidewalk": "both"]), "sidewalk=both on a trunk road")
    #expect(MapTags.isWalkable(["highway": "trunk", "sidewalk:right": "yes"]))
    #expect(!MapTags.isWalkable(["highway": "trunk"]))
    #expect(!MapTags.isWalkable(["highway": "trunk", "sidewalk": "separate"]))
    #expect(MapTags.isWalkable(["highway": "residential", "oneway": "yes"]), "one-way never applies on foot")
    // Closed pedestrian ways and pedestrian areas are squares that hold artworks; a closed footway is not.
    #expect(MapTags.kind(["highway": "pedestrian"], closed: true) == .plaza)
    #expect(MapTags.kind(["highway": "footway", "area": "yes"], closed: true) == .plaza)
    #expect(MapTags.kind(["highway": "footway"], closed: true) == .footway)
    #expect(MapTags.isWalkableArea(["highway": "footway", "area": "yes"]) && MapTags.isWalkableArea(["place": "square"]))
    #expect(!MapTags.isWalkableArea(["highway": "pedestrian"]), "a closed pedestrian way without area=yes is walked along, not across")
}

@Test func aTrunkRoadWithSidewalksAndOneWithFootYesAreWalked() throws {
    // Carretera General (trunk, sidewalk=both, oneway=yes) is the only way to Porta de la Vall.
    let east = try plazaRoute("Mural del Mig", "Porta de la Vall")
    #expect(east.steps.contains { $0.street == "Carretera General" }, "\(east.steps)")
    #expect(east.endGap < 7)
    // Walked against its one-way direction too.
    let back = try plazaRoute("Porta de la Vall", "Mural del Mig")
    #expect(abs(back.metres - east.metres) < 0.5)
    // Avinguda de Tarragona (trunk, foot=yes) is the only way to the monument.
    let west = try plazaRoute("Mural del Mig", "Monument a la Vall")
    #expect(west.steps.contains { $0.street == "Avinguda de Tarragona" }, "\(west.steps)")
    #expect(west.endGap < 7)
}

@Test func stepsAreNamedAsStepsInTheInstructions() throws {
    // From Carrer Prat de la Creu, 20 m east of the foot of the steps.
    let extract = try Extract("plaza.osm")
    let street = Coordinate(clampingLatitude: 42.5070 + 120 / 111_100, longitude: 1.5190 + 460 / 82_080)
    let lookout = try #require(extract.artworks.first { $0.title == "Mirador de ferro" })
    let route = try Router.route(in: extract.graph, from: street, to: lookout.coordinate).get()
    let instructions = route.steps.map(\.instruction)
    #expect(instructions.contains { $0.hasSuffix("onto the steps") }, "\(instructions)")
    #expect(instructions.contains { $0.hasSuffix("onto Passeig del Mirador") }, "\(instructions)")
}

@Test func anLShapedSquareIsCrossedInsideItNeverOverTheOutsideCorner() throws {
    // An L of pedestrian area=yes: from its south-east tip to its north-west tip the straight line leaves
    // the L; the walk goes by the inner corner.
    let origin = (lat: 53.40, lon: -2.97)
    func ll(_ x: Double, _ y: Double) -> (Double, Double) { (origin.lat + y / 111_250, origin.lon + x / 66_460) }
    let ring: [(Double, Double)] = [(0, 0), (100, 0), (100, 40), (40, 40), (40, 100), (0, 100)]
    var xml = "<osm version=\"0.6\">\n"
    for (i, point) in ring.enumerated() {
        let (lat, lon) = ll(point.0, point.1)
        xml += "  <node id=\"\(i + 1)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
    }
    xml += "  <way id=\"1\" version=\"1\">" + (1...ring.count).map { "<nd ref=\"\($0)\"/>" }.joined() + "<nd ref=\"1\"/>"
    xml += "<tag k=\"highway\" v=\"pedestrian\"/><tag k=\"area\" v=\"yes\"/><tag k=\"name\" v=\"L Square\"/></way>\n</osm>\n"
    let directory = try temporaryDirectory("l-square")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("l.osm")
    try Data(xml.utf8).write(to: file)
    let sink = RecordingSink()
    _ = try OSMImporter.run(path: file.path, collection: "l", sink: sink)
    let graph = WalkGraph(edges: sink.edges)
    func coordinate(_ x: Double, _ y: Double) -> Coordinate { Coordinate(clampingLatitude: ll(x, y).0, longitude: ll(x, y).1) }
    let route = try Router.route(in: graph, from: coordinate(100, 0), to: coordinate(0, 100)).get()
    let byTheCorner = Geodesic.distance(from: coordinate(100, 0), to: coordinate(40, 40)) + Geodesic.distance(from: coordinate(40, 40), to: coordinate(0, 100))
    #expect(abs(route.metres - byTheCorner) < 0.01, "\(route.metres) m; by the inner corner \(byTheCorner) m")
    #expect(route.steps.map(\.instruction).first?.hasSuffix("across L Square") == true, "\(route.steps)")
}

@Test func aFootwayEndingOnASquaresSideWithoutSharingANodeWalksOntoIt() throws {
    // Carrer de l'Església ends on Plaça del Poble's east side, between two of its nodes.
    let route = try plazaRoute("Mirador de ferro", "Font del Poble")
    #expect(route.steps.contains { $0.street == "Carrer de l'Església" }, "\(route.steps)")
    // 40 m of footway, 25 m along the side, 60 m along the north side; down the steps and round would be 237 m.
    #expect(abs(route.metres - 125.3) < 1.5, "\(route.metres) m, \(route.steps)")
}

@Test func aSquareMappedAsAMultipolygonIsWalkedAndCrossed() throws {
    // Plaça de la Rotonda: highway=pedestrian + area=yes on a multipolygon relation, its way untagged.
    let route = try plazaRoute("Rellotge de sol", "Placa commemorativa")
    #expect(route.startGap < 6, "the sundial stands 5 m from the square's corner, \(route.startGap) m")
    #expect(route.steps.contains { $0.instruction.contains("across Plaça de la Rotonda") }, "\(route.steps)")
}
