import TerminalTypes
import Catalog

/// One painter followed, as the painters screen lists them.
public struct PainterSummary: Hashable, Sendable {
    public var name: String
    /// Paintings with images the museum lists.
    public var total: Int
    /// Paintings stored.
    public var stored: Int

    public init(name: String, total: Int, stored: Int) {
        self.name = name
        self.total = total
        self.stored = stored
    }
}

/// The painters screen: the list, the search being typed after `+`, what the museum answered, work in
/// progress, and a removal waiting for `y`.
public struct PaintersState: Hashable, Sendable {
    public var painters: [PainterSummary] = []
    public var selected = 0
    public var prompt: String?
    /// A painter the museum knows, with how many paintings: Enter adds them.
    public var found: PainterSummary?
    /// What is running ("searching…", "fetching 120 of 1,447 paintings").
    public var busy: String?
    public var confirmRemove: String?
    public var message: String?
    /// The painter whose paintings are listed (Enter on a painter), those paintings, and the selected one.
    public var paintingsOf: String?
    public var paintings: [Artwork] = []
    public var paintingSelected = 0

    public init() {}
}

/// Background work the painters screen asks for.
public enum PainterRequest: Hashable, Sendable {
    case list
    /// A painter's paintings from the store, answered with `paintingsListed`.
    case paintings(String)
    case count(String)
    case add(String)
    case remove(String)
    case cancel
}

/// What background work reports to the painters screen.
public enum PainterEvent: Hashable, Sendable {
    case listed([PainterSummary])
    case counted(name: String, total: Int)
    case progress(String)
    case paintingsListed(name: String, [Artwork])
    /// Finished (added, removed, failed or cancelled): a line to show, and the painters as saved (nil when
    /// nothing changed, as after a failure).
    case finished(String, [PainterSummary]?)
}

/// What the painters screen's keys ask for.
public enum PaintersAction: Hashable, Sendable {
    case move(Int)
    /// `+`: type a painter's name to search the museum.
    case search
    case type(Character)
    case erase
    /// Enter: search for the name typed, add the painter found, or list the selected painter's paintings.
    case confirm
    /// `d`: remove the selected painter (after `y`).
    case remove
    /// `t`: the listed painter's paintings in the table (the museum's collection, filtered by name).
    case showInTable
    case answer(Bool)
    /// Esc: stop typing, stop a running fetch, or leave.
    case cancel
    /// What the background work reports (whether or not the screen is on top).
    case event(PainterEvent)
    /// Just opened: the painters kept are listed.
    case opened
}

extension PaintersState {
    /// The listed painting selected, when paintings are listed.
    public var selectedPainting: Artwork? {
        guard paintingsOf != nil, paintings.indices.contains(paintingSelected) else { return nil }
        return paintings[paintingSelected]
    }
}

/// The painters screen: search the museum (`+`), add (Enter), list paintings (Enter), remove (`d`, then `y`).
/// The museum and the store are reached through effects; their answers come back as `PainterEvent`s.
public enum PaintersFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> PaintersAction? {
        if case .painters(let action) = command { return action }
        return nil
    }

    /// While a name is typed or a removal awaits y/n, every key goes to it.
    public static func typing(_ screen: PaintersState, _ key: Key) -> KeyTaking<PaintersAction> {
        guard screen.prompt != nil || screen.confirmRemove != nil else { return .notTyping }
        switch key {
        case .enter: return .action(screen.confirmRemove != nil ? .answer(true) : .confirm)
        case .escape: return .action(.cancel)
        case .backspace, .delete: return .action(.erase)
        case .character(let c): return .action(.type(c))
        default: return .swallowed
        }
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ screen: inout PaintersState, _ action: PaintersAction, _ context: FeatureContext) -> Reduced {
        var effects: [Effect] = []
        switch action {
        case .opened:
            return Reduced(effects: [.painters(.list)])
        case .move(let delta):
            if screen.paintingsOf != nil {
                screen.paintingSelected = max(0, min(max(0, screen.paintings.count - 1), screen.paintingSelected + delta))
                return Reduced(delegates: screen.selectedPainting.map { [.wantPicture($0.key)] } ?? [])
            }
            screen.selected = max(0, min(max(0, screen.painters.count - 1), screen.selected + delta))
            screen.confirmRemove = nil
        case .search:
            guard screen.busy == nil else { return .none }
            screen.prompt = ""
            screen.found = nil
            screen.message = nil
        case .type(let character):
            if screen.confirmRemove != nil {
                return reduce(&screen, .answer(character == "y" || character == "Y"), context)
            }
            guard screen.prompt != nil, !character.isNewline, (screen.prompt?.count ?? 0) < 100 else { return .none }
            // `+` opens the prompt; with no painters the prompt is already open, and the `+` the screen asks for
            // must not become the name's first letter. (No painter's name starts with `+`.)
            if character == "+", screen.prompt?.isEmpty == true { return .none }
            screen.prompt?.append(character)
        case .erase:
            guard screen.prompt?.isEmpty == false else { return .none }
            screen.prompt?.removeLast()
        case .confirm:
            if let name = screen.prompt?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
                screen.prompt = nil
                screen.busy = "searching the Rijksmuseum for \(DisplayText.clean(name))…"
                effects.append(.painters(.count(name)))
            } else if let found = screen.found {
                screen.found = nil
                screen.busy = "adding \(DisplayText.clean(found.name))…"
                effects.append(.painters(.add(found.name)))
            } else if screen.paintingsOf != nil {
                guard let painting = screen.selectedPainting else { return .none }
                return Reduced(delegates: [.openDetail(painting.key)])
            } else if screen.busy == nil, screen.painters.indices.contains(screen.selected) {
                effects.append(.painters(.paintings(screen.painters[screen.selected].name)))
            }
        case .showInTable:
            guard let painter = screen.paintingsOf ?? (screen.painters.indices.contains(screen.selected) ? screen.painters[screen.selected].name : nil) else { return .none }
            return Reduced(delegates: [.showInTable(painter: painter)])
        case .remove:
            guard screen.busy == nil, screen.paintingsOf == nil, screen.painters.indices.contains(screen.selected) else { return .none }
            screen.confirmRemove = screen.painters[screen.selected].name
        case .answer(let yes):
            guard let name = screen.confirmRemove else { return .none }
            screen.confirmRemove = nil
            if yes {
                screen.busy = "removing \(DisplayText.clean(name))…"
                effects.append(.painters(.remove(name)))
            }
        case .cancel:
            if screen.paintingsOf != nil {
                screen.paintingsOf = nil
                screen.paintings = []
            } else if screen.prompt != nil || screen.confirmRemove != nil || screen.found != nil {
                screen.prompt = nil
                screen.confirmRemove = nil
                screen.found = nil
            } else if screen.busy != nil {
                effects.append(.painters(.cancel))
            } else {
                return Reduced(delegates: [.close])
            }
        case .event(let event):
            return receive(&screen, event)
        }
        return Reduced(effects: effects)
    }

    /// Takes in what the background work reports.
    private static func receive(_ screen: inout PaintersState, _ event: PainterEvent) -> Reduced {
        switch event {
        case .listed(let painters):
            screen.painters = painters
            // Empty at first: straight into the search prompt.
            if painters.isEmpty, screen.busy == nil, screen.found == nil { screen.prompt = screen.prompt ?? "" }
        case .counted(let name, let total):
            screen.busy = nil
            if total == 0 {
                screen.message = "the Rijksmuseum has no paintings with images by '\(name)'"
            } else {
                screen.found = PainterSummary(name: name, total: total, stored: 0)
            }
        case .progress(let text):
            screen.busy = text
        case .paintingsListed(let name, let paintings):
            screen.paintingsOf = name
            screen.paintings = paintings
            screen.paintingSelected = 0
            return Reduced(delegates: paintings.first.map { [.wantPicture($0.key)] } ?? [])
        case .finished(let line, let painters):
            screen.busy = nil
            screen.message = line
            if let painters {
                screen.painters = painters
                screen.selected = min(screen.selected, max(0, painters.count - 1))
            }
            return Reduced(delegates: [.message(line)])
        }
        return .none
    }
}
