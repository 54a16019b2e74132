import App

/// The map's effects: tiles read from the store, the map built from them, and routes found on its walking
/// graph, each off the loop on the reader's own connection (`MapTileReader`); the 1:10m world layer read ahead.
struct MapEffects: EffectHandler {
    let reader: MapTileReader

    init(_ dependencies: Dependencies) { reader = MapTileReader(store: dependencies.store) }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .readMapTiles, .buildMap, .findRoute, .readWorldDetail: return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        switch effect {
        case .readMapTiles(let request): reader.read(request, queue: replies)
        case .buildMap(let request): reader.build(request, queue: replies)
        case .findRoute(let request): reader.findRoute(request, queue: replies)
        case .readWorldDetail(let world):
            let atlas = world.atlas
            Task.detached(priority: .utility) { _ = atlas.detail }
        default: return
        }
    }
}
