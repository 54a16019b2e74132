import App
import Catalog
import Foundation
import Store

/// The catalogue's effects: collections read for the view, read again after a sync, full records for details,
/// and the whole of a large collection read in the background.
final class CatalogueEffects: EffectHandler {
    private let store: any StoreAccess
    private let storePath: String
    /// Waits for the store's integrity check still running beside a large collection's first frame: nil when
    /// sound, else what is wrong. Taken by the background read of the whole collection.
    var pendingIntegrityCheck: (@Sendable () -> String?)?

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        storePath = dependencies.storePath
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .loadCollection, .loadCollections, .reloadCatalogue, .loadFullRecords, .loadWholeCatalogue: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        switch effect {
        case .loadCollection(let name, let search):
            do {
                reply.now(.collectionLoaded(name, try store.artworks(collection: name, fields: .view, ids: nil), search: search))
            } catch {
                reply.now(.error("cannot load the collection \(name): \(error)"))
            }
        case .loadCollections(let names):
            do {
                reply.now(.collectionsLoaded(names, try store.artworks(collections: names, fields: .view)))
            } catch {
                reply.now(.error("cannot load the collections \(names.joined(separator: ", ")): \(error)"))
            }
        case .reloadCatalogue:
            do {
                reply.now(.catalogueReloaded(try store.artworks(collections: state.main.shownCollections, fields: .view)))
                if let looked = try store.setting(AppState.newsLookedSetting) {
                    reply.now(.whatsNewLoaded(try store.changes(since: looked).map { "\($0.title) (\($0.collection))" }))
                }
            } catch {
                reply.now(.error("cannot read the catalogue after the sync: \(error)"))
            }
        case .loadFullRecords(let collection, let ids):
            do {
                reply.now(.fullRecordsLoaded(try store.artworks(collection: collection, fields: .all, ids: ids)))
            } catch {
                reply.now(.error("cannot read the artwork's details: \(error)"))
            }
        case .loadWholeCatalogue(let collection):
            readWhole(collection, into: reply.later)
        default:
            return
        }
    }

    /// Reads a whole collection on a connection of its own; nothing read from a damaged store is shown.
    private func readWhole(_ collection: String, into sink: any ActionSink) {
        let path = storePath, check = pendingIntegrityCheck
        pendingIntegrityCheck = nil
        Task.detached(priority: .userInitiated) {
            do {
                let artworks = try CatalogStore.reader(path: path).artworks(collection: collection, fields: .view)
                if let problem = check?() {
                    sink.post(.storeDamaged(problem))
                    return
                }
                sink.post(.wholeCatalogueLoaded(collection: collection, artworks))
            } catch {
                if let problem = check?() {
                    sink.post(.storeDamaged(problem))
                } else {
                    sink.post(.error("cannot read the whole collection \(collection): \(error)"))
                }
            }
        }
    }
}
