import App
import Catalog
import Foundation
import Imaging
import TerminalTypes

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

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        decoder = dependencies.pictures
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .loadPicture, .prefetchViewerTiles: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        switch effect {
        case .loadPicture(let artwork, let fullScreen): load(artwork, fullScreen: fullScreen, replies)
        case .prefetchViewerTiles(_, let view, let look?): prefetchViewerTiles(look, view)
        default: return
        }
    }

    private func load(_ artwork: Artwork, fullScreen: TerminalSize?, _ replies: any ActionSink) {
        let id = artwork.key
        let path: String?
        do {
            path = try store.read { try $0.cachedImagePath(id) }
        } catch {
            replies.post(.pictureUnavailable(id, .failed("cannot read the image cache: \(error)")))
            return
        }
        guard let path else {
            // A fetched artwork whose source was asked and has no picture: say why, not "not downloaded yet".
            if id.collection == CollectionID.osm.name, let found = try? store.read({ try $0.resolvedPicture(artwork.imageFileName) }),
               !found.problem.isEmpty {
                replies.post(.pictureUnavailable(id, .noneAtSource(found.problem)))
            } else {
                replies.post(.pictureUnavailable(id, .notCached))
            }
            return
        }
        try? store.write { try $0.touchCachedImage(id) }
        let decoder = self.decoder
        // One decode at a time: each may take up to the per-picture limit (512 MB) while it runs, and a
        // slideshow asks for two at once, a detail and its viewer for more.
        // A screen that shows pictures full screen and no larger (the slideshow) has them decoded to the screen's size.
        let screen = fullScreen.map { PictureLoader.screenPixels(columns: $0.columns, rows: $0.rows) }
        PictureLoader.decoding.async {
            do {
                replies.post(.pictureLoaded(try decoder.decode(path: path, artwork: artwork, screen: screen)))
            } catch {
                replies.post(.pictureUnavailable(id, .failed("\(error)")))
            }
        }
    }

    /// Renders the tiles around the viewer's view in the background.
    private func prefetchViewerTiles(_ look: PictureLook, _ view: ImageView) {
        prefetchTask?.cancel()
        prefetchTask = Task.detached(priority: .utility) {
            look.picture.prefetch(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window,
                                  depth: look.depth, symbols: look.symbols)
        }
    }
}
