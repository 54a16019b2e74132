import Catalog
import Geo

/// The settings screen: which setting is selected, and the text being typed for it, if any.
public struct SettingsState: Hashable, Sendable {
    public var selected = 0
    /// The new value being typed (Enter saves, Esc drops it).
    public var editing: String?
    /// Why the last value typed was not saved.
    public var problem: String?

    public init() {}
}

/// What the settings screen's keys ask for.
public enum SettingsAction: Hashable, Sendable {
    case open
    case move(Int)
    /// Enter: start typing a value, or save the one typed.
    case edit
    /// ←/→ on a choice: the previous or next choice, saved at once.
    case cycle(Int)
    /// `d`: back to the default.
    case reset
    case type(Character)
    case erase
    case cancel
}

extension AppState {
    /// Whether distances are shown in feet and miles (the `units` setting).
    public var imperial: Bool { settings[Setting.units] == "imperial" }

    /// A distance in the units the user chose.
    public func distanceText(_ metres: Double) -> String { DistanceText.format(metres, imperial: imperial) }

    /// A setting's value as saved, else its default.
    public func settingValue(_ setting: Setting) -> String { settings[setting.key] ?? setting.defaultValue }

    /// Takes in a saved setting; the ones the running view uses apply at once.
    public mutating func applySetting(key: String, value: String?) {
        settings[key] = value
        rowsChanged()
        guard let setting = Setting.named(key) else { return }
        let current = value ?? setting.defaultValue
        switch key {
        case Setting.slideshowInterval: slideshowInterval = Double(current) ?? slideshowInterval
        case Setting.nearest: if let k = Int(current) { nearestCount = k }
        default: break
        }
    }
}

/// Edited in place, checked by the same rules as `artmap config set`; a bad value says why and is not saved.
func reduceSettings(_ state: inout AppState, _ action: SettingsAction) -> [Effect] {
    if case .open = action {
        state.overlays.append(.settings(SettingsState()))
        return []
    }
    guard case .settings(var screen)? = state.overlays.last else { return [] }
    let setting = Setting.all[max(0, min(Setting.all.count - 1, screen.selected))]
    var effects: [Effect] = []
    switch action {
    case .open:
        break
    case .move(let delta):
        screen.selected = max(0, min(Setting.all.count - 1, screen.selected + delta))
        screen.editing = nil
        screen.problem = nil
    case .edit:
        if let typed = screen.editing {
            switch setting.validate(typed) {
            case .success(let value):
                screen.editing = nil
                screen.problem = nil
                effects.append(.saveSetting(key: setting.key, value: value))
            case .failure(let error):
                screen.problem = "\(setting.title): \(error.message); not saved"
            }
        } else if !setting.choices.isEmpty {
            effects += cycle(setting, state: state, by: 1)
        } else {
            screen.editing = state.settingValue(setting)
            screen.problem = nil
        }
    case .cycle(let delta):
        guard !setting.choices.isEmpty else { return [] }
        effects += cycle(setting, state: state, by: delta)
    case .reset:
        screen.editing = nil
        screen.problem = nil
        effects.append(.saveSetting(key: setting.key, value: nil))
    case .type(let character):
        guard screen.editing != nil, !character.isNewline, (screen.editing?.count ?? 0) < 500 else { return [] }
        screen.editing?.append(character)
    case .erase:
        guard var text = screen.editing, !text.isEmpty else { return [] }
        text.removeLast()
        screen.editing = text
    case .cancel:
        if screen.editing != nil {
            screen.editing = nil
            screen.problem = nil
        } else {
            state.overlays.removeLast()
            return []
        }
    }
    state.overlays[state.overlays.count - 1] = .settings(screen)
    return effects
}

private func cycle(_ setting: Setting, state: AppState, by delta: Int) -> [Effect] {
    let current = setting.choices.firstIndex(of: state.settingValue(setting)) ?? 0
    let next = setting.choices[((current + delta) % setting.choices.count + setting.choices.count) % setting.choices.count]
    return [.saveSetting(key: setting.key, value: next)]
}
