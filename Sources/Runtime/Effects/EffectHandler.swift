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
    /// Whether `effect` is one of this handler's, decided from the effect alone (no I/O, no state): the session
    /// picks the handler by it, and a test checks that every effect has one (HandlerCoverageTests.swift).
    func handles(_ effect: Effect) -> Bool
    /// Performs one of this handler's effects (`handles` took it), reading `state` as it is now.
    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply)
}

extension EffectHandler {
    /// Performs `effect` when it is this handler's; false leaves it to the next (how tests drive one handler).
    @discardableResult
    func take(_ effect: Effect, _ state: AppState, _ reply: EffectReply) -> Bool {
        guard handles(effect) else { return false }
        perform(effect, state, reply)
        return true
    }
}

extension ActionQueue: ActionSink {}
