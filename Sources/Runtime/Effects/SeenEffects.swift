import App
import Catalog
import Foundation
import Store

/// The seen marks' effects (issue 47): `v` marks an artwork seen or takes the mark off, and walking past marks
/// what a live fix came within `seen.within` of; each answered with the marks as saved.
struct SeenEffects: EffectHandler {
    let store: any StoreAccess

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .toggleSeen, .markSeen: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        guard !store.isReadOnly else {
            reply.now(.seenRefused("cannot save what you have seen: the store is read-only"))
            return
        }
        do {
            switch effect {
            case .toggleSeen(let key):
                if try !store.unmarkSeen(key) { _ = try store.markSeen([key], how: .hand, at: Date()) }
            case .markSeen(let keys):
                _ = try store.markSeen(keys, how: .walk, at: Date())
            default:
                return
            }
            reply.now(.seenLoaded(try Self.marks(store)))
        } catch {
            reply.now(.seenRefused("cannot save what you have seen: \(error)"))
        }
    }

    /// The marks by key, as the view keeps them.
    static func marks(_ store: any StoreAccess) throws -> [ArtworkKey: String] {
        Dictionary(try store.seenMarks().map { ($0.key, $0.at) }, uniquingKeysWith: { first, _ in first })
    }
}
