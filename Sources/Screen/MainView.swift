import Cells
import App
import TerminalTypes

/// The whole screen for a state: title, map, table (or the route panel), status bar, and the screen on top
/// of the stack, drawn by its own view (`StackViews`).
public enum MainView {
    public static let tooSmallMessage = "terminal too small (needs \(ScreenLayout.minimumColumns)×\(ScreenLayout.minimumRows))"

    /// Renders the state at its own terminal size, with nothing kept from earlier frames (tests: a fresh drawing).
    public static func render(_ state: AppState) -> Buffer {
        render(state, caches: RenderCaches(sheets: .never))
    }

    /// Renders the state at its own terminal size, reusing what `caches` kept from the frames before.
    public static func render(_ state: AppState, caches: RenderCaches) -> Buffer {
        var buffer = Buffer(width: state.size.columns, height: state.size.rows)
        render(state, into: &buffer, caches: caches)
        return buffer
    }

    /// Renders the state into a buffer of the terminal's size.
    public static func render(_ state: AppState, into buffer: inout Buffer, caches: RenderCaches) {
        let layout = state.layout
        let screen = Rect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        if layout.tooSmall {
            let y = max(0, buffer.height / 2)
            let width = min(buffer.width, TextWidth.of(tooSmallMessage))
            buffer.write(tooSmallMessage, x: max(0, (buffer.width - width) / 2), y: y, style: Style(.statusError, bold: true))
            return
        }
        let top = state.overlays.last
        let beside = top?.placement == .tablePane ? top : nil
        let scene = MainScene(state.main, context: state, onTop: state.overlays.isEmpty, beside: beside)
        Bars.title(state, into: &buffer, area: layout.title)
        MapView.render(scene, into: &buffer, area: layout.map, caches: caches)
        if beside != nil {
            // The screen on top takes the table's place (below).
        } else if let route = state.main.route {
            RoutePanelView.render(route, scene, into: &buffer, area: layout.table)
        } else {
            TableView.render(scene, into: &buffer, area: layout.table, caches: caches)
        }
        Bars.status(state, into: &buffer, area: layout.status)
        let body = Rect(x: 0, y: 1, width: screen.width, height: screen.height - 2)
        // A pop-up clears the screen behind it: no cut-off rows, arrows or frame corners in the gaps around it.
        if top?.placement == .popUp { buffer.fill(body) }
        if let top { StackViews.render(top, state, into: &buffer, screen: screen, body: body, table: layout.table) }
        if state.ascii { buffer.keepToASCII() }
    }
}
