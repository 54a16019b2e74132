import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 43, item 22: a header of more than 2,000 fields is refused as that, not as "no delimiter splits it".
@Test func aCSVHeaderOfTooManyFieldsIsNamedAsSuch() async throws {
    let home = try temporaryDirectory("csv-wide")
    let file = home.appendingPathComponent("wide.csv")
    let header = (0..<2_500).map { "c\($0)" }.joined(separator: ",")
    try (header + "\n" + Array(repeating: "1", count: 2_500).joined(separator: ",") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.status == 1)
    #expect(result.err == "artmap: wide.csv: CSV line 1: the header has more than 2000 comma-separated fields, more than artmap reads "
        + "from a CSV file (2000); keep only the columns you need; nothing was imported\n", "\(result.err)")
}

/// The refusal of positions outside Web Mercator's range names the line that is outside it, not the first line
/// outside longitude and latitude.
@Test func theWebMercatorRefusalNamesTheLineOutsideIt() async throws {
    let home = try temporaryDirectory("csv-mercator")
    let file = home.appendingPathComponent("m.csv")
    try "id,title,x,y\n1,a,-2.9,100\n2,b,1e9,1e9\n".write(to: file, atomically: true, encoding: .utf8)
    let plain = await runArtmap(["import", file.path], home: home)
    #expect(plain.err.contains("CSV: no usable records (2 in the file): line 2 has -2.9, 100.0 (x, y), not a longitude and latitude; "
        + "line 3 has 1000000000.0, 1000000000.0 (x, y), outside Web Mercator's range too: reproject the file to EPSG:4326; nothing was imported"), "\(plain.err)")
    try "id,title,x,y\n1,a,-293000,7000000\n2,b,1e9,1e9\n3,c,-2e9,0\n".write(to: file, atomically: true, encoding: .utf8)
    let forced = await runArtmap(["import", file.path, "--crs", "EPSG:3857", "--collection", "m2"], home: home)
    #expect(forced.status == 0, "one record is usable: \(forced.err)")
    try "id,title,x,y\n1,a,1e9,1e9\n2,b,-2e9,0\n".write(to: file, atomically: true, encoding: .utf8)
    let none = await runArtmap(["import", file.path, "--crs", "EPSG:3857", "--collection", "m3"], home: home)
    #expect(none.err.contains("CSV: no usable records (2 in the file): line 2 has 1000000000.0, 1000000000.0 (x, y), outside Web Mercator's range (EPSG:3857): "
        + "reproject the file to EPSG:4326; nothing was imported"), "\(none.err)")
}

/// An empty CSV file is called empty, and a file whose every record is skipped says why the first one was.
@Test func csvRefusalsSayWhatIsWrong() async throws {
    let home = try temporaryDirectory("csv-refusals")
    let empty = home.appendingPathComponent("empty.csv")
    try Data().write(to: empty)
    let none = await runArtmap(["import", empty.path], home: home)
    #expect(none.err == "artmap: empty.csv: the file is empty; nothing was imported\n", "\(none.err)")
    let wide = home.appendingPathComponent("more.csv")
    try "id,title,lat,lon\n1,a,53.4,-2.9,5,6\n".write(to: wide, atomically: true, encoding: .utf8)
    let skipped = await runArtmap(["import", wide.path], home: home)
    #expect(skipped.err == "artmap: more.csv: CSV: no usable records (1 in the file); the first skipped is line 2: 6 fields where the header has 4; nothing was imported\n", "\(skipped.err)")
}
