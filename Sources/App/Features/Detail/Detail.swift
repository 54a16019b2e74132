import Catalog
/// One artwork's detail, scrolled by `scroll` lines.
public struct DetailState: Hashable, Sendable {
    public var artwork: ArtworkKey
    public var scroll: Int

    public init(artwork: ArtworkKey, scroll: Int = 0) {
        self.artwork = artwork
        self.scroll = scroll
    }
}

/// What the detail's keys ask for.
public enum DetailAction: Hashable, Sendable {
    case scroll(ListStep)
    /// Enter or `i`: the picture in the full-screen viewer.
    case openImage
    /// Just opened: the artwork's full record and picture are asked for.
    case opened
}

/// An artwork's detail: scrolls its text, opens its picture full screen.
public enum DetailFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> DetailAction? {
        if command == .openImage { return .openImage }
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
        }
    }
}
