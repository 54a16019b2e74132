import TerminalTypes
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
/// Edited in place, checked by the same rules as `artmap config set`; a bad value says why and is not saved.
public enum SettingsFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> SettingsAction? {
        if case .settings(let action) = command { return action }
        return nil
    }

    /// While a value is being typed, every key goes to it.
    public static func typing(_ state: SettingsState, _ key: Key) -> KeyTaking<SettingsAction> {
        guard state.editing != nil else { return .notTyping }
        switch key {
        case .enter: return .action(.edit)
        case .escape: return .action(.cancel)
        case .backspace, .delete: return .action(.erase)
        case .character(let c): return .action(.type(c))
        default: return .swallowed
        }
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ screen: inout SettingsState, _ action: SettingsAction, _ context: FeatureContext) -> Reduced {
        let setting = Setting.all[max(0, min(Setting.all.count - 1, screen.selected))]
        var effects: [Effect] = []
        switch action {
        case .move(let delta):
            screen.selected = max(0, min(Setting.all.count - 1, screen.selected + delta))
            screen.editing = nil
            screen.problem = nil
        case .edit:
            if let typed = screen.editing, setting.isSecret, typed.isEmpty {
                // A secret is typed over, never shown: nothing typed keeps it (config set KEY default removes it).
                screen.editing = nil
            } else if let typed = screen.editing {
                switch setting.validate(typed) {
                case .success(let value):
                    screen.editing = nil
                    screen.problem = nil
                    effects.append(.saveSetting(key: setting.key, value: value))
                case .failure(let error):
                    screen.problem = "\(setting.title): \(error.message); not saved"
                }
            } else if !setting.choices.isEmpty {
                effects += cycle(setting, context, by: 1)
            } else {
                screen.editing = setting.isSecret ? "" : context.settings.inUse(setting)
                screen.problem = nil
            }
        case .cycle(let delta):
            guard !setting.choices.isEmpty else { return .none }
            effects += cycle(setting, context, by: delta)
        case .reset:
            screen.editing = nil
            screen.problem = nil
            effects.append(.saveSetting(key: setting.key, value: nil))
        case .type(let character):
            guard screen.editing != nil, !character.isNewline, (screen.editing?.count ?? 0) < 500 else { return .none }
            screen.editing?.append(character)
        case .erase:
            guard var text = screen.editing, !text.isEmpty else { return .none }
            text.removeLast()
            screen.editing = text
        case .cancel:
            guard screen.editing != nil else { return Reduced(delegates: [.close]) }
            screen.editing = nil
            screen.problem = nil
        }
        return Reduced(effects: effects)
    }

    private static func cycle(_ setting: Setting, _ context: FeatureContext, by delta: Int) -> [Effect] {
        let current = setting.choices.firstIndex(of: context.settings.value(setting)) ?? 0
        let next = setting.choices[((current + delta) % setting.choices.count + setting.choices.count) % setting.choices.count]
        return [.saveSetting(key: setting.key, value: next)]
    }
}
