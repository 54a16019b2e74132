import Geo

extension Session {
    /// Where the view's reference point is now: remembered as the view quits, so the next start with no option and no
    /// home begins there (issue 44's "the place the view last showed").
    public var currentReference: Coordinate { state.main.reference }

    /// Remembers where the view was in the store, as `key` (not the built-in campus, nor in a store that cannot be written).
    public func rememberReference(as key: String) {
        let store = dependencies.store, reference = currentReference
        guard !store.isReadOnly, reference != .ashtonBuilding else { return }
        try? store.write { try $0.setSetting(key, reference.description) }
    }
}
