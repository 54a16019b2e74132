import Catalog
import TerminalTypes

/// An artwork's detail as a screen on the stack: what the router asks of it (`StackScreen`).
extension DetailState: StackScreen {
    public static var keyContext: KeyContext { .detail }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .rowUp, context: .detail, description: "scroll up"),
        KeyBinding(keys: [.down, .character("j")], command: .rowDown, context: .detail, description: "scroll down"),
        KeyBinding(keys: [.pageUp], command: .pageUp, context: .detail, description: "page up"),
        KeyBinding(keys: [.pageDown, .character(" ")], command: .pageDown, context: .detail, description: "page down"),
        KeyBinding(keys: [.enter, .character("i")], command: .openImage, context: .detail, description: "view the image full screen"),
        KeyBinding(keys: [.character("g")], command: .route(.toSelection), context: .detail, description: "walking directions to the artwork"),
        KeyBinding(keys: [.character("N")], command: .screen(.detail(.startNote)), context: .detail,
                   description: "a note to OpenStreetMap about this artwork, in your words (Enter queues it, Esc: never mind)"),
    ]
    public static func action(for command: Command) -> DetailAction? { DetailFeature.action(for: command) }

    public func typing(_ key: Key) -> KeyTaking<DetailAction> { DetailNote.typing(self, key) }

    public mutating func reduce(_ action: DetailAction, _ context: FeatureContext) -> Reduced { DetailFeature.reduce(&self, action, context) }

    public func pointed(_ context: FeatureContext) -> ScreenPointing { .at(context.anyArtwork(artwork).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { artwork }
}

extension Delegate {
    /// Push an artwork's detail, its full record and picture asked for.
    public static func openDetail(_ key: ArtworkKey) -> Delegate { .push(ScreenPush(DetailState(artwork: key), then: .opened)) }
}

extension KeyContext {
    public static let detail = KeyContext(rawValue: "Artwork detail")
}

extension OverlayAction {
    /// An action for the detail screen.
    public static func detail(_ action: DetailAction) -> OverlayAction { OverlayAction(action) }
}
