import App
import Catalog
import Foundation

/// A list in a box with one selected row, scrolled to keep it visible: the favourites' and painters' lists.
enum SelectableList {
    static func render(_ rows: [String], selected: Int, into buffer: inout Buffer, area: Rect) {
        guard area.height > 0 else { return }
        let top = max(0, min(selected - area.height + 1, rows.count - area.height))
        for line in 0..<area.height {
            let index = top + line
            guard rows.indices.contains(index) else { break }
            buffer.write(TextWidth.pad(rows[index], to: area.width), x: area.x, y: area.y + line, maxWidth: area.width)
            if index == selected {
                buffer.restyle(Rect(x: area.x, y: area.y + line, width: area.width, height: 1), Style(.selection, bold: true, reverse: true))
            }
        }
    }
}

/// `F`: the hearted artworks from every collection, the selected one's picture beside the list.
public enum FavouritesView {
    public static func render(_ state: AppState, selected: Int, into buffer: inout Buffer, screen: Rect) {
        let picture = screen.width >= 100 && screen.height >= 16 ? 34 : 0
        let box = OverlayViews.frame(screen, width: 80 + picture, height: max(state.favourites.count + 5, picture > 0 ? 18 : 0))
        buffer.fill(box)
        buffer.box(box, title: "♥ Favourites (\(state.favourites.count) of 50)", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        var list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        if picture > 0, state.favourites.indices.contains(selected), list.width > picture + 30 {
            list.width -= picture + 1
            PictureBox.render(state, artworkID: state.favourites[selected].id, into: &buffer,
                              area: Rect(x: list.maxX + 1, y: list.y, width: picture - 1, height: min(list.height, 14)))
        }
        let rows = state.favourites.map { a -> String in
            var text = " ♥ " + (DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title))
            if !a.artist.isEmpty { text += " — " + DisplayText.clean(a.artist) }
            return text + " · " + DisplayText.clean(a.collection)
        }
        SelectableList.render(rows, selected: selected, into: &buffer, area: list)
        buffer.write("Enter open · f remove the heart · S slideshow · Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }
}

/// `S`: one picture at a time filling the screen, with a line saying which and what the keys do.
public enum SlideshowView {
    public static func render(_ state: AppState, show: SlideshowState, into buffer: inout Buffer, screen: Rect) {
        buffer.fill(screen)
        let area = Rect(x: screen.x, y: screen.y, width: screen.width, height: max(0, screen.height - 1))
        if let id = show.currentID { PictureBox.render(state, artworkID: id, into: &buffer, area: area) }
        let artwork = show.currentID.flatMap(state.anyArtwork(id:))
        var status = " \(show.index + 1)/\(show.ids.count)"
        if let artwork {
            status += " · " + DisplayText.clean(artwork.title)
            if !artwork.artist.isEmpty { status += " — " + DisplayText.clean(artwork.artist) }
        }
        let timing = show.interval == 0 ? "one fixed picture (interval 0)" : (show.paused ? "paused" : "every \(Int(show.interval)) s")
        status += " · \(show.origin) · \(timing) · space pause · ←/→ step · Esc leave"
        let bar = Rect(x: screen.x, y: screen.maxY - 1, width: screen.width, height: 1)
        buffer.fill(bar, style: Style(.status, reverse: true))
        buffer.write(status, x: bar.x, y: bar.y, style: Style(.status, reverse: true), maxWidth: bar.width)
    }
}

/// `,`: every setting with its value, the selected one editable in place.
public enum SettingsView {
    public static func render(_ state: AppState, screen settings: SettingsState, into buffer: inout Buffer, screen: Rect) {
        let box = OverlayViews.frame(screen, width: 96, height: Setting.all.count * 2 + 7)
        buffer.fill(box)
        buffer.box(box, title: "Settings", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 3, inner.width > 20 else { return }
        let labelWidth = min(24, inner.width / 3)
        var y = inner.y
        for (index, setting) in Setting.all.enumerated() where y < inner.maxY - 3 {
            let selected = index == settings.selected
            let saved = state.settings[setting.key]
            var value = selected && settings.editing != nil ? (settings.editing ?? "") + "▏" : state.settingValue(setting)
            if value.isEmpty { value = "(none)" }
            if !setting.choices.isEmpty && selected && settings.editing == nil { value = "◂ \(value) ▸" }
            let line = " " + TextWidth.pad(setting.title, to: labelWidth) + " " + DisplayText.clean(value) + (saved == nil && settings.editing == nil ? "  (default)" : "")
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
        let keys = settings.editing != nil ? "type the value · Enter save · Esc drop" : "Enter edit · ←/→ choose · d default · Esc back · saved at once, used from the next start"
        buffer.write(keys, x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }
}

/// `N`: the news message with the date it was fetched, then what syncs added or changed.
public enum NewsView {
    public static func render(_ state: AppState, scroll: Int, into buffer: inout Buffer, screen: Rect) {
        let box = OverlayViews.frame(screen, width: 84, height: screen.height - 4)
        buffer.fill(box)
        buffer.box(box, title: "News", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 1, inner.width > 4 else { return }
        var lines: [(String, Style)] = []
        if let news = state.news {
            let date = DateFormatter.localizedString(from: news.fetchedAt, dateStyle: .medium, timeStyle: .short)
            lines.append(("Fetched \(date)", Style(.muted)))
            lines.append(("", Style()))
            for line in TextWidth.wrap(news.text, width: inner.width - 2) { lines.append((line, Style())) }
        } else {
            lines.append(("No news: set a news URL with , (settings) or artmap config set news.url URL.", Style(.muted)))
        }
        lines.append(("", Style()))
        lines.append(("What's new since you last looked", Style(.accent, bold: true)))
        if state.whatsNew.isEmpty {
            lines.append(("Nothing: syncs have added or changed no artworks since.", Style(.muted)))
        } else {
            for line in state.whatsNew { lines.append(("• " + DisplayText.clean(line), Style())) }
        }
        let height = inner.height - 1
        let start = max(0, min(scroll, lines.count - height))
        for (i, line) in lines.dropFirst(start).prefix(height).enumerated() {
            buffer.write(line.0, x: inner.x + 1, y: inner.y + i, style: line.1, maxWidth: inner.width - 2)
        }
        buffer.write("j/k scroll · Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }
}

/// `p`: the painters followed, a search prompt, what the museum answered, and work in progress.
public enum PaintersView {
    public static func render(_ state: AppState, screen painters: PaintersState, into buffer: inout Buffer, screen: Rect) {
        if let name = painters.paintingsOf {
            renderPaintings(state, of: name, painters, into: &buffer, screen: screen)
            return
        }
        let box = OverlayViews.frame(screen, width: 84, height: max(12, painters.painters.count + 9))
        buffer.fill(box)
        buffer.box(box, title: "Painters at the Rijksmuseum", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 4 else { return }
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 4)
        if painters.painters.isEmpty {
            buffer.write(" No painters yet. Press + and type a name (for example Johannes Vermeer).", x: list.x, y: list.y,
                         style: Style(.muted), maxWidth: list.width)
        } else {
            let rows = painters.painters.map { " \(DisplayText.clean($0.name)) — \($0.stored) painting\($0.stored == 1 ? "" : "s") (the museum lists \($0.total))" }
            SelectableList.render(rows, selected: painters.selected, into: &buffer, area: list)
        }
        let line = inner.maxY - 3
        if let prompt = painters.prompt {
            buffer.write(" Search the museum: \(prompt)▏", x: inner.x, y: line, style: Style(.search, bold: true), maxWidth: inner.width)
        } else if let found = painters.found {
            buffer.write(" \(DisplayText.clean(found.name)): \(found.total) paintings with images. Enter adds them, Esc not.", x: inner.x, y: line,
                         style: Style(.accent, bold: true), maxWidth: inner.width)
        } else if let name = painters.confirmRemove {
            buffer.write(" Remove \(DisplayText.clean(name)) and all their paintings (and favourites of them)? y/n", x: inner.x, y: line,
                         style: Style(.statusError, bold: true), maxWidth: inner.width)
        } else if let busy = painters.busy {
            buffer.write(" ⟳ " + DisplayText.clean(busy) + " (Esc stops)", x: inner.x, y: line, style: Style(.accent), maxWidth: inner.width)
        } else if let message = painters.message {
            buffer.write(" " + DisplayText.clean(message), x: inner.x, y: line, style: Style(.muted), maxWidth: inner.width)
        }
        buffer.write("+ search · Enter add / list paintings · t in the table · d remove · Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// One painter's paintings: title and year, with the selected one's picture when there is room.
    static func renderPaintings(_ state: AppState, of name: String, _ painters: PaintersState, into buffer: inout Buffer, screen: Rect) {
        let picture = screen.width >= 100 && screen.height >= 16 ? 34 : 0
        let box = OverlayViews.frame(screen, width: 84 + picture, height: max(painters.paintings.count + 4, picture > 0 ? 18 : 8))
        buffer.fill(box)
        buffer.box(box, title: "\(DisplayText.clean(name)) · \(painters.paintings.count) paintings", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        var list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        if picture > 0, painters.paintings.indices.contains(painters.paintingSelected), list.width > picture + 30 {
            list.width -= picture + 1
            PictureBox.render(state, artworkID: painters.paintings[painters.paintingSelected].id, into: &buffer,
                              area: Rect(x: list.maxX + 1, y: list.y, width: picture - 1, height: min(list.height, 14)))
        }
        let rows = painters.paintings.map { a -> String in
            (state.isFavourite(a) ? " ♥ " : "   ") + DisplayText.clean(a.title) + (a.year.isEmpty ? "" : " (" + DisplayText.clean(a.year) + ")")
        }
        SelectableList.render(rows, selected: painters.paintingSelected, into: &buffer, area: list)
        buffer.write("Enter open · f heart · t in the table · Esc back to the painters", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }
}
