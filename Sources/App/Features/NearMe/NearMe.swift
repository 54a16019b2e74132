import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes

/// Art near me, anywhere: the view fetches the streets and artworks around the reference point from
/// OpenStreetMap when no base layer covers it (at start, and on moving into tiles without one), `d` fetches
/// around the map's centre, and `@` finds a place by name and goes there. The fetching itself is the run
/// loop's (effects out, actions back); this holds only what the user sees of it.
public struct NearMeState: Sendable {
    /// Whether this view may ask the network at all (false with `--offline`).
    public var online = false
    /// Whether it fetches by itself (`osm.auto-fetch`); `d` works either way when online.
    public var autoFetch = false
    /// A fetch is running around this point.
    public var fetching: Coordinate?
    /// What the running fetch is doing, for the status line.
    public var status: String?
    /// Tiles fetched or tried in this run: never asked for twice by moving about.
    public var tried: Set<MapTile> = []
    /// The place name being typed after `@`, or nil when the prompt is closed.
    public var prompt: String?
    /// The collection fetched artworks go into.
    public static let collection = "osm"
    /// Metres around the point a view's fetch covers.
    public static let radius = 1_000.0

    public init() {}
}

/// What the feature's keys ask for.
public enum NearMeCommand: Hashable, Sendable {
    case fetchAroundCentre, openPrompt

    var action: NearMeAction { self == .fetchAroundCentre ? .fetchAroundCentre : .openPrompt }
}

/// What happens to the near-me feature.
public enum NearMeAction: Sendable {
    /// `d`: fetch around the map's centre now.
    case fetchAroundCentre
    /// `@`: open the place prompt.
    case openPrompt
    /// A fetch reports progress (or a busy service's wait).
    case progress(String)
    /// A fetch stored its tiles: the new base layer and the fetched collection's artworks.
    case fetched(summary: String, baseMap: BaseMap, artworks: [Artwork])
    /// The pictures of a fetch are cached.
    case picturesCached(String)
    case failed(String)
    /// A place was found by name.
    case placeFound(name: String, Coordinate)
    case placeNotFound(String)
}

/// The near-me feature's reducer and its small hooks into the root.
public enum NearMe {
    /// Whether the base layer has anything in the tile-sized box around `point`.
    static func covered(_ state: AppState, at point: Coordinate) -> Bool {
        let half = 0.5 / MapTile.perDegree
        let box = FeatureBounds(south: point.latitude - half, north: point.latitude + half,
                                west: point.longitude - half, east: point.longitude + half)
        return !state.baseMap.features(in: box, metresPerCell: 1).isEmpty
    }

    /// The fetch to start because the view now looks at `point`, if it lacks a base layer and was not tried.
    static func fetchIfUncovered(_ state: inout AppState, at point: Coordinate) -> [Effect] {
        guard state.nearMe.online, state.nearMe.autoFetch, state.nearMe.fetching == nil,
              !state.nearMe.tried.contains(MapTile(containing: point)), !covered(state, at: point) else { return [] }
        return startFetch(&state, at: point)
    }

    private static func startFetch(_ state: inout AppState, at point: Coordinate) -> [Effect] {
        state.nearMe.fetching = point
        state.nearMe.tried.formUnion(MapTile.covering(point, radius: NearMeState.radius))
        state.nearMe.status = "fetching the map around \(String(format: "%.4f,%.4f", point.latitude, point.longitude)) from OpenStreetMap"
        return [.fetchMap(center: point, radius: NearMeState.radius)]
    }

    /// Applies an action.
    static func reduce(_ state: inout AppState, _ action: NearMeAction) -> [Effect] {
        switch action {
        case .fetchAroundCentre:
            guard state.nearMe.online else {
                state.lastMessage = "offline (--offline): nothing is fetched; artmap fetch --around LAT,LON fetches from a shell"
                return []
            }
            guard state.nearMe.fetching == nil else {
                state.lastMessage = "a map fetch is already running"
                return []
            }
            return startFetch(&state, at: state.mapCenter)
        case .openPrompt:
            state.overlays.removeAll()
            state.nearMe.prompt = ""
            return []
        case .progress(let text):
            if state.nearMe.fetching != nil { state.nearMe.status = text }
            return []
        case .fetched(let summary, let baseMap, let artworks):
            let centre = state.nearMe.fetching ?? state.reference
            state.nearMe.fetching = nil
            state.nearMe.status = "finding the artworks' pictures"
            state.baseMap = baseMap
            state.lastMessage = summary
            state.lastError = nil
            if state.collection == NearMeState.collection {
                state.setArtworks(artworks)
                return [.cachePictures]
            }
            // The shown collection has nothing around the fetched point: the fetched artworks are shown instead.
            let nearby = state.artworks.contains { Geodesic.distance(from: $0.coordinate, to: centre) <= NearMeState.radius * 2 }
            if !nearby, !artworks.isEmpty {
                let keepReference = state.referenceFollowsCollection
                state.referenceFollowsCollection = false
                // The map shows the fetched place at a zoom that fits its nearest artworks.
                state.zoomChosen = false
                state.mapCenter = state.reference
                state.pannedAway = false
                let effects = App.reduce(&state, .collectionLoaded(NearMeState.collection, artworks))
                state.referenceFollowsCollection = keepReference
                state.lastMessage = summary + "; showing the collection osm"
                return effects + [.cachePictures]
            }
            return [.cachePictures]
        case .picturesCached(let text):
            state.nearMe.status = nil
            if !text.isEmpty { state.lastMessage = text }
            state.pictures.forgetMissing()
            return wantShownPicture(&state)
        case .failed(let message):
            state.nearMe.fetching = nil
            state.nearMe.status = nil
            state.lastError = message
            return []
        case .placeFound(let name, let point):
            state.setReference(point, source: .fixed(name))
            state.mapCenter = point
            state.pannedAway = false
            state.cursorX = 0
            state.cursorY = 0
            state.lastMessage = "measuring from \(name)"
            rerouteFromReference(&state)
            return fetchIfUncovered(&state, at: point)
        case .placeNotFound(let message):
            state.lastError = message
            return []
        }
    }

    /// Keys while the place prompt is open: text, Backspace, Enter (look it up), Esc (close).
    static func editPrompt(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard let text = state.nearMe.prompt else { return [] }
        switch key {
        case .escape:
            state.nearMe.prompt = nil
        case .enter:
            state.nearMe.prompt = nil
            let query = text.trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return [] }
            state.lastMessage = "looking for \(query)…"
            return [.findPlace(query, online: state.nearMe.online)]
        case .backspace, .delete:
            state.nearMe.prompt = String(text.dropLast())
        case .character(let c):
            if text.count < 100 { state.nearMe.prompt = text + DisplayText.clean(String(c)) }
        default:
            break
        }
        return []
    }

    /// The status line's words for the feature: the prompt, or what a fetch is doing.
    public static func statusText(_ state: AppState) -> String? {
        state.nearMe.status.map { "⇣ " + $0 }
    }

    /// The prompt line while `@` is open.
    public static func promptLine(_ state: AppState) -> String? {
        state.nearMe.prompt.map { " @ go to " + $0 + "▏  Enter find · Esc cancel" }
    }
}
