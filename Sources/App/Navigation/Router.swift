import TerminalTypes
import Catalog

/// The one place that knows every screen on the stack: it asks each its own questions (its key context,
/// the action a key means to it, what it points at, the picture it shows) and hands each action to its
/// feature. Adding a screen adds one case to each switch here.
extension Overlay {
    /// Where keys are pressed while this screen is on top.
    public var keyContext: KeyContext {
        switch self {
        case .building: return .list
        case .detail, .help: return .detail
        case .viewer: return .viewer
        case .favourites: return .favourites
        case .slideshow: return .slideshow
        case .settings: return .settings
        case .news: return .news
        case .painters: return .painters
        }
    }

    /// The action a key's command asks of this screen, or nil when it is not this screen's.
    public func action(for command: Command) -> OverlayAction? {
        switch self {
        case .building: return BuildingListFeature.action(for: command).map(OverlayAction.building)
        case .detail: return DetailFeature.action(for: command).map(OverlayAction.detail)
        case .help: return HelpFeature.action(for: command).map(OverlayAction.help)
        case .viewer: return ImageViewerFeature.action(for: command).map(OverlayAction.viewer)
        case .favourites: return FavouritesFeature.action(for: command).map(OverlayAction.favourites)
        case .slideshow: return SlideshowFeature.action(for: command).map(OverlayAction.slideshow)
        case .settings: return SettingsFeature.action(for: command).map(OverlayAction.settings)
        case .news: return NewsFeature.action(for: command).map(OverlayAction.news)
        case .painters: return PaintersFeature.action(for: command).map(OverlayAction.painters)
        }
    }

    /// While the screen takes typed text, what a key means to it (`.some(nil)`: swallowed); nil otherwise.
    public func typing(_ key: Key) -> OverlayAction?? {
        switch self {
        case .settings(let screen): return SettingsFeature.typing(screen, key).map { $0.map(OverlayAction.settings) }
        case .painters(let screen): return PaintersFeature.typing(screen, key).map { $0.map(OverlayAction.painters) }
        case .building, .detail, .help, .viewer, .favourites, .slideshow, .news: return nil
        }
    }

    /// Hands an action to this screen's feature; nil when the action is for another screen.
    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        switch (self, action) {
        case (.building(var state), .building(let action)):
            defer { self = .building(state) }
            return BuildingListFeature.reduce(&state, action, context)
        case (.detail(var state), .detail(let action)):
            defer { self = .detail(state) }
            return DetailFeature.reduce(&state, action, context)
        case (.help(var state), .help(let action)):
            defer { self = .help(state) }
            return HelpFeature.reduce(&state, action, context)
        case (.viewer(var state), .viewer(let action)):
            defer { self = .viewer(state) }
            return ImageViewerFeature.reduce(&state, action, context)
        case (.favourites(var state), .favourites(let action)):
            defer { self = .favourites(state) }
            return FavouritesFeature.reduce(&state, action, context)
        case (.slideshow(var state), .slideshow(let action)):
            defer { self = .slideshow(state) }
            return SlideshowFeature.reduce(&state, action, context)
        case (.settings(var state), .settings(let action)):
            defer { self = .settings(state) }
            return SettingsFeature.reduce(&state, action, context)
        case (.news(var state), .news(let action)):
            defer { self = .news(state) }
            return NewsFeature.reduce(&state, action, context)
        case (.painters(var state), .painters(let action)):
            defer { self = .painters(state) }
            return PaintersFeature.reduce(&state, action, context)
        default:
            return nil
        }
    }

    /// What the user points at on this screen: `.some(nil)` when it points at nothing, nil when the screen
    /// has no say (help, settings, news) and the screen below answers.
    public func pointed(_ context: FeatureContext) -> Pointed?? {
        switch self {
        case .building(let state): return .some(state.selectedArtwork(context).map(Pointed.artwork))
        case .detail(let state): return .some(context.anyArtwork(state.artwork).map(Pointed.artwork))
        case .viewer(let state): return .some(context.anyArtwork(state.artwork).map(Pointed.artwork))
        case .favourites(let state): return .some(state.selectedArtwork(context).map(Pointed.artwork))
        case .slideshow(let state): return .some(state.currentID.flatMap(context.anyArtwork).map(Pointed.artwork))
        case .painters(let state): return .some(state.selectedPainting.map(Pointed.artwork))
        case .help, .settings, .news: return nil
        }
    }

    /// The artwork whose picture this screen shows in its main place, if any.
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? {
        switch self {
        case .detail(let state): return state.artwork
        case .viewer(let state): return state.artwork
        case .building(let state): return state.selectedArtwork(context)?.key
        case .slideshow(let state): return state.currentID
        case .help, .favourites, .settings, .news, .painters: return nil
        }
    }

    /// Artworks this screen lists from outside the shown collection (a painter's paintings), so their
    /// details and pictures can be shown.
    public var heldArtworks: [Artwork] {
        switch self {
        case .painters(let state): return state.paintings
        case .slideshow(let state): return state.artworks
        case .building, .detail, .help, .viewer, .favourites, .settings, .news: return []
        }
    }

    /// The building this screen lists, for quick look-ups of its artworks.
    public var buildingKey: String? {
        switch self {
        case .building(let state): return state.key
        case .detail, .help, .viewer, .favourites, .slideshow, .settings, .news, .painters: return nil
        }
    }

    /// The viewer's state, when this is the viewer.
    public var viewer: ImageViewerState? {
        switch self {
        case .viewer(let state): return state
        case .building, .detail, .help, .favourites, .slideshow, .settings, .news, .painters: return nil
        }
    }

    /// Whether this is the help.
    var isHelp: Bool {
        switch self {
        case .help: return true
        case .building, .detail, .viewer, .favourites, .slideshow, .settings, .news, .painters: return false
        }
    }

    /// Whether the screen covers the whole terminal (the viewer, the slideshow); the others are pop-ups.
    public var isFullScreen: Bool {
        switch self {
        case .viewer, .slideshow: return true
        case .building, .detail, .help, .favourites, .settings, .news, .painters: return false
        }
    }

    /// Whether this is the slideshow.
    public var isSlideshow: Bool {
        switch self {
        case .slideshow: return true
        case .building, .detail, .help, .viewer, .favourites, .settings, .news, .painters: return false
        }
    }

    /// The painters screen's state, when this is it.
    var painters: PaintersState? {
        switch self {
        case .painters(let state): return state
        case .building, .detail, .help, .viewer, .favourites, .slideshow, .settings, .news: return nil
        }
    }
}

extension AppState {
    /// What the user points at, asked from the top of the stack down to the main screen: the one answer
    /// `f`, `o` and `g` share.
    public var pointed: Pointed? {
        for screen in overlays.reversed() {
            if let answer = screen.pointed(self) { return answer }
        }
        return mainPointed
    }
}
