import App

/// Timers: an action for a screen, posted after a delay on the injected clock (the slideshow's next picture).
struct TimerEffects: EffectHandler {
    let clock: any EffectClock

    init(_ dependencies: Dependencies) { clock = dependencies.clock }

    func handles(_ effect: Effect) -> Bool {
        if case .after = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .after(let seconds, let action, let screen) = effect else { return }
        let sink = replies
        clock.after(seconds) { sink.post(screen.map { .answer(action, to: $0) } ?? .screen(action)) }
    }
}
