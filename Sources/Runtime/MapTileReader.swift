import App
import Cartography
import Dispatch
import Foundation
import Store

/// Reads base-layer tiles for the view on one background queue and a reader connection of its own, in the
/// order asked; a request overtaken by a newer one is answered as skipped, unread (the view has moved on).
/// Builds the view's map from the tiles it keeps on another queue, the newest build only.
final class MapTileReader: @unchecked Sendable {
    private let work = DispatchQueue(label: "artmap.map-tiles", qos: .userInitiated)
    /// Routes have a queue and a connection of their own: a city-wide walk takes a second, and tiles must not wait.
    private let routing = DispatchQueue(label: "artmap.routes", qos: .userInitiated)
    /// The map is built from the tiles kept on a queue of its own: a build never waits for a read.
    private let building = DispatchQueue(label: "artmap.map-build", qos: .userInitiated)
    private let lock = NSLock()
    private var newest = 0
    private var newestBuild = 0
    private var routesAsked = 0
    /// Reads on reader connections of the store's own (each queue keeps one busy at most).
    private let store: any StoreAccess

    init(store: any StoreAccess) { self.store = store }

    func read(_ request: MapTileRequest, queue: any ActionSink) {
        lock.withLock { newest = max(newest, request.generation) }
        work.async { [self] in
            var tiles: [MapTileKey: [StoredMapFeature]] = [:]
            var skipped: [MapTileKey] = []
            do {
                try store.read { reader in
                    for tile in request.tiles {
                        if lock.withLock({ newest > request.generation }) {
                            skipped.append(tile)
                            continue
                        }
                        tiles.merge(try reader.mapTiles([tile])) { $1 }
                    }
                }
            } catch {
                skipped = request.tiles.filter { tiles[$0] == nil }
                queue.post(.error("cannot read the map: \(error)"))
            }
            queue.post(.mapTilesRead(MapTileResult(generation: request.generation, tiles: tiles, skipped: skipped)))
        }
    }

    /// Builds the map the view draws from the tiles it keeps; a build overtaken by a newer one before it
    /// starts is dropped (the newer one holds every tile it would).
    func build(_ request: MapBuildRequest, queue: any ActionSink) {
        lock.withLock { newestBuild = max(newestBuild, request.generation) }
        building.async { [self] in
            if lock.withLock({ newestBuild > request.generation }) { return }
            queue.post(.mapBuilt(MapBuildResult(generation: request.generation, map: request.build())))
        }
    }

    /// Finds a walk on the store's walking graph, reading only the corridor between its ends. A reroute
    /// overtaken by a newer request before it starts is dropped (the reference moved on while walking).
    func findRoute(_ request: RouteRequest, queue: any ActionSink) {
        let number = lock.withLock { routesAsked += 1; return routesAsked }
        routing.async { [self] in
            if !request.fitsMap, lock.withLock({ routesAsked > number }) { return }
            do {
                let result = try store.read { try CorridorRouter.route(from: request.start, to: request.target, source: $0) }
                queue.post(.routeFound(request.state(result), request))
            } catch {
                queue.post(.error("cannot read the walking paths: \(error)"))
            }
        }
    }
}
