import App
import Catalog
import Foundation
import Store

/// The seen marks' effects (issue 47): `v` marks an artwork seen or takes the mark off, and walking past marks
/// what a live fix came within `seen.within` of; each answered with the marks as saved.
struct SeenEffects: EffectHandler {
    let store: any StoreAccess
    let clock: any EffectClock

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        clock = dependencies.clock
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .toggleSeen, .markSeen: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard !store.isReadOnly else {
            replies.post(.seenRefused("cannot save what you have seen: the store is read-only"))
            return
        }
        let now = clock.now
        do {
            let marks = try store.write { writer -> [ArtworkKey: String] in
                switch effect {
                case .toggleSeen(let key):
                    if try !writer.unmarkSeen(key) { try writer.markSeen([key], how: .hand, at: now) }
                case .markSeen(let keys):
                    try writer.markSeen(keys, how: .walk, at: now)
                default:
                    break
                }
                return Dictionary(try writer.seenMarks().map { ($0.key, $0.at) }, uniquingKeysWith: { first, _ in first })
            }
            replies.post(.seenLoaded(marks))
        } catch {
            replies.post(.seenRefused("cannot save what you have seen: \(error)"))
        }
    }
}
