import Cartography
import Catalog
import Foundation
import Geo

/// Everything the view starts from, as one value: the command reads the options, the settings and the
/// store and fills this in; `AppState(start:)` makes the first state and `.started` asks for the first work.
public struct StartOptions: Sendable {
    /// The catalogue to show first (for a large collection, the places around the reference).
    public var artworks: [Artwork]
    public var collection: String = Artwork.defaultCollection
    /// Every collection in the store.
    public var collections: [String] = []
    /// The collections with art near the reference, shown together when there are several (`artworks` then holds
    /// all of theirs, each OpenStreetMap element once); `collection` is the first of them.
    public var nearCollections: [String] = []
    public var reference: Coordinate = .ashtonBuilding
    public var referenceSource: ReferenceSource = .fixed("Ashton Building")
    /// The default fixed point follows the collection shown (its middle when the campus is far).
    public var referenceFollowsCollection = false
    /// The catalogue holds only the places around the reference; the rest is read after the first frame.
    public var catalogueIsPartial = false
    /// False when artworks were read without their long text (a detail then reads the full record).
    public var catalogueHoldsFullRecords = true
    public var baseMap: BaseMap = .empty
    /// The world base layer shipped with artmap (Natural Earth), drawn far out.
    public var world: WorldAtlas = .none
    /// The imported map sources, read from the store tile by tile as the map shows them (when `baseMap` is empty).
    public var mapSources: [String] = []
    /// Feature entries the map keeps beyond what is in view.
    public var mapCacheCapacity = MapTileCache.defaultCapacity
    /// The user's settings as saved.
    public var settings = UserSettings()
    /// Seconds between slideshow pictures, when the command says (else the setting).
    public var slideshowInterval: Double?
    /// How many nearest buildings the map highlights (the option, else the setting).
    public var nearestCount: Int?
    public var radius: Double?
    public var layoutMode: LayoutMode = .auto
    public var ascii = false
    public var favourites: [Artwork] = []
    /// The artworks seen, with when (issue 47).
    public var seen: [ArtworkKey: String] = [:]
    /// The OpenStreetMap elements a note was queued about today (UTC, as the queue counts days).
    public var notedToday = NotedElements()
    /// The last news message kept, and what syncs changed since the user last looked.
    public var news: NewsItem?
    public var whatsNew: [String] = []
    /// Whether the user has looked at the news before (else nothing is unread yet).
    public var newsLookedBefore = false
    /// A fingerprint of the news message the user last read (`AppState.newsFingerprint`), if any.
    public var newsReadFingerprint: String?
    public var lastSync: Date?
    /// Where each collection comes from (what `s` refreshes from).
    public var sources: [String: CollectionSource] = [:]
    /// A line for the status bar from the start (why the view started again).
    public var notice: String?
    /// Sync at once when the last sync is older than this; nil never.
    public var syncIfOlderThan: TimeInterval?
    /// Where to fetch the news message at start, if anywhere.
    public var newsURL: String?
    /// Open straight into the slideshow (`artmap slideshow`).
    public var slideshow = false
    /// The view may ask the network (not `--offline`); and fetches the map it lacks by itself (`osm.auto-fetch`).
    public var online = false
    public var autoFetch = false
    /// A start at a point with no art near it, online and fetching by itself (issue 30): the view starts on the empty
    /// point while its art is fetched; this collection and line are shown instead if the fetch finds nothing there.
    public var farFallback: (collection: String, notice: String)?
    /// Notes to OpenStreetMap waiting in the store's queue at start: sent when the view starts online (issue 47).
    public var queuedNotes = 0

    public init(artworks: [Artwork]) {
        self.artworks = artworks
    }
}

/// The work `.started` asks for, kept from the start options: a sync when the data is stale, the news, the
/// slideshow, the queued notes sent.
public struct StartPlan: Hashable, Sendable {
    public var syncIfOlderThan: TimeInterval?
    public var newsURL: String?
    public var slideshow = false
    /// Send the notes waiting in the queue (some are, and the view is online).
    public var sendNotes = false

    public init(syncIfOlderThan: TimeInterval? = nil, newsURL: String? = nil, slideshow: Bool = false) {
        self.syncIfOlderThan = syncIfOlderThan
        self.newsURL = newsURL
        self.slideshow = slideshow
    }
}
