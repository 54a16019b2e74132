import Cartography
import Catalog
import Foundation
import Store
import Sync
import Testing
import TestSupport
@testable import App
@testable import Runtime

// Issue 45, item 2: an effect no handler takes was found only at run time ("nothing performs …"). Here every case
// of `Effect` has a sample, and each sample must be taken by exactly one of the session's handlers. Both switches
// below have no `default`: a new case of `Effect` does not compile until it is named in `EffectCase` and given a
// sample, and then this test fails until a handler takes it.

/// The cases of `Effect`, without their payloads.
private enum EffectCase: CaseIterable {
    case startSync, refreshCollection, loadPicture, prefetchViewerTiles, loadCollection, loadCollections, reloadCatalogue
    case toggleFavourite, findSlideshowPictures, after, painters, saveSetting, fetchNews, openWebPage, loadFullRecords
    case loadWholeCatalogue, readMapTiles, buildMap, findRoute, fetchMap, refreshMap, cachePictures, findPlace
    case planWalk, saveWalk, resumeWalk, readWorldDetail, toggleSeen, markSeen, queueNote, sendNotes, quit

    init(_ effect: Effect) {
        switch effect {
        case .startSync: self = .startSync
        case .refreshCollection: self = .refreshCollection
        case .loadPicture: self = .loadPicture
        case .prefetchViewerTiles: self = .prefetchViewerTiles
        case .loadCollection: self = .loadCollection
        case .loadCollections: self = .loadCollections
        case .reloadCatalogue: self = .reloadCatalogue
        case .toggleFavourite: self = .toggleFavourite
        case .findSlideshowPictures: self = .findSlideshowPictures
        case .after: self = .after
        case .painters: self = .painters
        case .saveSetting: self = .saveSetting
        case .fetchNews: self = .fetchNews
        case .openWebPage: self = .openWebPage
        case .loadFullRecords: self = .loadFullRecords
        case .loadWholeCatalogue: self = .loadWholeCatalogue
        case .readMapTiles: self = .readMapTiles
        case .buildMap: self = .buildMap
        case .findRoute: self = .findRoute
        case .fetchMap: self = .fetchMap
        case .refreshMap: self = .refreshMap
        case .cachePictures: self = .cachePictures
        case .findPlace: self = .findPlace
        case .planWalk: self = .planWalk
        case .saveWalk: self = .saveWalk
        case .resumeWalk: self = .resumeWalk
        case .readWorldDetail: self = .readWorldDetail
        case .toggleSeen: self = .toggleSeen
        case .markSeen: self = .markSeen
        case .queueNote: self = .queueNote
        case .sendNotes: self = .sendNotes
        case .quit: self = .quit
        }
    }

    /// One effect of this case, as a screen's reducer would ask it (stamped with the asking screen's id where the
    /// root stamps one).
    var sample: Effect {
        let key = ArtworkKey(collection: "campus", id: "1"), here = artwork("1").coordinate, screen = ScreenID(1)
        switch self {
        case .startSync: return .startSync(collection: "campus", service: ServiceAddress(url: "http://127.0.0.1:9/api", imageBase: ""))
        case .refreshCollection: return .refreshCollection("harbour")
        case .loadPicture: return .loadPicture(artwork("1"), fullScreen: nil)
        case .prefetchViewerTiles:
            return .prefetchViewerTiles(key, ImageView(totalColumns: 10, totalRows: 5, window: CellWindow(x: 0, y: 0, columns: 10, rows: 5),
                                                      source: PixelRect(x: 0, y: 0, width: 100, height: 50)), look: nil)
        case .loadCollection: return .loadCollection("campus", search: nil)
        case .loadCollections: return .loadCollections(["campus", "osm"])
        case .reloadCatalogue: return .reloadCatalogue(collections: ["campus"])
        case .toggleFavourite: return .toggleFavourite(key)
        case .findSlideshowPictures: return .findSlideshowPictures(screen: screen)
        case .after: return .after(seconds: 5, .slideshow(.timer(generation: 1)), screen: screen)
        case .painters: return .painters(.list, screen: screen)
        case .saveSetting: return .saveSetting(key: Setting.units, value: "metric")
        case .fetchNews: return .fetchNews(url: "https://example.org/news.txt")
        case .openWebPage: return .openWebPage("https://example.org/a")
        case .loadFullRecords: return .loadFullRecords(collection: "campus", ids: ["1"])
        case .loadWholeCatalogue: return .loadWholeCatalogue(collection: "campus")
        case .readMapTiles: return .readMapTiles(MapTileRequest(generation: 1, tiles: [MapTileKey(band: 1, row: 2, column: 3)]))
        case .buildMap:
            return .buildMap(MapBuildRequest(generation: 1, tiles: [], features: [], graph: WalkGraph(edges: []), sources: [], reading: 0))
        case .findRoute: return .findRoute(RouteRequest(targetName: "Pool", target: here, start: here, fitsMap: false))
        case .fetchMap: return .fetchMap(center: here, radius: 400, screenRadius: 200)
        case .refreshMap: return .refreshMap(center: here, radius: 400, screenRadius: 200)
        case .cachePictures: return .cachePictures(around: here, lookAgain: false)
        case .findPlace: return .findPlace("Ashton Building", online: false)
        case .planWalk:
            return .planWalk(WalkPlanRequest(generation: 1, start: here, artworks: [], finish: .round, choice: .all), screen: screen)
        case .saveWalk:
            return .saveWalk(WalkSaveRequest(name: "noon", start: here, finish: .round, stops: [key], reached: [false]), screen: screen)
        case .resumeWalk: return .resumeWalk(WalkResumeRequest(name: "noon", position: here, generation: 1), screen: screen)
        case .readWorldDetail: return .readWorldDetail(WorldDetailRead(WorldAtlas(coarse: nil, detailURL: nil)))
        case .toggleSeen: return .toggleSeen(key)
        case .markSeen: return .markSeen([key])
        case .queueNote: return .queueNote(NoteRequest(artwork: key, element: "node/1", latitude: 60, longitude: 25, text: "words"))
        case .sendNotes: return .sendNotes
        case .quit: return .quit
        }
    }
}

@Test func everyEffectIsTakenByExactlyOneOfTheSessionsHandlers() throws {
    let (store, path) = try storeHolding([artwork("1", "Pool")])
    let request = SyncRequest(storePath: path, source: try SyncSource(service: "http://127.0.0.1:9/api"), collection: "campus",
                              imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory))
    var given = dependencies(store, http: CannedHTTP(status: 200, body: ""))
    given.sync = request
    let session = try Session(state: try campusState(), location: LocationSource(replay: nil, gpxName: nil, loop: false, filter: .init(), gpsd: nil, maxError: 50),
                              dependencies: given)
    for effectCase in EffectCase.allCases {
        let effect = effectCase.sample
        #expect(EffectCase(effect) == effectCase, "the sample of \(effectCase) is \(effect)")
        let takers = session.handlers(taking: effect).map { String(describing: type(of: $0)) }
        if effectCase == .quit {
            #expect(takers.isEmpty, "quit is the loop's own, no handler's: \(takers)")
        } else {
            #expect(takers.count == 1, "\(effect) is taken by \(takers.isEmpty ? "no handler" : takers.joined(separator: ", "))")
        }
    }
}
