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

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .fetchMap, .refreshMap, .cachePictures, .findPlace: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        switch effect {
        case .fetchMap, .refreshMap, .cachePictures, .findPlace: performInBackground(effect, state, reply)
        default: return
        }
    }

    /// Metres from the map's centre to its farthest corner, as the view stands: the area the first streets' question covers.
    static func screenRadius(_ state: AppState) -> Double {
        let layout = state.main.layout
        let cell = state.main.metresPerCell
        let half = Double(max(layout.map.width, 2 * layout.map.height)) / 2 * cell
        return min(NearMeState.radius, max(150, half * 1.2))
    }

    /// Performs the near-me feature's effects in the background; results come back as `.nearMe` actions.
    private func performInBackground(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        let queue = reply.later
        guard let context else {
            reply.now(.nearMe(.failed("the map cannot be fetched from here (no services set)")))
            return
        }
        switch effect {
        case .fetchMap(let center, let radius), .refreshMap(let center, let radius):
            // A refresh asks every tile again, whatever its age.
            let maxAgeDays: Double
            if case .refreshMap = effect { maxAgeDays = 0 } else { maxAgeDays = context.maxAgeDays }
            guard let services = context.services, !store.isReadOnly else {
                reply.now(.nearMe(.failed(store.isReadOnly ? "cannot fetch the map: the store is read-only" : "offline: nothing is fetched")))
                return
            }
            var request = MapFetchRequest(storePath: context.storePath, center: center, radius: radius, maxAgeDays: maxAgeDays,
                                          services: services, imageCache: context.imageCache)
            request.downloadPictures = false
            request.screenRadius = NearMeEffects.screenRadius(state)
            let fetcher = MapFetcher(http: OSMLookup.httpClient(), limits: context.limits, backoff: context.backoff)
            Task.detached { await NearMeEffects.fetchShowingEachAnswer(fetcher, request, storePath: context.storePath, queue: queue) }
        case .cachePictures(let lookAgain):
            guard let services = context.services, !store.isReadOnly else { return }
            var request = MapFetchRequest(storePath: context.storePath, center: state.main.reference, radius: 1, maxAgeDays: context.maxAgeDays,
                                          services: services, imageCache: context.imageCache)
            request.fetchTiles = false
            request.lookAgain = lookAgain
            let fetcher = MapFetcher(http: OSMLookup.httpClient(), limits: context.limits, backoff: context.backoff)
            Task.detached {
                do {
                    let report = try await fetcher.run(request) { step in queue.post(.nearMe(.progress(step.text))) }
                    let text = report.imagesCached > 0 ? "\(report.imagesCached) picture\(report.imagesCached == 1 ? "" : "s") cached" : ""
                    queue.post(.nearMe(.picturesCached(text)))
                } catch {
                    queue.post(.nearMe(.picturesCached("pictures: \(DisplayText.clean("\(error)"))")))
                }
            }
        case .findPlace(let query, let online):
            let services = online ? context.services : nil
            let path = context.storePath
            Task.detached {
                do {
                    let store = try CatalogStore(path: path)
                    let found = try await OSMLookup.findPlaces(query, limit: 1, online: services != nil, services: services,
                                                                       store: store)
                    guard let first = found.first, let point = try? Coordinate(latitude: first.latitude, longitude: first.longitude) else {
                        queue.post(.nearMe(.placeNotFound("no place named '\(DisplayText.clean(query))'\(online ? "" : " in the store (offline)")")))
                        return
                    }
                    queue.post(.nearMe(.placeFound(name: first.name, point)))
                } catch {
                    queue.post(.nearMe(.placeNotFound("place search failed: \(DisplayText.clean("\(error)"))")))
                }
            }
        default:
            break
        }
    }

    /// Runs a map fetch off the loop, each answer shown as it is stored (issue 30): the artworks first, then the
    /// streets, tile by tile; then the whole result, or why it failed.
    static func fetchShowingEachAnswer(_ fetcher: MapFetcher, _ request: MapFetchRequest, storePath path: String, queue: any ActionSink) async {
        do {
            let report = try await fetcher.run(request) { step in
                switch step {
                case .artworksStored:
                    if let reader = try? CatalogStore(path: path),
                       let artworks = try? reader.artworks(collection: CollectionID.osm.name, fields: .view) {
                        queue.post(.nearMe(.artworksArrived(artworks)))
                    }
                case .tilesStored:
                    if let reader = try? CatalogStore(path: path), let sources = try? reader.mapSourceNames() {
                        queue.post(.nearMe(.streetsArrived(sources: sources)))
                    }
                default:
                    queue.post(.nearMe(.progress(step.text)))
                }
            }
            let reader = try CatalogStore(path: path)
            // The view reads the map by tiles: only the sources' names go back, not the whole map.
            let map = BaseMap(features: [], graph: WalkGraph(edges: []), sources: try reader.mapSourceNames())
            let artworks = try reader.artworks(collection: CollectionID.osm.name, fields: .view)
            queue.post(.nearMe(.fetched(summary: report.summary, baseMap: map, artworks: artworks)))
        } catch {
            queue.post(.nearMe(.failed("map fetch failed: \(DisplayText.clean("\(error)"))")))
        }
    }
}
