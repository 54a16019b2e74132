import TerminalTypes

/// One line of the help as the help screen lays it out: a section's heading, a key and what it does, or a note.
public enum HelpEntry: Hashable, Sendable {
    case heading(String)
    case key(String, String)
    case blank
    case note(String)
}

/// The help as a newcomer reads it (issue 50): first the keys used most, each saying what it does in the view the
/// help was opened over, then that view's own keys, then every other section of the keymap.
public enum HelpPage {
    /// The keys people reach for first, in the order the help lists them.
    public static let mostUsed: [Key] = [
        .enter, .escape, .tab, .character("/"), .character("n"), .character("w"), .character("@"), .character("f"),
        .character("s"), .character("?"), .character("q"),
    ]

    /// The commands that act on the main screen's map and table: under a screen that hides them they do nothing
    /// (the root says so), and the help does not offer them there.
    public static func actsOnMainScreen(_ command: Command) -> Bool {
        switch command {
        case .focusNext, .cycleLayout, .zoomIn, .zoomOut, .recenter, .streetZoom, .pickReference, .liveReference,
             .nextCollection, .radiusSmaller, .radiusLarger, .match:
            return true
        default:
            return false
        }
    }

    /// The whole help for a view whose keys are `context`.
    public static func entries(for context: KeyContext) -> [HelpEntry] {
        var entries: [HelpEntry] = [.heading("Keys used most " + place(context))]
        entries += mostUsedEntries(in: context)
        let sections = Keymap.sections()
        let ordered = sections.filter { $0.context == context } + sections.filter { $0.context != context }
        for (section, bindings) in ordered {
            entries += [.blank, .heading(section == context ? section.rawValue + " (this view)" : section.rawValue)]
            entries += bindings.map { .key($0.keys.map(\.label).joined(separator: " "), $0.description) }
        }
        entries += [.blank, .note("The pane the arrows move says \"arrows ▸\" in its title; Tab switches."),
                    .note("Mouse: click a marker or a row to select it; the wheel scrolls the table or zooms the map.")]
        return entries
    }

    /// Each of the keys used most, as it acts in `context`; a key that does nothing there is left out.
    static func mostUsedEntries(in context: KeyContext) -> [HelpEntry] {
        let onMain = ScreenRegistry.mainKeyContexts.contains(context)
        return mostUsed.compactMap { key in
            guard let binding = binding(for: key, in: context) else { return nil }
            if !onMain && actsOnMainScreen(binding.command) { return nil }
            return .key(key.label, description(of: binding, onMain: onMain))
        }
    }

    /// What a binding does on the main screen or over it, where the keymap's words cover both.
    static func description(of binding: KeyBinding, onMain: Bool) -> String {
        switch binding.command {
        case .quit: return onMain ? "quit artmap" : "close this view (on the main screen q quits)"
        case .back where binding.context == .global: return onMain ? "close the route, else clear the filter" : "go back one level"
        default: return binding.description
        }
    }

    /// The binding a key has in a context: its own, else the global one.
    static func binding(for key: Key, in context: KeyContext) -> KeyBinding? {
        Keymap.bindings.first { $0.context == context && $0.keys.contains(key) }
            ?? Keymap.bindings.first { $0.context == .global && $0.keys.contains(key) }
    }

    /// "(in the table)": the view the help speaks of.
    static func place(_ context: KeyContext) -> String {
        switch context {
        case .map: return "(the map has the arrows)"
        case .table: return "(the table has the arrows)"
        case .route: return "(on the route)"
        default: return "(in this view)"
        }
    }
}
