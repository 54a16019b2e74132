import Cells
import Testing
@testable import Curses

/// One role whose colour is below the contrast it needs against a reference background.
struct ContrastFailure: CustomStringConvertible {
    let role: Role
    let color: UInt8
    let background: RGB
    let ratio: Double
    var description: String { "\(role): \(color) on \(background) is \(ratio):1" }
}

/// Every role's colour in `palette` against each of `tone`'s reference backgrounds (the xterm RGB values the
/// indices stand for), and the lowest ratio found. Reversed cells use the same two colours, so they are covered.
func contrastCheck(tone: ThemeTone, palette: (Role) -> UInt8?) -> (failures: [ContrastFailure], lowest: Double) {
    var failures: [ContrastFailure] = []
    var lowest = 21.0
    for role in Role.allCases {
        guard let color = palette(role) else { continue }
        for background in tone.referenceBackgrounds {
            let ratio = Contrast.ratio(XtermPalette.rgb(color), background)
            lowest = min(lowest, ratio)
            if ratio < Palette.needed(role) { failures.append(ContrastFailure(role: role, color: color, background: background, ratio: ratio)) }
        }
    }
    return (failures, lowest)
}

@Test(arguments: ThemeTone.allCases, [true, false])
func everyRolesColourIsReadableOnItsThemesBackground(tone: ThemeTone, rich: Bool) {
    let (failures, lowest) = contrastCheck(tone: tone, palette: { Palette.color($0, tone: tone, rich: rich) })
    #expect(failures.isEmpty, "\(failures)")
    print("contrast \(tone) \(rich ? "256" : "16") colours: lowest \((lowest * 100).rounded() / 100):1")
}

@Test func theContrastCheckFailsAPaleColourOnWhite() {
    // The dark palette's yellow markers and pale roads on a white background: what issue 34 measured (1.35:1).
    let (failures, lowest) = contrastCheck(tone: .light, palette: { Palette.color($0, tone: .dark, rich: true) })
    #expect(failures.contains { $0.role == .marker && $0.color == 11 })
    #expect(failures.contains { $0.role == .roadMajor })
    #expect(lowest < 1.5)
    // And one deliberately bad pair alone.
    #expect(contrastCheck(tone: .dark, palette: { $0 == .muted ? 236 : nil }).failures.map(\.role) == [.muted, .muted])
}

@Test func contrastRatiosMatchWCAG() {
    #expect(abs(Contrast.ratio(RGB(0, 0, 0), RGB(255, 255, 255)) - 21) < 0.001)
    #expect(abs(Contrast.ratio(RGB(118, 118, 118), RGB(255, 255, 255)) - 4.54) < 0.01)
    #expect(Contrast.ratio(RGB(9, 9, 9), RGB(9, 9, 9)) == 1)
}

@Test func theBackgroundAnswerIsReadInEveryForm() {
    let st = Array("\u{1B}]11;rgb:ffff/ffff/dddd\u{1B}\\\u{1B}[?64;4c".utf8)
    #expect(BackgroundProbe.parse(st) == RGB(255, 255, 221))
    #expect(BackgroundProbe.parse(Array("\u{1B}]11;rgb:1e/1e/2e\u{07}".utf8)) == RGB(0x1E, 0x1E, 0x2E))
    #expect(BackgroundProbe.parse(Array("\u{1B}]11;rgb:f/0/8\u{07}".utf8)) == RGB(255, 0, 136))
    #expect(BackgroundProbe.parse(Array("\u{1B}]11;rgb:ffff/ffff".utf8)) == nil, "cut short")
    #expect(BackgroundProbe.parse(Array("\u{1B}]11;rgb:zz/00/00\u{07}".utf8)) == nil)
    #expect(BackgroundProbe.parse(Array("\u{1B}[?62c".utf8)) == nil, "only the device attributes: no answer")
}

@Test func theThemeSettingPicksThePalette() {
    var asked = 0
    let white: () -> RGB? = { asked += 1; return RGB(255, 255, 255) }
    #expect(BackgroundProbe.tone(setting: "light", ask: white) == .light)
    #expect(BackgroundProbe.tone(setting: "dark", ask: white) == .dark)
    #expect(BackgroundProbe.tone(setting: "colour", ask: white) == .dark)
    #expect(asked == 0, "only auto asks the terminal")
    #expect(BackgroundProbe.tone(setting: "auto", ask: white) == .light)
    #expect(BackgroundProbe.tone(setting: nil, ask: { RGB(0x1E, 0x1E, 0x1E) }) == .dark)
    #expect(BackgroundProbe.tone(setting: "auto", ask: { nil }) == .dark, "no answer: dark")
    #expect(ThemeTone.of(background: RGB(0xFD, 0xF6, 0xE3)) == .light, "Solarized light")
    #expect(ThemeTone.of(background: RGB(0x00, 0x2B, 0x36)) == .dark, "Solarized dark")
}

/// Issue 50: with TERM=dumb the view fell back on the list after printing its OSC 11 query raw: a dumb terminal,
/// or none named, is never asked its background.
@Test func aDumbTerminalIsNeverAskedItsBackground() {
    #expect(!BackgroundProbe.mayAsk(environment: ["TERM": "dumb"]))
    #expect(!BackgroundProbe.mayAsk(environment: [:]))
    #expect(BackgroundProbe.mayAsk(environment: ["TERM": "xterm-256color"]))
}
