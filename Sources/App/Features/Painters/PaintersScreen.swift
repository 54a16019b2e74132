import Catalog
import TerminalTypes

/// The painters as a screen on the stack: what the router asks of it (`StackScreen`).
extension PaintersState: StackScreen {
    public static var keyContext: KeyContext { .painters }
    public static func action(for command: Command) -> OverlayAction? { PaintersFeature.action(for: command).map(OverlayAction.painters) }
    public var overlay: Overlay { .painters(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .painters(let action) = action else { return nil }
        return PaintersFeature.reduce(&self, action, context)
    }

    public func typing(_ key: Key) -> OverlayAction?? { PaintersFeature.typing(self, key).map { $0.map(OverlayAction.painters) } }
    public func pointed(_ context: FeatureContext) -> Pointed?? { .some(selectedPainting.map(Pointed.artwork)) }
    public var heldArtworks: [Artwork] { paintings }
}
