import Foundation

/// Wikidata items around Kluuvi, Helsinki, built from the real items and the fixture's real OSM artworks (issue 46),
/// in the stand-in WDQS's shape (Tests/Support/wdqs_server.py):
/// - exact-id pairs moved tens of metres: Havis Amanda (Q523268, the element's `wikidata=` tag; 60 m east) and
///   Kolme seppää (Q7797830; 45 m north), and Albert Edelfelt's memorial, which names its OSM node (P11693) 80 m away;
/// - near pairs with the same title: Eduardo Chillida's "Helsinki 1992", 25 m from its node, and Matti Haupt's
///   "Päin merta myrskyävää", 20 m from its node, which has no year;
/// - a near pair with different titles, kept apart: "Bird Song", 30 m from Viktor Jansson's "Convolvulus";
/// - items with no OSM twin: "Elephant Fountain" and "Sea Spirit".
public enum WikidataItems {
    public static var kluuvi: [[String: Any]] { [
        ["id": "Q523268", "lat": 60.1675863, "lon": 24.9524800, "labels": ["en": "Havis Amanda", "fi": "Havis Amanda", "sv": "Havis Amanda"],
         "creators": [["Q1394406", "Ville Vallgren"]], "inception": "1908", "materials": ["bronze", "granite"],
         "kinds": [["Q860861", "sculpture"]], "image": "Havis Amanda 2.jpg", "category": "Havis Amanda"],
        ["id": "Q7797830", "lat": 60.1690700, "lon": 24.9409553, "labels": ["en": "Three Smiths", "fi": "Kolme seppää", "sv": "Tre smeder"],
         "creators": [["Q5440283", "Felix Nylund"]], "inception": "1932", "kinds": [["Q860861", "sculpture"]], "image": "Three Smiths Helsinki.jpg"],
        ["id": "Q11853360", "lat": 60.1706700, "lon": 24.9430680, "labels": ["fi": "Albert Edelfeltin muistomerkki", "en": "Albert Edelfelt memorial"],
         "creators": [["Q11880513", "Ville Vallgren"]], "inception": "1928", "osm": ["node/60131839"]],
        ["id": "Q130000001", "lat": 60.1702400, "lon": 24.9485375, "labels": ["fi": "Helsinki 1992", "en": "Helsinki 1992"],
         "creators": [["Q314165", "Eduardo Chillida"]], "inception": "1992", "kinds": [["Q860861", "sculpture"]]],
        ["id": "Q130000002", "lat": 60.1735900, "lon": 24.9444566, "labels": ["en": "Bird Song", "fi": "Linnunlaulu"],
         "creators": [["Q130000099", "Viktor Jansson"]], "inception": "1990"],
        ["id": "Q130000003", "lat": 60.1722000, "lon": 24.9385000, "labels": ["en": "Elephant Fountain", "sv": "Elefantfontänen"],
         "inception": "1970", "materials": ["copper"], "image": "Elephant Fountain.jpg"],
        ["id": "Q130000005", "lat": 60.1649000, "lon": 24.9526000, "labels": ["fi": "Päin merta myrskyävää", "en": "Towards the Stormy Sea"],
         "creators": [["Q130000098", "Matti Haupt"]], "inception": "1953", "kinds": [["Q860861", "sculpture"]]],
        ["id": "Q130000004", "lat": 60.1640000, "lon": 24.9560000, "labels": ["en": "Sea Spirit"], "kinds": [["Q4989906", "monument"]]],
    ] }
}
