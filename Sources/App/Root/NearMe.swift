import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes

/// The root's side of the near-me feature (Features/NearMe): it hands the feature its actions with the main
/// screen to read, and does what the feature asks (`NearMeRequest`); the feature decides everything else.
extension AppState {
    /// `m` far out (world zooms): the point under the cursor becomes the reference, the map goes to street zoom
    /// there, and online the streets and art around it are fetched (as `d` does), so a jump across the world lands
    /// on a map with its art.
    mutating func pickFarReference() -> [Effect] {
        var effects = routeMain(.pickReference)
        effects += routeMain(.streetZoom)
        guard nearMe.online, nearMe.fetching == nil else { return effects }
        return effects + NearMeFeature.start(&nearMe, at: main.reference, screenRadius: main.screenRadius)
    }

    /// Applies one of the feature's actions.
    mutating func reduceNearMe(_ action: NearMeAction) -> [Effect] {
        let before = (main.reference, main.mapCenter)
        let reduced = NearMeFeature.reduce(&nearMe, action, main: main)
        return handle(reduced) + fetchIfMoved(from: before)
    }

    /// A key while the place prompt is open.
    mutating func typeIntoPlacePrompt(_ key: Key) -> [Effect] {
        let effects = NearMeFeature.editPrompt(&nearMe, key)
        if case .findPlace(let query, _)? = effects.first { lastMessage = "looking for \(query)…" }
        return effects
    }

    /// The fetch to start because the view now looks at `point`, if it lacks a base layer and was not tried.
    mutating func fetchIfUncovered(at point: Coordinate) -> [Effect] {
        NearMeFeature.fetchIfUncovered(&nearMe, at: point, main: main)
    }

    /// The fetch to start because a key, the mouse or a fix moved the reference or the map's centre into another tile.
    mutating func fetchIfMoved(from before: (reference: Coordinate, centre: Coordinate)) -> [Effect] {
        NearMeFeature.fetchIfMoved(&nearMe, from: before, main: main)
    }

    /// Does what the feature asked, in order, after its own effects.
    private mutating func handle(_ reduced: NearMeReduced) -> [Effect] {
        var effects = reduced.effects
        for request in reduced.requests {
            switch request {
            case .main(let action): effects += routeMain(action)
            case .arrival(let arrival): effects += receiveOnMain(arrival)
            case .showCollection(let name, let artworks): effects += replaceCollection(with: .showFetched(name, artworks))
            case .message(let text): lastMessage = text
            case .addToMessage(let text): lastMessage = lastMessage.map { $0 + " · " + text } ?? text
            case .error(let text): lastError = text
            case .clearError: lastError = nil
            case .closeScreens: overlays.removeAll()
            case .picturesChanged:
                pictures.forgetMissing()
                effects += fullRecordsReread(of: CollectionID.osm.name) + wantShownPicture()
            }
        }
        return effects
    }
}
