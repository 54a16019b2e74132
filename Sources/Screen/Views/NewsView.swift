import Cells
import App
import Catalog
import Foundation
import TerminalTypes

/// `N`: the news message with the date it was fetched, then what syncs added or changed.
public enum NewsView {
    /// Draws the news over `screen`.
    public static func render(_ news: NewsState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let box = CentredBox.frame(screen, width: 84, height: screen.height - 4)
        buffer.fill(box)
        buffer.box(box, title: "News", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 1, inner.width > 4 else { return }
        var lines: [(String, Style)] = []
        if let news = context.news {
            let date = DateFormatter.localizedString(from: news.fetchedAt, dateStyle: .medium, timeStyle: .short)
            lines.append(("Fetched \(date)", Style(.muted)))
            lines.append(("", Style()))
            for line in TextWidth.wrap(news.text, width: inner.width - 2) { lines.append((line, Style())) }
        } else if let problem = context.newsProblem {
            for line in TextWidth.wrap("No news: " + DisplayText.clean(problem) + ".", width: inner.width - 2) {
                lines.append((line, Style(.statusError)))
            }
        } else if let url = context.settings.newsURL {
            lines.append(("No news yet from " + DisplayText.clean(url) + ".", Style(.muted)))
        } else {
            lines.append(("No news: set a news URL with , (settings) or artmap config set news.url URL.", Style(.muted)))
        }
        if context.news != nil, let problem = context.newsProblem {
            lines.append(("", Style()))
            for line in TextWidth.wrap("The last fetch failed: " + DisplayText.clean(problem) + ".", width: inner.width - 2) {
                lines.append((line, Style(.statusError)))
            }
        }
        lines.append(("", Style()))
        lines.append(("What's new since you last looked", Style(.accent, bold: true)))
        if context.whatsNew.isEmpty {
            lines.append(("Nothing: syncs have added or changed no artworks since.", Style(.muted)))
        } else {
            for line in context.whatsNew { lines.append(("• " + DisplayText.clean(line), Style())) }
        }
        let height = inner.height - 1
        let start = max(0, min(news.scroll, lines.count - height))
        for (i, line) in lines.dropFirst(start).prefix(height).enumerated() {
            buffer.write(line.0, x: inner.x + 1, y: inner.y + i, style: line.1, maxWidth: inner.width - 2)
        }
        buffer.write("j/k scroll · Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }
}

extension NewsView: StackScreenView {}
