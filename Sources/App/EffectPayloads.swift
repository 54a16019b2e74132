import Cells
import Cartography
import Imaging

// What some effects carry so that their handlers need nothing else (issue 45, item 2): the reducer puts it there.

/// Where a campus-shaped service answers, as a collection's source records it.
public struct ServiceAddress: Hashable, Sendable {
    public let url: String
    /// The folder of its images; empty: the service's own default.
    public let imageBase: String

    public init(url: String, imageBase: String) {
        self.url = url
        self.imageBase = imageBase
    }
}

/// A decoded picture and how the viewer draws it (colours, symbols): what rendering its tiles ahead needs.
/// Equal when it is the same picture drawn the same way (a picture is a reference: compared by identity).
public struct PictureLook: Hashable, Sendable {
    public let picture: Picture
    public let depth: ColorDepth
    public let symbols: SymbolSet

    public init(picture: Picture, depth: ColorDepth, symbols: SymbolSet) {
        self.picture = picture
        self.depth = depth
        self.symbols = symbols
    }

    public static func == (lhs: PictureLook, rhs: PictureLook) -> Bool {
        lhs.picture === rhs.picture && lhs.depth == rhs.depth && lhs.symbols == rhs.symbols
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(picture))
        hasher.combine(depth)
        hasher.combine(symbols)
    }
}

/// The world atlas whose 1:10m layer is to be read ahead (an atlas is a reference: compared by identity).
public struct WorldDetailRead: Hashable, Sendable {
    public let atlas: WorldAtlas

    public init(_ atlas: WorldAtlas) { self.atlas = atlas }

    public static func == (lhs: WorldDetailRead, rhs: WorldDetailRead) -> Bool { lhs.atlas === rhs.atlas }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(atlas)) }
}

extension Effect {
    /// When the news was last looked at, as saved: `reloadCatalogue` answers what changed since (`whatsNewLoaded`).
    public static let newsLookedSetting = AppState.newsLookedSetting
}
