import Catalog
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

/// Issue 44 item 2: after `@`, one key makes the place jumped to home: saved as `location.home` with its name, named
/// "⌂ home · …" on the status line, and where `M` goes back to.
@Test func tildeMakesThePlaceJumpedToHome() throws {
    var state = try campusState()
    let helsinki = try Coordinate(latitude: 60.17, longitude: 24.94)
    onMain(&state, .moveReference(to: helsinki, name: "Mikonkatu"))
    let effects = press(&state, .character("~"))
    let saved = effects.compactMap { effect -> String? in
        if case .saveSetting(let key, let value) = effect, key == Setting.home { return value } else { return nil }
    }
    #expect(saved == ["60.170000,24.940000 Mikonkatu"], "\(effects)")
    #expect(state.main.referenceSource == .home("Mikonkatu") && state.main.referenceSource.mark == "⌂")
    _ = reduce(&state, .settingSaved(key: Setting.home, value: saved.first))
    #expect(state.lastMessage?.hasPrefix("home is now Mikonkatu: the view and every command start there") == true, "\(String(describing: state.lastMessage))")
    onMain(&state, .moveReference(to: .ashtonBuilding, name: "Ashton Building"))
    press(&state, .character("M"))
    #expect(state.main.reference == helsinki && state.main.referenceSource == .home("Mikonkatu"), "M goes back to home")
}
