import App
import Catalog
import Geo
import TerminalTypes

/// The one-line title at the top and the status bar at the bottom.
public enum Bars {
    public static func title(_ state: AppState, into buffer: inout Buffer, area: Rect) {
        buffer.fill(area, style: Style(.title, reverse: true))
        buffer.write(" artmap — what art is near me?", x: area.x, y: area.y, style: Style(.title, bold: true, reverse: true),
                     maxWidth: area.width)
        let hints = (state.favourites.isEmpty ? "" : "F favourites · ") + (state.newsUnread ? "N news ● · " : "")
        let right = "\(hints)\(DisplayText.clean(state.collection)) · ? help · q quit "
        let width = TextWidth.of(right)
        if area.width > width + 32 {
            buffer.write(right, x: area.maxX - width, y: area.y, style: Style(.title, reverse: true))
        }
    }

    public static func status(_ state: AppState, into buffer: inout Buffer, area: Rect) {
        buffer.fill(area, style: Style(.status, reverse: true))
        if let prompt = NearMeFeature.promptLine(state.nearMe) {
            buffer.write(prompt, x: area.x, y: area.y, style: Style(.search, bold: true, reverse: true), maxWidth: area.width)
            return
        }
        if state.searchEditing {
            let text = " / " + state.searchText + "▏  Enter keep · Esc clear"
            buffer.write(text, x: area.x, y: area.y, style: Style(.search, bold: true, reverse: true), maxWidth: area.width)
            return
        }
        var parts: [String] = []
        let r = state.reference
        parts.append("⌖ \(state.referenceSource.label) \(String(format: "%.5f,%.5f", r.latitude, r.longitude))")
        if let location = state.locationStatus { parts.append(location) }
        if let radius = state.radius { parts.append("within \(state.distanceText(radius))") }
        let shown = state.ranked.reduce(0) { $0 + $1.artworks.count }
        parts.append("\(shown) shown")
        if !state.searchText.isEmpty { parts.append("filter \"\(state.searchText)\"") }
        switch state.sync {
        case .running(let text): parts.append("⟳ " + text)
        case .failed: break
        case .idle: if let age = state.syncAgeText { parts.append(age) } else { parts.append("not synced") }
        }
        if let fetching = NearMeFeature.statusText(state.nearMe) { parts.append(fetching) }
        let left = " " + parts.joined(separator: " │ ")
        let used = buffer.write(left, x: area.x, y: area.y, style: Style(.status, reverse: true), maxWidth: area.width)
        let note = state.lastError ?? state.lastMessage
        if let note, used + 4 < area.width {
            buffer.write(" │ " + note, x: area.x + used, y: area.y,
                         style: Style(state.lastError != nil ? .statusError : .status, bold: state.lastError != nil, reverse: true),
                         maxWidth: area.width - used)
        }
    }
}
