import Catalog
import Geo

/// The art far out: the catalogue's buildings gathered into clusters of cells (a block of `blockColumns` ×
/// `blockRows` cells on the map's grid), each shown as one marker with the number of artworks it holds.
public struct MapCluster: Sendable, Equatable {
    /// The marker's cell, as an offset from the map's centre: the member building nearest the block's middle.
    public let x: Int
    public let y: Int
    /// The artworks in the cluster's buildings.
    public let artworks: Int
    /// The member buildings' places (Enter zooms to fit them).
    public let places: [Coordinate]
}

extension MainState {
    /// Cells a cluster block spans across and down.
    public static let clusterBlock = (columns: 4, rows: 2)

    /// Whether the art is shown as clusters at this zoom (the world zooms).
    public var showsClusters: Bool { map.metresPerCell >= MapState.worldFromMetresPerCell }

    /// The clusters of the catalogue's buildings within `half` cells of the centre (the pane), largest first.
    public func clusters(half: (x: Int, y: Int)) -> [MapCluster] {
        let view = boundingBox(cellsFromX: -half.x - 1, toX: half.x + 1, fromY: -half.y - 1, toY: half.y + 1)
        let block = Self.clusterBlock
        var members: [Int: [(x: Int, y: Int, building: Building)]] = [:]
        for index in catalog.buildingIndices(inside: view) {
            let building = catalog.buildings[index]
            let cell = cellOffset(of: building.coordinate)
            guard abs(cell.x) <= half.x, abs(cell.y) <= half.y else { continue }
            // Blocks on the grid of cells from the centre, so a cluster keeps its members while the cursor moves.
            let key = Int((Double(cell.y) / Double(block.rows)).rounded(.down)) &* 100_003
                &+ Int((Double(cell.x) / Double(block.columns)).rounded(.down))
            members[key, default: []].append((cell.x, cell.y, building))
        }
        let blocks = members.values.map { list in
            let mx = Double(list.map(\.x).reduce(0, +)) / Double(list.count), my = Double(list.map(\.y).reduce(0, +)) / Double(list.count)
            let middle = list.min { a, b in
                let da = (Double(a.x) - mx) * (Double(a.x) - mx) + (Double(a.y) - my) * (Double(a.y) - my)
                let db = (Double(b.x) - mx) * (Double(b.x) - mx) + (Double(b.y) - my) * (Double(b.y) - my)
                return da != db ? da < db : (a.y, a.x, a.building.key) < (b.y, b.x, b.building.key)
            } ?? list[0]
            return MapCluster(x: middle.x, y: middle.y, artworks: list.reduce(0) { $0 + $1.building.artworks.count },
                              places: list.map(\.building.coordinate))
        }.sorted { ($0.artworks, $1.y, $1.x) > ($1.artworks, $0.y, $0.x) }
        return Self.mergingNeighbours(blocks)
    }

    /// Clusters whose markers would touch ("◉◉64") are one: a smaller one within a row and three columns of a
    /// larger one joins it (its artworks and places), so each marker has room for its count.
    static func mergingNeighbours(_ sorted: [MapCluster]) -> [MapCluster] {
        var kept: [MapCluster] = []
        for cluster in sorted {
            if let index = kept.firstIndex(where: { abs($0.x - cluster.x) <= 3 && abs($0.y - cluster.y) <= 1 }) {
                let host = kept[index]
                kept[index] = MapCluster(x: host.x, y: host.y, artworks: host.artworks + cluster.artworks, places: host.places + cluster.places)
            } else {
                kept.append(cluster)
            }
        }
        return kept
    }

    /// The cluster whose marker is on a cell offset, if any.
    public func cluster(atCellX x: Int, y: Int) -> MapCluster? {
        clusters(half: mapHalfExtent).first { $0.x == x && $0.y == y }
    }
}
