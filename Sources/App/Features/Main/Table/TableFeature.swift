/// What the table pane's keys and mouse ask of the table.
public enum TableAction: Hashable, Sendable {
    /// Step the selection through the rows.
    case select(ListStep)
    /// The mouse wheel: scroll by rows (negative: up), the selection kept on screen.
    case wheel(Int)
    /// A click on a row of the pane's body (0 at its top).
    case click(bodyRow: Int)
}

/// The table pane of the main screen: the selection and the scroll. The rows themselves are derived by the
/// parent (`TableState.refresh`); linking the selection to the map is the parent's too.
public enum TableFeature {
    /// Applies an action to a table whose body is `height` rows tall.
    @discardableResult
    public static func reduce(_ state: inout TableState, _ action: TableAction, height: Int) -> Reduced {
        switch action {
        case .select(let step):
            let page = max(1, height - 1)
            state.selectedRow = step.moved(state.selectedRow, count: state.rows.count, page: page)
            state.keepSelectionVisible(height: height)
        case .wheel(let rows):
            state.scroll = max(0, min(max(0, state.rows.count - height), state.scroll + rows))
            state.selectedRow = max(state.scroll, min(state.scroll + height - 1, state.selectedRow))
        case .click(let bodyRow):
            let row = state.scroll + bodyRow
            if state.rows.indices.contains(row) { state.selectedRow = row }
        }
        return .none
    }
}
