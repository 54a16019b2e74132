import App

/// Where a handler sends the actions its effect found.
public protocol ActionSink: Sendable {
    /// Hands an action to the run loop from any thread; it is reduced on the loop, after the effect that found it
    /// has been performed (never in the middle of `perform`).
    func post(_ action: Action)
}

/// The effects of one feature, performed beside it with the dependencies it was built from and nothing else: what
/// an effect needs travels in it (the reducer puts it there), never read from the app's state. The run loop asks
/// each handler in turn (`Session.perform`), so a feature's I/O lives in one file and is tested without a terminal.
protocol EffectHandler {
    /// Whether `effect` is one of this handler's, decided from the effect alone (no I/O, no state): the session
    /// picks the handler by it, and a test checks that every effect has one (HandlerCoverageTests.swift).
    func handles(_ effect: Effect) -> Bool
    /// Performs one of this handler's effects (`handles` took it). Every answer, whether read at once on the loop
    /// or found later in the background, is posted to `replies`: the loop reduces it after this returns.
    func perform(_ effect: Effect, _ replies: any ActionSink)
}

extension EffectHandler {
    /// Performs `effect` when it is this handler's; false leaves it to the next (how tests drive one handler).
    @discardableResult
    func take(_ effect: Effect, _ replies: any ActionSink) -> Bool {
        guard handles(effect) else { return false }
        perform(effect, replies)
        return true
    }
}

extension ActionQueue: ActionSink {}
