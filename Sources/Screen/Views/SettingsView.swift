import App
import Catalog
import Foundation
import TerminalTypes

/// `,`: every setting with its value, the selected one editable in place.
public enum SettingsView {
    /// Draws the settings over `screen`.
    public static func render(_ settings: SettingsState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let box = CentredBox.frame(screen, width: 96, height: Setting.all.count * 2 + 7)
        buffer.fill(box)
        buffer.box(box, title: "Settings", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 3, inner.width > 20 else { return }
        let labelWidth = min(24, inner.width / 3)
        var y = inner.y
        for (index, setting) in Setting.all.enumerated() where y < inner.maxY - 3 {
            let selected = index == settings.selected
            let saved = context.savedSetting(setting.key)
            var value = selected && settings.editing != nil ? (settings.editing ?? "") + "▏" : context.settingValue(setting)
            if value.isEmpty { value = "(none)" }
            if !setting.choices.isEmpty && selected && settings.editing == nil { value = "◂ \(value) ▸" }
            let line = " " + TextWidth.pad(setting.title, to: labelWidth) + " " + DisplayText.clean(value) + (saved == nil && settings.editing == nil ? "  (default)" : "")
                + (setting.appliesAtOnce ? "" : "  · next start")
            buffer.write(TextWidth.pad(line, to: inner.width), x: inner.x, y: y, maxWidth: inner.width)
            if selected {
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1), Style(.selection, bold: true, reverse: settings.editing == nil))
                buffer.write("   " + setting.help, x: inner.x, y: y + 1, style: Style(.muted), maxWidth: inner.width)
                y += 1
            }
            y += 1
        }
        if let problem = settings.problem {
            buffer.write(" " + DisplayText.clean(problem), x: inner.x, y: inner.maxY - 2, style: Style(.statusError, bold: true), maxWidth: inner.width)
        }
        let keys = settings.editing != nil ? "type the value · Enter save · Esc drop" : "Enter edit · ←/→ choose · d default · Esc back · saved at once; used at once unless marked next start"
        buffer.write(keys, x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }
}
