@testable import App

/// What a test expects on top of the screen stack, as optionals for `try #require`: nil, and so a failed
/// test, when another screen is on top.
extension AppState {
    var topBuilding: BuildingListState? {
        if case .building(let list)? = overlays.last { return list } else { return nil }
    }

    var topDetail: DetailState? {
        if case .detail(let detail)? = overlays.last { return detail } else { return nil }
    }

    var topSlideshow: SlideshowState? {
        if case .slideshow(let show)? = overlays.last { return show } else { return nil }
    }

    var topSettings: SettingsState? {
        if case .settings(let settings)? = overlays.last { return settings } else { return nil }
    }

    var topPainters: PaintersState? {
        if case .painters(let painters)? = overlays.last { return painters } else { return nil }
    }

    var topFavouritesSelection: Int? {
        if case .favourites(let list)? = overlays.last { return list.selected } else { return nil }
    }

    var newsIsOnTop: Bool {
        if case .news? = overlays.last { return true } else { return false }
    }

    /// The selected table row's building and artwork, nil on a building's header.
    var selectedArtworkRow: (building: Int, artwork: Int)? {
        if case .artwork(let b, let a) = main.rows[main.selectedRow] { return (b, a) } else { return nil }
    }
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
