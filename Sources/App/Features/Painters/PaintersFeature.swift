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
    case open
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
}

/// The painters screen: search the museum (`+`), add (Enter), list paintings (Enter), remove (`d`, then `y`).
/// The museum and the store are reached through effects; their answers come back as `PainterEvent`s.
func reducePainters(_ state: inout AppState, _ action: PaintersAction) -> [Effect] {
    if case .open = action {
        state.overlays.append(.painters(PaintersState()))
        return [.painters(.list)]
    }
    guard case .painters(var screen)? = state.overlays.last else { return [] }
    var effects: [Effect] = []
    switch action {
    case .open:
        break
    case .move(let delta):
        if screen.paintingsOf != nil {
            screen.paintingSelected = max(0, min(max(0, screen.paintings.count - 1), screen.paintingSelected + delta))
            state.overlays[state.overlays.count - 1] = .painters(screen)
            return screen.paintings.indices.contains(screen.paintingSelected) ? wantPicture(&state, screen.paintings[screen.paintingSelected].id) : []
        }
        screen.selected = max(0, min(max(0, screen.painters.count - 1), screen.selected + delta))
        screen.confirmRemove = nil
    case .search:
        guard screen.busy == nil else { return [] }
        screen.prompt = ""
        screen.found = nil
        screen.message = nil
    case .type(let character):
        if screen.confirmRemove != nil {
            return reducePainters(&state, .answer(character == "y" || character == "Y"))
        }
        guard screen.prompt != nil, !character.isNewline, (screen.prompt?.count ?? 0) < 100 else { return [] }
        // `+` opens the prompt; with no painters the prompt is already open, and the `+` the screen asks for
        // must not become the name's first letter. (No painter's name starts with `+`.)
        if character == "+", screen.prompt?.isEmpty == true { return [] }
        screen.prompt?.append(character)
    case .erase:
        guard screen.prompt?.isEmpty == false else { return [] }
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
            guard screen.paintings.indices.contains(screen.paintingSelected) else { return [] }
            let painting = screen.paintings[screen.paintingSelected]
            state.overlays.append(.detail(artworkID: painting.id, scroll: 0))
            return state.fullRecordWanted(painting.id) + wantPicture(&state, painting.id)
        } else if screen.busy == nil, screen.painters.indices.contains(screen.selected) {
            effects.append(.painters(.paintings(screen.painters[screen.selected].name)))
        }
    case .showInTable:
        guard let painter = screen.paintingsOf ?? (screen.painters.indices.contains(screen.selected) ? screen.painters[screen.selected].name : nil) else { return [] }
        state.overlays.removeAll()
        state.pendingSearch = painter
        state.lastMessage = "paintings by \(painter) (Esc clears the filter)"
        return [.loadCollection(paintingsCollection)]
    case .remove:
        guard screen.busy == nil, screen.paintingsOf == nil, screen.painters.indices.contains(screen.selected) else { return [] }
        screen.confirmRemove = screen.painters[screen.selected].name
    case .answer(let yes):
        guard let name = screen.confirmRemove else { return [] }
        screen.confirmRemove = nil
        if yes {
            screen.busy = "removing \(DisplayText.clean(name))…"
            effects.append(.painters(.remove(name)))
        }
    case .cancel:
        if screen.paintingsOf != nil {
            screen.paintingsOf = nil
            screen.paintings = []
            state.browsing = []
        } else if screen.prompt != nil || screen.confirmRemove != nil || screen.found != nil {
            screen.prompt = nil
            screen.confirmRemove = nil
            screen.found = nil
        } else if screen.busy != nil {
            effects.append(.painters(.cancel))
        } else {
            state.overlays.removeLast()
            return []
        }
    }
    state.overlays[state.overlays.count - 1] = .painters(screen)
    return effects
}

/// Takes in what the painters' background work reports, whether or not the screen is still open.
func reducePainterEvent(_ state: inout AppState, _ event: PainterEvent) -> [Effect] {
    // Paintings came or went: the museum's collection is reachable with n, and reread if it is on screen.
    var effects: [Effect] = []
    if case .finished(_, let painters?) = event {
        if !painters.isEmpty, !state.collections.contains(paintingsCollection) { state.collections.append(paintingsCollection) }
        if state.collection == paintingsCollection { effects.append(.reloadCatalogue) }
    }
    guard let index = state.overlays.lastIndex(where: { if case .painters = $0 { return true } else { return false } }),
          case .painters(var screen) = state.overlays[index] else {
        if case .finished(let line, _) = event { state.lastMessage = line }
        return effects
    }
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
        state.browsing = paintings
        if let first = paintings.first {
            state.overlays[index] = .painters(screen)
            return effects + wantPicture(&state, first.id)
        }
    case .finished(let line, let painters):
        screen.busy = nil
        screen.message = line
        if let painters {
            screen.painters = painters
            screen.selected = min(screen.selected, max(0, painters.count - 1))
        }
        state.lastMessage = line
    }
    state.overlays[index] = .painters(screen)
    return effects
}

/// The collection the Rijksmuseum's paintings go into.
public let paintingsCollection = "rijksmuseum"
