import Cells
import App
import TerminalTypes
import TestSupport
import Testing
import Screen

// What reaches a terminal, read from the in-memory backend: it changes only the runs `Buffer.changedRuns` reports,
// so if a frame's diff missed a cell, its screen would differ from a fresh drawing of the same state.

@Test func keysReachTheMemoryTerminalAsAFreshDrawingOfEachState() throws {
    var state = try campusState(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: TerminalSize(columns: 120, rows: 40))
    let caches = RenderCaches(sheets: .atOnce)
    terminal.draw(MainView.render(state, caches: caches))
    #expect(terminal.cellsSent == 120 * 40, "the first frame paints every cell")
    #expect(terminal.lines == MainView.render(state).trimmedLines)
    #expect(terminal.lines.first?.contains("artmap") == true, "\(terminal.lines.first ?? "")")
    for key in [Key.right, .right, .down, .shiftRight, .tab, .down, .down, .enter, .escape, .character("+"), .left] {
        terminal.type(key)
        for event in terminal.readEvents() {
            guard case .key(let key) = event else { continue }
            _ = reduce(&state, .key(key))
        }
        let sentBefore = terminal.cellsSent
        terminal.draw(MainView.render(state, caches: caches))
        #expect(terminal.lines == MainView.render(state).trimmedLines, "after \(key)")
        #expect(terminal.cellsSent - sentBefore < 120 * 40, "after \(key) only what changed is sent")
    }
    #expect(terminal.frames == 12)
}

@Test func aResizeRepaintsTheMemoryTerminalWhole() throws {
    var state = try campusState(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: TerminalSize(columns: 120, rows: 40))
    let caches = RenderCaches(sheets: .never)
    terminal.draw(MainView.render(state, caches: caches))
    terminal.resize(to: TerminalSize(columns: 100, rows: 30))
    #expect(terminal.readEvents() == [.resize(TerminalSize(columns: 100, rows: 30))])
    #expect(terminal.readEvents().isEmpty, "events are read once")
    _ = reduce(&state, .resize(terminal.size))
    let sentBefore = terminal.cellsSent
    terminal.draw(MainView.render(state, caches: caches))
    #expect(terminal.cellsSent - sentBefore == 100 * 30)
    #expect(terminal.lines == MainView.render(state).trimmedLines)
    #expect(terminal.screen.width == 100 && terminal.screen.height == 30)
}
