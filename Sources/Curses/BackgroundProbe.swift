import Cells
import Foundation

/// Asks the terminal its background colour (OSC 11) before curses starts, to choose the dark or light palette.
public enum BackgroundProbe {
    /// OSC 11 with `?`, then the device attributes: every terminal answers those, so their arrival ends the wait
    /// early where OSC 11 is not answered at all.
    static let query = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

    /// The background colour in an answer `OSC 11 ; rgb:RRRR/GGGG/BBBB` (ST or BEL; 1 to 4 hex digits a
    /// channel, as xterm, kitty, foot, WezTerm, iTerm2, VTE and tmux send it), or nil.
    public static func parse(_ bytes: [UInt8]) -> RGB? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: "\u{1B}]11;rgb:") else { return nil }
        let rest = text[start.upperBound...]
        let body = rest.prefix { $0 != "\u{07}" && $0 != "\u{1B}" }
        guard body.endIndex < rest.endIndex else { return nil }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let top = Double((1 << (4 * part.count)) - 1)
            channels.append(UInt8((Double(value) / top * 255).rounded()))
        }
        return RGB(channels[0], channels[1], channels[2])
    }

    /// The terminal's background, or nil when it does not say within `timeout` seconds (or is not a terminal).
    public static func ask(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Double = 0.3) -> RGB? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        let received = TerminalProbe.exchange(query, input: input, output: output, timeout: timeout) { received in
            parse(received) != nil || ProbeAnswers.parse(received).deviceAttributes
        }
        return parse(received)
    }

    /// Whether the terminal named by `TERM` may be asked at all: a dumb terminal (or none named) prints a query
    /// raw before artmap falls back on the list (issue 50), so it is never asked.
    public static func mayAsk(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !term.isEmpty && term != "dumb"
    }

    /// The palette for the `theme` setting's value: `light`, `dark` (or the old `colour`), or `auto` (and
    /// anything else): the terminal's answer, dark when it gives none. `ask` is called only for `auto`.
    public static func tone(setting: String?, ask: () -> RGB?) -> ThemeTone {
        switch setting {
        case "light": return .light
        case "dark", "colour": return .dark
        default: return ask().map { ThemeTone.of(background: $0) } ?? .dark
        }
    }
}
