import App
import Catalog
import Foundation
import Store
import Sync

/// The news's effect: the message fetched (a plain-text page, at most 64 KB) over the injected HTTP client,
/// cleaned, kept in the store and answered with `newsLoaded`, or why not with `newsFailed`.
struct NewsEffects: EffectHandler {
    let http: any HTTPClient
    let store: any StoreAccess

    init(_ dependencies: Dependencies) {
        http = dependencies.http
        store = dependencies.store
    }

    func handles(_ effect: Effect) -> Bool {
        if case .fetchNews = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .fetchNews(let text) = effect else { return }
        guard !text.isEmpty else { return }
        let shown = DisplayText.clean(String(text.prefix(200)))
        guard let url = URL(string: text), (try? SyncSource.checkedURL(text, allowFile: false)) != nil else {
            replies.post(.newsFailed("the news URL \(shown) is not an http or https URL; change it with , (settings)"))
            return
        }
        let http = self.http, store = self.store
        Task.detached { replies.post(await NewsEffects.fetch(url, shown: shown, http: http, store: store)) }
    }

    /// The answer to one news fetch.
    static func fetch(_ url: URL, shown: String, http: any HTTPClient, store: any StoreAccess) async -> Action {
        do {
            let response = try await http.get(url, maxBytes: 64 * 1024, timeout: 15, accept: "text/plain")
            guard response.status == 200 else {
                return .newsFailed("the news fetch failed: the server answered HTTP \(response.status) · \(shown)")
            }
            let message = NewsText.clean(String(decoding: response.body, as: UTF8.self))
            guard !message.isEmpty else { return .newsFailed("\(shown) holds no text") }
            let now = Date()
            try store.write { writer in
                try writer.setSetting(NewsText.textSetting, message)
                try writer.setSetting(NewsText.fetchedSetting, ISO8601DateFormatter().string(from: now))
            }
            return .newsLoaded(NewsItem(text: message, fetchedAt: now))
        } catch {
            return .newsFailed(Session.reasonFirst("the news fetch failed", error, advice: nil))
        }
    }
}

/// The news message as kept: cleaned line by line (escape sequences and control characters go), at most
/// 4,000 characters.
public enum NewsText {
    public static let textSetting = Setting.newsText
    public static let fetchedSetting = Setting.newsFetched

    static func clean(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.clean(String($0)) }
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return FieldLimits.cut(text, to: FieldLimits.news) ?? text
    }
}
