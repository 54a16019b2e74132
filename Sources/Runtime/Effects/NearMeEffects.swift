import App
import Cartography
import Catalog
import Foundation
import Geo
import Store
import Sync

/// What the view's OpenStreetMap work needs: the services, the store's path (fetches write on a connection
/// of their own), the image cache and the back-off.
public struct NearMeContext: Sendable {
    var services: OSMServices?
    var storePath: String
    var imageCache: ImageCache
    var limits: SyncLimits
    var backoff: ServiceBackoff
    var maxAgeDays: Double

    /// The services (nil: never fetches), the store to write to, the image cache, the limits and back-off, and
    /// how old fetched data may grow before it is fetched again.
    public init(services: OSMServices?, storePath: String, imageCache: ImageCache, limits: SyncLimits, backoff: ServiceBackoff, maxAgeDays: Double) {
        self.services = services
        self.storePath = storePath
        self.imageCache = imageCache
        self.limits = limits
        self.backoff = backoff
        self.maxAgeDays = maxAgeDays
    }
}

/// The near-me feature's effects: the map fetched around a point (each answer shown as it is stored), the
/// pictures of fetched artworks cached, and places found by name; answered as `.nearMe` actions.
struct NearMeEffects: EffectHandler {
    /// The services and where fetched data goes; nil when the view cannot fetch (no services set).
    let context: NearMeContext?
    let store: any StoreAccess
    let http: any HTTPClient
    /// The session's one pacing of place searches.
    let limiter: any RequestLimiter

    init(_ dependencies: Dependencies) {
        context = dependencies.nearMe
        store = dependencies.store
        http = dependencies.http
        limiter = dependencies.nominatimLimiter
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .fetchMap, .refreshMap, .cachePictures, .findPlace: return true
        default: return false
        }
    }

    /// Performs the near-me feature's effects in the background; results come back as `.nearMe` actions.
    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard let context else {
            replies.post(.nearMe(.failed("the map cannot be fetched from here (no services set)")))
            return
        }
        switch effect {
        case .fetchMap(let center, let radius, let screenRadius), .refreshMap(let center, let radius, let screenRadius):
            // A refresh asks every tile again, whatever its age.
            let maxAgeDays: Double
            if case .refreshMap = effect { maxAgeDays = 0 } else { maxAgeDays = context.maxAgeDays }
            guard let services = context.services, !store.isReadOnly else {
                replies.post(.nearMe(.failed(store.isReadOnly ? "cannot fetch the map: the store is read-only" : "offline: nothing is fetched")))
                return
            }
            var request = MapFetchRequest(storePath: context.storePath, center: center, radius: radius, maxAgeDays: maxAgeDays,
                                          services: services, imageCache: context.imageCache)
            request.downloadPictures = false
            request.screenRadius = screenRadius
            let fetcher = MapFetcher(http: http, limits: context.limits, backoff: context.backoff)
            let store = self.store
            Task.detached { await NearMeEffects.fetchShowingEachAnswer(fetcher, request, store: store, queue: replies) }
        case .cachePictures(let center, let lookAgain):
            guard let services = context.services, !store.isReadOnly else { return }
            var request = MapFetchRequest(storePath: context.storePath, center: center, radius: 1, maxAgeDays: context.maxAgeDays,
                                          services: services, imageCache: context.imageCache)
            request.fetchTiles = false
            request.lookAgain = lookAgain
            let fetcher = MapFetcher(http: http, limits: context.limits, backoff: context.backoff)
            Task.detached {
                do {
                    let report = try await fetcher.run(request) { step in replies.post(.nearMe(.progress(step.text))) }
                    let text = report.imagesCached > 0 ? "\(report.imagesCached) picture\(report.imagesCached == 1 ? "" : "s") cached" : ""
                    replies.post(.nearMe(.picturesCached(text)))
                } catch {
                    replies.post(.nearMe(.picturesCached("pictures: \(DisplayText.clean("\(error)"))")))
                }
            }
        case .findPlace(let query, let online):
            findPlace(query, online: online, services: online ? context.services : nil, into: replies)
        default:
            break
        }
    }

    /// Looks a place up (the store first, then Nominatim when `services` are given) off the loop.
    private func findPlace(_ query: String, online: Bool, services: OSMServices?, into queue: any ActionSink) {
        let store = self.store, http = self.http, limiter = self.limiter
        Task.detached {
            do {
                let found = try await OSMLookup.findPlaces(query, limit: 1, online: services != nil, services: services, store: store,
                                                           http: http, limiter: limiter)
                guard let first = found.first, let point = try? Coordinate(latitude: first.latitude, longitude: first.longitude) else {
                    queue.post(.nearMe(.placeNotFound("no place named '\(DisplayText.clean(query))'\(online ? "" : " in the store (offline)")")))
                    return
                }
                queue.post(.nearMe(.placeFound(name: first.name, point)))
            } catch {
                queue.post(.nearMe(.placeNotFound("place search failed: \(DisplayText.clean("\(error)"))")))
            }
        }
    }

    /// Runs a map fetch off the loop, each answer shown as it is stored (issue 30): the artworks first, then the
    /// streets, tile by tile; then the whole result, or why it failed.
    static func fetchShowingEachAnswer(_ fetcher: MapFetcher, _ request: MapFetchRequest, store: any StoreAccess, queue: any ActionSink) async {
        do {
            let report = try await fetcher.run(request) { step in
                switch step {
                case .artworksStored:
                    if let artworks = try? store.read({ try $0.artworks(collections: CatalogStore.fetchedCollections, fields: .view) }) {
                        queue.post(.nearMe(.artworksArrived(artworks)))
                    }
                case .tilesStored:
                    if let sources = try? store.read({ try $0.mapSourceNames() }) {
                        queue.post(.nearMe(.streetsArrived(sources: sources)))
                    }
                default:
                    queue.post(.nearMe(.progress(step.text)))
                }
            }
            // The view reads the map by tiles: only the sources' names go back, not the whole map.
            let (sources, artworks) = try store.read { reader in
                (try reader.mapSourceNames(), try reader.artworks(collections: CatalogStore.fetchedCollections, fields: .view))
            }
            let map = BaseMap(features: [], graph: WalkGraph(edges: []), sources: sources)
            queue.post(.nearMe(.fetched(summary: report.spoken, baseMap: map, artworks: artworks)))
        } catch {
            queue.post(.nearMe(.failed(fetchFailure(error))))
        }
    }

    /// Why a fetch in the view failed, reason first, then what to do (issue 50): "no network (unknown host): the map
    /// could not be fetched — --offline stops trying", not the Overpass URL with its query.
    static func fetchFailure(_ error: Error) -> String {
        let reason = DisplayText.clean((error as? SyncError)?.message ?? "\(error)")
        let noNetwork = ["unknown host", "cannot connect", "timed out while connecting"].contains { reason.hasPrefix($0) }
        if noNetwork { return "no network (\(reason)): the map could not be fetched — --offline stops trying" }
        return "the map could not be fetched: \(reason) — d tries again"
    }
}
