import Catalog
import Geo

/// Opening a screen with its own key: the router asks the screen's type how it opens (`StackScreen.opening`)
/// and pushes what it answers, so a screen with a key of its own adds nothing to the root.
extension AppState {
    /// Opens the screen of the registry of this kind: the one already open closes (with what is above it) and
    /// the new one is pushed and handed its first action; a refusal is said on the status line.
    mutating func open(_ kind: ScreenKind) -> [Effect] {
        guard let type = ScreenRegistry.stack.first(where: { ScreenKind($0) == kind }) else { return [] }
        return open(type)
    }

    private mutating func open<S: StackScreen>(_ type: S.Type) -> [Effect] {
        let index = overlays.lastIndex { $0.is(S.self) }
        // The screen plans from what is shown without the open one and those above it (what the map or table points at).
        var below = self
        if let index { below.overlays.removeSubrange(index...) }
        switch S.opening(below, open: index.flatMap { overlays[$0].state(S.self) }) {
        case .refused(let why):
            lastMessage = why
            return []
        case .close:
            overlays = below.overlays
            return []
        case .push(let screen, let first):
            overlays = below.overlays
            return push(ScreenPush(screen, then: first))
        }
    }

    /// Pushes a screen a feature or an opening asked for, then hands it its first action.
    mutating func push(_ opening: ScreenPush) -> [Effect] {
        let id = push(opening.screen)
        return opening.first.map { route($0, to: id) } ?? []
    }

    /// The screens the start options open (`artmap slideshow`), each as its key would.
    mutating func openAtStart() -> [Effect] {
        ScreenRegistry.stack.filter { $0.opensAtStart(startPlan) }.flatMap { open(ScreenKind($0)) }
    }

    /// The screen of this kind nearest the top of the stack, wherever it is (the walk under a detail).
    public func screen<S: StackScreen>(_ kind: S.Type) -> S? {
        overlays.last { $0.is(kind) }?.state(kind)
    }
}

extension AppState: OpeningContext {
    public var reference: Coordinate { main.reference }

    public func nearestBuildings(_ count: Int) -> [RankedBuilding] {
        main.catalog.ranked(from: main.reference, nearest: count)
    }

    public func building(holding key: ArtworkKey) -> RankedBuilding? { rankedArtwork(key)?.0 }

    public var keyContextShown: KeyContext { overlays.last?.keyContext ?? main.keyContext }
}
