import App

/// The settings' effect: a setting saved (in the user's settings file, or the store), then `applied` so the run
/// loop's own work follows it (the museum's address), and answered with `settingSaved`.
struct SettingsEffects: EffectHandler {
    let store: any StoreAccess
    /// What the run loop does with a setting once saved (the museum's address goes to the painters' handler).
    let applied: (_ key: String, _ value: String?) -> Void

    init(_ dependencies: Dependencies, applied: @escaping (_ key: String, _ value: String?) -> Void) {
        store = dependencies.store
        self.applied = applied
    }

    func handles(_ effect: Effect) -> Bool {
        if case .saveSetting = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .saveSetting(let key, let value) = effect else { return }
        do {
            // The user's settings are saved in their file, whether or not the store can be written.
            guard store.savesSettingsElsewhere || !store.isReadOnly else { throw RuntimeError("the store is read-only") }
            try store.write { try $0.setSetting(key, value) }
            applied(key, value)
            replies.post(.settingSaved(key: key, value: value))
        } catch {
            replies.post(.error("cannot save \(key): \(error)"))
        }
    }
}
