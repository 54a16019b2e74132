/// The pictures feature: which artworks' images to load, and their results.

/// Applies a picture result or the terminal's capabilities.
func reducePictures(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .pictureLoaded(let picture):
        // A result for an artwork no longer shown (not in this collection, not a favourite) is dropped.
        guard state.anyArtwork(id: picture.artworkID) != nil else { return [] }
        state.pictures.store(picture)
        if case .viewer(let viewer)? = state.overlays.last, viewer.artworkID == picture.artworkID { return [.prefetchViewerTiles] }
    case .pictureUnavailable(let id, let problem):
        state.pictures.fail(id, problem)
    case .terminalCapabilities(let depth, let aspect):
        state.colorDepth = depth
        state.cellAspect = aspect
    default:
        break
    }
    return []
}

/// Asks for an artwork's picture unless it is loaded, loading, or known to be unavailable.
func wantPicture(_ state: inout AppState, _ id: String) -> [Effect] {
    if state.pictures[id] != nil {
        state.pictures.touch(id)
        return []
    }
    guard let artwork = state.anyArtwork(id: id) else { return [] }
    if artwork.imageFileName.isEmpty {
        state.pictures.fail(id, .nonePublished)
        return []
    }
    state.pictures.markLoading(id)
    return [.loadPicture(artworkID: id)]
}

/// Asks for the picture that the view on top shows, if any.
func wantShownPicture(_ state: inout AppState) -> [Effect] {
    guard let id = state.shownPictureID else { return [] }
    return wantPicture(&state, id)
}

/// Sends a viewer key to the viewer feature on top of the stack.
func reduceViewer(_ state: inout AppState, _ action: ImageViewerAction) -> [Effect] {
    guard case .viewer(var viewer)? = state.overlays.last else { return [] }
    var geometry: ImageViewerGeometry?
    if case .ready(let picture)? = state.pictures[viewer.artworkID] { geometry = state.viewerGeometry(picture) }
    state.lastMessage = ImageViewer.reduce(&viewer, action, geometry: geometry)
    state.overlays[state.overlays.count - 1] = .viewer(viewer)
    return geometry == nil ? [] : [.prefetchViewerTiles]
}
