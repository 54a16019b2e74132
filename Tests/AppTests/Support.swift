import Catalog
import Geo
import Imaging
import TerminalTypes
import Testing
import TestSupport
@testable import App

/// Presses keys through the whole app (keymap, router, features): for the keymap's own tests.
@discardableResult
func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { reduce(&state, .key($0)) }
}

/// Runs actions on the state's main screen directly, the state being the feature's context; returns what
/// the feature asked, unhandled.
@discardableResult
func onMain(_ state: inout AppState, _ actions: MainAction...) -> Reduced {
    var all = Reduced()
    for action in actions {
        var main = state.main
        let result = MainFeature.reduce(&main, action, state)
        state.main = main
        all.effects += result.effects
        all.delegates += result.delegates
    }
    return all
}

/// The table row index of a building's header.
func headerRow(_ state: AppState, _ name: String) -> Int? {
    state.main.rows.firstIndex { if case .building(let b) = $0 { return state.main.ranked[b].name == name } else { return false } }
}

/// Selects a table row, as the table's keys would.
func selectRow(_ state: inout AppState, _ row: Int) {
    onMain(&state, .select(.top))
    for _ in 0..<row { onMain(&state, .select(.down)) }
}

/// A decoded picture of a solid colour, as the run loop would deliver it.
func picture(_ id: String, collection: String = "campus", width: Int = 400, height: Int = 300) -> Picture {
    let pixels = RGBAImage(width: width, height: height, filledWith: RGB(200, 40, 40))
    return Picture(artwork: ArtworkKey(collection: collection, id: id), fileName: "\(id).jpg",
                   decoded: DecodedImage(format: .jpeg, originalWidth: width, originalHeight: height, orientation: .normal, pixels: pixels))
}

/// Opens the detail of artwork 40 (Abstract) from the Electrical Engineering Building's list, through the
/// root (the main screen asks for the list, the list for the detail); returns the effects on the way.
func openAbstract(_ state: inout AppState) throws -> [Effect] {
    onMain(&state, .focusNext)
    selectRow(&state, try #require(headerRow(state, "Electrical Engineering Building")))
    var effects = state.routeMain(.open(.table))
    effects += reduce(&state, .screen(.building(.move(.down))))
    effects += reduce(&state, .screen(.building(.open)))
    return effects
}

extension Array where Element == Effect {
    /// The artworks whose pictures these effects ask for, in order (each `loadPicture` carries the artwork itself).
    var picturesAsked: [ArtworkKey] { compactMap { if case .loadPicture(let artwork, _) = $0 { return artwork.key } else { return nil } } }
    /// The collections these effects sync from their service, in order.
    var syncsAsked: [String] { compactMap { if case .startSync(let collection, _) = $0 { return collection } else { return nil } } }
    /// The centres and radii of the map fetches these effects start, in order.
    var fetchesAsked: [(center: Coordinate, radius: Double)] {
        compactMap { if case .fetchMap(let center, let radius, _) = $0 { return (center, radius) } else { return nil } }
    }
}
