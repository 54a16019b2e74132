import App

/// The settings' effect: a setting saved (in the user's settings file, or the store), then `applied` so the run
/// loop's own work follows it (the museum's address), and answered with `settingSaved`.
struct SettingsEffects: EffectHandler {
    let store: any StoreAccess
    /// What the run loop does with a setting once saved.
    let applied: (_ key: String, _ value: String?) -> Void

    func handles(_ effect: Effect) -> Bool {
        if case .saveSetting = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        guard case .saveSetting(let key, let value) = effect else { return }
        do {
            // The user's settings are saved in their file, whether or not the store can be written.
            guard store.savesSettingsElsewhere || !store.isReadOnly else { throw RuntimeError("the store is read-only") }
            try store.setSetting(key, value)
            applied(key, value)
            reply.now(.settingSaved(key: key, value: value))
        } catch {
            reply.now(.error("cannot save \(key): \(error)"))
        }
    }
}
