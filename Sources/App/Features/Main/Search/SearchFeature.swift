import Catalog
import TerminalTypes

/// What the search field's keys and the radius keys ask of the filters.
public enum SearchAction: Hashable, Sendable {
    /// `/`: start typing.
    case start
    /// A key typed into the field.
    case type(Key)
    /// Replace the search (a painter's name, or "" to clear it).
    case set(String)
    /// `[` or `]`: halve or double the radius; `farthest` is the farthest building shown (where a first radius starts).
    case changeRadius(larger: Bool, farthest: Double?)
    /// The `nearest` setting changed.
    case nearestCount(Int)
}

/// The filters of the main screen. It asks nothing of the parent but to derive the rows again, which it answers
/// as a Bool (true: the search or the radius was set, even to what it was).
public enum SearchFeature {
    /// The longest search kept.
    static let maximumLength = 60

    /// Applies an action; true when the table's rows must be derived again.
    public static func reduce(_ state: inout SearchState, _ action: SearchAction) -> Bool {
        switch action {
        case .start:
            state.editing = true
            return false
        case .type(let key):
            return type(&state, key)
        case .set(let text):
            state.text = DisplayText.clean(text)
        case .changeRadius(let larger, let farthest):
            if let radius = state.radius {
                let next = larger ? radius * 2 : radius / 2
                state.radius = next > 5_000 ? nil : max(25, next)
            } else {
                // From no radius, [ starts at the largest step (25 m doubled) short of the farthest building shown,
                // so something changes even on a 500 m campus.
                let farthest = farthest ?? 3_200
                var step = 25.0
                while step * 2 < farthest, step * 2 <= 3_200 { step *= 2 }
                state.radius = larger ? nil : step
            }
        case .nearestCount(let count):
            state.nearestCount = count
            return false
        }
        return true
    }

    /// A key typed into the field; true when it set the search.
    private static func type(_ state: inout SearchState, _ key: Key) -> Bool {
        switch key {
        case .escape:
            state.editing = false
            state.text = ""
        case .enter, .tab:
            state.editing = false
            return false
        case .backspace, .delete:
            guard !state.text.isEmpty else { return false }
            state.text = DisplayText.clean(String(state.text.dropLast()))
        case .character(let c):
            guard state.text.count < maximumLength else { return false }
            state.text = DisplayText.clean(state.text + String(c))
        default:
            return false
        }
        return true
    }
}
