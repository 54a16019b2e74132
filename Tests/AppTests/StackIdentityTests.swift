import Catalog
import Foundation
import Testing
import TestSupport
@testable import App

// Answers that arrive after the user has moved on reach the screen that asked, by its id, or nobody.

@Test func eachPushedScreenGetsItsOwnIdInOrder() throws {
    var state = try campusState()
    state.perform(.opening(SettingsState.self), context: .map)
    state.perform(.opening(HelpState.self), context: .settings)
    #expect(state.overlays.map(\.id) == [ScreenID(1), ScreenID(2)])
    _ = reduce(&state, .key(.escape))
    state.perform(.opening(HelpState.self), context: .settings)
    #expect(state.overlays.map(\.id) == [ScreenID(1), ScreenID(3)], "a closed screen's id is never given again")
}

@Test func aPainterAnswerForAClosedScreenDoesNotReachTheOneOpenedSince() throws {
    var state = try campusState()
    state.perform(.opening(PaintersState.self), context: .map)
    let first = try #require(state.overlays.last?.id)
    _ = reduce(&state, .key(.escape))
    state.perform(.opening(PaintersState.self), context: .map)
    let second = try #require(state.overlays.last?.id)
    #expect(first != second)
    let vermeer = [PainterSummary(name: "Vermeer", total: 4, stored: 3)]
    _ = reduce(&state, .painters(.finished("added Vermeer: 3 paintings", vermeer), screen: first))
    #expect(try #require(state.topPainters).painters.isEmpty, "the first screen's answer is not the second's")
    #expect(state.lastMessage == "added Vermeer: 3 paintings", "the answer of a closed screen still says what happened")
    _ = reduce(&state, .painters(.listed(vermeer), screen: second))
    #expect(try #require(state.topPainters).painters.map(\.name) == ["Vermeer"])
}

@Test func aTimerAnswerReachesItsScreenUnderAnotherAndNotAClosedOne() throws {
    var state = try campusState()
    let favourites = Array(state.main.artworks.filter { !$0.imageFileName.isEmpty }.prefix(2))
    try #require(favourites.count == 2)
    _ = reduce(&state, .favouritesLoaded(favourites))
    let started = state.perform(.opening(SlideshowState.self), context: .map)
    let show = try #require(state.topSlideshow)
    let id = try #require(state.overlays.last?.id)
    #expect(started.contains(.after(seconds: show.interval, .slideshow(.timer(generation: show.generation)), screen: id)),
            "the slideshow's timer names the slideshow: \(started)")
    // The help opened over the slideshow: the timer still reaches the slideshow beneath it.
    state.perform(.opening(HelpState.self), context: .slideshow)
    _ = reduce(&state, .answer(.slideshow(.timer(generation: show.generation)), to: id))
    #expect(state.overlays.first?.state(SlideshowState.self)?.currentID == favourites[1].key)
    // Closed: an answer to it changes nothing.
    state.replaceStack([])
    state.perform(.opening(SettingsState.self), context: .map)
    let before = state.overlays
    _ = reduce(&state, .answer(.slideshow(.timer(generation: show.generation)), to: id))
    #expect(state.overlays == before)
}

@Test func aKeyTypedIntoAScreenIsTakenSwallowedOrPassedOn() throws {
    var state = try campusState()
    state.perform(.opening(SettingsState.self), context: .map)
    let settings = try #require(state.overlays.last)
    #expect(settings.typing(.character("q")) == .notTyping)
    _ = reduce(&state, .key(.enter))
    let editing = try #require(state.overlays.last)
    #expect(editing.typing(.character("q")) == .action(.settings(.type("q"))))
    #expect(editing.typing(.up) == .swallowed)
    _ = reduce(&state, .key(.character("q")))
    #expect(state.topSettings?.editing?.hasSuffix("q") == true, "q typed into a setting does not close it")
}

/// The attack on issue 47: a paste of several lines into the note's editor is one line of words, its line breaks
/// spaces and its letters no commands (a pasted f hearted the artwork, a q would have quit); with no prompt open
/// a paste is no keys at all.
@Test func aPasteTypesIntoThePromptAsOneLineAndIsNoKeysElsewhere() throws {
    var state = try campusState()
    let before = state.favourites
    #expect(reduce(&state, .key(.paste("f\nq"))).isEmpty, "no prompt: nothing happens")
    #expect(state.favourites == before)
    #expect(state.lastMessage?.contains("pasting types into a prompt") == true, "\(state.lastMessage ?? "")")
    _ = reduce(&state, .key(.character("/")))
    let effects = reduce(&state, .key(.paste("Statue\nof\r\n\tq")))
    #expect(!effects.contains(.quit))
    #expect(state.main.searchText == "Statue of q", "\(state.main.searchText)")
}
