import Cells
import App
import Catalog
import Foundation
import TerminalTypes

/// `S`: one picture at a time filling the screen, with a line saying which and what the keys do.
public enum SlideshowView {
    /// Draws the slideshow over the whole `screen`.
    public static func render(_ show: SlideshowState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        buffer.fill(screen)
        let area = Rect(x: screen.x, y: screen.y, width: screen.width, height: max(0, screen.height - 1))
        if let id = show.currentID { PictureBox.render(context, id, into: &buffer, area: area) }
        let artwork = show.currentID.flatMap(context.anyArtwork)
        // Opened while the store is asked what there is to show: it says so.
        var status = show.ids.isEmpty ? "" : " \(show.index + 1)/\(show.ids.count)"
        if let artwork {
            status += " · " + DisplayText.clean(artwork.title)
            if !artwork.artist.isEmpty { status += " — " + DisplayText.clean(artwork.artist) }
        }
        let timing = show.interval == 0 ? "one fixed picture (interval 0)" : (show.paused ? "paused" : "every \(Int(show.interval)) s")
        status += " · \(show.origin) · \(timing)"
        // A sync started here (s) shows its progress and its result first.
        if case .running(let text) = context.sync {
            status = " ↻ " + DisplayText.clean(text) + " ·" + status
        } else if let note = (context.lastError ?? context.lastMessage).map(DisplayText.clean) {
            status = " " + note + " ·" + status
        }
        // The keys stay whole at the right; the title and where the pictures come from give way.
        let keys = " · space \(show.paused ? "plays" : "pauses") · ←/→ step · Esc leave "
        let bar = Rect(x: screen.x, y: screen.maxY - 1, width: screen.width, height: 1)
        buffer.fill(bar, style: Style(.status, reverse: true))
        let used = buffer.write(status, x: bar.x, y: bar.y, style: Style(.status, reverse: true), maxWidth: max(0, bar.width - TextWidth.of(keys)))
        buffer.write(keys, x: bar.x + used, y: bar.y, style: Style(.status, reverse: true), maxWidth: bar.width - used)
    }
}

extension SlideshowView: StackScreenView {}
