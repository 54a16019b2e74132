import Cartography
import Catalog
import TerminalTypes

/// Saving a walk by name (`W`) and resuming one (`R`): the name is typed on the walk screen, the run loop keeps
/// the walk in the store (`Effect.saveWalk`) or reads it back and plans what is left (`Effect.resumeWalk`).
extension WalkFeature {
    /// The longest name typed (the store's limit).
    static let nameLimit = 80

    /// While a name is typed, what a key means to it (`.some(nil)`: swallowed); nil otherwise.
    public static func typing(_ state: WalkState, _ key: Key) -> KeyTaking<WalkAction> {
        guard state.naming != nil else { return .notTyping }
        switch key {
        case .enter: return .action(.confirmName)
        case .escape: return .action(.cancelName)
        case .backspace, .delete: return .action(.erase)
        case .character(let c): return .action(.type(c))
        default: return .swallowed
        }
    }

    /// The naming actions: start, type, erase, cancel, confirm (save or resume), and the run loop's "saved".
    static func name(_ state: inout WalkState, _ action: WalkAction) -> Reduced {
        switch action {
        case .startNaming(let resume):
            guard resume || !(state.itinerary?.stops.isEmpty ?? true) else { return Reduced(delegates: [.message("no walk to save yet")]) }
            state.naming = WalkNaming(resume: resume)
        case .type(let c):
            guard var naming = state.naming, naming.text.count < nameLimit, !c.isNewline, c.asciiValue.map({ $0 >= 32 && $0 != 127 }) ?? true else { return .none }
            naming.text.append(c)
            state.naming = naming
        case .erase:
            if var naming = state.naming, !naming.text.isEmpty {
                naming.text.removeLast()
                state.naming = naming
            }
        case .cancelName:
            state.naming = nil
        case .confirmName:
            guard let naming = state.naming else { return .none }
            let name = naming.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return Reduced(delegates: [.message("type a name first (Esc: never mind)")]) }
            state.naming = nil
            if naming.resume {
                state.savedName = name
                state.generation += 1
                state.carried = nil
                state.phase = .planning("resuming the walk '\(name)'…")
                return Reduced(effects: [.resumeWalk(WalkResumeRequest(name: name, position: state.position, generation: state.generation))],
                               delegates: [.message("resuming the walk '\(name)'…")])
            }
            guard let walk = state.itinerary else { return .none }
            return Reduced(effects: [.saveWalk(WalkSaveRequest(name: name, start: walk.start, finish: walk.homeLeg == nil ? .open : .round,
                                                               stops: walk.stops.map(\.artwork.key), reached: walk.stops.map(\.reached)))])
        case .saved(let name):
            state.savedName = name
            return Reduced(delegates: [.message("saved the walk as '\(DisplayText.clean(name))' (R resumes it, artmap walk --resume)")])
        default:
            break
        }
        return .none
    }
}
