import Cells
import TerminalTypes
import Catalog
import Foundation
import Geo
import Imaging

/// What a view may read besides its own feature's state: the feature context, plus how things are drawn
/// (symbols, colours, units) and the look-ups the detail and the news show. `AppState` provides it; a view
/// never sees another screen's state.
public protocol ViewContext: FeatureContext {
    /// Plain ASCII instead of braille and symbols.
    var ascii: Bool { get }
    /// How many colours pictures may use.
    var colorDepth: ColorDepth { get }
    /// How pictures reach the terminal: pixels (kitty, sixel, iTerm2) or cells.
    var pixelProtocol: PixelProtocol { get }
    /// The symbols pictures are drawn with.
    var pictureSymbols: SymbolSet { get }
    /// Where distances are measured from, for "… from the Ashton Building".
    var referenceSource: ReferenceSource { get }
    /// The collections whose art is shown (several when every collection near the reference is).
    var shownCollections: [String] { get }
    /// The last line for the status bar (the viewer shows it in its own).
    var lastMessage: String? { get }
    /// The last error, which the full-screen views show as they show a message.
    var lastError: String? { get }
    /// The last news message, and what syncs changed since the user last looked.
    var news: NewsItem? { get }
    var whatsNew: [String] { get }
    /// Why the last news fetch failed, if it did.
    var newsProblem: String? { get }
    /// Why the last sync could not fetch images, by artwork id.
    var imageFailures: [ArtworkKey: String] { get }
    /// The sync's state, for the full-screen views' own status lines.
    var sync: SyncStatus { get }
    /// A distance in the units the user chose.
    func distanceText(_ metres: Double) -> String
    /// An artwork of the catalogue with its building, ranked from the reference point.
    func rankedArtwork(_ key: ArtworkKey) -> (RankedBuilding, RankedArtwork)?
    /// An artwork with every field once read, else as the catalogue holds it.
    func detailedArtwork(_ key: ArtworkKey) -> Artwork?
    /// True while an artwork's description is still to be read.
    func awaitsFullRecord(_ key: ArtworkKey) -> Bool
    /// True while the art around a point is being fetched (near me).
    var fetchingArt: Bool { get }
}

extension AppState: ViewContext {
    public var referenceSource: ReferenceSource { main.referenceSource }
    public var shownCollections: [String] { main.shownCollections }
    public var fetchingArt: Bool { nearMe.fetching != nil }
}
