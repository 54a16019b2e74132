import Cells
import App
import Catalog
import Geo
import TerminalTypes

/// The one-line title at the top and the status bar at the bottom: the root's own view, so they read the
/// whole state (the collection, the search, the sync, the last message).
public enum Bars {
    /// The title line: the app's name, hints (favourites, unread news), the collection, and a legend of keys (as
    /// htop and mc have) that shortens with the width and never goes: "? help · q quit" stays at any width.
    public static func title(_ state: AppState, into buffer: inout Buffer, area: Rect) {
        buffer.fill(area, style: Style(.title, reverse: true))
        // F and N are the main screen's keys: behind a detail, N writes a note to OpenStreetMap, so the hint names no key.
        let keys = state.overlays.isEmpty
        let hints = (state.favourites.isEmpty ? "" : (keys ? "F " : "") + "favourites · ") + (state.newsUnread ? (keys ? "N " : "") + "news ● · " : "")
        let collections = DisplayText.clean(state.main.shownCollections.joined(separator: " + "))
        let legend = legend(state)
        let seen = state.seenCountText.map { "\(state.ascii ? "v" : "✓") \($0) · " } ?? ""
        // The widest line that fits: the whole name with at least four keys, then the short name with fewer and
        // fewer keys, then the keys alone.
        var candidates: [(left: String, right: String)] = []
        for (name, fewest) in [(" artmap — what art is near me?", min(4, legend.count)), (" artmap", 2)] {
            for count in stride(from: legend.count, through: fewest, by: -1) {
                candidates.append((name, hints + seen + collections + " · " + legend.suffix(count).joined(separator: " · ") + " "))
            }
        }
        candidates.append(("", collections + " · " + legend.suffix(2).joined(separator: " · ") + " "))
        candidates.append(("", legend.suffix(2).joined(separator: " · ") + " "))
        let chosen = candidates.first { TextWidth.of($0.left) + 2 + TextWidth.of($0.right) <= area.width } ?? candidates[candidates.count - 1]
        buffer.write(chosen.left, x: area.x, y: area.y, style: Style(.title, bold: true, reverse: true), maxWidth: area.width)
        let width = TextWidth.of(chosen.right)
        buffer.write(chosen.right, x: max(area.x, area.maxX - width), y: area.y, style: Style(.title, reverse: true), maxWidth: area.width)
    }

    /// The keys the title names, least needed first (the last two always stay).
    static func legend(_ state: AppState) -> [String] {
        guard state.overlays.isEmpty else { return ["Esc back", "? help"] }
        let n = state.main.searchText.isEmpty ? "n collection" : "n/N match"
        return ["Tab focus", "f heart", "@ place", n, "w walk", "/ search", "? help", "q quit"]
    }

    /// The status line: the search being typed, or the reference, filters, sync state and the last message.
    public static func status(_ state: AppState, into buffer: inout Buffer, area: Rect) {
        buffer.fill(area, style: Style(.status, reverse: true))
        if let prompt = NearMeFeature.promptLine(state.nearMe) {
            buffer.write(prompt, x: area.x, y: area.y, style: Style(.search, bold: true, reverse: true), maxWidth: area.width)
            return
        }
        if state.main.searchEditing {
            let text = " / " + state.main.searchText + "▏  Enter keep · Esc clear"
            buffer.write(text, x: area.x, y: area.y, style: Style(.search, bold: true, reverse: true), maxWidth: area.width)
            return
        }
        var parts: [String] = []
        let r = state.main.reference
        parts.append("\(state.referenceSource.mark) \(state.referenceSource.label) \(String(format: "%.5f,%.5f", r.latitude, r.longitude))")
        if let location = state.locationStatus { parts.append(location) }
        if let radius = state.main.radius { parts.append("within \(state.distanceText(radius))") }
        let shown = state.main.shownArtworkCount
        parts.append("\(shown) shown")
        if !state.main.searchText.isEmpty { parts.append("filter \"\(state.main.searchText)\"") }
        // What is under way (a sync, a fetch) stays beside the location whatever the message: it says why to wait.
        var underWay: [String] = []
        switch state.sync {
        case .running(let text): underWay.append("↻ " + text)
        case .failed: parts.append(state.showsServiceCollection ? "sync failed" : "refresh failed")
        case .idle:
            // Only a collection from the service is "synced"; a file or fetched tiles say nothing here.
            if state.showsServiceCollection { parts.append(state.syncAgeText ?? "not synced") }
        }
        if let fetching = NearMeFeature.statusText(state.nearMe) { underWay.append(fetching) }
        underWay += StackViews.statusTexts(state.overlays, state)
        parts.insert(contentsOf: underWay, at: 1)
        let left = " " + parts.joined(separator: " │ ")
        guard let note = (state.lastError ?? state.lastMessage).map(DisplayText.clean) else {
            buffer.write(left, x: area.x, y: area.y, style: Style(.status, reverse: true), maxWidth: area.width)
            return
        }
        // The last message takes the room it needs, but the location's name stays (where distances are measured
        // from is what the table means): the state after it gives way first, a part at a time, then the location
        // loses its coordinates (issue 50: never its name), then the message is cut (MessageFit keeps its reason
        // and cuts the subject, then the tail, with "…").
        let location = TextWidth.of(parts[0])
        let short = TextWidth.truncate(shortLocation(state), to: keptLocation)
        let underWayWidth = underWay.reduce(0) { $0 + 3 + TextWidth.of($1) }
        let kept = 1 + min(location, TextWidth.of(short)) + underWayWidth
        let room = max(kept, area.width - TextWidth.of(note) - 3)
        var line = " " + (location <= room - underWayWidth - 1 ? parts[0] : short)
        for (index, part) in parts.dropFirst().enumerated() {
            let next = line + " │ " + part
            if index >= underWay.count, TextWidth.of(next) > room { break }
            line = next
        }
        let used = buffer.write(line, x: area.x, y: area.y, style: Style(.status, reverse: true), maxWidth: area.width)
        buffer.write(" │ " + MessageFit.fit(note, to: area.width - used - 3), x: area.x + used, y: area.y,
                     style: Style(state.lastError != nil ? .statusError : .status, bold: state.lastError != nil, reverse: true),
                     maxWidth: max(0, area.width - used))
    }

    /// The start of the focused pane's title: which pane the arrows move, in words, not only in colour (issue 50).
    public static let focusMark = "arrows ▸ "

    /// How much of the location ("◎ Ashton Building", "◎ 53.40678,-2.96603") a message may never push off the status line.
    public static let keptLocation = 32

    /// The location without what a message may take: its name, or its coordinates when it has none of its own.
    static func shortLocation(_ state: AppState) -> String {
        let source = state.referenceSource
        let r = state.main.reference
        switch source {
        case .fixed(nil), .picked: return "\(source.mark) \(String(format: "%.5f,%.5f", r.latitude, r.longitude))"
        default: return "\(source.mark) \(source.label)"
        }
    }
}
