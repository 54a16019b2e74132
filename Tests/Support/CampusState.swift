import App
import Catalog
import Foundation
import TerminalTypes

/// The clock of `campusState`: a fixed moment, so screens that show ages and times are the same on every run.
public let campusStateNow = Date(timeIntervalSince1970: 1_800_000_000)

/// The view's state on the embedded campus catalogue, laid out for a terminal of `columns` × `rows`.
public func campusState(columns: Int = 160, rows: Int = 45) throws -> AppState {
    // As a user starts it: online (not --offline), so `s` and the hints that offer it are those a newcomer sees.
    var state = AppState(artworks: try ServiceRecordDecoder.decode(try seedArtworksData()).artworks, online: true)
    _ = reduce(&state, .resize(TerminalSize(columns: columns, rows: rows)))
    _ = reduce(&state, .tick(campusStateNow))
    return state
}

/// The id of the screen of this kind nearest the top of the stack (the one a background answer names).
public func screenID<S: StackScreen>(_ kind: S.Type, in state: AppState) -> ScreenID? {
    state.overlays.last { $0.is(kind) }?.id
}

/// What the run loop posts to the open walk screen when the planner or the store answers it.
public func walkAnswer(_ state: AppState, _ action: WalkAction) -> Action {
    .answer(.walk(action), to: screenID(WalkState.self, in: state) ?? ScreenID(-1))
}
