import Catalog

/// The keys no screen takes for itself: leaving, sync, search, the map's keys under any screen, the keys that
/// act on what the user points at (`f`, `o`, `g`), and a screen's own key (`Command.openScreen`: it opens itself).
extension AppState {
    /// Does what a key's command asks when no screen takes it for itself.
    @discardableResult
    mutating func perform(_ command: Command, context: KeyContext) -> [Effect] {
        switch command {
        case .quit:
            if overlays.isEmpty { return [.quit] }
            overlays.removeLast()
            return []
        case .back:
            if overlays.isEmpty { return routeMain(.back) }
            overlays.removeLast()
            return []
        case .sync:
            return refreshShown()
        case .nearMe(let command):
            return reduceNearMe(command.action)
        case .search:
            overlays.removeAll()
            return routeMain(.startSearch)
        case let command where HelpPage.actsOnMainScreen(command) && hidesMainScreen:
            // Keys act only on what is visible: `0` in a detail does not zoom the map hidden behind it.
            lastMessage = "the map is hidden behind this view: Esc shows it"
            return []
        case .match(let forward):
            if overlays.isEmpty, !main.searchText.isEmpty { return routeMain(.match(forward: forward)) }
            if forward { return perform(.nextCollection, context: context) }
            // Without a filter, N is what it is everywhere else: the screen it opens (the news).
            return Keymap.command(for: .character("N"), in: .global).map { perform($0, context: context) } ?? []
        case .pickReference where main.showsClusters:
            return pickFarReference()
        case .cycleLayout, .zoomIn, .zoomOut, .recenter, .streetZoom, .pickReference, .liveReference, .nextCollection, .radiusSmaller, .radiusLarger:
            // The map's global keys act on the main screen under a screen that leaves it in sight (the walk).
            return MainFeature.action(for: command, in: context).map { routeMain($0) } ?? []
        case .route(.toSelection):
            guard let target = pointed else {
                lastMessage = context == .map ? "no building under the cursor to walk to" : "nothing selected to walk to"
                return []
            }
            overlays.removeAll()
            return routeMain(.routeTo(name: target.name, target.coordinate))
        case .heart:
            guard let artwork = pointed?.artwork else {
                lastMessage = "select an artwork to heart it (f)"
                return []
            }
            return [.toggleFavourite(artwork.key)]
        case .seen:
            guard let artwork = pointed?.artwork else {
                lastMessage = "select an artwork to mark it seen (v)"
                return []
            }
            return [.toggleSeen(artwork.key)]
        case .openWebPage:
            return openWebPage()
        case .openScreen(let kind):
            return open(kind)
        default:
            // A screen's own key that the screen on top does not take.
            return []
        }
    }

    /// Whether the screen on top covers the map and the table (a pop-up, the viewer), so their keys have nothing to act on.
    var hidesMainScreen: Bool {
        guard let top = overlays.last else { return false }
        return top.placement != .tablePane
    }

    /// `o`: the web page of the artwork pointed at, opened by the run loop (or shown when there is no display).
    private mutating func openWebPage() -> [Effect] {
        guard let artwork = pointed?.artwork else {
            lastMessage = "select an artwork to open its web page"
            return []
        }
        guard !artwork.webPage.isEmpty else {
            lastMessage = "'\(artwork.title)' has no web page"
            return []
        }
        if let reason = WebPageLink.refusal(artwork.webPage) {
            lastError = "not opening '\(DisplayText.clean(artwork.title))' on the web: \(reason)"
            return []
        }
        lastMessage = "web page: \(artwork.webPage)"
        return [.openWebPage(artwork.webPage)]
    }
}
