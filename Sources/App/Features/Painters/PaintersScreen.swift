import Catalog
import TerminalTypes

/// The painters as a screen on the stack: what the router asks of it (`StackScreen`).
extension PaintersState: StackScreen {
    public static var keyContext: KeyContext { .painters }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .painters(.move(-1)), context: .painters, description: "previous painter"),
        KeyBinding(keys: [.down, .character("j")], command: .painters(.move(1)), context: .painters, description: "next painter"),
        KeyBinding(keys: [.character("+")], command: .painters(.search), context: .painters, description: "search the museum for a painter"),
        KeyBinding(keys: [.enter], command: .painters(.confirm), context: .painters, description: "add the painter found, list their paintings, open one"),
        KeyBinding(keys: [.character("t")], command: .painters(.showInTable), context: .painters, description: "their paintings in the table and on the map"),
        KeyBinding(keys: [.character("d")], command: .painters(.remove), context: .painters, description: "remove the painter and their paintings (asks first)"),
        KeyBinding(keys: [.escape], command: .painters(.cancel), context: .painters, description: "stop typing, stop a fetch, or leave"),
    ]
    public static func action(for command: Command) -> PaintersAction? { PaintersFeature.action(for: command) }
    public static var openingKey: OpeningKey? { OpeningKey([.character("p")], "painters at the Rijksmuseum", listedAfter: .character("S")) }
    public static func opening(_ context: OpeningContext, open: PaintersState?) -> ScreenOpening<PaintersState> {
        .push(PaintersState(), then: .opened)
    }

    public mutating func reduce(_ action: PaintersAction, _ context: FeatureContext) -> Reduced { PaintersFeature.reduce(&self, action, context) }

    public func typing(_ key: Key) -> KeyTaking<PaintersAction> { PaintersFeature.typing(self, key) }
    public func pointed(_ context: FeatureContext) -> ScreenPointing { .at(selectedPainting.map(Pointed.artwork)) }
    public var heldArtworks: [Artwork] { paintings }
}

extension KeyContext {
    public static let painters = KeyContext(rawValue: "Painters")
}

extension OverlayAction {
    /// An action for the painters screen.
    public static func painters(_ action: PaintersAction) -> OverlayAction { OverlayAction(action) }
}
