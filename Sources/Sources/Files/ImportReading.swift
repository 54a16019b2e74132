import Cartography
import Catalog
import Foundation

/// How a file is read beyond its format (`--field`, `--crs`, `--no-images`), as typed: recorded with the collection
/// as those words so a refresh reads the file again the same way, and checked when read back.
public struct ImportReading: Sendable, Equatable {
    /// `--field` as typed ("title=Name,artist=Maker").
    public var fieldsText: String?
    /// `--crs` as typed ("EPSG:3857").
    public var crsText: String?
    public var noImages = false

    public init(fieldsText: String? = nil, crsText: String? = nil, noImages: Bool = false) {
        self.fieldsText = fieldsText
        self.crsText = crsText
        self.noImages = noImages
    }

    /// `--field`: FIELD=COLUMN pairs, each field one artmap knows. Throws the refusal's words (after "option --field").
    public static func fields(_ text: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw SourceError("takes FIELD=COLUMN pairs separated by commas, not '\(DisplayText.clean(String(pair)))'")
            }
            guard PublicArtFields.Field(rawValue: parts[0].lowercased()) != nil else {
                throw SourceError(": there is no field '\(DisplayText.clean(parts[0]))' (fields: "
                    + PublicArtFields.Field.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            fields[parts[0].lowercased()] = parts[1]
        }
        return fields
    }

    /// `--crs`: a coordinate system by any of its names.
    public static func crs(_ text: String) throws -> CoordinateSystem {
        guard let crs = CoordinateSystem(name: text) else {
            throw SourceError("takes an EPSG code (EPSG:4326 or CRS84, EPSG:3857, EPSG:28992…), not '\(DisplayText.clean(text))'")
        }
        return crs
    }

    /// How GeoJSON and CSV are read, from the typed words (checked as they were parsed).
    public func options() throws -> GeoJSONImporter.Options {
        var read = GeoJSONImporter.Options()
        if let crsText { read.crs = try Self.crs(crsText) }
        if let fieldsText { read.fields = try Self.fields(fieldsText) }
        return read
    }

    /// The words recorded with the collection.
    public var recorded: [String] {
        var kept: [String] = []
        if let fieldsText { kept += ["--field", fieldsText] }
        if let crsText { kept += ["--crs", crsText] }
        if noImages { kept.append("--no-images") }
        return kept
    }

    /// The recorded words read back, checked: only those `recorded` writes (`--field`, `--crs` with a value each
    /// parses, `--no-images`), so a store that says more (`--store elsewhere`, `--dry-run`) cannot steer the import.
    /// Throws a `SourceError` naming the first that is not.
    public init(recorded: [String]) throws {
        var index = 0
        while index < recorded.count {
            let word = recorded[index]
            switch word {
            case "--no-images":
                noImages = true
                index += 1
            case "--field", "--crs":
                guard index + 1 < recorded.count else { throw SourceError("its recorded import option \(word) has no value") }
                let value = recorded[index + 1]
                do {
                    if word == "--field" { _ = try Self.fields(value); fieldsText = value } else { _ = try Self.crs(value); crsText = value }
                } catch let error as SourceError {
                    throw SourceError("its recorded import options are not usable (option \(word)\(error.message.hasPrefix(":") ? "" : " ")\(error.message))")
                }
                index += 2
            default:
                throw SourceError("its recorded import options hold '\(DisplayText.clean(String(word.prefix(60))))', which an import does not record")
            }
        }
    }
}
