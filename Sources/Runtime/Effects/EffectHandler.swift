import App

/// Where a handler sends the actions its effect found.
public protocol ActionSink: Sendable {
    /// Hands an action to the run loop from any thread; it is reduced on the loop's next turn.
    func post(_ action: Action)
}

/// How a handler answers: at once, on the loop, for what it could read there (`now`), or later, from the
/// background, for work it started off the loop (`later`).
public struct EffectReply {
    /// Reduces the action before the handler returns (the loop's own reads: a collection, a setting saved).
    public let now: (Action) -> Void
    /// Where background work posts its answers.
    public let later: any ActionSink
    /// Another effect to perform now, by whichever handler takes it (the catalogue read again after a removal).
    public let also: (Effect) -> Void

    public init(now: @escaping (Action) -> Void, later: any ActionSink, also: @escaping (Effect) -> Void = { _ in }) {
        self.now = now
        self.later = later
        self.also = also
    }
}

/// The effects of one feature, performed beside it with the dependencies it was given; the run loop asks each
/// handler in turn (`Session.perform`), so a feature's I/O lives in one file and is tested without a terminal.
protocol EffectHandler {
    /// Performs `effect` when it is one of this handler's, reading `state` as it is now; false leaves it to the next.
    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) -> Bool
}

extension ActionQueue: ActionSink {}
