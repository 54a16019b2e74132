import Catalog
import Foundation
import Runtime
import Sources
import Store
import Sync

/// The sources' composition root for the commands and the view: what every `SourceProvider` reaches the world
/// through, built once from the store's path and the environment.
enum SourceWiring {
    /// A context whose store connections are opened as a command opens its own (the settings file attached).
    static func context(storePath: String, environment: [String: String]) -> SourceContext {
        SourceContext(storePath: storePath,
                      openStore: {
                          let store = try CatalogStore(path: storePath)
                          store.userSettings = SettingsFile(path: SettingsFile.defaultPath(environment: environment))
                          return store
                      },
                      http: CurlHTTPClient(), mapHTTP: OSMLookup.httpClient(),
                      imageCache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)),
                      limits: SyncLimits.fromEnvironment(environment), backoff: ServiceBackoff.fromEnvironment(environment))
    }
}
