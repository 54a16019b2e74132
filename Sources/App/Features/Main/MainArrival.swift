import Cartography
import Catalog
import Geo

/// What background work brings the main screen: tiles and maps, too large to compare, so kept apart from the
/// `MainAction`s keys send. The root hands them over as they come (`MainFeature.receive`).
public enum MainArrival: Sendable {
    /// Base-layer tiles read from the store.
    case mapTilesRead(MapTileResult)
    /// The map built from the tiles kept.
    case mapBuilt(MapBuildResult)
    /// A route found on the store's walking graph.
    case routeFound(RouteState, RouteRequest)
    /// A fetch stored streets in these sources: the map is read from the store again.
    case mapStored(sources: [String])
    /// A fetch finished with this base layer (read again from the store when it names only its sources).
    case mapFetched(BaseMap)
}

extension MainFeature {
    /// Takes in what background work brought.
    static func receive(_ state: inout MainState, _ arrival: MainArrival) -> Reduced {
        switch arrival {
        case .mapTilesRead(let result):
            return Reduced(effects: state.mapTilesRead(result))
        case .mapBuilt(let result):
            state.mapBuilt(result)
        case .routeFound(let route, let request):
            return routeFound(&state, route, request)
        case .mapStored(let sources):
            state.readMapFromStore(sources: sources)
        case .mapFetched(let baseMap):
            if baseMap.isEmpty && !baseMap.sources.isEmpty {
                state.readMapFromStore(sources: baseMap.sources)
            } else {
                state.baseMap = baseMap
            }
        }
        return .none
    }

    /// Zoomed out to a step before the 1:10m world layer is drawn: it is read once, in the background.
    static func readWorldDetailAhead(_ state: inout MainState) -> [Effect] {
        guard !state.map.worldDetailAsked, state.metresPerCell >= MapState.worldDetailAheadFromMetresPerCell,
              state.map.world.detailPending else { return [] }
        state.map.worldDetailAsked = true
        return [.readWorldDetail(WorldDetailRead(state.map.world))]
    }

    /// What the root asks of the main screen on behalf of the others (a place found, fetched art, a setting).
    static func reduceAsked(_ state: inout MainState, _ action: MainAction) -> Reduced {
        switch action {
        case .moveReference(let point, let name):
            state.setReference(point, source: .fixed(name))
            // A new reference opens the table on its nearest: the old selection meant the old place (issue 50).
            state.refresh()
            // Far out, a place found by name is shown at street zoom, where its art is.
            if state.showsClusters { state.map.zoomIndex = MapState.streetZoomIndex }
            state.mapCenter = point
            state.pannedAway = false
            state.cursorX = 0
            state.cursorY = 0
            return Reduced(effects: rerouteFromReference(&state), delegates: [.message("measuring from \(name)")])
        case .becomeHome(let name):
            state.referenceSource = .home(name)
            state.liveReference = state.reference
            state.liveSource = state.referenceSource
        case .showFetched(let name, let artworks):
            // Shown where they were fetched, at a zoom that fits the nearest of them, whatever the collection followed.
            let keepReference = state.referenceFollowsCollection
            state.referenceFollowsCollection = false
            state.zoomChosen = false
            state.mapCenter = state.reference
            state.pannedAway = false
            let reduced = reduceCatalogue(&state, .collectionLoaded(name, artworks, search: nil))
            state.referenceFollowsCollection = keepReference
            return reduced
        case .fitNearest:
            MainFeature.chooseInitialZoom(&state)
        case .collectionAvailable(let name):
            if !state.collections.contains(name) { state.collections.append(name) }
        case .collectionNear(let name):
            CatalogueFeature.reduce(&state.catalogue, .near(name))
            let count = state.catalogue.cycle.count
            return message("\(name) holds art near here too: n shows all \(state.nearCollections.count) together, then each alone (\(count) views)")
        case .sharedChanged:
            state.rowsChanged()
        case .settle:
            return Reduced(effects: state.wantMapArea() + readWorldDetailAhead(&state))
        case .fitMap(let points):
            return onMap(&state, .fit(points))
        default:
            break
        }
        return .none
    }
}
