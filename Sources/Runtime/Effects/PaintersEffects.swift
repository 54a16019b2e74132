import App
import Catalog
import Foundation
import Sources
import Store
import Sync

/// What the paintings side's background work needs to know: where the museum is, and the image cache.
public struct PaintingsContext {
    var bases: RijksmuseumBases = .museum
    var imageCache: ImageCache?

    /// The museum itself, no cache: what a session starts with.
    public init() {}

    /// The museum's bases and the image cache.
    public init(bases: RijksmuseumBases, imageCache: ImageCache?) {
        self.bases = bases
        self.imageCache = imageCache
    }
}

/// The painters screen's effects: painters listed, counted, added from the museum (fetched off the loop, on a
/// store connection of their own) and removed; each answer names the screen that asked.
final class PaintersEffects: EffectHandler {
    private let store: any StoreAccess
    private let http: any HTTPClient
    private let limits: SyncLimits
    /// Where the museum is (changed at once by the `rijks.base` setting), the store and the image cache.
    private(set) var context: PaintingsContext
    /// A painter being fetched from the museum, so Esc can stop it.
    private var painterTask: Task<Void, Never>?

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        http = dependencies.http
        limits = dependencies.limits
        context = dependencies.paintings
    }

    func handles(_ effect: Effect) -> Bool {
        if case .painters = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .painters(let request, let screen) = effect else { return }
        perform(request, screen: screen, replies)
    }

    /// A setting saved: the museum's base applies at once (the next search asks the new one).
    func settingApplied(_ key: String, _ value: String?) {
        if key == Setting.rijksBase {
            context.bases = (value?.isEmpty == false ? value : nil).flatMap { try? RijksmuseumBases(base: $0) } ?? .museum
        }
    }

    private func perform(_ request: PainterRequest, screen: ScreenID?, _ sink: any ActionSink) {
        let client = RijksmuseumClient(bases: context.bases, http: http, limits: limits)
        let store = self.store
        switch request {
        case .list:
            sink.post(.painters(.listed(PaintersEffects.summaries(store)), screen: screen))
        case .paintings(let name):
            do {
                sink.post(.painters(.paintingsListed(name: name, try store.read { try $0.paintings(ofPainter: name) }), screen: screen))
            } catch {
                sink.post(.painters(.finished("cannot read \(name)'s paintings: \(error)", PaintersEffects.summaries(store)), screen: screen))
            }
        case .count(let name):
            painterTask = Task.detached {
                do {
                    let counted = try await client.count(painter: name)
                    sink.post(.painters(.counted(name: counted.name, total: counted.total), screen: screen))
                } catch {
                    sink.post(.painters(.finished(Session.reasonFirst("the search failed", error, advice: "try again later, or check the museum's address in settings (,)"), nil), screen: screen))
                }
            }
        case .add(let name):
            let cache = context.imageCache
            let limits = self.limits
            painterTask = Task.detached {
                do {
                    let writer = try store.connectionForLongWork()
                    let added = try await PainterAdding.add(name, client: client, store: writer) { step in
                        switch step {
                        case .searching(let page, let found, let total): sink.post(.painters(.progress("\(name): search page \(page), \(found) of \(total)"), screen: screen))
                        case .objects(let done, let total): sink.post(.painters(.progress("\(name): \(done) of \(RijksmuseumClient.paintingsText(total))"), screen: screen))
                        }
                    }
                    var line = PainterAdding.summary(added.name, fetch: added.fetch, report: added.report)
                    if let note = added.fetch.notes.first { line += " (\(DisplayText.clean(note)))" }
                    sink.post(.painters(.finished(line + "; fetching images…", PaintersEffects.summaries(store)), screen: screen))
                    if let cache { line += try await PainterAdding.cacheImages(store: writer, cache: cache, limits: limits).line }
                    sink.post(.painters(.finished(line, PaintersEffects.summaries(store)), screen: screen))
                    sink.post(.favouritesLoaded(try writer.favouriteArtworks()))
                } catch is CancellationError {
                    sink.post(.painters(.finished("stopped; nothing was saved", nil), screen: screen))
                } catch let error as SourceError {
                    sink.post(.painters(.finished(error.message, nil), screen: screen))
                } catch {
                    sink.post(.painters(.finished(Session.reasonFirst("nothing was saved", error, advice: "try again later"), nil), screen: screen))
                }
            }
        case .remove(let name):
            // The answer names the painters left; the root reads the museum's collection again if it is on screen.
            do {
                let done = try store.write { writer in try writer.removePainter(name).map { ($0, try writer.favouriteArtworks()) } }
                guard case let (removed, favourites)? = done else { return }
                let line = "removed \(name) and \(RijksmuseumClient.paintingsText(removed.paintings))"
                    + (removed.favourites > 0 ? " (\(removed.favourites) favourite\(removed.favourites == 1 ? "" : "s") went with them)" : "")
                sink.post(.painters(.finished(line, PaintersEffects.summaries(store)), screen: screen))
                sink.post(.favouritesLoaded(favourites))
            } catch {
                sink.post(.painters(.finished("cannot remove \(name): \(error)", PaintersEffects.summaries(store)), screen: screen))
            }
        case .cancel:
            painterTask?.cancel()
        }
    }

    static func summaries(_ store: any StoreAccess) -> [PainterSummary] {
        ((try? store.read { try $0.painters() }) ?? []).map { PainterSummary(name: $0.name, total: $0.total, stored: $0.stored) }
    }
}

extension Session {
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
}
