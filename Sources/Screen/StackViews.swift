import Cells
import App
import TerminalTypes

/// The view of one kind of screen on the stack: its state (a `StackScreen`) drawn over the main screen.
public protocol StackScreenView {
    /// The screen this view draws.
    associatedtype State: StackScreen
    /// Draws the screen over `screen` (the whole terminal for a full-screen one, else all but the title and status lines).
    static func render(_ state: State, _ context: ViewContext, into buffer: inout Buffer, screen: Rect)
}

/// The one list of stack screens' views: `MainView` draws the screen on top through it, so adding a screen
/// adds its view and one line here (and one in App's `ScreenRegistry`).
public enum StackViews {
    /// Every stack screen's view.
    public static let all: [any StackScreenView.Type] = [
        BuildingListView.self,
        DetailView.self,
        HelpView.self,
        ImageViewerView.self,
        FavouritesView.self,
        SlideshowView.self,
        SettingsView.self,
        NewsView.self,
        PaintersView.self,
    ]

    /// Draws the screen on top of the stack with its view: over the whole terminal when it is full-screen,
    /// else over `body`. False when no view is listed for it.
    @discardableResult
    static func render(_ top: Overlay, _ context: ViewContext, into buffer: inout Buffer, screen: Rect, body: Rect) -> Bool {
        for view in all where draw(view, top, context, into: &buffer, area: top.isFullScreen ? screen : body) { return true }
        return false
    }

    private static func draw<View: StackScreenView>(_ view: View.Type, _ top: Overlay, _ context: ViewContext,
                                                    into buffer: inout Buffer, area: Rect) -> Bool {
        guard let state = top.state(View.State.self) else { return false }
        View.render(state, context, into: &buffer, screen: area)
        return true
    }
}
