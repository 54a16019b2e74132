import Catalog

/// A screen on the navigation stack over the main screen; Esc goes back one. Each case holds its feature's
/// state (named `Overlay` rather than `Screen`, which is the name of the module that draws them).
public enum Overlay: Hashable, Sendable {
    case building(BuildingListState)
    case detail(DetailState)
    case help(HelpState)
    case viewer(ImageViewerState)
    case favourites(FavouritesState)
    case slideshow(SlideshowState)
    case settings(SettingsState)
    case news(NewsState)
    case painters(PaintersState)
    case walk(WalkState)
}

/// An action for one screen on the stack: the feature's own action, tagged with its screen.
public enum OverlayAction: Hashable, Sendable {
    case building(BuildingListAction)
    case detail(DetailAction)
    case help(HelpAction)
    case viewer(ImageViewerAction)
    case favourites(FavouritesAction)
    case slideshow(SlideshowAction)
    case settings(SettingsAction)
    case news(NewsAction)
    case painters(PaintersAction)
    case walk(WalkAction)
}
