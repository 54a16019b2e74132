import TerminalTypes

extension AppState {
    /// Pasted text goes into the prompt being typed in (the search, `@`, a screen's field), one line: its line
    /// breaks and tabs are spaces, so a paste never presses Enter; with no prompt open it is no keys at all (a pasted
    /// "q" must not quit), and the status line says where pasting works.
    mutating func paste(_ text: String) -> [Effect] {
        let typing = main.searchEditing || nearMe.prompt != nil || overlays.last.map { top -> Bool in
            if case .notTyping = top.typing(.character("a")) { return false }
            return true
        } ?? false
        guard typing else {
            lastMessage = "pasting types into a prompt (/ search, @ place, N note…); nothing here takes text"
            return []
        }
        var effects: [Effect] = []
        var lastWasSpace = false
        for character in text {
            let blank = character.isNewline || character == "\t" || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
            if blank && lastWasSpace { continue }
            lastWasSpace = blank || character == " "
            effects += handleKey(.character(blank ? " " : character))
        }
        return effects
    }
}
