import Cells
import App
import Catalog
import Foundation
import TerminalTypes

/// `,`: every setting with its value, the selected one editable in place.
public enum SettingsView {
    /// The keys, then what saving means: one footer line when both fit, else one line each.
    static let keys = "Enter edit · ←/→ choose · d default · Esc back"
    static let savingNote = "saved at once; used at once unless marked next start"
    static let editingKeys = "type the value · Enter save · Esc drop"

    /// Draws the settings over `screen`.
    public static func render(_ settings: SettingsState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let box = CentredBox.frame(screen, width: 96, height: Setting.all.count + 6)
        buffer.fill(box)
        buffer.box(box, title: "Settings", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 3, inner.width > 20 else { return }
        let footer = footerLines(editing: settings.editing != nil, width: inner.width - 2)
        // The list, then a line for a problem, then the footer; the list scrolls to keep the selected row and its help.
        let rows = max(2, inner.height - footer.count - 1)
        let first = max(0, min(settings.selected + 2 - rows, Setting.all.count + 1 - rows))
        // A column for the labels, two cells from the values: a label never runs into its value.
        let labelWidth = min(Setting.all.map { TextWidth.of($0.title) }.max() ?? 0, inner.width / 3)
        var y = inner.y, last = first - 1
        for (index, setting) in Setting.all.enumerated().dropFirst(first) where y < inner.y + rows {
            let selected = index == settings.selected
            last = index
            let saved = context.settings.saved(setting)
            let editingThis = selected && settings.editing != nil
            let given = context.settings.givenForThisRun[setting.key]
            // A secret (the OpenStreetMap token) is typed blind, a dot a character, as a password is.
            let typed = settings.editing ?? ""
            var value = editingThis ? (setting.isSecret ? String(repeating: "•", count: typed.count) : typed) + "▏"
                : setting.displayed(context.settings.inUse(setting))
            if !setting.choices.isEmpty && selected && settings.editing == nil { value = "◂ \(value) ▸" }
            // Where the value comes from: an option for this run (what is typed is saved for later runs), or the
            // default — said while typing too, so the person knows what they are replacing.
            let origin = given.map { editingThis ? "  (this run uses \($0.option))" : "  (\($0.option), this run)" }
                ?? (saved == nil ? "  (default)" : "")
            let line = " " + TextWidth.pad(setting.title, to: labelWidth) + "  " + DisplayText.clean(value)
                + origin + (setting.appliesAtOnce ? "" : "  · next start")
            buffer.write(TextWidth.pad(line, to: inner.width), x: inner.x, y: y, maxWidth: inner.width)
            if selected {
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1), Style(.selection, bold: true, reverse: settings.editing == nil))
                if y + 1 < inner.y + rows {
                    buffer.write("   " + setting.help, x: inner.x, y: y + 1, style: Style(.muted), maxWidth: inner.width)
                }
                y += 1
            }
            y += 1
        }
        // More above or below: an arrow at the right of the first or last row, as the table does.
        if first > 0 { buffer.write(context.ascii ? "^" : "▲", x: inner.maxX - 1, y: inner.y, style: Style(.muted)) }
        if last < Setting.all.count - 1 {
            buffer.write(context.ascii ? "v" : "▼", x: inner.maxX - 1, y: inner.y + rows - 1, style: Style(.muted))
        }
        if let problem = settings.problem {
            buffer.write(" " + DisplayText.clean(problem), x: inner.x, y: inner.maxY - footer.count - 1, style: Style(.statusError, bold: true), maxWidth: inner.width)
        }
        for (i, text) in footer.enumerated() {
            buffer.write(text, x: inner.x + 1, y: inner.maxY - footer.count + i, style: Style(.muted), maxWidth: inner.width - 2)
        }
    }

    /// The footer in `width` cells: the keys and the note on one line when they fit, else on two (each cut with "…").
    static func footerLines(editing: Bool, width: Int) -> [String] {
        if editing { return [editingKeys] }
        let one = keys + " · " + savingNote
        return TextWidth.of(one) <= width ? [one] : [keys, savingNote]
    }
}

extension SettingsView: StackScreenView {}
