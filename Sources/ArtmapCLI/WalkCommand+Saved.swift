import Cartography
import Catalog
import Geo
import Store

/// `artmap walk --save NAME` and `--resume NAME`: a walk kept in the store by name (the walk screen saves there too).
extension WalkCommand {
    /// A saved walk and the artworks of its stops not reached yet, in its order.
    struct Resumed {
        let walk: SavedWalk
        let left: [Artwork]

        /// Where a resumed walk ends: where it was to end; a round walk resumed elsewhere goes back to where it began.
        func finish(from start: Coordinate) -> WalkFinish {
            if case .round = walk.finish, start != walk.start { return .at(walk.start) }
            return walk.finish
        }
    }

    /// The walk saved under `name`, or why there is none (with the names there are).
    static func savedWalk(_ name: String, store: CatalogStore) throws -> Resumed {
        guard let walk = try store.savedWalk(named: name) else {
            let names = try store.savedWalkNames()
            throw CLIError("no walk saved as '\(DisplayText.clean(name))'" + (names.isEmpty ? " (none is saved: artmap walk --save NAME, or W on the walk screen)"
                : Suggestion.hint(for: name, among: names) + " (saved: \(names.prefix(10).map(DisplayText.clean).joined(separator: ", ")))"))
        }
        return Resumed(walk: walk, left: try store.artworks(of: walk).filter { !$0.reached }.map(\.artwork))
    }

    /// Keeps a planned walk under `name`, every stop not reached yet.
    static func save(_ plan: ArtWalkPlan, finish: WalkFinish, as name: String, store: CatalogStore, console: Console) throws {
        let stops = plan.stops.map { SavedWalkStop(artwork: $0.key, reached: false) }
        let shown = DisplayText.clean(name)
        guard !store.isReadOnly else {
            throw CLIError("cannot save the walk as '\(shown)': the store is read-only; nothing was saved (plan it without --save, or give a writable --store)")
        }
        do {
            try store.saveWalk(SavedWalk(name: name, start: plan.start, finish: finish, stops: stops))
        } catch let error as StoreError {
            // SQLite's own words, never the statement: "disk I/O error", "database or disk is full".
            throw CLIError("cannot save the walk as '\(shown)': \(error.message)")
        }
        console.error("saved the walk as '\(DisplayText.clean(name))': artmap walk --resume \(name)")
    }
}
