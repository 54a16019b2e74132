/// The one list of screens. The key contexts' order, the help's sections and the man page's KEYS sections
/// are all derived from it, so a screen listed here cannot drop out of either. Adding a screen: its folder
/// (state, action, feature and its `StackScreen` conformance), its view, and one line here.
public enum ScreenRegistry {
    /// The main screen's key contexts: the map, the table, and the route shown in the table's place.
    public static let mainKeyContexts: [KeyContext] = [.map, .table, .route]

    /// The screens that open over the main screen, in the order the help and the man page list their keys.
    public static let stack: [any StackScreen.Type] = [
        BuildingListState.self,
        DetailState.self,
        ImageViewerState.self,
        FavouritesState.self,
        SlideshowState.self,
        PaintersState.self,
        SettingsState.self,
        NewsState.self,
        WalkState.self,
        HelpState.self,
    ]

    /// Every key context, in the order of the help's and the man page's sections: the main screen's, each
    /// screen's own (once: the help shares the detail's keys), then the keys that work everywhere.
    public static var keyContexts: [KeyContext] {
        var order: [KeyContext] = []
        for context in mainKeyContexts + stack.map({ $0.keyContext }) + [.global] where !order.contains(context) {
            order.append(context)
        }
        return order
    }
}
