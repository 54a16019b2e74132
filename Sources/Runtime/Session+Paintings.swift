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
    /// The 51st heart, in the view: why, then what to do (the command line's message explains more).
    static let favouritesFullInView = "\(CatalogStore.favouritesLimit) favourites is the most artmap keeps: "
        + "un-heart one first (F lists them, f un-hearts)"

    func toggleFavourite(_ artwork: ArtworkKey) {
        guard !store.isReadOnly else {
            dispatch(.favouriteRefused("cannot save the heart: the store is read-only"))
            return
        }
        do {
            if try store.favourites().contains(artwork) {
                try store.removeFavourite(artwork)
            } else {
                switch try store.addFavourite(artwork) {
                case .full:
                    dispatch(.favouriteRefused(Session.favouritesFullInView))
                    return
                case .unknownArtwork:
                    dispatch(.favouriteRefused("that artwork is no longer in the store"))
                    return
                case .added, .alreadyThere:
                    break
                }
            }
            dispatch(.favouritesLoaded(try store.favouriteArtworks()))
        } catch {
            dispatch(.favouriteRefused("cannot save the heart: \(error)"))
        }
    }

    func saveSetting(key: String, value: String?) {
        do {
            // The user's settings are saved in their file, whether or not the store can be written.
            guard store.userSettings != nil || !store.isReadOnly else { throw RuntimeError("the store is read-only") }
            try store.setSetting(key, value)
            // The museum's base applies at once: the next search asks the new one.
            if key == Setting.rijksBase {
                paintings.bases = (value?.isEmpty == false ? value : nil).flatMap { try? RijksmuseumBases(base: $0) } ?? .museum
            }
            dispatch(.settingSaved(key: key, value: value))
        } catch {
            dispatch(.error("cannot save \(key): \(error)"))
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

    /// Opens the page with xdg-open when there is a display; otherwise the status line shows the URL, which
    /// terminals make clickable.
    func openWebPage(_ url: String) {
        // Checked again here, the last step before another program reads it: the reducer's check is the one
        // the user sees, this one keeps any other way to this effect from passing an option or a local file.
        if let reason = WebPageLink.refusal(url) {
            dispatch(.error("not opening the web page: \(reason)"))
            return
        }
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
            dispatch(.error("no display to open the web page: its address is in the detail (Enter) · \(url)"))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // No "--" before the URL: xdg-open takes every argument starting with "-" as an option and refuses
        // "--" itself; the checked URL starts with "http", so it is never read as an option.
        process.arguments = ["xdg-open", url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            dispatch(.error("cannot run xdg-open: its address is in the detail (Enter) · \(url)"))
        }
    }

    /// Fetches the news message in the background (a plain-text page, at most 64 KB), cleans it and keeps it.
    func fetchNews(from text: String) {
        guard !text.isEmpty else { return }
        let shown = DisplayText.clean(String(text.prefix(200)))
        guard let url = URL(string: text), (try? SyncSource.checkedURL(text, allowFile: false)) != nil else {
            dispatch(.newsFailed("the news URL \(shown) is not an http or https URL; change it with , (settings)"))
            return
        }
        let queue = self.queue
        let storePath = paintings.storePath
        Task.detached {
            do {
                let response = try await CurlHTTPClient().get(url, maxBytes: 64 * 1024, timeout: 15, accept: "text/plain")
                guard response.status == 200 else {
                    queue.post(.newsFailed("the news fetch failed: the server answered HTTP \(response.status) · \(shown)"))
                    return
                }
                let message = NewsText.clean(String(decoding: response.body, as: UTF8.self))
                guard !message.isEmpty else {
                    queue.post(.newsFailed("\(shown) holds no text"))
                    return
                }
                let now = Date()
                let writer = try CatalogStore(path: storePath)
                try writer.setSetting(NewsText.textSetting, message)
                try writer.setSetting(NewsText.fetchedSetting, ISO8601DateFormatter().string(from: now))
                queue.post(.newsLoaded(NewsItem(text: message, fetchedAt: now)))
            } catch {
                queue.post(.newsFailed(Session.reasonFirst("the news fetch failed", error, advice: nil)))
            }
        }
    }
}

/// The news message as kept: cleaned line by line (escape sequences and control characters go), at most
/// 4,000 characters.
public enum NewsText {
    public static let textSetting = "news.last_text"
    public static let fetchedSetting = "news.last_fetched"

    static func clean(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.clean(String($0)) }
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return FieldLimits.cut(text, to: FieldLimits.news) ?? text
    }
}
