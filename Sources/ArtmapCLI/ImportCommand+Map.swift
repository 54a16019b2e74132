import Cartography
import Catalog
import Foundation
import Sources
import Store

extension ImportCommand {
    /// How the file is read, from `--field`, `--crs` and `--no-images` as typed (checked as they were parsed).
    static func reading(_ options: Options) -> ImportReading {
        ImportReading(fieldsText: options.field?.text, crsText: options.crs?.text, noImages: options.noImages)
    }

    /// The options of an import that a refresh gives again (how the file is read, not where it goes).
    static func refreshOptions(_ options: Options) -> [String] { reading(options).recorded }

    /// `import --dry-run`: each column chosen (why, and the runner-up), the coordinate system, the counts and the
    /// first three records, from a full reading that keeps nothing; the store is not opened.
    static func dryRun(_ fileImport: FileImport, collection: String, console: Console) throws -> Int32 {
        let path = fileImport.path, format = fileImport.format
        let read = try checked { try fileImport.reading.options() }
        let fileName = DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)
        do {
            let fields: PublicArtFields
            let result: MapImportResult
            if format == .csv {
                let survey = try CSVImporter.survey(path: path)
                let plan = try CSVImporter.plan(survey, options: read, path: path)
                result = try CSVImporter.run(path: path, collection: collection, options: read)
                fields = plan.fields
                console.line("\(fileName): CSV, \(survey.records) record\(survey.records == 1 ? "" : "s") (\(survey.delimiterName)-separated, "
                    + "\(survey.header.count) columns); positions from \(DisplayText.clean(survey.positions.summary))")
                console.line("coordinate system: \(DisplayText.clean(plan.system.label)); \(DisplayText.clean(plan.system.why))")
            } else {
                let data = try fileImport.readGeoJSON()
                let survey = try GeoJSONImporter.survey(data, path: path)
                let plan = try GeoJSONImporter.plan(survey, options: read, path: path)
                result = try GeoJSONImporter.run(data: data, path: path, collection: collection, sink: DiscardingSink(), options: read)
                fields = plan.fields
                console.line("\(fileName): \(survey.elements) features")
                console.line("coordinate system: \(DisplayText.clean(plan.system.label)); \(DisplayText.clean(plan.system.why))")
            }
            console.line("columns:")
            for line in fields.summary { console.line("  " + DisplayText.clean(line)) }
            console.line("would import \(result.artworks.count) artwork\(result.artworks.count == 1 ? "" : "s") and \(result.features) map features into '\(DisplayText.clean(collection))'; first records:")
            for artwork in result.artworks.prefix(3) { showRecord(artwork, console: console) }
            for note in result.notes.prefix(20) { console.error("note: \(DisplayText.clean(note))") }
            console.line("nothing was saved (--dry-run)")
            return 0
        } catch let error as CartographyError {
            throw CLIError("\(DisplayText.clean(error.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? fileName)): \(error.message)")
        }
    }

    /// One record as `--dry-run` shows it: the id and title, then each field that has a value.
    private static func showRecord(_ artwork: Artwork, console: Console) {
        console.line("  \(DisplayText.clean(artwork.id)): \(DisplayText.clean(artwork.title))")
        let fields: [(String, String)] = [
            ("artist", artwork.artist), ("year", artwork.year), ("type", artwork.type),
            ("position", String(format: "%.6f,%.6f", artwork.coordinate.latitude, artwork.coordinate.longitude)),
            ("address", artwork.locationNotes), ("building", artwork.building ?? ""), ("photo", artwork.imageFileName),
            ("web page", artwork.webPage), ("notes", artwork.information),
        ]
        for (label, value) in fields where !value.isEmpty {
            console.line("    \(label): \(DisplayText.clean(String(value.prefix(200))))")
        }
    }

}

/// A sink that keeps nothing, for `import --dry-run`.
private final class DiscardingSink: MapImportSink {
    func add(_ feature: MapFeature) throws {}
    func add(_ edge: WalkEdge) throws {}
}
