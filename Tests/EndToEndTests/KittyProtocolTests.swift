import Foundation
import Testing
import TestSupport

/// Issue 21: the kitty graphics protocol on the byte stream, with the test as the terminal.
private let kittyQuery = "\u{1B}_Gi=31,"
private let deviceQuery = "\u{1B}[c"
/// What kitty answers: the graphics query OK, then its device attributes (no sixel).
private let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c"

@Test func showGetsAKittyImageWhenTheTerminalAnswersLikeKitty() throws {
    let (home, _) = try homeWithAbstractPhoto()
    let program = try PtyProgram(["show", "40", "--width", "40", "--height", "15"], home: home)
    try #require(program.read(untilContains: deviceQuery), "it asks: \(program.text().debugDescription)")
    #expect(program.text().contains(kittyQuery))
    program.send(kittyAnswer)
    #expect(program.waitForExit())
    let out = program.text()
    #expect(out.contains("\u{1B}_Ga=T,i=1,q=2,"), "\(out.prefix(200).debugDescription)")
    #expect(out.components(separatedBy: ",m=1;").count + out.components(separatedBy: "\u{1B}_Gm=1;").count > 3, "sent in chunks")
    #expect(out.contains("m=0"))
    #expect(!out.contains("▀") && !out.contains("\u{1B}[0;38;2;"), "no cells")
}

@Test func aTerminalThatDoesNotAnswerGetsCells() throws {
    let (home, _) = try homeWithAbstractPhoto()
    let program = try PtyProgram(["show", "40", "--width", "40", "--height", "15"], home: home)
    try #require(program.read(untilContains: deviceQuery))
    // No answer: the probe gives up after its short timeout and the picture comes as cells.
    #expect(program.waitForExit())
    let out = program.text()
    #expect(!out.contains("\u{1B}_Ga=T"))
    #expect(out.contains("\u{1B}[0;38;2;") || out.contains(";48;2;"), "\(out.suffix(200).debugDescription)")
    #expect(((program.status >> 8) & 0xFF) == 0)
}

@Test func theViewSendsKittyImagesOncePerChangeAndDeletesThemOnClose() throws {
    // To Abstract's detail through its building's list, the query answered like kitty.
    let (program, detail) = try ptyAtAbstractDetail(pixels: "auto")
    var mark = detail
    try #require(program.read(untilContains: "\u{1B}_Ga=T,i=", after: mark), "the detail's picture comes as a kitty image")
    try #require(program.read(untilContains: "\u{1B}_Gm=0", after: mark), "the last chunk")
    // A key that leaves the picture as it is sends no image bytes.
    mark = program.output.count
    program.send("\u{1B}OB")
    program.send("?")
    try #require(program.read(untilContains: "Keys", after: mark))
    let between = Array(program.output[mark...])
    #expect(!PtyProgram.contains(between, Array("\u{1B}_Ga=T".utf8)), "no image re-sent: \(program.text(from: mark).prefix(300).debugDescription)")
    // Help over the detail hides the picture: deleted by its id.
    #expect(PtyProgram.contains(between, Array("\u{1B}_Ga=d,d=I,i=".utf8)) || program.read(untilContains: "\u{1B}_Ga=d,d=I,i=", after: mark, timeout: 30))
    // Quitting (q goes back screen by screen, then quits) leaves no image behind.
    mark = program.output.count
    for _ in 0..<4 where !program.exited() { program.press("q") }
    #expect(program.waitForExit())
    #expect(program.text(from: mark).contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
}
