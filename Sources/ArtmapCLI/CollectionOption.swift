import Catalog
import Geo
import Store

/// `--collection NAME` as a person types it: the stored collection of that name whatever its case. Commands
/// declare the option with their own help (`declaration(help:)`) and keep this group in their options.
struct CollectionChoice {
    /// The name as typed; nil when the option was not given.
    var name: String?

    /// The `--collection NAME` option bound to this group, with the command's own help line.
    static func declaration(help: String) -> OptionDeclaration<CollectionChoice> {
        .option("--collection", \.name, .text("NAME"), help: help)
    }

    /// The collection `--collection` names (matched whatever its case), or `fallback` when the option is absent.
    /// A name no collection has is returned as typed, for the command to refuse with its own message.
    func collection(in store: CatalogStore, default fallback: String = Artwork.defaultCollection) throws -> String {
        guard let typed = name else { return fallback }
        return try store.collectionNamed(typed) ?? typed
    }
}

extension CollectionChoice {
    /// How far from a point a collection's art counts as near it, when choosing what to show there.
    static let nearMetres = 25_000.0

    /// The collection to show at `point` (nil: no point was given, the default place is used): `--collection`'s;
    /// else the default collection when it has art within 25 km of the point; else the collection with the most
    /// art within 25 km of it, so `--at` in Helsinki shows Helsinki rather than Liverpool's campus.
    func collection(in store: CatalogStore, at point: Coordinate?) throws -> String {
        guard name == nil, let point else { return try collection(in: store) }
        let near = try store.collectionsNear(point, metres: Self.nearMetres)
        if near.isEmpty || near.contains(where: { $0.collection == Artwork.defaultCollection }) { return Artwork.defaultCollection }
        return near[0].collection
    }
}

extension CollectionChoice {
    /// The collections shown together at `point`: every collection with art within `metres` of it (the radius, else
    /// 25 km), the default collection first, then by how much art each has there. Empty when `--collection` names
    /// one, or when fewer than two are near: one collection is then shown as before.
    func collectionsShownTogether(in store: CatalogStore, at point: Coordinate, metres: Double?) throws -> [String] {
        guard name == nil else { return [] }
        let near = try store.collectionsNear(point, metres: metres ?? Self.nearMetres).map(\.collection)
        guard near.count > 1 else { return [] }
        return near.filter { $0 == Artwork.defaultCollection } + near.filter { $0 != Artwork.defaultCollection }
    }

    /// A line for when nothing is near the point the user gave: how far the nearest of what is shown lies.
    static func nothingNearLine(nearest: Double?, metres: Double?) -> String? {
        let near = metres ?? nearMetres
        guard let nearest, nearest > near else { return nil }
        return "nothing within \(DistanceText.format(near)) of here: the nearest art shown is \(DistanceText.format(nearest)) away"
    }
}
