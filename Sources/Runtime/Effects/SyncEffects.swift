import App
import Catalog
import Foundation
import Sources
import Sync

/// `s` and the start-up sync: the campus-shaped service's sync (`CampusServiceProvider.run`, as `artmap sync` runs it),
/// or a collection refreshed from its own source through its `SourceProvider` (a file imported again, the museum's
/// painters), the same providers as `artmap refresh`, never a command run by its words; answered with
/// `syncFinished` or `syncFailed`, progress on the way.
struct SyncEffects: EffectHandler {
    let store: any StoreAccess
    let http: any HTTPClient
    /// The campus service and where its images go; nil: nothing to sync from (a test's session).
    let request: SyncRequest?
    let limits: SyncLimits
    /// What the providers reach the world through (nil: the view cannot refresh other collections).
    let sources: SourceContext?

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        http = dependencies.http
        request = dependencies.sync
        limits = dependencies.limits
        sources = dependencies.sources
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .startSync, .refreshCollection: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        switch effect {
        case .startSync(let collection, let service):
            guard let request else {
                replies.post(.syncFailed(reason: "\(collection) cannot be synced from here (no service set)", subject: nil))
                return
            }
            guard refuseReadOnly(replies) else { return }
            sync(collection, from: service, request: request, into: replies)
        case .refreshCollection(let name):
            guard let sources else {
                replies.post(.syncFailed(reason: "\(name) cannot be refreshed from the view", subject: nil))
                return
            }
            guard refuseReadOnly(replies) else { return }
            refresh(CollectionID(name), with: sources, into: replies)
        default:
            return
        }
    }

    /// False (and the refusal sent) when the store cannot be written.
    private func refuseReadOnly(_ replies: any ActionSink) -> Bool {
        guard store.isReadOnly else { return true }
        replies.post(.syncFailed(reason: "cannot save: the store is read-only", subject: request?.storePath ?? sources?.storePath))
        return false
    }

    /// Into the collection asked for, from the service it came from (the campus's is the remembered one).
    private func sync(_ collection: String, from service: ServiceAddress?, request: SyncRequest, into sink: any ActionSink) {
        var request = request
        request.collection = collection
        if let service, let own = try? SyncSource(service: service.url, imageBase: service.imageBase.isEmpty ? nil : service.imageBase) {
            request.source = own
        }
        let (http, limits) = (self.http, self.limits)
        Task.detached {
            do {
                let report = try await CampusServiceProvider.run(request, http: http, limits: limits) { step in sink.post(.syncProgress(step.text)) }
                let failed = Dictionary(uniqueKeysWithValues: report.imageFailureReasons.map { (ArtworkKey(collection: request.collection, id: $0.key), $0.value) })
                sink.post(.imagesFailed(failed))
                sink.post(.syncFinished(summary: report.headline, at: Date()))
            } catch let failure as SourceError {
                sink.post(.syncFailed(reason: failure.reason, subject: failure.subject))
            } catch {
                sink.post(.syncFailed(reason: "\(error)", subject: nil))
            }
        }
    }

    /// A collection refreshed by its provider; progress and the summary start with its name (the status line names
    /// only the service's collection itself). The answer is the sync's, so the catalogue is read again as after one.
    private func refresh(_ collection: CollectionID, with sources: SourceContext, into sink: any ActionSink) {
        Task.detached {
            do {
                let refreshed = try await SourceProviders.refresh(collection, with: sources) { text in
                    sink.post(.syncProgress("\(collection.name): \(text)"))
                }
                if !refreshed.imageFailures.isEmpty {
                    sink.post(.imagesFailed(Dictionary(uniqueKeysWithValues: refreshed.imageFailures.map {
                        (ArtworkKey(collection: collection.name, id: $0.key), $0.value)
                    })))
                }
                sink.post(.syncFinished(summary: refreshed.line, at: Date()))
            } catch let failure as SourceError {
                sink.post(.syncFailed(reason: DisplayText.clean(failure.reason), subject: failure.subject))
            } catch {
                sink.post(.syncFailed(reason: DisplayText.clean("\(error)"), subject: nil))
            }
        }
    }
}
