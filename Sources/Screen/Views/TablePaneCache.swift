import Cells
import Foundation
import TerminalTypes

/// The table pane as last drawn, kept between frames with what it was drawn from: a map cursor move, a
/// label or a status message leaves the rows, scroll, selection, focus and size alone, so the pane is pasted
/// instead of written cell by cell. One entry, in the frames' `RenderCaches` (like the map's BaseRaster); the key holds
/// `rowsVersion`, which every change of the rows, hearts or units renews (counted along the session's one state,
/// whose caches these are), so a stale pane cannot be shown.
final class TablePaneCache: @unchecked Sendable {
    /// Everything the pane shows depends on.
    struct Key: Equatable {
        let rowsVersion: Int
        let scroll: Int
        let selected: Int
        let focused: Bool
        let size: TerminalSize
        let ascii: Bool
        let imperial: Bool
        let partial: Bool
        let radius: Double?
        let outsideRadius: Int
        let searchText: String
        /// Whether the art around here is being fetched (an empty table says so rather than "no artworks here").
        var fetching = false
    }

    private let lock = NSLock()
    private var kept: (key: Key, pane: Buffer)?
    /// How many times the pane was drawn (not pasted from the kept one).
    private(set) var draws = 0

    /// The pane for `key`: the kept one when it was drawn for the same key, else made by `draw` and kept.
    func pane(_ key: Key, draw: () -> Buffer) -> Buffer {
        if let kept = lock.withLock({ self.kept }), kept.key == key { return kept.pane }
        let pane = draw()
        lock.withLock {
            kept = (key, pane)
            draws += 1
        }
        return pane
    }
}
