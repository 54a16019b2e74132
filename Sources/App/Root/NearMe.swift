import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes

/// The root's side of the near-me feature (Features/NearMe): it watches the main screen's reference and
/// centre, and takes in what fetches and place searches report.
extension AppState {
    /// Whether the base layer has anything in the tile-sized box around `point`.
    func baseLayerCovers(_ point: Coordinate) -> Bool {
        // Read from the store tile by tile: until the tiles in view are read and the map built from them it is
        // not known, and it is asked again when they arrive (`mapTilesRead`, `mapBuilt`).
        if main.mapTiles.readsFromStore, !main.mapTiles.pending.isEmpty || main.mapTiles.isBuilding || main.mapTiles.wanted.isEmpty { return true }
        let half = 0.5 / MapTile.perDegree
        let box = FeatureBounds(south: point.latitude - half, north: point.latitude + half,
                                west: point.longitude - half, east: point.longitude + half)
        return !main.baseMap.features(in: box, metresPerCell: 1).isEmpty
    }

    /// The fetch to start because the view now looks at `point`, if it lacks a base layer and was not tried.
    mutating func fetchIfUncovered(at point: Coordinate) -> [Effect] {
        guard NearMeFeature.wantsFetch(nearMe, at: point, covered: baseLayerCovers(point)) else { return [] }
        return NearMeFeature.start(&nearMe, at: point)
    }

    /// The fetch to start because a key, the mouse or a fix moved the reference or the map's centre into
    /// another tile (GPX, gpsd, `m`, panning far): the reference first.
    mutating func fetchIfMoved(from before: (reference: Coordinate, centre: Coordinate)) -> [Effect] {
        let reference = main.reference, centre = main.mapCenter
        if MapTile(containing: reference) != MapTile(containing: before.reference) {
            let effects = fetchIfUncovered(at: reference)
            if !effects.isEmpty { return effects }
        }
        if MapTile(containing: centre) != MapTile(containing: before.centre) { return fetchIfUncovered(at: centre) }
        return []
    }

    /// Applies one of the feature's actions.
    /// `m` far out (world zooms): the point under the cursor becomes the reference, the map goes to street zoom
    /// there, and online the streets and art around it are fetched (as `d` does), so a jump across the world lands
    /// on a map with its art.
    mutating func pickFarReference() -> [Effect] {
        var effects = routeMain(.pickReference)
        effects += routeMain(.streetZoom)
        guard nearMe.online, nearMe.fetching == nil else { return effects }
        return effects + NearMeFeature.start(&nearMe, at: main.reference)
    }

    mutating func reduceNearMe(_ action: NearMeAction) -> [Effect] {
        switch action {
        case .fetchAroundCentre:
            guard nearMe.online else {
                lastMessage = "offline (--offline): nothing is fetched; artmap fetch --around LAT,LON fetches from a shell"
                return []
            }
            guard nearMe.fetching == nil else {
                lastMessage = "a map fetch is already running"
                return []
            }
            return NearMeFeature.start(&nearMe, at: main.mapCenter)
        case .openPrompt:
            overlays.removeAll()
            nearMe.prompt = ""
            return []
        case .progress(let text):
            if nearMe.fetching != nil { nearMe.status = text }
            return []
        case .artworksArrived(let artworks):
            // The table fills from the artworks' answer, before any street has arrived; the pictures follow the fetch.
            guard nearMe.fetching != nil else { return [] }
            return showFetched(artworks, around: nearMe.fetching ?? main.reference).effects
        case .streetsArrived(let sources):
            guard nearMe.fetching != nil else { return [] }
            main.readMapFromStore(sources: sources)
            return []
        case .fetched(let summary, let baseMap, let artworks):
            let centre = nearMe.fetching ?? main.reference
            nearMe.fetching = nil
            nearMe.status = "finding the artworks' pictures"
            // The view reads the map from the store by tiles: the answer names the sources, the tiles are read again.
            if baseMap.isEmpty && !baseMap.sources.isEmpty {
                main.readMapFromStore(sources: baseMap.sources)
            } else {
                main.baseMap = baseMap
            }
            lastMessage = summary
            lastError = nil
            let shown = showFetched(artworks, around: centre)
            if shown.switched { lastMessage = summary + "; showing the collection osm" }
            if let fallback = fallBackFromFarStart(found: !artworks.isEmpty) { return shown.effects + fallback }
            return shown.effects + [.cachePictures]
        case .picturesCached(let text):
            nearMe.status = nil
            // The fetch's own summary stays (it says what the fetch brought); the pictures' line follows it.
            if !text.isEmpty { lastMessage = lastMessage.map { $0 + " · " + text } ?? text }
            pictures.forgetMissing()
            return wantShownPicture()
        case .failed(let message):
            nearMe.fetching = nil
            nearMe.status = nil
            // What arrived before the failure stays (issue 30); a far start with nothing yet shows the nearest collection.
            if let fallback = fallBackFromFarStart(found: !main.artworks.isEmpty) {
                lastError = message + "; " + (nearMe.farNotice ?? "")
                return fallback
            }
            lastError = message
            return []
        case .placeFound(let name, let point):
            main.setReference(point, source: .fixed(name))
            // Far out, a place found by name is shown at street zoom, where its art is.
            if main.showsClusters { main.map.zoomIndex = MapState.streetZoomIndex }
            main.mapCenter = point
            main.pannedAway = false
            main.cursorX = 0
            main.cursorY = 0
            lastMessage = "measuring from \(name)"
            return MainFeature.rerouteFromReference(&main) + fetchIfUncovered(at: point)
        case .placeNotFound(let message):
            lastError = message
            return []
        }
    }

    /// Shows fetched artworks: in the fetched collection when it is on screen; else instead of the shown collection
    /// when that has nothing around the fetched point, at a zoom that fits the nearest of them.
    private mutating func showFetched(_ artworks: [Artwork], around centre: Coordinate) -> (effects: [Effect], switched: Bool) {
        if collection == NearMeState.collection {
            if !artworks.isEmpty { nearMe.farFallback = nil }
            return (routeMain(.catalogue(artworks)), false)
        }
        let nearby = main.artworks.contains { Geodesic.distance(from: $0.coordinate, to: centre) <= NearMeState.radius * 2 }
        guard !nearby, !artworks.isEmpty else { return ([], false) }
        nearMe.farFallback = nil
        let keepReference = main.referenceFollowsCollection
        main.referenceFollowsCollection = false
        main.zoomChosen = false
        main.mapCenter = main.reference
        main.pannedAway = false
        let effects = App.reduce(&self, .collectionLoaded(NearMeState.collection, artworks, search: nil))
        main.referenceFollowsCollection = keepReference
        return (effects, true)
    }

    /// A start far from any art began on the empty point while its art was fetched (issue 30): when the fetch found
    /// nothing there, the nearest collection is shown with the line saying how far it is, as an offline start does.
    private mutating func fallBackFromFarStart(found: Bool) -> [Effect]? {
        guard let fallback = nearMe.farFallback else { return nil }
        nearMe.farFallback = nil
        guard !found else { return nil }
        if let notice = nearMe.farNotice { lastError = notice }
        return [.loadCollection(fallback, search: nil)]
    }

    /// A key while the place prompt is open.
    mutating func typeIntoPlacePrompt(_ key: Key) -> [Effect] {
        let effects = NearMeFeature.editPrompt(&nearMe, key)
        if case .findPlace(let query, _)? = effects.first { lastMessage = "looking for \(query)…" }
        return effects
    }
}
