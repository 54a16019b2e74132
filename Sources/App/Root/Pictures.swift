import Catalog

/// The pictures feature: which artworks' images to load, and their results. Pictures are shared by every
/// screen, so the root keeps them; screens ask with `Delegate.wantPicture`.
extension AppState {
    /// Applies a picture result or the terminal's capabilities.
    mutating func reducePictures(_ action: Action) -> [Effect] {
        switch action {
        case .pictureLoaded(let picture):
            // A result for an artwork no longer shown (not in this collection, not a favourite) is dropped.
            guard anyArtwork(picture.artwork) != nil else { return [] }
            pictures.store(picture)
            // The screen on top may do more with it (the viewer renders the tiles around its view ahead).
            if let action = overlays.last?.pictureReady(picture.artwork) { return routeTop(action) }
        case .pictureUnavailable(let id, let problem):
            pictures.fail(id, problem)
        case .terminalCapabilities(let depth, let aspect):
            colorDepth = depth
            cellAspect = aspect
        default:
            break
        }
        return []
    }

    /// Asks for an artwork's picture unless it is loaded, loading, or known to be unavailable.
    mutating func wantPicture(_ id: ArtworkKey) -> [Effect] {
        if pictures[id] != nil {
            pictures.touch(id)
            return []
        }
        guard let artwork = anyArtwork(id) else { return [] }
        if artwork.imageFileName.isEmpty {
            pictures.fail(id, .nonePublished)
            return []
        }
        pictures.markLoading(id)
        // A screen that shows pictures full screen and no larger (the slideshow) has them decoded to the screen's size.
        return [.loadPicture(artwork, fullScreen: overlays.last?.showsPicturesAtScreenSize == true ? size : nil)]
    }

    /// An effect with what only the root knows added: the picture and how it is drawn, for the viewer's tiles
    /// rendered ahead (the viewer asks with its view only).
    func completed(_ effect: Effect) -> Effect {
        guard case .prefetchViewerTiles(let id, let view, nil) = effect, case .ready(let picture)? = pictures[id] else { return effect }
        return .prefetchViewerTiles(id, view, look: PictureLook(picture: picture, depth: colorDepth, symbols: pictureSymbols))
    }

    /// Asks for the picture that the screen on top shows, if any.
    mutating func wantShownPicture() -> [Effect] {
        guard let id = shownPicture else { return [] }
        return wantPicture(id)
    }
}
