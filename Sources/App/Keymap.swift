import TerminalTypes

/// What a key asks for.
public enum Command: Hashable, Sendable {
    case quit, back, focusNext, sync, search, cycleLayout, zoomIn, zoomOut, recenter, streetZoom
    case pickReference, liveReference, radiusSmaller, radiusLarger, nextCollection
    /// `n` and `N`: the next (previous) match while a filter is on; else `n` is the next collection, `N` the news.
    case match(forward: Bool)
    case moveCursor(dx: Int, dy: Int)
    case rowUp, rowDown, pageUp, pageDown, top, bottom
    case open
    /// Open the detail's picture in the full-screen viewer.
    case openImage
    case viewer(ImageViewerAction)
    case route(RouteAction)
    case favourites(FavouritesAction)
    case slideshow(SlideshowAction)
    case settings(SettingsAction)
    case painters(PaintersAction)
    /// `f`: heart or un-heart the artwork pointed at.
    case heart
    /// `v`: mark the artwork pointed at seen, or not seen (issue 47).
    case seen
    /// Scroll the news by the amount.
    case newsScroll(Int)
    /// Open the selected artwork's web page.
    case openWebPage
    /// Fetch the map around the map's centre, or open the place prompt (Features/NearMe).
    case nearMe(NearMeCommand)
    /// Open a screen of the registry with its own key (`F`, `S`, `p`, `,`, `N`, `w`, `?`), as the screen plans it
    /// (`StackScreen.opening`).
    case openScreen(ScreenKind)
    /// One of a screen's own keys: the screen's action, as its folder binds it (`Command.walk(.skip)`).
    case screen(OverlayAction)
}

/// Where a key is pressed; each has its own bindings, then the global ones apply. The title heads its
/// section in the help and the man page. The main screen's contexts are here; each other screen declares
/// its own beside its `StackScreen` conformance, in its feature folder.
public struct KeyContext: Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let global = KeyContext(rawValue: "Everywhere")
    public static let map = KeyContext(rawValue: "Map")
    public static let table = KeyContext(rawValue: "Table")
    public static let route = KeyContext(rawValue: "Walking route (in the table pane)")

    /// Every key context of the registry's screens, in the order of their sections.
    public static var allCases: [KeyContext] { ScreenRegistry.keyContexts }
}

/// One line of the keymap: keys, what they do, where.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    public let command: Command
    public let context: KeyContext
    public let description: String
}

/// The single table of keys, gathered from the screens of the registry. The reducer looks keys up here
/// and the help screen and the man page are generated from it, so they can never disagree.
public enum Keymap {
    public static let bindings: [KeyBinding] = withOpeningKeys(own) + ScreenRegistry.stack.flatMap { $0.bindings }

    /// The global keys with each screen's opening key placed where it says (`OpeningKey.listedAfter`), in the
    /// registry's order; a key placed after none comes after the other global keys.
    static func withOpeningKeys(_ own: [KeyBinding]) -> [KeyBinding] {
        var lines = own
        for screen in ScreenRegistry.stack {
            guard let key = screen.openingKey else { continue }
            let globalEnd = (lines.lastIndex { $0.context == .global } ?? -1) + 1
            let after = key.listedAfter.flatMap { listed in lines.lastIndex { $0.context == .global && $0.keys.contains(listed) } }
            lines.insert(contentsOf: screen.openingBindings, at: after.map { $0 + 1 } ?? globalEnd)
        }
        return lines
    }

    /// The keys that work everywhere and the main screen's (map, table, route); each other screen's, and the
    /// key that opens it, are in its folder (`StackScreen.bindings`, `StackScreen.openingKey`).
    static let own: [KeyBinding] = [
        KeyBinding(keys: [.character("q")], command: .quit, context: .global, description: "quit (or go back from a view)"),
        KeyBinding(keys: [.escape, .backspace], command: .back, context: .global, description: "go back one level"),
        KeyBinding(keys: [.tab, .backTab], command: .focusNext, context: .global, description: "switch focus between map and table"),
        KeyBinding(keys: [.character("s")], command: .sync, context: .global, description: "refresh what is shown from its source (the campus service, a file, the map)"),
        KeyBinding(keys: [.character("/")], command: .search, context: .global, description: "search titles, artists, buildings"),
        KeyBinding(keys: [.character("L")], command: .cycleLayout, context: .global, description: "layout: auto, side by side, stacked"),
        KeyBinding(keys: [.character("+"), .character("=")], command: .zoomIn, context: .global, description: "zoom in"),
        KeyBinding(keys: [.character("-")], command: .zoomOut, context: .global, description: "zoom out (as far as the whole world)"),
        KeyBinding(keys: [.character("0")], command: .streetZoom, context: .global, description: "back to street zoom at the reference point"),
        KeyBinding(keys: [.character("c")], command: .recenter, context: .global, description: "re-centre the map on the reference point"),
        KeyBinding(keys: [.character("m")], command: .pickReference, context: .global, description: "measure from the point under the map cursor (far out: go there)"),
        KeyBinding(keys: [.character("M")], command: .liveReference, context: .global, description: "measure from the live or fixed location again"),
        KeyBinding(keys: [.character("n")], command: .match(forward: true), context: .global, description: "the next match while a filter is on, else the next collection"),
        KeyBinding(keys: [.character("C")], command: .nextCollection, context: .global, description: "the next collection: all near here together, then each alone"),
        KeyBinding(keys: [.character("[")], command: .radiusSmaller, context: .global, description: "halve the radius"),
        KeyBinding(keys: [.character("]")], command: .radiusLarger, context: .global, description: "double the radius (off past 5 km)"),
        KeyBinding(keys: [.character("f")], command: .heart, context: .global, description: "heart or un-heart the selected artwork (at most 50)"),
        KeyBinding(keys: [.character("v")], command: .seen, context: .global, description: "mark the selected artwork seen (✓), or not seen"),
        KeyBinding(keys: [.character("o")], command: .openWebPage, context: .global, description: "open the artwork's web page"),
        KeyBinding(keys: [.character("d")], command: .nearMe(.fetchAroundCentre), context: .global, description: "fetch streets and artworks around the map's centre"),
        KeyBinding(keys: [.character("@")], command: .nearMe(.openPrompt), context: .global, description: "go to a place found by name"),
        KeyBinding(keys: [.character("~")], command: .nearMe(.makeHome), context: .global, description: "make the reference point your home (every start begins there)"),

        KeyBinding(keys: [.up, .character("k")], command: .moveCursor(dx: 0, dy: -1), context: .map, description: "move the cursor north"),
        KeyBinding(keys: [.down, .character("j")], command: .moveCursor(dx: 0, dy: 1), context: .map, description: "move the cursor south"),
        KeyBinding(keys: [.left, .character("h")], command: .moveCursor(dx: -1, dy: 0), context: .map, description: "move the cursor west"),
        KeyBinding(keys: [.right, .character("l")], command: .moveCursor(dx: 1, dy: 0), context: .map, description: "move the cursor east"),
        KeyBinding(keys: [.shiftUp, .character("K")], command: .moveCursor(dx: 0, dy: -5), context: .map, description: "five cells north"),
        KeyBinding(keys: [.shiftDown, .character("J")], command: .moveCursor(dx: 0, dy: 5), context: .map, description: "five cells south"),
        KeyBinding(keys: [.shiftLeft, .character("H")], command: .moveCursor(dx: -5, dy: 0), context: .map, description: "five cells west"),
        KeyBinding(keys: [.shiftRight], command: .moveCursor(dx: 5, dy: 0), context: .map, description: "five cells east (L is the layout)"),
        KeyBinding(keys: [.home], command: .streetZoom, context: .map, description: "back to street zoom at the reference point"),
        KeyBinding(keys: [.enter], command: .open, context: .map, description: "open the building under the cursor (far out: zoom to the cluster)"),
        KeyBinding(keys: [.character("g")], command: .route(.toSelection), context: .map, description: "walking directions to the building under the cursor"),
        KeyBinding(keys: [.character("N")], command: .match(forward: false), context: .map, description: "the previous match while a filter is on, else the news"),

        KeyBinding(keys: [.up, .character("k")], command: .rowUp, context: .table, description: "previous row"),
        KeyBinding(keys: [.down, .character("j")], command: .rowDown, context: .table, description: "next row"),
        KeyBinding(keys: [.pageUp], command: .pageUp, context: .table, description: "page up"),
        KeyBinding(keys: [.pageDown], command: .pageDown, context: .table, description: "page down"),
        KeyBinding(keys: [.home], command: .top, context: .table, description: "first row"),
        KeyBinding(keys: [.end, .character("G")], command: .bottom, context: .table, description: "last row"),
        KeyBinding(keys: [.enter], command: .open, context: .table, description: "open the building or artwork"),
        KeyBinding(keys: [.character("g")], command: .route(.toSelection), context: .table, description: "walking directions to the selected building or artwork"),
        KeyBinding(keys: [.character("N")], command: .match(forward: false), context: .table, description: "the previous match while a filter is on, else the news"),

        KeyBinding(keys: [.up, .character("k")], command: .route(.scroll(-1)), context: .route, description: "previous step"),
        KeyBinding(keys: [.down, .character("j")], command: .route(.scroll(1)), context: .route, description: "next step"),
        KeyBinding(keys: [.character("g")], command: .route(.toSelection), context: .route, description: "route again to the selected row, from where you are now"),
        KeyBinding(keys: [.escape, .backspace], command: .route(.clear), context: .route, description: "close the route (back to the table)"),

    ]

    /// The command for a key: the context's own binding first, then the global one.
    public static func command(for key: Key, in context: KeyContext) -> Command? {
        if let own = bindings.first(where: { $0.context == context && $0.keys.contains(key) }) { return own.command }
        return bindings.first(where: { $0.context == .global && $0.keys.contains(key) })?.command
    }

    /// The keymap's sections: each key context that has bindings of its own, in the order of the screen
    /// registry (`ScreenRegistry.keyContexts`). A context no screen lists still gets its section, just before
    /// the global keys, so no key can drop out of the help or the man page.
    public static func sections() -> [(context: KeyContext, bindings: [KeyBinding])] {
        var order = ScreenRegistry.keyContexts.filter { $0 != .global }
        for binding in bindings where binding.context != .global && !order.contains(binding.context) {
            order.append(binding.context)
        }
        return (order + [.global]).compactMap { context in
            let own = bindings.filter { $0.context == context }
            return own.isEmpty ? nil : (context, own)
        }
    }

    /// Help text, one section per context, generated from `bindings`.
    public static func helpLines() -> [String] {
        var lines: [String] = []
        for (context, own) in sections() {
            if !lines.isEmpty { lines.append("") }
            lines.append(context.rawValue)
            for binding in own {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                lines.append("  " + keys.padding(toLength: 14, withPad: " ", startingAt: 0) + binding.description)
            }
        }
        lines.append("")
        lines.append("Mouse: click a marker or a row to select it; the wheel scrolls the table or zooms the map.")
        return lines
    }
}
