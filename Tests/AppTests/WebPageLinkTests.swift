import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

@Test(arguments: ["https://www.rijksmuseum.nl/en/collection/SK-C-5", "http://127.0.0.1:8080/page?id=1", "HTTPS://example.org"])
func webAddressesMayBeOpened(_ url: String) {
    #expect(WebPageLink.refusal(url) == nil)
}

@Test(arguments: [
    ("-h", "the address has no scheme (only http and https are opened)"),
    ("--help", "the address has no scheme (only http and https are opened)"),
    ("file:///etc/passwd", "only http and https addresses are opened, not file:"),
    ("javascript:alert(1)", "only http and https addresses are opened, not javascript:"),
    ("https://example.org/\nfile:///etc/passwd", "the address contains spaces or control characters"),
    ("https://example.org/\u{1B}[31m", "the address contains spaces or control characters"),
    ("https://example.org/ -h", "the address contains spaces or control characters"),
    ("https://example.org/\u{202E}gpj", "the address contains spaces or control characters"),
    ("https:///path", "the address names no host"),
    ("https:", "the address names no host"),
    ("", "the address is empty"),
])
func otherAddressesAreRefusedWithTheReason(_ url: String, reason: String) {
    #expect(WebPageLink.refusal(url) == reason)
}

@Test func aVeryLongAddressIsRefused() {
    let url = "https://example.org/" + String(repeating: "a", count: WebPageLink.maxLength)
    #expect(WebPageLink.refusal(url) == "the address is longer than 2048 characters")
}

@Test func oRefusesAHostileWebPageAndSaysWhyOnTheStatusLine() throws {
    var state = try campusState()
    var hostile = Artwork(id: "SK-X-1", title: "Trap", artist: "Someone", coordinate: .ashtonBuilding,
                          imageFileName: "", collection: "rijksmuseum")
    for (page, reason) in [("--help", "the address has no scheme (only http and https are opened)"),
                           ("file:///etc/passwd", "only http and https addresses are opened, not file:")] {
        hostile.webPage = page
        _ = reduce(&state, .favouritesLoaded([hostile]))
        state.perform(.opening(FavouritesState.self), context: .map)
        #expect(state.perform(.openWebPage, context: .favourites).isEmpty, "nothing is handed to the opener")
        #expect(state.lastError == "not opening 'Trap' on the web: \(reason)")
        state.perform(.back, context: .favourites)
    }
}
