import Catalog
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

// Issue 50, a newcomer's tour (round 3): the help's first keys, keys acting only on what is visible, `n`/`N` as
// next and previous match under a filter, and one stable cycle through the collections.

@Test func theHelpOpensOnTheKeysUsedMostSaidForTheViewBelow() throws {
    var state = try campusState()
    press(&state, .tab, .character("?"))
    let help = try #require(state.top(HelpState.self))
    #expect(help.context == .table, "opened over the table")
    let entries = HelpPage.entries(for: help.context)
    #expect(entries.first == .heading("Keys used most (the table has the arrows)"))
    let first = entries.prefix { $0 != .blank }.compactMap { entry -> String? in
        if case .key(let key, _) = entry { return key } else { return nil }
    }
    #expect(first == ["Enter", "Esc", "Tab", "/", "n", "w", "@", "f", "s", "?", "q"], "\(first)")
    #expect(entries.contains(.key("Enter", "open the building or artwork")), "Enter as the table takes it")
    #expect(entries.contains(.key("q", "quit artmap")))
    // Then this view's own section, before every other.
    let sections = entries.compactMap { entry -> String? in if case .heading(let text) = entry { return text } else { return nil } }
    #expect(sections.dropFirst().first == "Table (this view)", "\(sections)")
    // Over a detail, q closes it, and keys that act on the hidden map are not offered.
    let detail = HelpPage.entries(for: .detail)
    #expect(detail.contains(.key("q", "close this view (on the main screen q quits)")))
    #expect(!detail.prefix { $0 != .blank }.contains { if case .key("Tab", _) = $0 { return true } else { return false } })
    // `s` says what it refreshes, not "the campus service" in every view.
    #expect(Keymap.bindings.first { $0.command == .sync }?.description.contains("what is shown") == true)
}

@Test func keysForTheMapDoNothingUnderAScreenThatHidesIt() throws {
    var state = try campusState()
    press(&state, .character("-"), .character("-"))
    let zoom = state.main.map.zoomIndex
    press(&state, .tab, .enter)
    #expect(!state.overlays.isEmpty, "a building's list or a detail is open")
    press(&state, .character("0"), .character("+"), .character("L"))
    #expect(state.main.map.zoomIndex == zoom, "0 and + in a pop-up do not zoom the hidden map")
    #expect(state.main.layoutMode == .auto)
    #expect(state.lastMessage == "the map is hidden behind this view: Esc shows it")
    press(&state, .escape, .escape, .character("0"))
    #expect(state.overlays.isEmpty && state.main.map.zoomIndex != zoom, "on the main screen 0 zooms")
}

@Test func underAFilterNAndShiftNStepThroughTheMatches() throws {
    var state = try campusState()
    state.main.collections = ["campus", "coffee"]
    press(&state, .tab, .character("/"), .character("c"), .character("o"), .character("h"), .enter)
    let shown = state.main.shownArtworkCount
    #expect(shown > 1)
    var seen: [ArtworkKey] = []
    for _ in 0..<shown {
        #expect(press(&state, .character("n")).allSatisfy { if case .loadCollection = $0 { return false } else { return true } },
                "n under a filter never switches the collection")
        let artwork = try #require(state.main.pointed?.artwork, "n selects an artwork")
        seen.append(artwork.key)
    }
    #expect(Set(seen).count == shown, "n visits every match once: \(seen)")
    #expect(state.lastMessage?.hasPrefix("match \(shown) of \(shown)") == true, "\(state.lastMessage ?? "")")
    press(&state, .character("n"))
    #expect(state.lastMessage?.hasPrefix("match 1 of \(shown)") == true, "round again")
    press(&state, .character("N"))
    #expect(state.lastMessage?.hasPrefix("match \(shown) of \(shown)") == true, "N goes back")
    #expect(state.overlays.isEmpty, "N under a filter is not the news")
    // C cycles the collections whatever the filter; without a filter n does too, and N opens the news.
    #expect(press(&state, .character("C")) == [.loadCollection("coffee")])
    press(&state, .escape)
    #expect(press(&state, .character("n")) == [.loadCollection("coffee")])
}

@Test func artFetchedBesideTheCollectionShownJoinsTheCycle() throws {
    var state = try campusState()
    #expect(state.main.catalogue.cycle.count <= 1, "one collection: nothing to cycle")
    _ = onMain(&state, .collectionNear("osm"))
    #expect(state.main.catalogue.cycle == [["campus", "osm"], ["campus"], ["osm"]], "\(state.main.catalogue.cycle)")
    // The cycle is stable: from the campus alone, then osm alone, then both, whatever was loaded in between.
    #expect(onMain(&state, .nextCollection).effects == [.loadCollection("osm")])
    _ = onMain(&state, .collectionLoaded("osm", [], search: nil))
    #expect(onMain(&state, .nextCollection).effects == [.loadCollections(["campus", "osm"])])
    let museum = onMain(&state, .collectionLoaded("rijksmuseum", [], search: "Vermeer"))
    #expect(!museum.delegates.isEmpty)
    #expect(onMain(&state, .nextCollection).effects == [.loadCollections(["campus", "osm"])], "back to the art around you")
}

@Test func aHeartSaysWhatItHeartedAndWhereTheHeartsAre() throws {
    var state = try campusState()
    press(&state, .tab, .down)
    let artwork = try #require(state.main.pointed?.artwork)
    #expect(press(&state, .character("f")) == [.toggleFavourite(artwork.key)])
    _ = reduce(&state, .favouritesLoaded([artwork]))
    #expect(state.lastMessage == "♥ '\(artwork.title)' hearted · F lists your 1 heart · f again un-hearts")
    _ = reduce(&state, .favouritesLoaded([]))
    #expect(state.lastMessage == "'\(artwork.title)' un-hearted · 0 hearts left")
}
