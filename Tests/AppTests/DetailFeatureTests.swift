import TerminalTypes
import Testing
import TestSupport
@testable import App

@Test func theDetailScrollsByLinesAndPagesAndAsksForTheViewer() throws {
    let state = try campusState(columns: 160, rows: 45)
    var detail = DetailState(artwork: .campus("40"))
    DetailFeature.reduce(&detail, .scroll(.down), state)
    DetailFeature.reduce(&detail, .scroll(.pageDown), state)
    #expect(detail.scroll == 1 + (45 - 8))
    DetailFeature.reduce(&detail, .scroll(.top), state)
    DetailFeature.reduce(&detail, .scroll(.up), state)
    #expect(detail.scroll == 0, "never above the top")
    #expect(DetailFeature.reduce(&detail, .openImage, state).delegates == [.openViewer(.campus("40"))])
}

@Test func theHelpScrolls() throws {
    let state = try campusState(columns: 160, rows: 30)
    var help = HelpState()
    HelpFeature.reduce(&help, .scroll(.pageDown), state)
    #expect(help.scroll == 22)
    HelpFeature.reduce(&help, .scroll(.pageUp), state)
    HelpFeature.reduce(&help, .scroll(.up), state)
    #expect(help.scroll == 0)
}
