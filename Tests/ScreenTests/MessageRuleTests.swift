import Cells
@testable import App
import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

// Issue 23, item 1: reason first, then what to do, the subject last; panels wrap.

/// The route panel wraps "no streets imported" and its advice, even in a narrow pane.
@Test(arguments: [(200, 60), (80, 24)])
func gWithoutStreetsSaysWhatToDoInFull(columns: Int, rows: Int) throws {
    var state = try campusState(columns: columns, rows: rows)
    _ = reduce(&state, .key(.tab))
    _ = reduce(&state, .key(.character("g")))
    let text = MainView.render(state).lines.map { $0.replacingOccurrences(of: "│", with: " ") }
        .joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(text.contains("No walking route: no streets imported: artmap import an .osm.pbf of the area for walking directions"), "\(text)")
}

/// The help's mouse line wraps in its box instead of being cut.
@Test func helpsMouseLineIsReadWhole() throws {
    var state = try campusState(columns: 100, rows: 200)
    state.replaceStack([HelpState(scroll: 0)])
    let lines = MainView.render(state).lines
    let mouse = try #require(lines.firstIndex { $0.contains("Mouse: click a marker or a row to select it; the wheel scrolls the table") })
    #expect(lines[mouse].contains("Mouse: click a marker or a row to select it; the wheel scrolls the table or  "))
    #expect(lines[mouse + 1].contains("│ zooms the map.  "))
}

/// A painter search answered with HTTP 500: the panel shows the reason and what to do, on two lines.
@Test func aPainterSearchsHTTP500IsReadInThePanel() throws {
    var state = try campusState(columns: 100, rows: 30)
    var painters = PaintersState()
    painters.message = "the search failed: HTTP 500 · try again later, or check the museum's address in settings (,) · https://data.rijksmuseum.nl/search/collection?creator=johannes+vermeer"
    state.replaceStack([painters])
    let text = MainView.render(state).lines.joined(separator: "\n")
    #expect(text.contains("the search failed: HTTP 500 · try again later, or check the museum's address"))
    #expect(text.contains("settings (,) · https://data.rijksmuseum.nl/sear…lection?creator=johannes+vermeer"), "the address last, cut in its middle")
}

/// The 51st heart's message keeps its reason on the status line at 80 columns, after the location's first 20
/// characters (issue 36, item 4): the state between them gives way, then the message's tail is cut with "…".
@Test func theStatusLineKeepsTheReasonOfALongMessage() throws {
    var state = try campusState(columns: 80, rows: 24)
    _ = reduce(&state, .favouriteRefused("50 favourites is the most artmap keeps: un-heart one first (F lists them, f un-hearts)"))
    let status = try #require(MainView.render(state).lines.last)
    // The location keeps its name whole (issue 50: "Ashton Building 53…" read as a cut name).
    #expect(status == " ◎ Ashton Building │ 50 favourites is the most artmap keeps: un-heart one first…", "\(status)")
    // A message that fits leaves the state beside the location whole, part by part.
    _ = reduce(&state, .favouriteRefused("50 favourites at most"))
    let short = try #require(MainView.render(state).lines.last)
    #expect(short.hasPrefix(" ◎ Ashton Building 53.40657,-2.96653 │ 31 shown │ 50 favourites at most "), "\(short)")
}

/// The viewer's zoom limit comes first on its status line, whole.
@Test func theViewersZoomLimitIsReadFirst() throws {
    var state = try campusState(columns: 120, rows: 30)
    state.replaceStack([ImageViewerState(artwork: .campus("40"))])
    state.lastMessage = "at most 8× zoom: one pixel of the picture (4000×3000 px as loaded) per sub-cell · 0 fits"
    let status = try #require(MainView.render(state).lines.last)
    #expect(status.hasPrefix(" at most 8× zoom: one pixel of the picture (4000×3000 px as loaded) per sub-cell"), "\(status)")
}

/// Issue 23, item 11: the detail shows the artwork's id and collection, for show, route --to and favourites add.
@Test func theDetailShowsTheArtworksId() throws {
    var state = try campusState(columns: 120, rows: 40)
    state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0)])
    let text = MainView.render(state).lines.joined(separator: "\n")
    #expect(text.contains("Id: 40 in campus (artmap show 40)"))
}

/// Issue 23, item 8 and 17: the slideshow's keys stay whole at 80 columns, and a paused show says space plays.
@Test func theSlideshowsKeysStayWhole() throws {
    var state = try campusState(columns: 80, rows: 24)
    var show = SlideshowState(ids: [.campus("40")], interval: 8, origin: "4 cached pictures (none of your 50 favourites has a picture yet)")
    state.replaceStack([show])
    var status = try #require(MainView.render(state).lines.last)
    #expect(status.hasSuffix("space pauses · ←/→ step · Esc leave "), "\(status)")
    show.paused = true
    state.replaceStack([show])
    status = try #require(MainView.render(state).lines.last)
    #expect(status.hasSuffix("space plays · ←/→ step · Esc leave "), "\(status)")
}

/// Issue 23, item 17: an imported artwork's notes are paragraphs in the detail, and its type is said once.
@Test func notesAreParagraphsAndTheTypeIsSaidOnce() throws {
    let artwork = MapTagsArtwork.make()
    var state = AppState(artworks: [artwork])
    _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
    state.replaceStack([DetailState(artwork: artwork.key, scroll: 0)])
    let lines = MainView.render(state).lines
    #expect(lines.filter { $0.contains("Type: sculpture") }.count == 1)
    #expect(lines.contains { $0.contains("│ A bronze figure.") && !$0.contains("Source:") }, "a paragraph of its own")
    #expect(lines.contains { $0.contains("│ Source: node/1, © OpenStreetMap contributors (ODbL)") })
}

enum MapTagsArtwork {
    static func make() -> Artwork {
        // As an OpenStreetMap import makes it.
        MapTags.artwork(id: "node/1", tags: ["name": "Figure", "artwork_type": "sculpture", "description": "A bronze figure."],
                        at: Coordinate(clampingLatitude: 53.4066, longitude: -2.9666), collection: "town")
    }
}

/// Issue 23, item 17: the campus opens with all 13 buildings on the map.
@Test(arguments: [(120, 40), (80, 24), (160, 45)])
func theCampusOpensWithEveryBuildingOnTheMap(columns: Int, rows: Int) throws {
    let state = try campusState(columns: columns, rows: rows)
    let half = state.main.mapHalfExtent
    for building in state.main.ranked {
        let offset = state.main.cellOffset(of: building.building.coordinate)
        #expect(abs(offset.x) <= half.x && abs(offset.y) <= half.y, "\(building.name) is off the map at \(columns)×\(rows)")
    }
}
