import Foundation

// Issue 49: what a list costs depends on what it shows. A list near a point in the city's (or a region's) store against
// the same list on the campus store; a collection's list with a 100,000-place collection beside it against the same
// list alone; each as a ratio of two figures measured in turn in the same run.

/// The fastest of `rounds` runs of each of `a` and `b`, run in turn (a busy moment slows one run, not one side).
func fastestInTurn(_ rounds: Int, _ a: [String], _ b: [String]) -> (a: Double, b: Double) {
    var fastest = (a: Double.infinity, b: Double.infinity)
    for _ in 0..<rounds {
        fastest.a = min(fastest.a, runMeasured(a).seconds)
        fastest.b = min(fastest.b, runMeasured(b).seconds)
    }
    return fastest
}

/// Runs `list` until `store`'s integrity check has stamped it (`PATH.checked` newer than the file: a check stamps
/// only a file over a second old), so the figures that follow measure a store at rest, not its check.
func settle(_ store: String, _ list: [String]) {
    func stamped() -> Bool {
        let files = FileManager.default
        guard let mark = (try? files.attributesOfItem(atPath: store + ".checked"))?[.modificationDate] as? Date,
              let written = (try? files.attributesOfItem(atPath: store))?[.modificationDate] as? Date else { return false }
        return mark > written
    }
    for _ in 0..<40 where !stamped() {
        usleep(250_000)
        _ = runMeasured(list)
    }
}

/// `list --at <the city's south-west corner> --radius 500 --json` on the city's store against the same list at the
/// Ashton Building on the campus store (goal: at most 2×).
func listNearFigure(store: String, campusStore: String, home: URL, city: SyntheticCity) {
    let corner = String(format: "%.7f,%.7f", city.latitude(3), city.longitude(3))
    cityAgainstCampus("list --at a corner --radius 500 --json", city: city, home: home, store: store, campusStore: campusStore,
                      onCity: ["list", "--at", corner, "--radius", "500", "--json"],
                      onCampus: ["list", "--at", "53.406566,-2.966531", "--radius", "500", "--json"], counting: "\"distance_m\"", as: "entries")
}

/// `place QUERY --offline --json` on the city's store against the campus store: a search reads the names it shows
/// through their index, so a store of half a million named features costs it no more than the campus (goal: 2×).
func placeSearchFigure(store: String, campusStore: String, home: URL, city: SyntheticCity) {
    // "a" starts the city's 9,800 artworks and the campus's titles alike: the widest range an index can be asked for.
    let search = ["place", "a", "--offline", "--json"]
    cityAgainstCampus("place a --offline --json", city: city, home: home, store: store, campusStore: campusStore,
                      onCity: search, onCampus: search, counting: "\"display_name\"", as: "places")
}

/// One command on the city's store against one on the campus store, the fastest of seven runs each in turn, printed
/// with how many `counting` the city's answer holds (goal: at most 2×).
private func cityAgainstCampus(_ label: String, city: SyntheticCity, home: URL, store: String, campusStore: String,
                               onCity: [String], onCampus: [String], counting: String, as noun: String) {
    let onCity = ["env", "HOME=\(home.path)", releaseArtmap()] + onCity + ["--store", store]
    let onCampus = ["env", "HOME=\(home.path)", releaseArtmap()] + onCampus + ["--store", campusStore]
    // Once each first: a store written since its last integrity check is checked by the first reader.
    let shown = runCapturing(Array(onCity.dropFirst(2)), home: home)
    _ = runMeasured(onCampus)
    let count = shown.components(separatedBy: counting).count - 1
    settle(store, onCity)
    settle(campusStore, onCampus)
    let fastest = fastestInTurn(7, onCity, onCampus)
    let ratio = fastest.a / fastest.b
    print(String(format: "%@: the %d×%d city's store %.0f ms (%d %@ shown), the campus store %.0f ms; ratio %.2fx %@ (goal <= 2x)",
                 label, city.side, city.side, fastest.a * 1000, count, noun, fastest.b * 1000, ratio, ratio <= 2 ? "MET" : "NOT MET"))
}

/// A store with the campus seeded and then, written by sqlite3 as refreshes and fetches leave them, the rows of
/// collection `big` (10,000 places) interleaved with those of `huge` (100,000) when `beside`, else `big` alone.
private func collectionStore(_ path: String, beside: Bool, home: URL) {
    _ = runMeasured(["env", "HOME=\(home.path)", releaseArtmap(), "list", "--store", path])
    let rows = beside ? 110_000 : 10_000
    let collection = beside ? "CASE WHEN i % 11 = 0 THEN 'big' ELSE 'huge' END" : "'big'"
    let number = beside ? "i" : "i * 11"
    let sql = """
        INSERT INTO collections(name) VALUES ('big')\(beside ? ", ('huge')" : "");
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows - 1))
        INSERT INTO artworks(collection, id, title, artist, year, information, latitude, longitude, building, location_notes)
        SELECT \(collection), k, 'Artwork ' || k, 'Artist ' || (k % 700), 1900 + k % 120,
               'A description of artwork ' || k || ', with a few sentences of text about it.',
               53.4066 + ((k * 7919) % 2000 - 1000) / 111000.0, -2.9665 + ((k * 104729) % 2000 - 1000) / 66000.0,
               'Building ' || (k % 1500), 'Place ' || (k % 1500)
        FROM (SELECT \(number) AS k, i FROM n);
        """
    _ = runMeasured(["sqlite3", path, sql])
}

/// `list --json --collection big` (10,000 places) with a 100,000-place collection's rows among its own, against the
/// same list alone in its store (goal: at most 1.1×), and sqlite3 -json of the same rows in each, for scale.
func collectionBesideBench() throws {
    print("== a collection's list, alone and beside 100,000 places")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-lists-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("alone.sqlite").path, beside = folder.appendingPathComponent("beside.sqlite").path
    collectionStore(alone, beside: false, home: folder)
    collectionStore(beside, beside: true, home: folder)
    let list = { (store: String) in ["env", "HOME=\(folder.path)", releaseArtmap(), "list", "--json", "--collection", "big", "--store", store] }
    // Once each first: the integrity check of a store sqlite3 just wrote.
    let counted = runCapturing(Array(list(beside).dropFirst(2)), home: folder).components(separatedBy: "\"id\"").count - 1
    settle(beside, list(beside))
    settle(alone, list(alone))
    let ours = fastestInTurn(7, list(beside), list(alone))
    let query = "SELECT id, title, artist, year, latitude, longitude, building FROM artworks WHERE collection = 'big'"
    let sqlite = fastestInTurn(7, ["sqlite3", "-json", beside, query], ["sqlite3", "-json", alone, query])
    let ratio = ours.a / ours.b
    print(String(format: "list --json --collection big (%d places): beside 100,000 %.0f ms, alone %.0f ms; ratio %.2fx %@ (goal <= 1.1x); sqlite3 -json of the same rows: beside %.0f ms, alone %.0f ms (%.2fx)",
                 counted, ours.a * 1000, ours.b * 1000, ratio, ratio <= 1.1 ? "MET" : "NOT MET", sqlite.a * 1000, sqlite.b * 1000, sqlite.a / sqlite.b))
}

/// `Bench lists [SIDE]`: a SIDE × SIDE city (default 700; 1400 is issue 49's region) written and imported, then the
/// list near its corner against the campus; the big city's other figures are `Bench city`'s.
func listNearBench(side: Int) throws {
    let city = SyntheticCity(side: side)
    print("== a list near a point (\(side)×\(side) city)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-list-near-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = folder.appendingPathComponent("city.osm").path
    let store = folder.appendingPathComponent("city.sqlite").path, campus = folder.appendingPathComponent("campus.sqlite").path
    try city.writeXML(to: xml)
    let imported = runMeasured(["env", "HOME=\(folder.path)", releaseArtmap(), "import", xml, "--collection", "city", "--store", store])
    try? FileManager.default.removeItem(atPath: xml)
    guard imported.status == 0 else {
        print("artmap import failed (status \(imported.status))")
        return
    }
    _ = runMeasured(["env", "HOME=\(folder.path)", releaseArtmap(), "list", "--store", campus])
    let bytes = (try? FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
    print(String(format: "the city's store: %.0f MB", Double(bytes) / 1_048_576))
    listNearFigure(store: store, campusStore: campus, home: folder, city: city)
}
