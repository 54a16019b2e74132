import Testing
import TestSupport
@testable import App
@testable import Screen

@Test func everyScreenOfTheRegistryHasOneViewAndEveryViewAScreen() {
    let screens = ScreenRegistry.stack.map { ObjectIdentifier($0) }
    let drawn = StackViews.all.map { view in ObjectIdentifier(stateType(of: view)) }
    #expect(Set(screens) == Set(drawn), "screens without a view, or views without a screen")
    #expect(drawn.count == Set(drawn).count, "a screen drawn by two views")
}

@Test func theScreenOnTopIsDrawnByItsOwnView() throws {
    var state = try campusState(columns: 100, rows: 200)
    state.replaceStack([HelpState(scroll: 0)])
    let help = MainView.render(state).lines.joined(separator: "\n")
    #expect(help.contains("Mouse: click a marker or a row to select it"), "the help's own view drew it:\n\(help)")
    state.replaceStack([])
    let main = MainView.render(state).lines.joined(separator: "\n")
    #expect(!main.contains("Mouse: click a marker or a row to select it"))
}

private func stateType<View: StackScreenView>(of view: View.Type) -> any StackScreen.Type { View.State.self }
