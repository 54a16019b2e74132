import Catalog
import Foundation
import Geo

/// `s`: refresh what is on screen from its own source. The campus service is asked only for a collection that
/// comes from it; an imported city is imported again when its file changed, fetched OpenStreetMap data is
/// fetched again in view, the museum's paintings from the museum. `--offline` asks nothing.
extension AppState {
    /// The source of a collection, as recorded (or, for one made while the view runs, as its name says).
    public func source(of name: String) -> CollectionSource {
        sources[name] ?? CollectionSource.assumed(forCollection: name)
    }

    /// Reading the collections shown again (after a sync or refresh saved them).
    var reloadCatalogue: Effect { .reloadCatalogue(collections: main.shownCollections) }

    /// Whether the collection on screen comes from the campus-shaped service (what "synced" speaks of).
    public var showsServiceCollection: Bool {
        if case .service = source(of: collection) { return true }
        return false
    }

    /// What would bring a picture not downloaded yet; offline (`--offline`) `s` asks nothing, so it is not offered.
    public var missingPictureHint: String {
        guard nearMe.online else { return "image not downloaded yet — offline (--offline): start artmap without --offline to download it" }
        return showsServiceCollection ? "image not downloaded yet — press s to sync" : "image not downloaded yet — press s to refresh \(collection)"
    }

    /// Whether `s` asks anything (false with `--offline`): what the views may offer.
    public var online: Bool { nearMe.online }

    /// What `s` asks for the collections on screen, or why nothing. Several are refreshed one after another,
    /// each from its own source (a map in view beside them), and the status line then says what each one did.
    mutating func refreshShown() -> [Effect] {
        let names = main.shownCollections
        guard nearMe.online else {
            lastMessage = "offline (--offline): s refreshes nothing; start artmap without --offline to refresh \(names.joined(separator: ", "))"
            return []
        }
        if case .running = sync {
            lastMessage = "a refresh is already running"
            return []
        }
        guard names.count > 1 else { return refresh(collection) }
        refreshReports = []
        var effects: [Effect] = []
        if names.contains(CollectionID.osm.name), case .openStreetMap = source(of: CollectionID.osm.name) {
            effects += refresh(CollectionID.osm.name)
        }
        refreshQueue = names.filter { $0 != CollectionID.osm.name }
        return effects + refreshNextQueued()
    }

    /// Starts the next queued refresh; with none left, says what every one did and reads the catalogue again.
    private mutating func refreshNextQueued() -> [Effect] {
        while !refreshQueue.isEmpty {
            let name = refreshQueue.removeFirst()
            let effects = refresh(name)
            if !effects.isEmpty { return effects }
            // Nothing to ask of this one (no recorded source): what was said of it joins the others.
            if let said = lastMessage { refreshReports.append(said) }
        }
        return []
    }

    /// What `s` asks for one collection, from its source.
    private mutating func refresh(_ name: String) -> [Effect] {
        switch source(of: name) {
        case .service:
            return startSync(name)
        // Wikidata's art (whatever the collection's name) and OpenStreetMap's own collection are asked with the map
        // in view (issue 46), Wikidata's merged with OSM's there.
        case .wikidata,
             .openStreetMap where name == CollectionID.osm.name:
            guard nearMe.fetching == nil else {
                lastMessage = "a map fetch is already running"
                return []
            }
            let box = main.layout.mapInner
            let halfDiagonal = main.metresPerCell * Double(max(box.width, 2 * box.height)) * 0.71
            let radius = min(max(halfDiagonal, 50), NearMeState.maxRadius)
            nearMe.fetching = main.mapCenter
            nearMe.looksAgain = true
            nearMe.status = "refreshing \(name): the map in view from OpenStreetMap"
            lastError = nil
            return [.refreshMap(center: main.mapCenter, radius: radius, screenRadius: main.screenRadius)]
        case .file, .rijksmuseum:
            sync = .running("refreshing \(name)")
            lastError = nil
            refreshing = name
            return [.refreshCollection(name)]
        case .openStreetMap, .unknown:
            lastMessage = "\(name) has no recorded source (an older artmap imported it): import its file again, then s refreshes it"
            return []
        }
    }

    /// The start-up sync, when the data shown comes from the service and is older than the plan allows.
    func wantsStartupSync() -> Bool {
        guard case .service = source(of: collection), let maxAge = startPlan.syncIfOlderThan else { return false }
        return !(lastSync.map { now.timeIntervalSince($0) < maxAge } ?? false)
    }

    /// A sync or refresh ended well: its summary shows (with the others' when several were refreshed), and the
    /// catalogue is read again once the last is done.
    mutating func refreshFinished(summary: String, at: Date) -> [Effect] {
        sync = .idle
        // "synced N min ago" speaks of the service on screen; a file imported again or the museum's painters are not a sync.
        let refreshed = refreshing ?? collection
        refreshing = nil
        if case .service = source(of: refreshed), refreshed == collection { lastSync = at }
        now = max(now, at)
        lastError = nil
        guard main.showsSeveralCollections else {
            lastMessage = summary
            return [reloadCatalogue]
        }
        refreshReports.append("\(refreshed): \(summary)")
        return refreshQueueAdvanced()
    }

    /// A sync or refresh failed: why, named after the collection it was for; the next queued one goes on.
    mutating func refreshFailed(reason: String, subject: String?) -> [Effect] {
        sync = .failed(reason)
        let refreshed = refreshing ?? collection
        refreshing = nil
        let isSync: Bool
        if case .service = source(of: refreshed) { isSync = true } else { isSync = false }
        let text = AppState.syncFailureText(reason: reason, subject: subject, what: isSync && refreshed == collection ? "sync" : "refresh of \(refreshed)")
        guard main.showsSeveralCollections else {
            lastError = text
            return []
        }
        refreshReports.append(text)
        let effects = refreshQueueAdvanced()
        // The failure stays on the status line, reason first, until the user acts again.
        lastError = text
        return effects
    }

    /// The next queued refresh, or (the queue done) what each said and the catalogue read again.
    private mutating func refreshQueueAdvanced() -> [Effect] {
        let next = refreshNextQueued()
        if !next.isEmpty { return next }
        lastMessage = refreshReports.joined(separator: " · ")
        refreshReports = []
        return [reloadCatalogue]
    }
}
