import App
import Catalog
import Foundation
import Store

/// The catalogue's effects: collections read for the view, read again after a sync, full records for details,
/// and the whole of a large collection read in the background.
final class CatalogueEffects: EffectHandler {
    private let store: any StoreAccess
    /// Waits for the store's integrity check still running beside a large collection's first frame: nil when
    /// sound, else what is wrong. Taken by the background read of the whole collection.
    var pendingIntegrityCheck: (@Sendable () -> String?)?

    init(_ dependencies: Dependencies) {
        store = dependencies.store
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .loadCollection, .loadCollections, .reloadCatalogue, .loadFullRecords, .loadWholeCatalogue: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        switch effect {
        case .loadCollection(let name, let search):
            replies.post(answer("cannot load the collection \(name)") {
                .collectionLoaded(name, try $0.artworks(collection: name, fields: .view, ids: nil), search: search)
            })
        case .loadCollections(let names):
            replies.post(answer("cannot load the collections \(names.joined(separator: ", "))") {
                .collectionsLoaded(names, try $0.artworks(collections: names, fields: .view))
            })
        case .reloadCatalogue(let names):
            do {
                let (artworks, whatsNew) = try store.read { reader -> ([Artwork], [String]?) in
                    let artworks = try reader.artworks(collections: names, fields: .view)
                    guard let looked = try reader.setting(Effect.newsLookedSetting) else { return (artworks, nil) }
                    return (artworks, try reader.changes(since: looked).map { "\($0.title) (\($0.collection))" })
                }
                replies.post(.catalogueReloaded(artworks))
                if let whatsNew { replies.post(.whatsNewLoaded(whatsNew)) }
            } catch {
                replies.post(.error("cannot read the catalogue after the sync: \(error)"))
            }
        case .loadFullRecords(let collection, let ids):
            replies.post(answer("cannot read the artwork's details") { .fullRecordsLoaded(try $0.artworks(collection: collection, fields: .all, ids: ids)) })
        case .loadWholeCatalogue(let collection):
            readWhole(collection, into: replies)
        default:
            return
        }
    }

    /// The action read on a reader connection, or an error saying `failure` and why.
    private func answer(_ failure: String, _ read: (CatalogStore) throws -> Action) -> Action {
        do {
            return try store.read(read)
        } catch {
            return .error("\(failure): \(error)")
        }
    }

    /// Reads a whole collection on a reader of its own; nothing read from a damaged store is shown.
    private func readWhole(_ collection: String, into sink: any ActionSink) {
        let store = self.store, check = pendingIntegrityCheck
        pendingIntegrityCheck = nil
        Task.detached(priority: .userInitiated) {
            do {
                let artworks = try store.read { try $0.artworks(collection: collection, fields: .view) }
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
