import Catalog
import TerminalTypes
import Testing
import TestSupport
@testable import App

// Keys, tested once: the keymap's table, and keys reaching the screen they are pressed on. Every other test
// drives its feature with its own actions.

@Test func helpIsGeneratedFromTheKeymap() {
    let help = Keymap.helpLines().joined(separator: "\n")
    for binding in Keymap.bindings {
        #expect(help.contains(binding.description), "help lacks \(binding.description)")
    }
    #expect(Keymap.command(for: .character("j"), in: .table) == .rowDown)
    #expect(Keymap.command(for: .character("j"), in: .map) == .moveCursor(dx: 0, dy: 1))
    #expect(Keymap.command(for: .character("s"), in: .list) == .sync)
}

@Test func arrowKeysAndHJKLMoveTheMapCursor() throws {
    #expect(Keymap.command(for: .right, in: .map) == .moveCursor(dx: 1, dy: 0))
    #expect(Keymap.command(for: .character("h"), in: .map) == .moveCursor(dx: -1, dy: 0))
    #expect(Keymap.command(for: .shiftLeft, in: .map) == .moveCursor(dx: -5, dy: 0))
    #expect(Keymap.command(for: .character("J"), in: .map) == .moveCursor(dx: 0, dy: 5))
    var state = try campusState()
    press(&state, .right, .right, .down, .character("h"), .character("k"), .character("k"), .shiftLeft, .character("J"))
    #expect((state.main.cursorX, state.main.cursorY) == (-4, 4))
}

@Test func everyKeyOfAScreenReachesThatScreensFeature() {
    let screens: [(KeyContext, Overlay)] = [
        (.list, .of(BuildingListState(key: "x"))), (.detail, .of(DetailState(artwork: .campus("x")))),
        (.viewer, .of(ImageViewerState(artwork: .campus("x")))), (.favourites, .of(FavouritesState())),
        (.slideshow, .of(SlideshowState(ids: [], interval: 0, origin: ""))), (.settings, .of(SettingsState())),
        (.news, .of(NewsState())), (.painters, .of(PaintersState())),
    ]
    for (context, screen) in screens {
        #expect(screen.keyContext == context)
        // `g` in a screen asks the root to route to what the stack points at.
        for binding in Keymap.bindings where binding.context == context && binding.command != .route(.toSelection) {
            #expect(screen.action(for: binding.command) != nil, "\(context): \(binding.description) reaches no action")
        }
    }
    #expect(Overlay.of(HelpState()).action(for: .rowDown) == .help(.scroll(.down)))
    #expect(Overlay.of(DetailState(artwork: .campus("x"))).action(for: .sync) == nil, "global keys are the root's")
}

@Test func theMainScreensKeysReachTheMainFeature() {
    for context in [KeyContext.map, .table, .route] {
        // `g` asks the root what is pointed at; `N` is the root's too (the previous match, else the news).
        for binding in Keymap.bindings where binding.context == context && binding.command != .route(.toSelection)
            && binding.command != .match(forward: false) {
            #expect(MainFeature.action(for: binding.command, in: context) != nil, "\(context): \(binding.description)")
        }
    }
    #expect(MainFeature.action(for: .open, in: .map) == .open(.map))
    #expect(MainFeature.action(for: .open, in: .table) == .open(.table))
}

@Test func aScreenTypingTakesEveryKey() throws {
    var settings = SettingsState()
    #expect(SettingsFeature.typing(settings, .character("q")) == .notTyping, "not typing: q is a key")
    settings.editing = ""
    #expect(SettingsFeature.typing(settings, .character("q")) == .action(.type("q")))
    #expect(SettingsFeature.typing(settings, .escape) == .action(.cancel))
    #expect(SettingsFeature.typing(settings, .up) == .swallowed, "swallowed")
    var painters = PaintersState()
    painters.confirmRemove = "Vermeer"
    #expect(PaintersFeature.typing(painters, .enter) == .action(.answer(true)))
    // Through the whole app: a q typed into the search does not quit.
    var state = try campusState()
    press(&state, .character("/"), .character("q"))
    #expect(state.main.searchText == "q")
}

@Test func aTooSmallTerminalIgnoresKeysButQ() throws {
    var state = try campusState(columns: 30, rows: 10)
    #expect(state.layout.tooSmall)
    press(&state, .right, .enter, .character("/"))
    #expect(state.overlays.isEmpty && !state.main.searchEditing && state.main.cursorX == 0)
    #expect(press(&state, .character("q")) == [.quit])
}

@Test func qAndEscGoBackOneScreenThenQQuits() throws {
    var state = try campusState()
    press(&state, .character("?"))
    #expect(state.overlays.count == 1 && state.top(HelpState.self) == HelpState(context: .map))
    press(&state, .character("?"))
    #expect(state.overlays.isEmpty, "? closes the help")
    press(&state, .character("F"), .character(","))
    #expect(state.overlays.count == 1, "no favourites yet: F opens nothing")
    press(&state, .escape)
    #expect(state.overlays.isEmpty)
    press(&state, .character(","), .character("?"))
    #expect(press(&state, .character("q")) == [], "q in a screen goes back, it does not quit")
    press(&state, .backspace)
    #expect(state.overlays.isEmpty)
    #expect(press(&state, .character("q")) == [.quit])
}

/// Issue 23, item 3: the key reader's tests (CursesTests/KeyDecoderTests) cover the sequences of every
/// key other than a character; the keymap binds no key outside that list.
@Test func theKeymapBindsOnlyKeysTheReaderIsTestedFor() {
    let tested: Set<Key> = [.up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp, .pageDown,
                            .home, .end, .enter, .escape, .backspace, .tab, .backTab, .delete]
    for binding in Keymap.bindings {
        for key in binding.keys {
            if case .character = key { continue }
            #expect(tested.contains(key), "\(key.label) is bound but its sequences are not tested")
        }
    }
}

@Test func everyKeyContextWithBindingsHasAHelpSectionInTheRegistrysOrder() {
    let help = Keymap.helpLines()
    var bound: [KeyContext] = []
    for binding in Keymap.bindings where !bound.contains(binding.context) { bound.append(binding.context) }
    for context in bound {
        #expect(help.contains(context.rawValue), "the help has no section for \(context.rawValue)")
        #expect(ScreenRegistry.keyContexts.contains(context), "no screen in the registry owns \(context.rawValue)")
    }
    #expect(Keymap.sections().map(\.context) == ScreenRegistry.keyContexts.filter { bound.contains($0) })
    #expect(ScreenRegistry.keyContexts == [.map, .table, .route, .list, .detail, .viewer, .favourites, .slideshow, .painters, .settings, .news, .walk, .global])
}

@Test func everyScreenOfTheRegistryAnswersForItsOwnStackElement() {
    let screens: [Overlay] = [
        .of(BuildingListState(key: "b")), .of(DetailState(artwork: ArtworkKey(collection: "c", id: "1"))),
        .of(HelpState()), .of(FavouritesState()), .of(SettingsState()), .of(NewsState()), .of(PaintersState()),
        .of(WalkState(origin: .ashtonBuilding, pool: [])),
    ]
    for overlay in screens {
        #expect(ScreenRegistry.stack.contains { ObjectIdentifier($0) == ObjectIdentifier(type(of: overlay.screen)) }, "\(overlay) is not in the registry")
        #expect(overlay.keyContext == type(of: overlay.screen).keyContext)
    }
    #expect(ScreenRegistry.stack.count == 10)
    for screen in ScreenRegistry.stack {
        #expect(screen.bindings.allSatisfy { $0.context == screen.keyContext }, "\(screen) binds keys in another screen's context")
    }
}
