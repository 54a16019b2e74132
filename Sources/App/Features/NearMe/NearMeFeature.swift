import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes

/// Art near me, anywhere: what the user sees of fetching the streets and artworks around the reference
/// from OpenStreetMap (at start and on moving into tiles no base layer covers), of `d` (fetch around the
/// map's centre) and of `@` (find a place by name). The fetching is the run loop's: effects out, actions back;
/// the root (Root/NearMe.swift) decides when, from the main screen's reference and centre.
public struct NearMeState: Hashable, Sendable {
    /// Whether this view may ask the network at all (false with `--offline`).
    public var online = false
    /// Whether it fetches by itself (`osm.auto-fetch`); `d` works either way when online.
    public var autoFetch = false
    /// A fetch is running around this point.
    public var fetching: Coordinate?
    /// The running fetch is `s` on fetched art: its pictures without one are looked up again (not on every fetch).
    public var looksAgain = false
    /// What the running fetch is doing, for the status line.
    public var status: String?
    /// Tiles fetched or tried in this run: never asked for twice by moving about.
    public var tried: Set<MapTile> = []
    /// The collection to show, with `farNotice`, if the fetch at a start far from any art finds nothing (issue 30).
    public var farFallback: String?
    public var farNotice: String?
    /// At a start far from any art: the map's `moves` then. The first art fetched there refits the zoom once, unless
    /// the user has zoomed or panned since (issue 30).
    public var refitUnlessMoved: Int?
    /// The place name being typed after `@`, or nil when the prompt is closed.
    public var prompt: String?
    /// Metres around the point a view's fetch covers.
    public static let radius = 1_000.0
    /// The widest fetch the services are asked for (as `MapFetcher.maxRadius`).
    public static let maxRadius = 5_000.0

    public init() {}
}

/// What the feature's keys ask for.
public enum NearMeCommand: Hashable, Sendable {
    case fetchAroundCentre, openPrompt, makeHome

    var action: NearMeAction {
        switch self {
        case .fetchAroundCentre: return .fetchAroundCentre
        case .openPrompt: return .openPrompt
        case .makeHome: return .makeHome
        }
    }
}

/// What happens to the near-me feature.
public enum NearMeAction: Sendable {
    /// `d`: fetch around the map's centre now.
    case fetchAroundCentre
    /// `@`: open the place prompt.
    case openPrompt
    /// `~`: the reference point (a place jumped to with `@`, a picked point) becomes the user's home (issue 44).
    case makeHome
    /// A fetch reports progress (or a busy service's wait).
    case progress(String)
    /// A fetch's artworks' answer is stored: the fetched collection's artworks, before any street (issue 30).
    case artworksArrived([Artwork])
    /// A fetch's streets' answer is stored in some of its tiles: the map is read again from these sources.
    case streetsArrived(sources: [String])
    /// A fetch stored its tiles: the new base layer and the fetched collection's artworks.
    case fetched(summary: String, baseMap: BaseMap, artworks: [Artwork])
    /// The pictures of a fetch are cached.
    case picturesCached(String)
    case failed(String)
    /// A place was found by name.
    case placeFound(name: String, Coordinate)
    case placeNotFound(String)
}

/// The feature's own rules, on its own state.
public enum NearMeFeature {
    /// Whether the view should fetch around `point` by itself: online, fetching by itself, not already
    /// fetching, the tile not tried in this run, and no base layer there (`covered`).
    static func wantsFetch(_ state: NearMeState, at point: Coordinate, covered: Bool) -> Bool {
        state.online && state.autoFetch && state.fetching == nil && !state.tried.contains(MapTile(containing: point)) && !covered
    }

    /// Starts a fetch around `point`: remembered as running, its tiles as tried, said in the status line.
    static func start(_ state: inout NearMeState, at point: Coordinate, screenRadius: Double) -> [Effect] {
        state.fetching = point
        state.tried.formUnion(MapTile.covering(point, radius: NearMeState.radius))
        state.status = "fetching the map around \(String(format: "%.4f,%.4f", point.latitude, point.longitude)) from OpenStreetMap"
        return [.fetchMap(center: point, radius: NearMeState.radius, screenRadius: screenRadius)]
    }

    /// Keys while the place prompt is open: text, Backspace, Enter (look it up), Esc (close).
    static func editPrompt(_ state: inout NearMeState, _ key: Key) -> [Effect] {
        guard let text = state.prompt else { return [] }
        switch key {
        case .escape:
            state.prompt = nil
        case .enter:
            state.prompt = nil
            let query = text.trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return [] }
            return [.findPlace(query, online: state.online)]
        case .backspace, .delete:
            state.prompt = String(text.dropLast())
        case .character(let c):
            if text.count < 100 { state.prompt = text + DisplayText.clean(String(c)) }
        default:
            break
        }
        return []
    }

    /// The status line's words for a running fetch.
    public static func statusText(_ state: NearMeState) -> String? {
        state.status.map { "⇣ " + $0 }
    }

    /// The prompt line while `@` is open.
    public static func promptLine(_ state: NearMeState) -> String? {
        state.prompt.map { " @ go to " + $0 + "▏  Enter find · Esc cancel" }
    }
}
