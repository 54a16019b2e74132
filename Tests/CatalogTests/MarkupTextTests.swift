import Catalog
import Foundation
import Geo
import Testing

// Issue 48, item 4: HTML becomes text in every field of every import, before the terminal's own cleaning.

@Test func blockTagsBecomeLineBreaksEntitiesAreDecodedAndOtherTagsDropped() {
    #expect(MarkupText.plain("<p>A bronze figure.</p><p>Restored in 2015 &ndash; &lsquo;cleaned&rsquo;.</p>")
        == "A bronze figure.\nRestored in 2015 – \u{2018}cleaned\u{2019}.")
    #expect(MarkupText.plain("Steel &amp; glass<br />on the plaza") == "Steel & glass\non the plaza")
    #expect(MarkupText.plain("Een ge&euml;mancipeerde vrouw&nbsp;in <b>brons</b>") == "Een geëmancipeerde vrouw in brons")
    #expect(MarkupText.plain("&Eacute;t&eacute; &#233; &#xE9; &copy;") == "Été é é ©")
    #expect(MarkupText.plain("<div><a href=\"https://x\">link</a></div><!-- note -->") == "link")
    #expect(MarkupText.plain("<ul><li>one</li><li>two</li></ul>") == "one\ntwo")
}

@Test func textWithoutMarkupIsLeftAsItWas() {
    for text in ["a < b and c > d", "R&D", "Fish & Chips", "x &unknown; y", "  two  spaces  ", "<3 love"] {
        #expect(MarkupText.plain(text) == text, "\(text)")
    }
}

@Test func everyImportsArtworkFieldsAreMadePlainButAddressesOfPicturesAndPagesAreNot() throws {
    let artwork = Artwork(id: "1", title: "<b>Wave</b>", artist: "Jos&eacute;", year: "1990", type: "<i>mural</i>",
                          information: "<p>One</p><p>Two</p>", coordinate: try Coordinate(latitude: 1, longitude: 2),
                          building: "Caf&eacute; Noir", locationNotes: "Main St<br>corner", imageFileName: "https://x/a.jpg?a=1&amp;b=2",
                          collection: "c")
    let bounded = FieldLimits.bounded(artwork).artwork
    #expect(bounded.title == "Wave" && bounded.artist == "José" && bounded.type == "mural")
    #expect(bounded.information == "One\nTwo" && bounded.building == "Café Noir" && bounded.locationNotes == "Main St corner")
    #expect(bounded.imageFileName == "https://x/a.jpg?a=1&amp;b=2", "a URL is not text")
}
