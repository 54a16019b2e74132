import Cartography
import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import Store

// Issue 48, item 5: an unnamed building:part inside a named building belongs to the named building, and an artwork
// whose point is a vertex of a building's outline belongs to that building.

@Test func anUnnamedBuildingPartInsideANamedBuildingAndMuralsOnAnOutlinesVerticesBelongToTheNamedBuilding() throws {
    let osm = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand-made">
          <node id="1" lat="51.8400" lon="5.8600"/><node id="2" lat="51.8400" lon="5.8620"/>
          <node id="11" lat="51.8410" lon="5.8600"/><node id="12" lat="51.8410" lon="5.8610"/>
          <node id="13" lat="51.8416" lon="5.8610"/><node id="14" lat="51.8416" lon="5.8600"/>
          <node id="21" lat="51.8412" lon="5.8602"/><node id="22" lat="51.8412" lon="5.8605"/>
          <node id="23" lat="51.8414" lon="5.8605"/><node id="24" lat="51.8414" lon="5.8602"/>
          <node id="31" lat="51.8413" lon="5.86035"><tag k="tourism" v="artwork"/><tag k="name" v="Miniature"/></node>
          <node id="41" lat="51.8420" lon="5.8630"><tag k="tourism" v="artwork"/><tag k="artwork_type" v="mural"/><tag k="name" v="Mural A"/></node>
          <node id="42" lat="51.8420" lon="5.8640"><tag k="tourism" v="artwork"/><tag k="artwork_type" v="mural"/><tag k="name" v="Mural B"/></node>
          <node id="43" lat="51.8426" lon="5.8640"><tag k="tourism" v="artwork"/><tag k="artwork_type" v="mural"/><tag k="name" v="Mural C"/></node>
          <node id="44" lat="51.8426" lon="5.8630"/>
          <node id="51" lat="51.8423" lon="5.8635"/>
          <way id="100"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Grote Markt"/></way>
          <way id="200"><nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="14"/><nd ref="11"/><tag k="building" v="church"/><tag k="name" v="Stevenskerk"/></way>
          <way id="210"><nd ref="21"/><nd ref="22"/><nd ref="23"/><nd ref="24"/><nd ref="21"/><tag k="building:part" v="yes"/></way>
          <way id="300"><nd ref="41"/><nd ref="42"/><nd ref="43"/><nd ref="44"/><nd ref="41"/><tag k="building" v="yes"/><tag k="name" v="Het Huis"/></way>
        </osm>
        """
    let file = try temporaryDirectory("parts").appendingPathComponent("parts.osm")
    try osm.write(to: file, atomically: true, encoding: .utf8)
    let store = try CatalogStore(path: ":memory:")
    _ = try store.importMap(source: "parts", file: "parts.osm", collection: "parts") { sink in
        try OSMImporter.run(path: file.path, collection: "parts", sink: sink)
    }
    let artworks = try store.artworks(collection: "parts")
    let miniature = try #require(artworks.first { $0.title == "Miniature" })
    #expect(miniature.building == "Stevenskerk", "\(miniature)")
    for name in ["Mural A", "Mural B", "Mural C"] {
        let mural = try #require(artworks.first { $0.title == name })
        #expect(mural.building == "Het Huis", "\(name): \(mural)")
    }
}
