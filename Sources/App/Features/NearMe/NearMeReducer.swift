import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes

/// What the near-me feature asks of the root: changes to the main screen go as the main feature's actions,
/// the rest as what the root alone keeps (the status line, the stack, the pictures).
public enum NearMeRequest: Sendable {
    /// An action for the main screen.
    case main(MainAction)
    /// What a fetch brought the main screen's map.
    case arrival(MainArrival)
    /// Show fetched art as the collection `name`, in place of the shown one (as a collection read is shown).
    case showCollection(String, [Artwork])
    case message(String)
    /// A line added to the message shown (the pictures' line after the fetch's own).
    case addToMessage(String)
    case error(String)
    case clearError
    /// Leave every screen on the stack (the place prompt is the main screen's).
    case closeScreens
    /// Pictures were found and downloaded: those missing may be read now, and the fetched collection's full records
    /// again (their credit and page are saved with the pictures).
    case picturesChanged
}

/// The near-me feature's answer: work for the run loop and requests to the root, in order.
public struct NearMeReduced: Sendable {
    public var effects: [Effect] = []
    public var requests: [NearMeRequest] = []

    init(effects: [Effect] = [], requests: [NearMeRequest] = []) {
        self.effects = effects
        self.requests = requests
    }
}

extension NearMeFeature {
    /// Applies one of the feature's actions; it reads the main screen (`main`) and changes only its own state.
    static func reduce(_ state: inout NearMeState, _ action: NearMeAction, main: MainState) -> NearMeReduced {
        switch action {
        case .fetchAroundCentre:
            guard state.online else {
                return NearMeReduced(requests: [.message("offline (--offline): nothing is fetched; artmap fetch --around LAT,LON fetches from a shell")])
            }
            guard state.fetching == nil else { return NearMeReduced(requests: [.message("a map fetch is already running")]) }
            return NearMeReduced(effects: start(&state, at: main.mapCenter, screenRadius: main.screenRadius))
        case .openPrompt:
            state.prompt = ""
            return NearMeReduced(requests: [.closeScreens])
        case .makeHome:
            return makeHome(main)
        case .progress(let text):
            if state.fetching != nil { state.status = text }
            return NearMeReduced()
        case .artworksArrived(let artworks):
            // The table fills from the artworks' answer, before any street has arrived; the pictures follow the fetch.
            guard let centre = state.fetching else { return NearMeReduced() }
            let shown = showFetched(&state, artworks, around: centre, main: main).requests
            return NearMeReduced(requests: shown + refit(&state, found: !artworks.isEmpty, main: main))
        case .streetsArrived(let sources):
            guard state.fetching != nil else { return NearMeReduced() }
            return NearMeReduced(requests: [.arrival(.mapStored(sources: sources))])
        case .fetched(let summary, let baseMap, let artworks):
            return fetched(&state, summary: summary, baseMap: baseMap, artworks: artworks, main: main)
        case .picturesCached(let text):
            state.status = nil
            // The fetch's own summary stays (it says what the fetch brought); the pictures' line follows it.
            return NearMeReduced(requests: (text.isEmpty ? [] : [.addToMessage(text)]) + [.picturesChanged])
        case .failed(let message):
            state.fetching = nil
            state.looksAgain = false
            state.status = nil
            state.refitUnlessMoved = nil
            // What arrived before the failure stays (issue 30); a far start with nothing yet shows the nearest collection.
            if let fallback = fallBackFromFarStart(&state, found: !main.artworks.isEmpty) {
                return NearMeReduced(effects: fallback.effects, requests: [.error(message + "; " + (state.farNotice ?? ""))])
            }
            return NearMeReduced(requests: [.error(message)])
        case .placeFound(let name, let point):
            return NearMeReduced(requests: [.main(.moveReference(to: point, name: name))])
        case .placeNotFound(let message):
            return NearMeReduced(requests: [.error(message)])
        }
    }

    /// The reference point saved as `location.home`, under the name it has (a place found with `@`), so the view and
    /// every command start there from now on.
    private static func makeHome(_ main: MainState) -> NearMeReduced {
        var name: String?
        switch main.referenceSource {
        case .fixed(let given?) where given != "Ashton Building" && !given.hasPrefix("middle of "): name = given
        case .home(let given): name = given
        default: name = nil
        }
        let home = Home(coordinate: main.reference, name: name)
        // The saved setting's answer says "home is now …" (Root/Status.swift).
        return NearMeReduced(effects: [.saveSetting(key: Setting.home, value: home.setting)], requests: [.main(.becomeHome(home.name ?? ""))])
    }

    /// A fetch stored its tiles: the map is read again, the art shown, and the pictures asked for.
    private static func fetched(_ state: inout NearMeState, summary: String, baseMap: BaseMap, artworks: [Artwork],
                                main: MainState) -> NearMeReduced {
        let centre = state.fetching ?? main.reference
        let looksAgain = state.looksAgain
        state.looksAgain = false
        state.fetching = nil
        state.status = "finding the artworks' pictures"
        var requests: [NearMeRequest] = [.arrival(.mapFetched(baseMap)), .message(summary), .clearError]
        let shown = showFetched(&state, artworks, around: centre, main: main)
        requests += shown.requests + refit(&state, found: !artworks.isEmpty, main: main)
        state.refitUnlessMoved = nil
        if shown.switched { requests.append(.message(summary + "; showing the collection \(CollectionID.osm.name)")) }
        if let fallback = fallBackFromFarStart(&state, found: !artworks.isEmpty) {
            return NearMeReduced(effects: fallback.effects, requests: requests + fallback.requests)
        }
        return NearMeReduced(effects: [.cachePictures(around: main.reference, lookAgain: looksAgain)], requests: requests)
    }

    /// Shows fetched artworks: in the fetched collection when it is on screen; else instead of the shown collection
    /// when that has nothing around the fetched point.
    private static func showFetched(_ state: inout NearMeState, _ artworks: [Artwork], around centre: Coordinate,
                                    main: MainState) -> (requests: [NearMeRequest], switched: Bool) {
        if main.collection == CollectionID.osm.name {
            if !artworks.isEmpty { state.farFallback = nil }
            return ([.main(.catalogue(artworks))], false)
        }
        let nearby = main.artworks.contains { Geodesic.distance(from: $0.coordinate, to: centre) <= NearMeState.radius * 2 }
        // Beside art already shown, the fetched collection joins the ones near here, for `n` (issue 50).
        if nearby, !artworks.isEmpty { return ([.main(.collectionNear(CollectionID.osm.name))], false) }
        guard !artworks.isEmpty else { return ([], false) }
        state.farFallback = nil
        return ([.showCollection(CollectionID.osm.name, artworks)], true)
    }

    /// The first art fetched at a start far from any: the zoom fitted to it once, unless the user has zoomed or panned
    /// the map since the start (its zoom was chosen for an empty map).
    private static func refit(_ state: inout NearMeState, found: Bool, main: MainState) -> [NearMeRequest] {
        guard found, let moves = state.refitUnlessMoved else { return [] }
        state.refitUnlessMoved = nil
        return main.map.moves == moves ? [.main(.fitNearest)] : []
    }

    /// A start far from any art began on the empty point while its art was fetched (issue 30): when the fetch found
    /// nothing there, the nearest collection is shown with the line saying how far it is, as an offline start does.
    private static func fallBackFromFarStart(_ state: inout NearMeState, found: Bool) -> NearMeReduced? {
        guard let fallback = state.farFallback else { return nil }
        state.farFallback = nil
        guard !found else { return nil }
        return NearMeReduced(effects: [.loadCollection(fallback, search: nil)], requests: state.farNotice.map { [.error($0)] } ?? [])
    }

    /// Whether the base layer has anything in the tile-sized box around `point`.
    static func baseLayerCovers(_ point: Coordinate, main: MainState) -> Bool {
        // Read from the store tile by tile: until the tiles in view are read and the map built from them it is
        // not known, and it is asked again when they arrive (`mapTilesRead`, `mapBuilt`).
        if main.mapTiles.readsFromStore, !main.mapTiles.pending.isEmpty || main.mapTiles.isBuilding || main.mapTiles.wanted.isEmpty { return true }
        let half = 0.5 / MapTile.perDegree
        let box = FeatureBounds(south: point.latitude - half, north: point.latitude + half,
                                west: point.longitude - half, east: point.longitude + half)
        return !main.baseMap.features(in: box, metresPerCell: 1).isEmpty
    }

    /// The fetch to start because the view now looks at `point`, if it lacks a base layer and was not tried.
    static func fetchIfUncovered(_ state: inout NearMeState, at point: Coordinate, main: MainState) -> [Effect] {
        guard wantsFetch(state, at: point, covered: baseLayerCovers(point, main: main)) else { return [] }
        return start(&state, at: point, screenRadius: main.screenRadius)
    }

    /// The fetch to start because the reference or the map's centre moved into another tile (GPX, gpsd, `m`,
    /// panning far, a place found): the reference first.
    static func fetchIfMoved(_ state: inout NearMeState, from before: (reference: Coordinate, centre: Coordinate),
                             main: MainState) -> [Effect] {
        if MapTile(containing: main.reference) != MapTile(containing: before.reference) {
            let effects = fetchIfUncovered(&state, at: main.reference, main: main)
            if !effects.isEmpty { return effects }
        }
        if MapTile(containing: main.mapCenter) != MapTile(containing: before.centre) {
            return fetchIfUncovered(&state, at: main.mapCenter, main: main)
        }
        return []
    }
}
