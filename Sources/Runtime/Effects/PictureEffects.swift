import App
import Catalog
import Foundation
import Imaging

/// Decodes a cached image file into a picture for the view (`PictureLoader`, or a test's stand-in).
public protocol PictureDecoding: Sendable {
    /// The picture of `artwork` from the file at `path`, no larger than `screen` pixels when given.
    func decode(path: String, artwork: Artwork, screen: (width: Int, height: Int)?) throws -> Picture
}

/// The decoder the view uses: `PictureLoader`, one picture at a time.
public struct CachedPictureDecoder: PictureDecoding {
    public init() {}
    public func decode(path: String, artwork: Artwork, screen: (width: Int, height: Int)?) throws -> Picture {
        try PictureLoader.load(path: path, artwork: artwork, screen: screen)
    }
}

/// The pictures' effects: a cached image found on the loop's store connection and decoded off the loop, and the
/// viewer's neighbouring tiles rendered ahead.
final class PictureEffects: EffectHandler {
    private let store: any StoreAccess
    private let decoder: any PictureDecoding
    /// The viewer's prefetch running; one at a time, the latest view wins.
    private var prefetchTask: Task<Void, Never>?

    init(store: any StoreAccess, decoder: any PictureDecoding) {
        self.store = store
        self.decoder = decoder
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .loadPicture, .prefetchViewerTiles: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        switch effect {
        case .loadPicture(let id): load(id, state, reply)
        case .prefetchViewerTiles(let id, let view): prefetchViewerTiles(id, view, state)
        default: return
        }
    }

    private func load(_ id: ArtworkKey, _ state: AppState, _ reply: EffectReply) {
        guard let artwork = state.anyArtwork(id) else { return }
        let path: String?
        do {
            path = try store.cachedImagePath(id)
        } catch {
            reply.now(.pictureUnavailable(id, .failed("cannot read the image cache: \(error)")))
            return
        }
        guard let path else {
            // A fetched artwork whose source was asked and has no picture: say why, not "not downloaded yet".
            if id.collection == CollectionID.osm.name, let found = try? store.resolvedPicture(artwork.imageFileName), !found.problem.isEmpty {
                reply.now(.pictureUnavailable(id, .noneAtSource(found.problem)))
            } else {
                reply.now(.pictureUnavailable(id, .notCached))
            }
            return
        }
        try? store.touchCachedImage(id)
        let sink = reply.later, decoder = self.decoder
        // One decode at a time: each may take up to the per-picture limit (512 MB) while it runs, and a
        // slideshow asks for two at once, a detail and its viewer for more.
        // A screen that shows pictures full screen and no larger (the slideshow) has them decoded to the screen's size.
        let screen = state.overlays.last?.showsPicturesAtScreenSize == true ? PictureLoader.screenPixels(columns: state.size.columns, rows: state.size.rows) : nil
        PictureLoader.decoding.async {
            do {
                sink.post(.pictureLoaded(try decoder.decode(path: path, artwork: artwork, screen: screen)))
            } catch {
                sink.post(.pictureUnavailable(id, .failed("\(error)")))
            }
        }
    }

    /// Renders the tiles around the viewer's view in the background.
    private func prefetchViewerTiles(_ id: ArtworkKey, _ view: ImageView, _ state: AppState) {
        guard case .ready(let picture)? = state.pictures[id] else { return }
        let depth = state.colorDepth, symbols = state.pictureSymbols
        prefetchTask?.cancel()
        prefetchTask = Task.detached(priority: .utility) {
            picture.prefetch(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window, depth: depth, symbols: symbols)
        }
    }
}
