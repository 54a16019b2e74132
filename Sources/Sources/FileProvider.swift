import Catalog
import Foundation
import Store
import Sync

/// A collection imported from a file: imported again, as it was imported (its recorded reading options), when the
/// file changed on disk; up to date without reading it otherwise.
public struct FileProvider: SourceProvider {
    let file: ImportedFile

    public init?(_ source: CollectionSource) {
        guard case .file(let file) = source else { return nil }
        self.file = file
    }

    public func refresh(_ collection: CollectionID, with context: SourceContext,
                        progress: @escaping @Sendable (String) -> Void) async throws -> Refreshed {
        // What the store says is checked before it steers an import: an absolute path, the options an import
        // records and nothing else.
        guard file.path.hasPrefix("/") else {
            throw SourceError("its recorded file '\(DisplayText.clean(String(file.path.prefix(200))))' is not an absolute path; nothing was changed (import the file again)")
        }
        let reading: ImportReading
        do {
            reading = try ImportReading(recorded: file.options)
        } catch let error as SourceError {
            throw SourceError("\(error.message); nothing was changed (import the file again)")
        }
        let fileName = URL(fileURLWithPath: file.path).lastPathComponent
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw SourceError("its file \(file.path) is gone; nothing was changed (import it again from where it is now)")
        }
        guard file.changedOnDisk() else {
            return Refreshed(collection: collection, asked: false, summary: "up to date (\(fileName) is unchanged since it was imported)")
        }
        progress("importing \(fileName) again")
        let head = try BoundedFile.head(file.path)
        let fileImport = FileImport(path: file.path, format: ImportFormat.of(file.path, head: head), reading: reading)
        let places = try fileImport.readPlaces(collection: collection.name)
        let store = try context.openStore()
        var imported = try fileImport.write(places, into: collection.name, store: store)
        if fileImport.wantsPhotos(imported) {
            let limits = try SourceSettings.limits(context.limits, cacheLimit: nil, store: store)
            imported.photos = try await FileImport.cachePhotos(collection.name, store: store, cache: context.imageCache, limits: limits)
        }
        let merge = imported.merge
        return Refreshed(collection: collection, merge: merge,
                         summary: "\(fileName) changed on disk and was imported again: \(merge.new) new, \(merge.changed) changed, \(merge.removed) removed",
                         imageFailures: imported.photos?.imageFailureReasons ?? [:])
    }
}
