import Foundation
import Geo

/// An artwork seen from a reference point.
public struct RankedArtwork: Hashable, Sendable {
    public let artwork: Artwork
    public let distance: Double
    public let bearing: Double
}

/// A building seen from a reference point, its artworks ordered by distance then title.
public struct RankedBuilding: Hashable, Sendable {
    public let building: Building
    public let distance: Double
    public let bearing: Double
    public let artworks: [RankedArtwork]

    public init(building: Building, distance: Double, bearing: Double, artworks: [RankedArtwork]) {
        self.building = building
        self.distance = distance
        self.bearing = bearing
        self.artworks = artworks
    }

    public var name: String { building.name }
}

/// The catalogue's questions: grouped by building and ordered by distance, within a radius, nearest k.
/// Built once per catalogue; candidates come from a spatial index, distances from WGS84 geodesics.
public struct CatalogQuery: Sendable {
    public let buildings: [Building]
    private let index: SpatialIndex
    /// Which building holds each artwork, by artwork: made the first time a detail asks, since hashing
    /// 100,000 ids cost a fifth of building the query that a first frame or a list never needs.
    private let owners: MadeOnFirstUse<ArtworkKey, Int>
    // The index measures on a sphere; ellipsoidal distances differ by well under 1%.
    private static let sphereMargin = 1.01

    public init(artworks: [Artwork]) {
        let buildings = Building.group(artworks.filter(\.enabled))
        self.buildings = buildings
        index = SpatialIndex(points: buildings.map(\.coordinate))
        owners = MadeOnFirstUse {
            var owners: [ArtworkKey: Int] = [:]
            owners.reserveCapacity(buildings.reduce(0) { $0 + $1.artworks.count })
            for (b, building) in buildings.enumerated() {
                for artwork in building.artworks { owners[artwork.key] = b }
            }
            return owners
        }
    }

    /// Where a collection far from `home` is measured from by default: `home` itself when some artwork lies
    /// within `nearby` metres of it, else the middle (median latitude and longitude) of the collection, so
    /// an imported city is listed and shown around itself rather than 1,800 km from the campus.
    public func defaultReference(home: Coordinate, nearby: Double = 50_000) -> Coordinate? {
        guard !buildings.isEmpty else { return nil }
        if let nearest = index.nearest(to: home, count: 1).first, nearest.distance <= nearby { return nil }
        let latitudes = buildings.flatMap { $0.artworks.map(\.coordinate.latitude) }.sorted()
        let longitudes = buildings.flatMap { $0.artworks.map(\.coordinate.longitude) }.sorted()
        return Coordinate(clampingLatitude: latitudes[latitudes.count / 2], longitude: longitudes[longitudes.count / 2])
    }

    /// Indices (into `buildings`) of the buildings inside a box: what a map view needs, from the index.
    public func buildingIndices(inside box: BoundingBox) -> [Int] {
        index.inside(box)
    }

    /// The building that holds an artwork, without ranking anything.
    public func building(containingArtwork key: ArtworkKey) -> Building? {
        owners[key].map { buildings[$0] }
    }

    /// Buildings ordered by distance from `reference` (then name), optionally only those within
    /// `radius` metres and only the `nearest` k.
    public func ranked(from reference: Coordinate, radius: Double? = nil, nearest: Int? = nil) -> [RankedBuilding] {
        var candidates: [Int]
        if let radius {
            candidates = index.within(radius: radius * CatalogQuery.sphereMargin + 1, of: reference).map(\.index)
        } else {
            candidates = Array(buildings.indices)
        }
        if let k = nearest, radius == nil, k < buildings.count {
            // The true k nearest lie within the ellipsoidal distance of the k-th on the sphere.
            let sphereNearest = index.nearest(to: reference, count: k)
            let bound = sphereNearest.map { Geodesic.distance(from: reference, to: buildings[$0.index].coordinate) }.max() ?? 0
            candidates = index.within(radius: bound * CatalogQuery.sphereMargin + 1, of: reference).map(\.index)
        }
        var result = candidates.map { rank(buildings[$0], from: reference) }
        if let radius { result = result.filter { $0.distance <= radius } }
        result.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        if let k = nearest { result = Array(result.prefix(max(0, k))) }
        return result
    }

    /// One building with its distance, bearing and artworks in order.
    public func rank(_ building: Building, from reference: Coordinate) -> RankedBuilding {
        let g = Geodesic.inverse(from: reference, to: building.coordinate)
        var artworks = building.artworks.map { artwork -> RankedArtwork in
            // Artworks at the building's own point (most, when a building is a place) need no second geodesic.
            let a = artwork.coordinate == building.coordinate ? g : Geodesic.inverse(from: reference, to: artwork.coordinate)
            return RankedArtwork(artwork: artwork, distance: a.distance, bearing: a.initialBearing)
        }
        // In place: `sorted` would copy every building's list once more.
        artworks.sort { ($0.distance, $0.artwork.title, $0.artwork.id) < ($1.distance, $1.artwork.title, $1.artwork.id) }
        return RankedBuilding(building: building, distance: g.distance, bearing: g.initialBearing, artworks: artworks)
    }
}
