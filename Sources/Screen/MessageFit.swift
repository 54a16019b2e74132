import Cells
/// The rule for messages: the reason first, then what to do, then the subject (an address or a file) last.
/// `fit` is the one place a message is made to fit a width: the subject is cut in the middle, so its start
/// and its distinguishing end both stay; the reason is never cut while the subject can give way.
public enum MessageFit {
    /// The narrowest a subject is cut to before it is dropped ("http:…json").
    public static let shortestSubject = 10

    /// The message in at most `width` cells.
    public static func fit(_ message: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.of(message) <= width { return message }
        guard let subject = subjectRange(message) else { return TextWidth.truncate(message, to: width) }
        let before = String(message[..<subject.lowerBound]), after = String(message[subject.upperBound...])
        let room = width - TextWidth.of(before) - TextWidth.of(after)
        if room >= shortestSubject {
            return before + middleCut(String(message[subject]), to: room) + after
        }
        // No room for the subject: the reason and the advice, as much as fits.
        var rest = Substring(before + after)
        let joints: Set<Character> = [" ", "·", ":", "—"]
        while let last = rest.last, joints.contains(last) { rest = rest.dropLast() }
        return TextWidth.truncate(String(rest), to: width)
    }

    /// Cuts text in the middle to `width` cells: its start, "…", its end.
    public static func middleCut(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard TextWidth.of(text) > width else { return text }
        guard width > 2 else { return TextWidth.truncate(text, to: width) }
        let characters = Array(text)
        let tail = (width - 1) / 2, head = width - 1 - tail
        var start = "", used = 0
        for character in characters {
            let w = TextWidth.of(character)
            if used + w > head { break }
            start.append(character)
            used += w
        }
        var end: [Character] = []
        used = 0
        for character in characters.reversed() {
            let w = TextWidth.of(character)
            if used + w > tail { break }
            end.append(character)
            used += w
        }
        return start + "…" + String(end.reversed())
    }

    /// Where the message's subject is: its last word that is an address or a path.
    static func subjectRange(_ message: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var index = message.startIndex
        while index < message.endIndex {
            guard message[index] != " " else {
                index = message.index(after: index)
                continue
            }
            let start = index
            while index < message.endIndex, message[index] != " " { index = message.index(after: index) }
            let word = message[start..<index]
            if word.contains("://") || word.hasPrefix("/") || word.hasPrefix("~/") || word.hasPrefix("'/") {
                found = start..<index
            }
        }
        return found
    }
}
