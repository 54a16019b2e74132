import Foundation

/// The coordinate system a file is read in and why, chosen once per file from what it and the user say and what
/// its positions look like: `--crs`, then the file's own statement (a GeoJSON crs member), then a grid named by the
/// position columns (`RD_X`, `ITM_Y`), then the values (longitude/latitude when every position is in range; a
/// national grid only when the values leave that one choice; Web Mercator metres as before).
public struct SystemChoice: Sendable, Equatable {
    public var system: CoordinateSystem
    /// "EPSG:28992 (Amersfoort / RD New)".
    public var label: String
    /// Why, as `--dry-run` says it: "--crs", "its crs member urn:ogc:def:crs:EPSG::28992", "the values fit only …".
    public var why: String
    /// The note an import prints when the system was guessed from the values rather than stated.
    public var note: String?

    /// What the survey of a file found that bears on its system.
    struct Evidence {
        /// `--crs`.
        var forced: CoordinateSystem?
        /// The file's own statement and where it is ("its crs member"), as written.
        var stated: (text: String, place: String)?
        /// The names of the position columns, when they are named (CSV), and whether they say easting/northing.
        var columnNames: [String] = []
        var saysGrid = false
        /// Positions outside longitude/latitude range (the first few hundred), and how many positions there are.
        var planarSamples: [(x: Double, y: Double)] = []
        var positions = 0, outsideLonLat = 0, outsideBoth = 0
    }

    /// The choice, or a refusal in words a user can act on (a system PROJ does not know, easting/northing that fit
    /// several grids or none).
    static func choose(_ evidence: Evidence) throws -> SystemChoice {
        if let forced = evidence.forced {
            let converter = try named(forced, "--crs \(forced.rawValue)")
            return SystemChoice(system: forced, label: converter.label, why: "--crs", note: nil)
        }
        if let stated = evidence.stated {
            guard let system = CoordinateSystem(name: stated.text) else {
                throw CartographyError("\(stated.place) names \(stated.text), which is not an EPSG code artmap can look up; "
                    + "reproject the file to EPSG:4326 (ogr2ogr -t_srs EPSG:4326), or give --crs EPSG:N if the member is wrong")
            }
            let converter = try named(system, "\(stated.place) names \(stated.text)")
            return SystemChoice(system: system, label: converter.label, why: "\(stated.place) \(stated.text)", note: nil)
        }
        if let code = GridGuess.named(evidence.columnNames) {
            let converter = try named(.epsg(code), "the columns \(evidence.columnNames.joined(separator: " and "))")
            return SystemChoice(system: .epsg(code), label: converter.label,
                                why: "the columns \(evidence.columnNames.joined(separator: " and ")) name it", note: nil)
        }
        let lonLat = SystemChoice(system: .lonLat, label: "EPSG:4326 (longitude/latitude)",
                                  why: evidence.outsideLonLat == 0 ? "every position lies in longitude/latitude range" : "the default", note: nil)
        guard evidence.positions > 0, evidence.outsideLonLat == evidence.positions else { return lonLat }
        let samples = Array(evidence.planarSamples.prefix(200))
        // Web Mercator metres of a place within 12° of the equator have |y| under 1.35 million: so do national grids.
        let nearEquator = samples.allSatisfy { abs($0.y) < 1_350_000 }
        var alsoFits: [PositionConverter] = []
        if evidence.saysGrid || nearEquator {
            let fits = GridGuess.fitting(samples)
            alsoFits = fits
            if fits.count == 1, let only = fits.first {
                return SystemChoice(system: only.system, label: only.label, why: guessed(only, evidence),
                                    note: "\(guessed(only, evidence)): read as \(only.label) (give --crs to say otherwise)")
            }
            if evidence.saysGrid {
                let names = evidence.columnNames.joined(separator: " and ")
                let tried = fits.isEmpty ? GridGuess.candidates.map { "EPSG:\($0)" }.joined(separator: ", ") : fits.map(\.label).joined(separator: ", ")
                throw CartographyError(fits.isEmpty
                    ? "the positions in \(names) fit none of the national grids artmap knows by their values (\(tried)); give --crs EPSG:N"
                    : "the positions in \(names) fit several coordinate systems (\(tried)); give --crs EPSG:N to say which")
            }
        }
        if evidence.outsideBoth == 0 {
            let others = alsoFits.isEmpty ? "" : "they would also fit \(alsoFits.map(\.label).joined(separator: ", ")); "
            let note = "every position lies outside longitude/latitude range but inside Web Mercator's: read as EPSG:3857 metres "
                + "(\(others)give --crs to say otherwise)"
            let why = "guessed: every position lies outside longitude/latitude range but inside Web Mercator's"
                + (alsoFits.isEmpty ? "" : " (they would also fit \(alsoFits.map(\.label).joined(separator: ", ")))")
            return SystemChoice(system: .webMercator, label: "EPSG:3857 (Web Mercator metres)", why: why, note: note)
        }
        return lonLat
    }

    /// A converter for a system something named, its refusal saying who named it.
    private static func named(_ system: CoordinateSystem, _ who: String) throws -> PositionConverter {
        do {
            return try PositionConverter(system)
        } catch let error as CartographyError {
            throw CartographyError("\(who): \(error.message); " + (who.hasPrefix("--crs")
                ? "check the code (EPSG:28992 is the Dutch RD New, EPSG:2157 Irish ITM, EPSG:27700 the British National Grid)"
                : "reproject the file to EPSG:4326 (ogr2ogr -t_srs EPSG:4326), or give --crs EPSG:N"))
        }
    }

    private static func guessed(_ grid: PositionConverter, _ evidence: Evidence) -> String {
        let columns = evidence.columnNames.isEmpty ? "the positions" : "the positions in " + evidence.columnNames.joined(separator: " and ")
        return "\(columns) fit only \(grid.label) among the national grids artmap tries"
    }
}
