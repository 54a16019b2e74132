/// `n` and `N` while a filter is on (issue 50): the next or previous artwork among the rows shown, round again,
/// as less, vim and tig step through matches.
extension TableState {
    /// Selects the next (or previous) artwork row after the selection; answers its place among the artworks shown
    /// (1-based) and how many there are, or nil when no artwork is shown.
    mutating func selectMatch(forward: Bool, height: Int) -> (place: Int, of: Int)? {
        guard !rows.isEmpty else { return nil }
        let count = rows.count
        var row = rows.indices.contains(selectedRow) ? selectedRow : (forward ? count - 1 : 0)
        for _ in 0..<count {
            row = (row + (forward ? 1 : count - 1)) % count
            guard case .artwork(let b, let a) = rows[row] else { continue }
            selectedRow = row
            keepSelectionVisible(height: height)
            let before = ranked[..<b].reduce(0) { $0 + $1.artworks.count }
            return (before + a + 1, ranked.reduce(0) { $0 + $1.artworks.count })
        }
        return nil
    }
}
