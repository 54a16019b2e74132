import Cells
import Cartography
import Catalog
import Foundation
import Geo
import Imaging
import TerminalTypes

/// The state of the sync engine as the user sees it.
public enum SyncStatus: Hashable, Sendable {
    case idle
    case running(String)
    case failed(String)
}

/// Everything the user sees, as one value: the main screen, the stack of screens over it, and what they
/// share (favourites, settings, pictures, status). Changed only by `reduce`.
public struct AppState: Sendable {
    /// The map, the table and the catalogue they show.
    public internal(set) var main: MainState
    /// The screens over the main screen, bottom first.
    public internal(set) var overlays: [Overlay] = []
    /// The id the next screen pushed gets (`ScreenID`): counted, so the same actions give the same ids.
    var nextScreenNumber = 1
    /// Fetching the map around the reference from OpenStreetMap, and the place prompt (Features/NearMe).
    public internal(set) var nearMe = NearMeState()

    /// Hearted artworks from every collection, oldest first, and their keys for a quick look-up.
    public internal(set) var favourites: [Artwork] = []
    var favouriteKeys: Set<ArtworkKey> = []
    /// The artworks seen (issue 47) and when (ISO 8601): read at start, changed by `v` and by walking past.
    public internal(set) var seen: [ArtworkKey: String] = [:]
    /// The OpenStreetMap elements a note was queued about today (UTC): read at start, added to as notes are queued.
    public internal(set) var notedToday = NotedElements()
    /// Seconds between slideshow pictures (the `slideshow.interval` setting); 0 shows one fixed picture.
    public internal(set) var slideshowInterval = 8.0
    /// The user's settings: each declared one's saved text and its typed, checked value.
    public internal(set) var settings = UserSettings()
    /// The last news message, and whether it arrived since the user last opened it (the badge).
    public internal(set) var news: NewsItem?
    public internal(set) var newsUnread = false
    /// The fingerprint of the news message last read: the same message fetched again is not news.
    public internal(set) var newsReadFingerprint: String?
    /// Why the last news fetch failed (nil once one succeeds).
    public internal(set) var newsProblem: String?
    /// Artworks syncs added or changed since the user last opened the news ("What's new").
    public internal(set) var whatsNew: [String] = []

    /// False when the catalogue was read with only what the view needs: a detail then asks the store for
    /// the artwork's full record (see Root/FullRecords.swift).
    public internal(set) var catalogueHoldsFullRecords = true
    /// Full records read for details, by artwork.
    public internal(set) var fullRecords: [ArtworkKey: Artwork] = [:]

    public internal(set) var sync: SyncStatus = .idle
    /// The collection the running refresh (`s`) writes into: its answer speaks of it, whatever is on screen by then.
    public internal(set) var refreshing: String?
    /// With several collections on screen, those `s` refreshes after the running one, and what each refresh said.
    public internal(set) var refreshQueue: [String] = []
    public internal(set) var refreshReports: [String] = []
    /// Where each collection comes from, as the store recorded it (what `s` refreshes from).
    public internal(set) var sources: [String: CollectionSource] = [:]
    /// Why the last sync in the view could not fetch some images, by artwork id.
    public internal(set) var imageFailures: [ArtworkKey: String] = [:]
    public internal(set) var lastSync: Date?
    public internal(set) var lastMessage: String?
    public internal(set) var lastError: String?
    /// The live location source's state, for the status bar.
    public internal(set) var locationStatus: String?
    public internal(set) var now = Date()
    /// Artworks' pictures: decoded ones (bounded in bytes) and why others cannot be shown.
    public internal(set) var pictures = PictureMemory()
    /// How many colours pictures may use, as the terminal reports.
    public internal(set) var colorDepth: ColorDepth = .indexed256
    /// A cell's height over its width (2 unless the terminal reports its pixel size).
    public internal(set) var cellAspect = 2.0
    /// How pictures reach the terminal, as chosen at start (cells until the terminal says).
    public internal(set) var pixelProtocol: PixelProtocol = .cells
    /// The most cells one pixel picture may cover: the terminal draws nothing larger (nil: no limit said).
    public internal(set) var pixelLimit: TerminalSize?
    public internal(set) var ascii = false
    /// The work `.started` asks for (sync, news, whole catalogue, slideshow).
    public internal(set) var startPlan = StartPlan()

    public init(artworks: [Artwork], reference: Coordinate = .ashtonBuilding,
                referenceSource: ReferenceSource = .fixed("Ashton Building"), online: Bool = false) {
        main = MainState(artworks: artworks, reference: reference, referenceSource: referenceSource)
        nearMe.online = online
    }

    /// The first state of the view, from what the command read.
    public init(start: StartOptions) {
        main = MainState(start: start)
        lastError = start.notice
        catalogueHoldsFullRecords = start.catalogueHoldsFullRecords
        for (setting, value) in start.settings.savedValues { applySetting(key: setting.key, value: value) }
        for (key, given) in start.settings.givenForThisRun {
            if let setting = Setting.named(key) { settings.give(setting, given.value, byOption: given.option) }
        }
        if let interval = start.slideshowInterval { slideshowInterval = interval }
        if let nearest = start.nearestCount { routeMain(.nearestCount(nearest)) }
        setFavourites(start.favourites)
        setSeen(start.seen)
        notedToday = start.notedToday
        news = start.news
        whatsNew = start.whatsNew
        newsReadFingerprint = start.newsReadFingerprint
        newsUnread = start.newsLookedBefore && (news.map { AppState.newsFingerprint($0.text) != newsReadFingerprint } ?? false || !whatsNew.isEmpty)
        ascii = start.ascii
        lastSync = start.lastSync
        sources = start.sources
        startPlan = StartPlan(syncIfOlderThan: start.syncIfOlderThan, newsURL: start.newsURL, slideshow: start.slideshow)
        startPlan.sendNotes = start.online && start.queuedNotes > 0
        nearMe.online = start.online
        nearMe.autoFetch = start.online && start.autoFetch
        if let fallback = start.farFallback {
            nearMe.farFallback = fallback.collection
            nearMe.farNotice = fallback.notice
            nearMe.refitUnlessMoved = main.map.moves
        }
    }

    public var size: TerminalSize { main.size }
    public var layout: ScreenLayout { main.layout }
    public var collection: String { main.collection }
    public var artworks: [Artwork] { main.artworks }

    // MARK: - Look-ups across the screens

    /// The keys of the buildings whose lists are open, top first.
    private var buildingKeysInView: [String] { overlays.reversed().compactMap(\.listedBuilding) }

    /// An artwork of the catalogue by id, looked for first in the buildings in view.
    public func artwork(_ key: ArtworkKey) -> Artwork? { main.artwork(key, inView: buildingKeysInView) }

    /// Finds an artwork anywhere in the catalogue, ranked from the reference point.
    public func rankedArtwork(_ key: ArtworkKey) -> (RankedBuilding, RankedArtwork)? { main.rankedArtwork(key, inView: buildingKeysInView) }

    /// The building with this key, ranked from the reference point, including ones filtered out.
    public func rankedBuilding(key: String) -> RankedBuilding? { main.rankedBuilding(key: key) }

    /// An artwork shown anywhere: the collection's, a favourite from another collection, or one a screen
    /// on the stack lists (a painter's paintings).
    public func anyArtwork(_ key: ArtworkKey) -> Artwork? {
        if let found = artwork(key) ?? favourites.first(where: { $0.key == key }) { return found }
        for screen in overlays.reversed() {
            if let held = screen.heldArtworks.first(where: { $0.key == key }) { return held }
        }
        return nil
    }

    /// What the main screen points at (the stack's screens answer first: see `pointed`).
    var mainPointed: Pointed? { main.pointed }

    /// The artwork whose picture the screen on top shows, if any.
    public var shownPicture: ArtworkKey? { overlays.last?.shownPicture(self) }

    /// The symbols pictures are drawn with.
    public var pictureSymbols: SymbolSet {
        if ascii { return .ascii }
        return SymbolSet(rawValue: settings.imageRendering) ?? .blocks
    }

    /// The viewer's box (the whole screen but the status line) and a picture in it.
    public func viewerGeometry(_ picture: Picture) -> ImageViewerGeometry {
        ImageViewerFeature.geometry(picture, size: size, cellAspect: cellAspect, limit: pixelLimit)
    }

    /// The status bar's note about the last sync.
    public var syncAgeText: String? {
        guard let lastSync else { return nil }
        let minutes = Int(now.timeIntervalSince(lastSync) / 60)
        if minutes < 1 { return "synced just now" }
        if minutes < 120 { return "synced \(minutes) min ago" }
        let hours = minutes / 60
        if hours < 48 { return "synced \(hours) h ago" }
        return "synced \(hours / 24) days ago"
    }
}

extension AppState: FeatureContext {}

extension MainState {
    /// The main screen as the command starts it.
    init(start: StartOptions) {
        self.init(artworks: start.artworks, reference: start.reference, referenceSource: start.referenceSource)
        collection = start.collection
        collections = start.collections
        nearCollections = start.nearCollections
        if start.nearCollections.count > 1 { shownCollections = start.nearCollections }
        catalogueIsPartial = start.catalogueIsPartial
        baseMap = start.baseMap
        map.world = start.world
        if start.baseMap.isEmpty, !start.mapSources.isEmpty {
            mapTiles = MapTileCache(sources: start.mapSources, capacity: start.mapCacheCapacity)
        }
        referenceFollowsCollection = start.referenceFollowsCollection
        // A large collection's reference was found in the store, from the whole collection.
        if !start.catalogueIsPartial { followCollection(home: .ashtonBuilding, homeName: "Ashton Building") }
        layoutMode = start.layoutMode
        radius = start.radius
        // The state ranked the catalogue when it was made; only a radius changes what it shows.
        if radius != nil { refresh() }
    }
}
