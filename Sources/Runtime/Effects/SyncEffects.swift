import App
import Catalog
import Foundation
import Sync

/// Refreshes one collection from its own source, writing only into it; says what changed in one line.
public typealias CollectionRefreshing = @Sendable (_ collection: String, _ progress: @escaping @Sendable (String) -> Void) async throws -> String

/// `s`: a collection synced from the campus-shaped service it came from, or refreshed from its own source by the
/// refresher the command line gives; answered with `syncFinished` or `syncFailed`, progress on the way.
struct SyncEffects: EffectHandler {
    let store: any StoreAccess
    let http: any HTTPClient
    /// The campus service and where its images go; nil: nothing to sync from (a test's session).
    let request: SyncRequest?
    let limits: SyncLimits
    let refresher: CollectionRefreshing?

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        http = dependencies.http
        request = dependencies.sync
        limits = dependencies.limits
        refresher = dependencies.refresher
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
            guard let refresher else {
                replies.post(.syncFailed(reason: "\(name) cannot be refreshed from the view", subject: nil))
                return
            }
            guard refuseReadOnly(replies) else { return }
            refresh(name, with: refresher, into: replies)
        default:
            return
        }
    }

    /// False (and the refusal sent) when the store cannot be written.
    private func refuseReadOnly(_ replies: any ActionSink) -> Bool {
        guard store.isReadOnly else { return true }
        replies.post(.syncFailed(reason: "cannot save: the store is read-only", subject: request?.storePath))
        return false
    }

    /// Into the collection asked for, from the service it came from (the campus's is the remembered one).
    private func sync(_ collection: String, from service: ServiceAddress?, request: SyncRequest, into sink: any ActionSink) {
        var request = request
        request.collection = collection
        if let service, let own = try? SyncSource(service: service.url, imageBase: service.imageBase.isEmpty ? nil : service.imageBase) {
            request.source = own
        }
        let engine = SyncEngine(http: http, limits: limits)
        Task.detached {
            do {
                let report = try await engine.run(request) { step in sink.post(.syncProgress(step.text)) }
                let failed = Dictionary(uniqueKeysWithValues: report.imageFailureReasons.map { (ArtworkKey(collection: request.collection, id: $0.key), $0.value) })
                sink.post(.imagesFailed(failed))
                sink.post(.syncFinished(summary: report.headline, at: Date()))
            } catch let failure as SyncError {
                sink.post(.syncFailed(reason: failure.message, subject: failure.url))
            } catch {
                sink.post(.syncFailed(reason: "\(error)", subject: nil))
            }
        }
    }

    /// The answer is the sync's, so the catalogue is read again as after a sync.
    private func refresh(_ name: String, with refresher: @escaping CollectionRefreshing, into sink: any ActionSink) {
        Task.detached {
            do {
                let summary = try await refresher(name) { sink.post(.syncProgress($0)) }
                sink.post(.syncFinished(summary: summary, at: Date()))
            } catch {
                // The refresher names the collection first; the status line names it already.
                let text = DisplayText.clean("\(error)")
                sink.post(.syncFailed(reason: text.hasPrefix(name + ": ") ? String(text.dropFirst(name.count + 2)) : text, subject: nil))
            }
        }
    }
}
