import App

/// The map's effects: tiles read from the store, the map built from them, and routes found on its walking
/// graph, each off the loop on the reader's own connection (`MapTileReader`); the 1:10m world layer read ahead.
struct MapEffects: EffectHandler {
    let reader: MapTileReader
    let storePath: String

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .readMapTiles, .buildMap, .findRoute, .readWorldDetail: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ state: AppState, _ reply: EffectReply) {
        switch effect {
        case .readMapTiles(let request): reader.read(request, storePath: storePath, queue: reply.later)
        case .buildMap(let request): reader.build(request, queue: reply.later)
        case .findRoute(let request): reader.findRoute(request, storePath: storePath, queue: reply.later)
        case .readWorldDetail:
            let atlas = state.main.map.world
            Task.detached(priority: .utility) { _ = atlas.detail }
        default: return
        }
    }
}
