import Foundation
import Geo
import Testing
import TestSupport
@testable import ArtmapCLI

// Issue 45: nothing runs a command by words written in code. The view without a terminal hands `list` its typed
// options, and `artmap slideshow` hands the view its own; these tests fail if a field is dropped on the way.

@Test func theViewWithoutATerminalListsAsListDoesWithTheOptionsBothTake() async throws {
    let home = try temporaryDirectory("typed-list")
    // Output to a pipe (not a terminal): the view's options that list takes are listed with; the view's own go.
    let viewed = await runArtmap(["--nearest", "2", "--layout", "stacked", "--no-mouse", "--radius", "200"], home: home)
    let listed = await runArtmap(["list", "--nearest", "2", "--radius", "200"], home: home)
    #expect(viewed.status == 0 && listed.status == 0, "\(viewed.err) \(listed.err)")
    #expect(viewed.out.hasPrefix("3 artworks in 2 buildings near 53.406566,-2.966531"), "\(viewed.out)")
    #expect(viewed.out == listed.out)
}

@Test func theViewWithoutATerminalKeepsOfflineWhenItListsNearAPlace() async throws {
    let home = try temporaryDirectory("typed-offline")
    // The words once handed on were the valued options only: --offline was lost and Nominatim asked (here a
    // closed port on this machine, so nothing leaves it either way).
    let result = await runArtmap(["--offline", "--near", "Nowhere at all", "--nominatim-url", "http://127.0.0.1:9"], home: home)
    #expect(result.status != 0)
    #expect(result.err.contains("no place named 'Nowhere at all' in the store (offline)"), "\(result.err)")
}

@Test func listCommandOptionsFromTheViewCarryEveryFieldListTakesAndNothingElse() throws {
    let view = try InteractiveCommand.parser.parse(
        ["--at", "53.4,-2.97", "--radius", "300", "--nearest", "3", "--collection", "Campus", "--offline", "--geoclue",
         "--max-error", "20", "--store", "/tmp/typed.sqlite", "--nominatim-url", "http://127.0.0.1:9", "--gpx", "walk.gpx",
         "--distance-filter", "40", "--speed", "2", "--loop", "--overpass-url", "http://127.0.0.1:8"],
        as: InteractiveCommand.ViewOptions.self)
    let list = view.listed
    #expect(list.at == (try Coordinate(latitude: 53.4, longitude: -2.97)))
    #expect(list.radius == 300 && list.nearest == 3 && list.collection.name == "Campus" && list.offline)
    #expect(list.location.geoclue && list.location.maxError == 20 && list.location.gpx == "walk.gpx")
    #expect(list.store.path == "/tmp/typed.sqlite" && list.services.nominatim == "http://127.0.0.1:9")
    // What list does not take stays behind: a replay's pace and filter, the fetch's services, --json unasked.
    #expect(list.location.distanceFilter == nil && list.location.speed == nil && !list.location.loop)
    #expect(list.services.overpass == nil && !list.json)
    let near = try InteractiveCommand.parser.parse(["--near", "Mikonkatu", "--gpsd", "127.0.0.1:2948"], as: InteractiveCommand.ViewOptions.self).listed
    #expect(near.near == "Mikonkatu" && near.location.gpsd?.host == "127.0.0.1" && near.location.gpsd?.port == 2948)
}

@Test func theSlideshowCommandOpensTheViewOfflineOnItsStoreWithItsPixels() throws {
    let given = try SlideshowCommand.parser.parse(["--store", "/tmp/slides.sqlite", "--pixels", "cells", "--interval", "3"],
                                                   as: SlideshowCommand.Options.self)
    let view = SlideshowCommand.viewOptions(given)
    #expect(view.offline, "nothing is synced, fetched or searched under the pictures")
    #expect(view.store.path == "/tmp/slides.sqlite" && view.pixels == "cells")
    #expect(view.at == nil && view.near == nil && view.collection.name == nil && view.layout == .auto)
    let plain = SlideshowCommand.viewOptions(try SlideshowCommand.parser.parse([], as: SlideshowCommand.Options.self))
    #expect(plain.offline && plain.store.path == nil && plain.pixels == nil)
}
