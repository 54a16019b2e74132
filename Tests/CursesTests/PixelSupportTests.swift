import Cells
import Curses
import Imaging
import Testing

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

@Test func answersOfKittyAndXtermAreRead() {
    let kitty = ProbeAnswers.parse(bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c"))
    #expect(kitty.kitty && !kitty.sixel && kitty.deviceAttributes)
    #expect(kitty.cell == CellPixels(width: 10, height: 20))
    let xterm = ProbeAnswers.parse(bytes("q\u{1B}[?63;1;2;4;6;9;15;22c"))
    #expect(!xterm.kitty && xterm.sixel && xterm.deviceAttributes && xterm.cell == nil)
    let refused = ProbeAnswers.parse(bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;22c"))
    #expect(!refused.kitty && !refused.sixel)
    #expect(ProbeAnswers.parse(bytes("\u{1B}[?62;2")) == ProbeAnswers())
}

private func choose(_ mode: String?, env: [String: String] = ["TERM": "xterm-256color"], terminal: Bool = true, noColor: Bool = false,
                    ascii: Bool = false, passthrough: Bool = false, answers: ProbeAnswers, probed: inout Bool) -> PixelChoice {
    var asked = false
    let choice = PixelChoice.choose(mode: mode, environment: env, isTerminal: terminal, noColor: noColor, ascii: ascii,
                                    tmuxPassthrough: { passthrough }, probe: { _ in asked = true; return answers }, kernelCell: nil)
    probed = asked
    return choice
}

@Test func theProtocolFollowsTheAnswersAndTheOverrides() {
    var kitty = ProbeAnswers(); kitty.kitty = true; kitty.deviceAttributes = true; kitty.cell = CellPixels(width: 9, height: 18)
    var sixel = ProbeAnswers(); sixel.sixel = true; sixel.deviceAttributes = true
    var probed = false
    #expect(choose(nil, answers: kitty, probed: &probed) == PixelChoice(kind: .kitty, cell: CellPixels(width: 9, height: 18)))
    #expect(choose("auto", answers: sixel, probed: &probed).kind == .sixel)
    #expect(choose("auto", answers: ProbeAnswers(), probed: &probed).kind == .cells)
    #expect(choose("sixel", answers: kitty, probed: &probed).kind == .sixel)
    #expect(choose("auto", env: ["TERM": "xterm", "TERM_PROGRAM": "iTerm.app"], answers: ProbeAnswers(), probed: &probed).kind == .iterm)
    // Cells without asking the terminal anything.
    for (mode, env, terminal, noColor, ascii) in [("cells", ["TERM": "xterm"], true, false, false), ("kitty", ["TERM": "dumb"], true, false, false),
                                                  ("kitty", ["TERM": "xterm", "NO_COLOR": "1"], true, false, false), ("kitty", ["TERM": "xterm"], false, false, false),
                                                  ("auto", ["TERM": "xterm"], true, true, false), ("auto", ["TERM": "xterm"], true, false, true),
                                                  ("auto", ["TERM": "screen", "TMUX": "/tmp/t,1,0"], true, false, false), ("auto", ["TERM": "screen"], true, false, false)] {
        #expect(choose(mode, env: env, terminal: terminal, noColor: noColor, ascii: ascii, answers: kitty, probed: &probed) == .cells)
        #expect(!probed)
    }
    let tmux = choose("auto", env: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"], passthrough: true, answers: kitty, probed: &probed)
    #expect(tmux.kind == .kitty && tmux.tmux)
}

@Test func theGraphicsLimitsAreReadFromXtsmgraphicsAndThePanesSize() {
    // xterm -ti vt340: 1024 registers, sixel geometry 1000×1000, a pane of 1500×800 pixels.
    let xterm = ProbeAnswers.parse(bytes("\u{1B}[6;20;10t\u{1B}[4;800;1500t\u{1B}[?1;0;1024S\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;4c"))
    #expect(xterm.limits == GraphicsLimits(maxWidth: 1000, maxHeight: 800, colorRegisters: 1024))
    #expect(xterm.sixel && xterm.cell == CellPixels(width: 10, height: 20))
    // A failure status (3) or an unknown item says nothing.
    #expect(ProbeAnswers.parse(bytes("\u{1B}[?2;3;0;0S\u{1B}[?1;2;0S\u{1B}[?62c")).limits == GraphicsLimits())
    // In cells: whole cells only; no limit at all when nothing was said.
    var sixel = ProbeAnswers(); sixel.sixel = true; sixel.limits = xterm.limits
    var probed = false
    let chosen = choose("auto", answers: sixel, probed: &probed)
    #expect(chosen.cellLimit.map { [$0.columns, $0.rows] } == [100, 40])
    #expect(PixelChoice(kind: .sixel, cell: CellPixels(width: 9, height: 17), limits: GraphicsLimits(maxWidth: 1000, maxHeight: 1000)).cellLimit.map { [$0.columns, $0.rows] } == [111, 58])
    #expect(PixelChoice(kind: .sixel).cellLimit == nil)
    #expect(PixelChoice(kind: .cells, limits: xterm.limits).cellLimit == nil)
    // A forced sixel still asks the terminal its limits.
    probed = false
    #expect(choose("sixel", answers: sixel, probed: &probed).limits == xterm.limits)
    #expect(probed)
}

@Test func theProbeAsksTheGraphicsLimitsBeforeTheDeviceAttributes() {
    let text = String(decoding: TerminalProbe.queries(tmux: false), as: UTF8.self)
    for query in ["\u{1B}[14t", "\u{1B}[?1;1;0S", "\u{1B}[?2;1;0S"] {
        #expect(text.contains(query) && text.hasSuffix("\u{1B}[c"), "\(query.debugDescription) in \(text.debugDescription)")
    }
}
