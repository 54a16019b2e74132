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
        return [.loadPicture(id)]
    }

    /// Asks for the picture that the screen on top shows, if any.
    mutating func wantShownPicture() -> [Effect] {
        guard let id = shownPicture else { return [] }
        return wantPicture(id)
    }
}
