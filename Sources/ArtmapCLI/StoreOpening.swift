import Catalog
import Foundation
import Store

/// Opens the store a command asked for and seeds it from the embedded catalogue on first run.
enum StoreOpening {
    static let storeOption = OptionSpec(name: "--store", valueName: "PATH",
                                        help: "use this database file (default $XDG_DATA_HOME/artmap/artmap.sqlite)")

    static func open(_ options: ParsedOptions, environment: [String: String], console: Console) throws -> CatalogStore {
        let path = options.value("--store") ?? StoreLocation.defaultDatabasePath(environment: environment)
        let store: CatalogStore
        do {
            let opened = try CatalogStore.openRecovering(path: path)
            store = opened.store
            if let recovery = opened.recovery { console.error("artmap: \(recovery.message)") }
        } catch {
            throw CLIError("cannot open the store \(path): \(error)")
        }
        if !store.isReadOnly, try store.isEmpty {
            guard let resources = ResourceLocator.resourceDirectory(environment: environment) else {
                console.error("artmap: warning: the embedded catalogue (Resources/seed) was not found; the store is empty. Set ARTMAP_RESOURCES or run 'artmap sync'.")
                return store
            }
            do {
                _ = try store.seedIfEmpty(ResourceLocator.seedFiles(in: resources))
            } catch {
                throw CLIError("cannot load the embedded catalogue: \(error)")
            }
        }
        return store
    }
}
