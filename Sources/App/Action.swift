import Cells
import Cartography
import Catalog
import Foundation
import Geo
import Imaging
import TerminalTypes

/// Everything that can happen to the app: keys, mouse, resizes, timers and the results of background work.
public enum Action: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(TerminalSize)
    case tick(Date)
    /// The app has started: asks for the work its `StartOptions` planned (sync, news, the whole catalogue,
    /// the screens that open at start).
    case started
    /// Another collection, read as `Effect.loadCollection` asked (with its search, if any).
    case collectionLoaded(String, [Artwork], search: String? = nil)
    /// Several collections read together, as `Effect.loadCollections` asked.
    case collectionsLoaded([String], [Artwork])
    case syncProgress(String)
    /// A sync saved its result; the run loop then reloads the catalogue on its own connection.
    case syncFinished(summary: String, at: Date)
    /// The catalogue as the store holds it now (after a sync).
    case catalogueReloaded([Artwork])
    /// Why the last sync could not fetch some images, by artwork id.
    case imagesFailed([ArtworkKey: String])
    /// What syncs added or changed since the user last opened the news, read again after a sync in the view.
    case whatsNewLoaded([String])
    /// A sync failed: why, and the address or file it failed on (shown last, see `AppState.syncFailureText`).
    case syncFailed(reason: String, subject: String?)
    /// A picture decoded off the main thread.
    case pictureLoaded(Picture)
    /// Why an artwork's picture cannot be shown.
    case pictureUnavailable(ArtworkKey, PictureProblem)
    /// What the terminal can show: colours for pictures and the shape of a cell.
    case terminalCapabilities(colorDepth: ColorDepth, cellAspect: Double)
    /// The picture protocol the terminal was found to speak at start, and the most cells one picture may cover
    /// (the terminal's graphics limit; nil: none said).
    case pixelGraphics(PixelProtocol, limit: TerminalSize?)
    /// A location fix that has passed the distance filter.
    case referenceMoved(Coordinate, ReferenceSource)
    /// Every fix of a live source, filtered or not: what it passes within `seen.within` is marked seen (issue 47).
    case liveFix(Coordinate)
    /// The seen marks as saved, after a change (or at start), or why one was not saved.
    case seenLoaded([ArtworkKey: String])
    case seenRefused(String)
    /// What became of a note to OpenStreetMap (queued, sent, held), or of the queue sent, for the status line.
    case notesAnswered(String)
    /// A note about this OpenStreetMap element is in the queue today (queued now, or found there): the details of the
    /// artworks it is stop offering one.
    case notedToday(element: String)
    /// How the live location source is doing ("gpsd: no fix"), or nil to clear it.
    case locationStatus(String?)
    case error(String)
    /// A signal (SIGINT, SIGTERM, SIGHUP) asked the app to end.
    case terminate
    /// The favourites as saved, after a change (or at start).
    case favouritesLoaded([Artwork])
    /// Why a heart was not saved (the 51st, a read-only store).
    case favouriteRefused(String)
    /// An action for the screen on top of the stack.
    case screen(OverlayAction)
    /// An answer for the screen pushed with this id, to the effect it asked for (a timer); dropped when that
    /// screen has been closed.
    case answer(OverlayAction, to: ScreenID)
    /// What the painters screen's background work reports, to the screen that asked (nil: none did).
    case painters(PainterEvent, screen: ScreenID? = nil)
    /// Settings as saved, or why one was not.
    case settingSaved(key: String, value: String?)
    /// The news message fetched at start-up (text, when it was fetched), or nil when there is none.
    case newsLoaded(NewsItem?)
    /// The news fetch failed: why (with the URL), for the news screen.
    case newsFailed(String)
    /// Artworks read with every field, for their details.
    case fullRecordsLoaded([Artwork])
    /// Every artwork of a collection whose first frame held only the places around the reference.
    case wholeCatalogueLoaded(collection: String, [Artwork])
    /// The store's integrity check, run beside a large collection's first frame, found it damaged: the
    /// view ends so the store can be moved aside and rebuilt.
    case storeDamaged(String)
    /// Base-layer tiles read from the store (answer to `Effect.readMapTiles`).
    case mapTilesRead(MapTileResult)
    /// The map built from the tiles kept (answer to `Effect.buildMap`).
    case mapBuilt(MapBuildResult)
    /// A route found on the store's walking graph (answer to `Effect.findRoute`).
    case routeFound(RouteState, RouteRequest)
    /// The near-me feature: fetches from OpenStreetMap and places found by name.
    case nearMe(NearMeAction)
}

/// Work the run loop performs for the reducer; results come back as actions.
public enum Effect: Hashable, Sendable {
    /// Sync a collection that comes from the campus-shaped service, from the service it records (`service`, as the
    /// state knows it; the session's own service when it records none).
    case startSync(collection: String, service: ServiceAddress?)
    /// Refresh a collection from its source (a file imported again when it changed, the museum's painters) in
    /// the background; answer with `syncFinished` or `syncFailed`.
    case refreshCollection(String)
    /// Read and decode an artwork's cached image off the main thread; `fullScreen` (cells) when the screen on top shows
    /// pictures at the screen's size and no larger (the slideshow).
    case loadPicture(Artwork, fullScreen: TerminalSize? = nil)
    /// Render, off the main thread, the tiles of an artwork's picture one pan step around the view on screen. The viewer
    /// asks with the view; the root adds the picture and how it is drawn (`completed`), nothing to do without them.
    case prefetchViewerTiles(ArtworkKey, ImageView, look: PictureLook? = nil)
    /// Read a collection and answer with `collectionLoaded`, handing the search back with it.
    case loadCollection(String, search: String? = nil)
    /// Read several collections as one catalogue (each OpenStreetMap element once) and answer with
    /// `collectionsLoaded`.
    case loadCollections([String])
    /// Read the collections shown again (after a sync saved them) and answer with `catalogueReloaded`.
    case reloadCatalogue(collections: [String])
    /// Heart or un-heart an artwork in the store, then answer with `favouritesLoaded` (or `favouriteRefused`).
    case toggleFavourite(ArtworkKey)
    /// `v`: mark an artwork seen, or not any more; answered with `seenLoaded`.
    case toggleSeen(ArtworkKey)
    /// Walked past: mark these seen (a mark kept keeps its first date); answered with `seenLoaded`.
    case markSeen([ArtworkKey])
    /// N on a detail: queue a note to OpenStreetMap, then send the queue when online; answered with `notesAnswered`.
    case queueNote(NoteRequest, screen: ScreenID? = nil)
    /// Send the queued notes (the view started online); answered with `notesAnswered` when any was sent or held.
    case sendNotes
    /// Find the Night Watch and artworks with cached images in the store; answer the slideshow that asked with
    /// `answer(.slideshow(.found), to: screen)` (the root fills in the asking screen's id, `stamped(by:)`).
    case findSlideshowPictures(screen: ScreenID? = nil)
    /// Post `answer(action, to: screen)` after `seconds` (the slideshow's timer). A screen asks with no id; the
    /// root fills in the asking screen's (`stamped(by:)`).
    case after(seconds: Double, OverlayAction, screen: ScreenID? = nil)
    /// Work for the painters screen (search, add, remove) in the background; its events name `screen`.
    case painters(PainterRequest, screen: ScreenID? = nil)
    /// Save a setting (nil: back to the default) and answer with `settingSaved`.
    case saveSetting(key: String, value: String?)
    /// Fetch the news message (a plain-text page), keep it, and answer with `newsLoaded`.
    case fetchNews(url: String)
    /// Open a web page with xdg-open when there is a display.
    case openWebPage(String)
    /// Read these artworks with every field and answer with `fullRecordsLoaded`.
    case loadFullRecords(collection: String, ids: [String])
    /// Read a whole collection in the background and answer with `wholeCatalogueLoaded`.
    case loadWholeCatalogue(collection: String)
    /// Read these base-layer tiles in the background and answer with `mapTilesRead`.
    case readMapTiles(MapTileRequest)
    /// Build the map from the tiles kept in the background (`MapBuildRequest.build`) and answer with `mapBuilt`.
    case buildMap(MapBuildRequest)
    /// Find a walk on the store's walking graph (read by corridor) in the background; answer with `routeFound`.
    case findRoute(RouteRequest)
    /// Fetch the streets and artworks `radius` metres around `center` from OpenStreetMap in the background;
    /// answer with `nearMe(.progress)`, then `nearMe(.fetched)` or `nearMe(.failed)`. `screenRadius`: metres from the
    /// map's centre to its farthest corner, the area the first streets' question covers.
    case fetchMap(center: Coordinate, radius: Double, screenRadius: Double)
    /// Fetch the tiles `radius` metres around `center` again whatever their age (`s` on fetched data); answered as `fetchMap`.
    case refreshMap(center: Coordinate, radius: Double, screenRadius: Double)
    /// Find and download the pictures of fetched artworks around `center` (`lookAgain`: also those found before without
    /// one, after `s`); answer with `nearMe(.picturesCached)`.
    case cachePictures(around: Coordinate, lookAgain: Bool = false)
    /// Find a place by name (the store first; Nominatim when `online`); answer with `nearMe(.placeFound)` or `.placeNotFound`.
    case findPlace(String, online: Bool)
    /// Plan an art walk on the store's walking graph in the background; answer the walk screen that asked with
    /// `answer(.walk(.planned), to: screen)` or `.walk(.failed)`.
    case planWalk(WalkPlanRequest, screen: ScreenID? = nil)
    /// Save the walk under a name and answer the screen with `walk(.saved)`, or `error` with why not.
    case saveWalk(WalkSaveRequest, screen: ScreenID? = nil)
    /// Read the walk saved under a name and plan its stops not reached from where the walker is; answered as `planWalk`.
    case resumeWalk(WalkResumeRequest, screen: ScreenID? = nil)
    /// Read the 1:10m world layer of this atlas in the background, before a frame needs it (no answer: frames read it
    /// from the atlas).
    case readWorldDetail(WorldDetailRead)
    case quit
}

extension Effect {
    /// The effect as asked by the screen pushed with `id`: the answers of those that answer a screen carry it.
    func stamped(by id: ScreenID) -> Effect {
        switch self {
        case .after(let seconds, let action, nil): return .after(seconds: seconds, action, screen: id)
        case .painters(let request, nil): return .painters(request, screen: id)
        case .planWalk(let request, nil): return .planWalk(request, screen: id)
        case .saveWalk(let request, nil): return .saveWalk(request, screen: id)
        case .resumeWalk(let request, nil): return .resumeWalk(request, screen: id)
        case .findSlideshowPictures(nil): return .findSlideshowPictures(screen: id)
        case .queueNote(let request, nil): return .queueNote(request, screen: id)
        default: return self
        }
    }
}
