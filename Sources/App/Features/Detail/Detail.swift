import Catalog
/// One artwork's detail, scrolled by `scroll` lines; `note` holds the words of a note to OpenStreetMap while one is
/// typed (N, issue 47).
public struct DetailState: Hashable, Sendable {
    public var artwork: ArtworkKey
    public var scroll: Int
    /// The note's words while they are typed; nil when no note is being written.
    public var note: String?

    public init(artwork: ArtworkKey, scroll: Int = 0, note: String? = nil) {
        self.artwork = artwork
        self.scroll = scroll
        self.note = note
    }
}

/// What the detail's keys ask for.
public enum DetailAction: Hashable, Sendable {
    case scroll(ListStep)
    /// Enter or `i`: the picture in the full-screen viewer.
    case openImage
    /// Just opened: the artwork's full record and picture are asked for.
    case opened
    /// N: start a note to OpenStreetMap (an OpenStreetMap artwork only).
    case startNote
    /// A character typed into the note, one erased, the note given up, or queued (Enter).
    case typeNote(Character)
    case eraseNote
    case cancelNote
    case queueNote
    /// The note could not be queued, and why: the words typed go back into the editor.
    case noteRefused(words: String, why: String)
}

/// An artwork's detail: scrolls its text, opens its picture full screen, and takes a note to OpenStreetMap.
public enum DetailFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> DetailAction? {
        if command == .openImage { return .openImage }
        if case .screen(let action) = command, let own = action.as(DetailAction.self) { return own }
        return ListStep(command).map(DetailAction.scroll)
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout DetailState, _ action: DetailAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .opened:
            return Reduced(delegates: [.wantFullRecord(state.artwork), .wantPicture(state.artwork)])
        case .scroll(let step):
            state.scroll = step.scrolled(state.scroll, page: max(1, context.size.rows - 8))
            return .none
        case .openImage:
            // No blank viewer advertising zoom and pan: without a picture, say why there is none.
            switch context.pictures[state.artwork] {
            case .ready?, .loading?, nil: return Reduced(delegates: [.openViewer(state.artwork)])
            case .nonePublished?: return Reduced(delegates: [.message("no picture to view: none is published for this artwork")])
            case .notCached?:
                let failure = (context as? ViewContext)?.imageFailures[state.artwork]
                return Reduced(delegates: [.message("no picture to view: " + context.missingPictureText(state.artwork, failure: failure))])
            case .noneAtSource(let why)?: return Reduced(delegates: [.message("no picture to view: " + context.noPictureAtSourceText(why))])
            case .failed(let reason)?: return Reduced(delegates: [.message("no picture to view: \(reason)")])
            }
        case .startNote, .typeNote, .eraseNote, .cancelNote, .queueNote, .noteRefused:
            return DetailNote.reduce(&state, action, context)
        }
    }
}
