import App
import TerminalTypes

/// The whole screen for a state: title, map, table, status bar, and the overlay on top.
public enum MainView {
    public static let tooSmallMessage = "terminal too small (needs \(ScreenLayout.minimumColumns)×\(ScreenLayout.minimumRows))"

    /// Renders the state at its own terminal size.
    public static func render(_ state: AppState) -> Buffer {
        var buffer = Buffer(width: state.size.columns, height: state.size.rows)
        render(state, into: &buffer)
        return buffer
    }

    public static func render(_ state: AppState, into buffer: inout Buffer) {
        let layout = state.layout
        let screen = Rect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        if layout.tooSmall {
            let y = max(0, buffer.height / 2)
            let width = min(buffer.width, TextWidth.of(tooSmallMessage))
            buffer.write(tooSmallMessage, x: max(0, (buffer.width - width) / 2), y: y, style: Style(.statusError, bold: true))
            return
        }
        Bars.title(state, into: &buffer, area: layout.title)
        MapView.render(state, into: &buffer, area: layout.map)
        if let route = state.route {
            RoutePanelView.render(state, route: route, into: &buffer, area: layout.table)
        } else {
            TableView.render(state, into: &buffer, area: layout.table)
        }
        Bars.status(state, into: &buffer, area: layout.status)
        let body = Rect(x: 0, y: 1, width: screen.width, height: screen.height - 2)
        switch state.overlays.last {
        case .building(let key, let selected)?:
            OverlayViews.building(state, key: key, selected: selected, into: &buffer, screen: body)
        case .detail(let id, let scroll)?:
            OverlayViews.detail(state, artworkID: id, scroll: scroll, into: &buffer, screen: body)
        case .help(let scroll)?:
            OverlayViews.help(state, scroll: scroll, into: &buffer, screen: body)
        case .viewer(let viewer)?:
            ImageViewerView.render(state, viewer: viewer, into: &buffer, screen: screen)
        case .favourites(let selected)?:
            FavouritesView.render(state, selected: selected, into: &buffer, screen: body)
        case .slideshow(let show)?:
            SlideshowView.render(state, show: show, into: &buffer, screen: screen)
        case .settings(let settings)?:
            SettingsView.render(state, screen: settings, into: &buffer, screen: body)
        case .news(let scroll)?:
            NewsView.render(state, scroll: scroll, into: &buffer, screen: body)
        case .painters(let painters)?:
            PaintersView.render(state, screen: painters, into: &buffer, screen: body)
        case nil:
            break
        }
    }
}
