import Foundation

/// What background reads and fetches bring back to the root: the map's tiles and walking graph, the news
/// and "What's new". Kept beside the root's reducer so it stays a router.
extension AppState {
    /// Tiles read for the view, the map built from them, or a route found on the store's walking graph.
    mutating func reduceMapReading(_ action: Action) -> [Effect] {
        switch action {
        case .mapTilesRead(let result):
            return receiveOnMain(.mapTilesRead(result)) + fetchIfSettled()
        case .mapBuilt(let result):
            return receiveOnMain(.mapBuilt(result)) + fetchIfSettled()
        case .routeFound(let route, let request):
            return receiveOnMain(.routeFound(route, request))
        default:
            return []
        }
    }

    /// Whether the reference, then the map's centre, has a base layer is known once their tiles are read and
    /// the map built from them (near me fetches if not; a pan that moved the centre asked while it was not known).
    private mutating func fetchIfSettled() -> [Effect] {
        guard main.mapTiles.pending.isEmpty, !main.mapTiles.isBuilding else { return [] }
        let effects = fetchIfUncovered(at: main.reference)
        return effects.isEmpty ? fetchIfUncovered(at: main.mapCenter) : effects
    }

    /// The news message, a failed news fetch, or the changes syncs made since the news was last opened.
    mutating func reduceNewsArrival(_ action: Action) -> [Effect] {
        switch action {
        case .whatsNewLoaded(let changes):
            // A sync run in the view ('s', the start-up sync) counts for "What's new" as one on the command line does.
            if changes.count > whatsNew.count { newsUnread = true }
            whatsNew = changes
        case .newsFailed(let reason):
            newsProblem = reason
        case .newsLoaded(let item):
            if item != nil { newsProblem = nil }
            news = item
            // The same message fetched again (every start) is not news once read.
            if let item, AppState.newsFingerprint(item.text) != newsReadFingerprint { newsUnread = true }
        default:
            break
        }
        return []
    }
}

extension AppState {
    /// The news screen opened (`Delegate.newsRead`): the badge clears, and when the user looked and the message
    /// read are saved, so the badge stays cleared across starts.
    mutating func markNewsRead() -> [Effect] {
        newsUnread = false
        var effects: [Effect] = [.saveSetting(key: AppState.newsLookedSetting, value: ISO8601DateFormatter().string(from: now))]
        if let news {
            newsReadFingerprint = AppState.newsFingerprint(news.text)
            effects.append(.saveSetting(key: AppState.newsReadSetting, value: newsReadFingerprint))
        }
        return effects
    }
}
