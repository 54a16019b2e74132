import Catalog
import Foundation
import Store

/// `--store PATH`, the option every command that reads the store takes: a group nested in its options.
struct StoreOption {
    var path: String?

    static let declarations: [OptionDeclaration<StoreOption>] = [
        .option("--store", \.path, .path, valueName: "PATH", help: "use this database file (default $XDG_DATA_HOME/artmap/artmap.sqlite)"),
    ]

    /// The database file: the option's, else the default under `$XDG_DATA_HOME`.
    func resolvedPath(environment: [String: String]) -> String {
        path ?? StoreLocation.defaultDatabasePath(environment: environment)
    }
}

/// Opens the store a command asked for and seeds it from the embedded catalogue on first run.
enum StoreOpening {
    /// A command that only reads trusts a sound check's stamp (no check of the same bytes again); one that writes
    /// (`forWriting`) checks the whole file first, so it never writes into a store with damage it has not seen.
    static func open(_ option: StoreOption, environment: [String: String], console: Console, forWriting: Bool = false) throws -> CatalogStore {
        let path = option.resolvedPath(environment: environment)
        let store: CatalogStore
        do {
            let opened = try CatalogStore.openRecovering(path: path, trustStamp: !forWriting)
            store = opened.store
            if let recovery = opened.recovery { console.error("artmap: \(recovery.message)") }
        } catch {
            throw CLIError("cannot open the store \(path): \(error)")
        }
        try seedIfEmpty(store, environment: environment, console: console)
        attachSettings(store, path: path, environment: environment, console: console)
        return store
    }

    /// Reads and saves the user's settings in `$XDG_CONFIG_HOME/artmap/config`, whichever store is open; settings
    /// an older artmap kept in this store are moved there once, with a note.
    static func attachSettings(_ store: CatalogStore, path: String, environment: [String: String], console: Console) {
        let file = SettingsFile(path: SettingsFile.defaultPath(environment: environment))
        defer {
            // Names in the reader's language (issue 46): the setting, else the environment's; every store this process
            // opens reads titles through it.
            ReaderLanguages.use(ReaderLanguages.resolve(environment: environment, setting: try? store.setting(Setting.language)))
        }
        do {
            let adoption = try store.adoptSettings(into: file)
            let moved = adoption.moved
            if !moved.isEmpty {
                console.error("artmap: note: moved \(moved.count) setting\(moved.count == 1 ? "" : "s") (\(moved.joined(separator: ", "))) from the store "
                    + "\(path) into \(file.path); settings are read from there now, whichever store is used")
            }
            if !adoption.keptAside.isEmpty {
                console.error("artmap: note: the store \(path) had other values for \(adoption.keptAside.joined(separator: ", ")) than \(file.path); "
                    + "the file's are used, the store's are kept in it as legacy.KEY")
            }
        } catch {
            store.userSettings = file
            console.error("artmap: note: the settings this store kept could not be moved into \(file.path) (\(error)); they are not used")
        }
    }

    /// Opens the store for a reader that may read while the integrity check runs beside it (two cores: the
    /// check costs no waiting). The reader calls `settleCheck()` before it shows anything.
    /// Readers trust a store unchanged since a sound check (no check runs); writers (`forWriting`) always check.
    static func openCheckingAlongside(_ option: StoreOption, environment: [String: String], console: Console,
                                      forWriting: Bool = false) throws -> CheckedStore {
        let path = option.resolvedPath(environment: environment)
        let opened: (store: CatalogStore, recovery: StoreRecovery?, check: StoreIntegrityCheck?)
        do {
            opened = try CatalogStore.openCheckingAlongside(path: path, trustStamp: !forWriting)
        } catch {
            throw CLIError("cannot open the store \(path): \(error)")
        }
        if let recovery = opened.recovery { console.error("artmap: \(recovery.message)") }
        attachSettings(opened.store, path: path, environment: environment, console: console)
        let checked = CheckedStore(path: path, store: opened.store, check: opened.check, environment: environment, console: console)
        // Seeding writes: a store that looks empty is checked first.
        if !opened.store.isReadOnly {
            let empty = Result { try opened.store.isEmpty }
            if (try? empty.get()) ?? true {
                _ = try checked.settleCheck(after: empty.failure)
                try seedIfEmpty(checked.store, environment: environment, console: console)
            }
        }
        return checked
    }

    static func seedIfEmpty(_ store: CatalogStore, environment: [String: String], console: Console) throws {
        if !store.isReadOnly, try store.isEmpty {
            guard let resources = ResourceLocator.resourceDirectory(environment: environment) else {
                console.error("artmap: warning: the embedded catalogue (Resources/seed) was not found; the store is empty. Set ARTMAP_RESOURCES or run 'artmap sync'.")
                return
            }
            do {
                _ = try store.seedIfEmpty(ResourceLocator.seedFiles(in: resources))
            } catch {
                throw CLIError("cannot load the embedded catalogue: \(error)")
            }
        }
    }
}

/// A store opened with its integrity check still running beside the reader. Used by one task at a time
/// (a sync hands `settleCheck` to its engine and awaits it), hence the unchecked `Sendable`.
final class CheckedStore: @unchecked Sendable {
    private(set) var store: CatalogStore
    private var check: StoreIntegrityCheck?
    /// Whether a check ran after a reading failed (once).
    private var checkedNow = false
    private let path: String
    private let environment: [String: String]
    private let console: Console

    init(path: String, store: CatalogStore, check: StoreIntegrityCheck?, environment: [String: String], console: Console) {
        self.path = path
        self.store = store
        self.check = check
        self.environment = environment
        self.console = console
    }

    /// Hands the running check to whoever will wait for it (the view's background read); `settleCheck`
    /// then has nothing to wait for.
    func takeCheck() -> StoreIntegrityCheck? {
        defer { check = nil }
        return check
    }

    /// Waits for the check. A damaged store is moved aside and a new one started from the embedded catalogue,
    /// as at any other opening; then `store` is the new one and the answer is true: read again. When no check
    /// ran (the file was as a sound check left it) and the reading `failed` on a damaged page, the file is
    /// checked now, and moved aside if it is damaged.
    func settleCheck(after failed: Error? = nil) throws -> Bool {
        let problem: String?
        if let check {
            self.check = nil
            problem = check.problem()
        } else if !checkedNow, let damage = failed as? StoreError, damage.isDamage {
            checkedNow = true
            problem = StoreIntegrityCheck.checkNow(path: path) ?? damage.message
        } else {
            return false
        }
        guard let problem else { return false }
        store = try CatalogStore(path: ":memory:")  // lets go of the damaged file before it is moved
        do {
            let replaced = try CatalogStore.replaceDamaged(path, reason: problem, now: Date())
            store = replaced.store
            if let recovery = replaced.recovery { console.error("artmap: \(recovery.message)") }
        } catch {
            throw CLIError("cannot open the store \(path): \(error)")
        }
        try StoreOpening.seedIfEmpty(store, environment: environment, console: console)
        StoreOpening.attachSettings(store, path: path, environment: environment, console: console)
        return true
    }
}

extension Result {
    /// The error, when this is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
