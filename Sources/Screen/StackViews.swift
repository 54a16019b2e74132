import Cells
import App
import TerminalTypes

/// The view of one kind of screen on the stack: its state (a `StackScreen`) drawn over the main screen, and, for
/// a screen shown in the table's place, what it adds to the map beside it and to the status line.
protocol StackScreenView: Sendable {
    /// The screen this view draws.
    associatedtype State: StackScreen
    /// Draws the screen into `screen`: the whole terminal, the body between title and status, or the table's place
    /// (`StackScreen.placement`).
    static func render(_ state: State, _ context: ViewContext, into buffer: inout Buffer, screen: Rect)
    /// Draws the screen's paths on the map's canvas instead of the route; false when it has none (the default).
    static func drawPaths(_ state: State, _ frame: MapFrame, on canvas: inout MapCanvas) -> Bool
    /// Draws the screen's marks over the map's markers (a walk's numbered stops); nothing by default.
    static func drawMarks(_ state: State, _ scene: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells)
    /// The screen's part of the status line while it is open anywhere on the stack; nil by default.
    static func statusText(_ state: State, _ context: ViewContext) -> String?
}

extension StackScreenView {
    static func drawPaths(_ state: State, _ frame: MapFrame, on canvas: inout MapCanvas) -> Bool { false }
    static func drawMarks(_ state: State, _ scene: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {}
    static func statusText(_ state: State, _ context: ViewContext) -> String? { nil }
}

/// The one list of stack screens' views: `MainView`, the map and the status line reach the screens through it,
/// so adding a screen adds its view and one line here (and one in App's `ScreenRegistry`).
enum StackViews {
    /// Every stack screen's view.
    static let all: [any StackScreenView.Type] = [
        BuildingListView.self,
        DetailView.self,
        HelpView.self,
        ImageViewerView.self,
        FavouritesView.self,
        SlideshowView.self,
        SettingsView.self,
        NewsView.self,
        PaintersView.self,
        WalkView.self,
    ]

    /// Draws the screen on top of the stack with its view, in the area its placement gives. False when no view
    /// is listed for it.
    @discardableResult
    static func render(_ top: Overlay, _ context: ViewContext, into buffer: inout Buffer, screen: Rect, body: Rect, table: Rect) -> Bool {
        let area: Rect
        switch top.placement {
        case .fullScreen: area = screen
        case .popUp: area = body
        case .tablePane: area = table
        }
        func draw<View: StackScreenView>(_ view: View.Type) -> Bool {
            guard let state = top.state(View.State.self) else { return false }
            View.render(state, context, into: &buffer, screen: area)
            return true
        }
        for view in all where draw(view) { return true }
        return false
    }

    /// Lets the screen shown beside the map draw its paths; true when it drew them instead of the route.
    static func drawPaths(_ top: Overlay?, _ frame: MapFrame, on canvas: inout MapCanvas) -> Bool {
        guard let top else { return false }
        func draw<View: StackScreenView>(_ view: View.Type) -> Bool? {
            top.state(View.State.self).map { View.drawPaths($0, frame, on: &canvas) }
        }
        for view in all { if let drew = draw(view) { return drew } }
        return false
    }

    /// Lets the screen shown beside the map draw its marks.
    static func drawMarks(_ top: Overlay?, _ scene: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        guard let top else { return }
        func draw<View: StackScreenView>(_ view: View.Type) -> Bool {
            guard let state = top.state(View.State.self) else { return false }
            View.drawMarks(state, scene, frame, into: &buffer, occupied: &occupied)
            return true
        }
        for view in all where draw(view) { return }
    }

    /// What the screens on the stack add to the status line, bottom first.
    static func statusTexts(_ stack: [Overlay], _ context: ViewContext) -> [String] {
        stack.flatMap { element -> [String] in
            // The view of this element's screen: its text, or none; nil for another screen's view.
            func texts<View: StackScreenView>(_ view: View.Type) -> [String]? {
                element.state(View.State.self).map { View.statusText($0, context).map { [$0] } ?? [] }
            }
            for view in all { if let found = texts(view) { return found } }
            return []
        }
    }
}
