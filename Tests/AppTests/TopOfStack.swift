@testable import App

/// What a test expects on top of the screen stack, as optionals for `try #require`: nil, and so a failed
/// test, when another screen is on top.
extension AppState {
    var topBuilding: BuildingListState? {
        top(BuildingListState.self)
    }

    var topDetail: DetailState? {
        top(DetailState.self)
    }

    var topSlideshow: SlideshowState? {
        top(SlideshowState.self)
    }

    var topSettings: SettingsState? {
        top(SettingsState.self)
    }

    var topPainters: PaintersState? {
        top(PaintersState.self)
    }

    var topFavouritesSelection: Int? {
        top(FavouritesState.self)?.selected
    }

    var newsIsOnTop: Bool {
        top(NewsState.self) != nil
    }

    /// The selected table row's building and artwork, nil on a building's header.
    var selectedArtworkRow: (building: Int, artwork: Int)? {
        if case .artwork(let b, let a) = main.rows[main.selectedRow] { return (b, a) } else { return nil }
    }
}

extension Overlay {
    /// A stack element holding `screen`, for tests that ask a screen its answers outside a stack.
    static func of(_ screen: some StackScreen) -> Overlay { Overlay(screen, id: ScreenID(0)) }
}

/// A picture slot's state, as optionals and flags for `try #require`.
extension PictureSlot {
    var isLoading: Bool {
        if case .loading = self { return true } else { return false }
    }

    var isNonePublished: Bool {
        if case .nonePublished = self { return true } else { return false }
    }

    var readyPicture: Picture? {
        if case .ready(let picture) = self { return picture } else { return nil }
    }

    var failure: String? {
        if case .failed(let reason) = self { return reason } else { return nil }
    }
}

/// The show a slideshow starts with, when it starts at once.
extension SlideshowStart {
    var show: SlideshowState? {
        if case .show(let show) = self { return show } else { return nil }
    }
}
