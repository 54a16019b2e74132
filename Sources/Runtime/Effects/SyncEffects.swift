import App
import Catalog
import Foundation
import Sources

/// `s` and the start-up sync: a collection refreshed from its own source through its `SourceProvider` (the campus
/// service's sync, a file imported again, the museum's painters), written only into it; answered with `syncFinished`
/// or `syncFailed`, progress on the way. The same providers as `artmap refresh`, never a command run by its words.
struct SyncEffects: EffectHandler {
    let store: any StoreAccess
    /// What the providers reach the world through (nil: the view cannot refresh, as in tests of other effects).
    let sources: SourceContext?

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .startSync, .refreshCollection: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        let name: String, named: Bool
        switch effect {
        case .startSync(let collection): (name, named) = (collection, false)
        case .refreshCollection(let collection): (name, named) = (collection, true)
        default: return
        }
        guard let sources else {
            reply.now(.syncFailed(reason: "\(name) cannot be refreshed from the view", subject: nil))
            return
        }
        guard !store.isReadOnly else {
            reply.now(.syncFailed(reason: "cannot save: the store is read-only", subject: sources.storePath))
            return
        }
        refresh(CollectionID(name), named: named, with: sources, into: reply.later)
    }

    /// Refreshes off the loop; `named`: progress and the summary start with the collection's name (a collection
    /// other than the service's, which the status line does not name itself).
    private func refresh(_ collection: CollectionID, named: Bool, with sources: SourceContext, into sink: any ActionSink) {
        Task.detached {
            do {
                let refreshed = try await SourceProviders.refresh(collection, with: sources) { text in
                    sink.post(.syncProgress(named ? "\(collection.name): \(text)" : text))
                }
                if !refreshed.imageFailures.isEmpty || !named {
                    sink.post(.imagesFailed(Dictionary(uniqueKeysWithValues: refreshed.imageFailures.map {
                        (ArtworkKey(collection: collection.name, id: $0.key), $0.value)
                    })))
                }
                sink.post(.syncFinished(summary: named ? refreshed.line : refreshed.summary, at: Date()))
            } catch let failure as SourceError {
                sink.post(.syncFailed(reason: DisplayText.clean(failure.reason), subject: failure.subject))
            } catch {
                sink.post(.syncFailed(reason: DisplayText.clean("\(error)"), subject: nil))
            }
        }
    }
}
