import Foundation
import Testing
import TestSupport

/// Issue 21: inside tmux, images go through tmux's passthrough (`ESC P tmux; … ESC \`, inner ESCs doubled) when
/// `allow-passthrough` is on, and are cells when it is off. A real tmux server; a client attached on a pty the
/// test holds stands for the outer terminal, so the test sees what tmux passes on; `pipe-pane` shows what artmap
/// wrote into the pane.
@Test(arguments: [(true, "kitty"), (false, "kitty"), (true, "auto")])
func insideTmuxImagesGoThroughPassthroughOnlyWhenItIsAllowed(allowed: Bool, pixels: String) throws {
    let (home, _) = try homeWithAbstractPhoto()
    let tmux = try TmuxSession(columns: 100, rows: 30)
    try tmux.tmux(["set-option", "-g", "allow-passthrough", allowed ? "on" : "off"])
    let client = try PtyProgram(executable: URL(fileURLWithPath: "/usr/bin/tmux"), ["-L", tmux.socket, "attach", "-t", "main"],
                                home: home, columns: 100, rows: 30, environment: ["TMUX": ""])
    try #require(client.read(untilContains: "bash-"), "the client shows the shell: \(client.text().debugDescription)")
    let paneBytes = home.appendingPathComponent("pane.bytes")
    try tmux.tmux(["pipe-pane", "-O", "-t", "main", "cat > '\(paneBytes.path)'"])
    // 75×28 cells: a kitty image of over 1 MB, more than tmux takes in one passthrough.
    try tmux.type(artmapCommandLine(home: home, arguments: ["show", "40", "--width", "100", "--height", "28", "--pixels", pixels]))
    if pixels == "auto" {
        // The outer terminal answers like kitty; tmux passes the answer on to the pane (after its own device
        // attributes, which it answers itself).
        try #require(client.read(untilContains: "\u{1B}_Gi=31,"), "the kitty query passed through: \(client.text().suffix(200).debugDescription)")
        client.send("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
    }
    // The typed line holds "EXITED-$?": the exit is a status after it.
    let exited = "EXITED-[0-9]"
    try tmux.require(timeout: 30, "artmap's exit") { $0.contains { $0.range(of: exited, options: .regularExpression) != nil } }
    let screen = try tmux.screen()
    #expect(screen.contains { $0.contains("EXITED-0") }, "\(screen.joined(separator: "\n"))")
    var pane: [UInt8] = []
    let deadline = Date().addingTimeInterval(45)
    while String(decoding: pane, as: UTF8.self).range(of: exited, options: .regularExpression) == nil, Date() < deadline {
        usleep(50_000)
        pane = [UInt8]((try? Data(contentsOf: paneBytes)) ?? Data())
    }
    let written = String(decoding: pane, as: UTF8.self)
    try #require(written.range(of: exited, options: .regularExpression) != nil, "pipe-pane caught the output")

    if allowed {
        // artmap wrapped every sequence: no kitty sequence outside a passthrough, and each passthrough unwraps to
        // one whole kitty sequence.
        let passthroughs = written.components(separatedBy: "\u{1B}Ptmux;").dropFirst()
        #expect(passthroughs.count > 100, "the image in chunks, each wrapped: \(passthroughs.count) in \(written.suffix(300).debugDescription)")
        #expect(!written.replacingOccurrences(of: "\u{1B}\u{1B}_G", with: "").contains("\u{1B}_G"), "no unwrapped kitty sequence")
        for piece in passthroughs {
            let end = try #require(piece.range(of: "\u{1B}\u{1B}\\\u{1B}\\"), "a passthrough ends with the inner ST, doubled, then its own")
            let inner = piece[..<end.lowerBound].replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
            #expect(inner.hasPrefix("\u{1B}_G") && !inner.dropFirst().contains("\u{1B}"), "one kitty sequence: \(inner.prefix(60).debugDescription)")
        }
        // tmux passed them on, unwrapped, to the outer terminal: the whole image, its last chunk included.
        try #require(client.read(untilContains: "\u{1B}_Gm=0", timeout: 15), "tmux passed the image on: \(client.text().suffix(300).debugDescription)")
        #expect(client.text().contains("\u{1B}_Ga=T,"))
        #expect(!client.text().contains("Ptmux;"))
    } else {
        #expect(!written.contains("\u{1B}_G") && !written.contains("Ptmux;"), "no image sequence: \(written.prefix(300).debugDescription)")
        #expect(written.contains("38;5;") || written.contains("38;2;"), "the picture as coloured cells")
        client.drain()
        #expect(!client.text().contains("\u{1B}_Ga=T"))
    }
}
