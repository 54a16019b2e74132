import App
import Catalog
import Foundation
import Store
import Sync

/// What the paintings side's background work needs to know: where the museum is, and the store.
public struct PaintingsContext {
    var bases: RijksmuseumBases = .museum
    var storePath = ""
    var imageCache: ImageCache?

    /// The museum itself, no store, no cache: what a session starts with.
    public init() {}

    /// The museum's bases, the store to write to and the image cache.
    public init(bases: RijksmuseumBases, storePath: String, imageCache: ImageCache?) {
        self.bases = bases
        self.storePath = storePath
        self.imageCache = imageCache
    }
}

/// The run loop's work for favourites, painters, settings, news and web pages.
extension Session {
    /// A setting saved: the museum's base applies at once (the next search asks the new one).
    func settingApplied(_ key: String, _ value: String?) {
        if key == Setting.rijksBase {
            paintings.bases = (value?.isEmpty == false ? value : nil).flatMap { try? RijksmuseumBases(base: $0) } ?? .museum
        }
    }

    func performPainters(_ request: PainterRequest, screen: ScreenID?) {
        let queue = self.queue
        let client = RijksmuseumClient(bases: paintings.bases, limits: limits)
        let storePath = paintings.storePath
        switch request {
        case .list:
            queue.post(.painters(.listed(Session.painterSummaries(store)), screen: screen))
        case .paintings(let name):
            do {
                dispatch(.painters(.paintingsListed(name: name, try store.paintings(ofPainter: name)), screen: screen))
            } catch {
                dispatch(.painters(.finished("cannot read \(name)'s paintings: \(error)", Session.painterSummaries(store)), screen: screen))
            }
        case .count(let name):
            painterTask = Task.detached {
                do {
                    let counted = try await client.count(painter: name)
                    queue.post(.painters(.counted(name: counted.name, total: counted.total), screen: screen))
                } catch {
                    queue.post(.painters(.finished(Session.reasonFirst("the search failed", error, advice: "try again later, or check the museum's address in settings (,)"), nil), screen: screen))
                }
            }
        case .add(let name):
            let cache = paintings.imageCache
            let limits = self.limits
            painterTask = Task.detached {
                do {
                    let writer = try CatalogStore(path: storePath)
                    let added = try await PainterAdding.add(name, client: client, store: writer) { step in
                        switch step {
                        case .searching(let page, let found, let total): queue.post(.painters(.progress("\(name): search page \(page), \(found) of \(total)"), screen: screen))
                        case .objects(let done, let total): queue.post(.painters(.progress("\(name): \(done) of \(RijksmuseumClient.paintingsText(total))"), screen: screen))
                        }
                    }
                    var line = PainterAdding.summary(added.name, fetch: added.fetch, report: added.report)
                    if let note = added.fetch.notes.first { line += " (\(DisplayText.clean(note)))" }
                    queue.post(.painters(.finished(line + "; fetching images…", Session.painterSummaries(writer)), screen: screen))
                    if let cache { line += try await PainterAdding.cacheImages(store: writer, cache: cache, limits: limits).line }
                    queue.post(.painters(.finished(line, Session.painterSummaries(writer)), screen: screen))
                    queue.post(.favouritesLoaded(try writer.favouriteArtworks()))
                } catch is CancellationError {
                    queue.post(.painters(.finished("stopped; nothing was saved", nil), screen: screen))
                } catch let error as RuntimeError {
                    queue.post(.painters(.finished(error.message, nil), screen: screen))
                } catch {
                    queue.post(.painters(.finished(Session.reasonFirst("nothing was saved", error, advice: "try again later"), nil), screen: screen))
                }
            }
        case .remove(let name):
            do {
                guard let removed = try store.removePainter(name) else { return }
                let line = "removed \(name) and \(RijksmuseumClient.paintingsText(removed.paintings))"
                    + (removed.favourites > 0 ? " (\(removed.favourites) favourite\(removed.favourites == 1 ? "" : "s") went with them)" : "")
                dispatch(.painters(.finished(line, Session.painterSummaries(store)), screen: screen))
                dispatch(.favouritesLoaded(try store.favouriteArtworks()))
                if state.collection == RijksmuseumClient.collection { perform(.reloadCatalogue) }
            } catch {
                dispatch(.painters(.finished("cannot remove \(name): \(error)", Session.painterSummaries(store)), screen: screen))
            }
        case .cancel:
            painterTask?.cancel()
        }
    }

    /// The rule for messages: what failed and why, what to do, then the address (a SyncError's URL) last.
    static func reasonFirst(_ what: String, _ error: Error, advice: String?) -> String {
        let reason: String, subject: String?
        if let failure = error as? SyncError {
            reason = failure.message
            subject = failure.url
        } else {
            reason = "\(error)"
            subject = nil
        }
        let parts = ["\(what): " + DisplayText.clean(String(reason.prefix(300)))] + [advice, subject.map { DisplayText.clean(String($0.prefix(2000))) }].compactMap { $0 }
        return parts.joined(separator: " · ")
    }

    static func painterSummaries(_ store: CatalogStore) -> [PainterSummary] {
        ((try? store.painters()) ?? []).map { PainterSummary(name: $0.name, total: $0.total, stored: $0.stored) }
    }


}
