import Store
import Testing
@testable import Sync

/// Issue 50: the view ends a fetch with what there is to see, in a person's words; `artmap fetch` keeps its counts.
@Test func aFetchInTheViewSaysWhatThereIsToSee() {
    var report = MapFetchReport()
    report.tiles = 10
    report.fetched = 10
    var stored = TileReplaceReport()
    stored.features = 3625
    stored.edges = 11517
    stored.artworks.new = 65
    report.stored = stored
    #expect(report.spoken == "65 artworks around here; the streets for walking are loaded")
    #expect(report.summary.hasPrefix("fetched 10 tiles: 3625 map features, 11517 walking edges, 65 artworks"), "\(report.summary)")
    stored.artworks.new = 2
    stored.artworks.unchanged = 63
    stored.edges = 0
    report.stored = stored
    #expect(report.spoken == "65 artworks around here (2 new); the map is drawn, but it has no streets to walk along")
    // Issue 50, item 8: the same data fetched again says it is up to date; a change is named.
    stored.edges = 11517
    stored.artworks = MergeReport()
    stored.artworks.unchanged = 65
    report.stored = stored
    #expect(report.spoken == "65 artworks around here, up to date; the streets for walking are loaded")
    stored.artworks.unchanged = 64
    stored.artworks.changed = 1
    report.stored = stored
    #expect(report.spoken == "65 artworks around here (1 changed); the streets for walking are loaded")
}
