import Catalog
import Foundation
import Store

extension ImportCommand {
    /// Whether `name` is a plain word: letters, digits, `-` and `_`, at most `FieldLimits.collection` long.
    static func isPlainWord(_ name: String) -> Bool {
        // Not `-` first: `refresh -x` would read it as an option.
        !name.isEmpty && !name.hasPrefix("-") && name.count <= FieldLimits.collection && name.unicodeScalars.allSatisfy(isPlain)
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }

    /// A file's base name made a plain word: every run of other characters becomes one `-` (`Saved Places` →
    /// `saved-places`), none at either end.
    static func plainName(_ raw: String) -> String {
        var name = ""
        for scalar in raw.lowercased().unicodeScalars {
            if isPlain(scalar) { name.unicodeScalars.append(scalar) } else if !name.isEmpty, !name.hasSuffix("-") { name += "-" }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return String(name.prefix(FieldLimits.collection))
    }

    /// The collection an import fills: `--collection`'s name as given, else the file's base name made a plain word.
    static func collectionName(_ options: Options, derived: String) throws -> String {
        guard let given = options.collection else {
            let plain = plainName(derived)
            guard !plain.isEmpty else {
                throw CLIError.usage("the file's name gives no collection name: give --collection NAME (letters, digits, - and _)", command: name)
            }
            return plain
        }
        guard !given.isEmpty else { throw CLIError.usage("option --collection needs a name", command: name) }
        return given
    }

    /// The stored collection an import replaces: the one of that name whatever its case (or the one an older artmap
    /// named after the file, `legacy`), else a new one. A reserved collection needs `--replace`; a new name must
    /// be a plain word.
    /// A collection imported from another file needs `--replace` too: importing `rep.csv` into `helsinki` would
    /// replace the city's artworks and streets and drop their favourites.
    static func importTarget(_ collection: String, legacy: String?, path: String, options: Options, store: CatalogStore) throws -> String {
        let existing = try legacy.flatMap { try store.collectionNamed($0) } ?? store.collectionNamed(collection)
        let target = try checkedName(existing ?? collection, isNew: existing == nil, replace: options.replace)
        if let existing, !options.replace, case .file(let file) = try store.collectionSource(existing),
           file.path != URL(fileURLWithPath: path).standardizedFileURL.path {
            throw CLIError.usage("'\(DisplayText.clean(existing))' holds what \(DisplayText.clean(URL(fileURLWithPath: file.path).lastPathComponent)) brought: "
                + "importing another file into it would replace that and drop its favourites; give --replace to do that, "
                + "or another --collection name", command: name)
        }
        return target
    }

    /// `name` when an import may fill it; a usage error saying why not otherwise.
    static func checkedName(_ collection: String, isNew: Bool, replace: Bool) throws -> String {
        if let owner = CollectionID(collection).builtInContents, !replace {
            throw CLIError.usage("'\(collection)' is artmap's own collection (\(owner)): importing into it would replace them and drop "
                + "their favourites; give --replace to do that, or another --collection name", command: name)
        }
        if isNew, !isPlainWord(collection) {
            let plain = plainName(collection)
            throw CLIError.usage("the collection name '\(DisplayText.clean(collection))' is not a plain word: use letters, digits, - and _"
                + (plain.isEmpty ? "" : " (for example '\(plain)')"), command: name)
        }
        return collection
    }
}
