import Catalog

/// A screen on the navigation stack over the main screen, with the id it was pushed with; Esc goes back one.
/// The screen is any `StackScreen` (named `Overlay` rather than `Screen`, the module that draws them): the
/// stack never names its screens, so a new screen adds no case here.
public struct Overlay: Hashable, Sendable {
    /// Fixed when the screen was pushed (see `AppState.push`).
    public let id: ScreenID
    /// The screen's own state.
    public internal(set) var screen: any StackScreen

    init(_ screen: any StackScreen, id: ScreenID) {
        self.screen = screen
        self.id = id
    }

    public static func == (lhs: Overlay, rhs: Overlay) -> Bool {
        lhs.id == rhs.id && AnyHashable(lhs.screen) == AnyHashable(rhs.screen)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(AnyHashable(screen))
    }
}

/// An action for one screen on the stack: the feature's own action (`PaintersAction`), whatever the screen.
/// Each feature folder offers a short constructor (`OverlayAction.painters(.confirm)`).
public struct OverlayAction: Hashable, Sendable {
    /// The feature's own action.
    public let base: any Hashable & Sendable

    public init(_ base: any Hashable & Sendable) { self.base = base }

    /// The action as the feature's own type, when it is of that type.
    public func `as`<A>(_ type: A.Type) -> A? { base as? A }

    public static func == (lhs: OverlayAction, rhs: OverlayAction) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}
