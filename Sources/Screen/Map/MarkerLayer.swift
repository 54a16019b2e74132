import Cells
import App
import Catalog
import Geo

/// One marker per building in view; the ones a radius hides from the table dimmed and drawn first, the ones a
/// search leaves out not drawn.
enum MarkerLayer {
    static func draw(_ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let inner = frame.inner
        // The spatial index hands over only the buildings in view, so the cost follows the screen.
        let view = state.boundingBox(cellsFromX: inner.x - frame.centerX - 1, toX: inner.maxX - frame.centerX,
                                     fromY: inner.y - frame.centerY - 1, toY: inner.maxY - frame.centerY)
        let buildings = state.catalog.buildings
        // Each building's place in the table looked up once; the hidden ones first (drawn under the rest).
        let inView = state.catalog.buildingIndices(inside: view).map { (index: $0, position: state.rankPosition(ofBuilding: buildings[$0].key)) }
        let everything = inView.filter { $0.position == nil }.reversed() + inView.filter { $0.position != nil }.reversed()
        // A search filters the map as it filters the table: buildings without a match are not drawn.
        let searching = !state.searchText.isEmpty
        for (index, position) in everything where !(searching && position == nil) {
            let building = buildings[index]
            let offset = state.cellOffset(of: building.coordinate)
            let x = frame.centerX + offset.x, y = frame.centerY + offset.y
            guard inner.contains(x: x, y: y) else { continue }
            let style: Style = position.map { $0 < state.nearestCount ? Style(.markerNear, bold: true) : Style(.marker) }
                ?? Style(.markerDim, dim: true)
            // A search shows what matches: a building's marker counts its matching artworks, as its table group does.
            let count = position.map { state.ranked[$0].artworks.count } ?? building.artworks.count
            // A building whose every artwork is seen (issue 47) shows ✓ (v in ASCII) instead of its count.
            let seen = !building.artworks.isEmpty && building.artworks.allSatisfy { state.isSeen($0) }
            let glyph = seen ? (state.ascii ? Self.seenASCII : Self.seenGlyph) : Self.glyph(count: count, ascii: state.ascii)
            if glyph.width == 1 {
                buffer.setNarrow(x, y, glyph.text, style)
            } else {
                buffer.set(x, y, glyph.character, style)
            }
            occupied.insertMarker(x: x, y: y)
        }
    }

    /// Far out, one marker per cluster of cells with the number of artworks it holds ("◉12"), largest first.
    static func drawClusters(_ state: MainScene, _ frame: MapFrame, cache: ClusterCache, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let half = (x: frame.inner.width / 2 + 1, y: frame.inner.height / 2 + 1)
        for cluster in cache.clusters(state, half: half) {
            let x = frame.centerX + cluster.x, y = frame.centerY + cluster.y
            guard frame.inner.contains(x: x, y: y), !occupied.contains(x, y) else { continue }
            let style = Style(.markerNear, bold: true)
            buffer.set(x, y, state.ascii ? "o" : "◉", style)
            occupied.insertMarker(x: x, y: y)
            let count = String(cluster.artworks)
            guard x + count.count < frame.inner.maxX, !((x + 1)...(x + count.count)).contains(where: { occupied.contains($0, y) }) else { continue }
            _ = buffer.write(count, x: x + 1, y: y, style: style, clip: frame.inner)
            occupied.insertLabel(x: x + 1, y: y, width: count.count)
        }
    }

    /// A marker's glyph with its width, measured once per count (markers are drawn every frame).
    private struct Glyph {
        let character: Character
        let text: String
        let width: Int

        init(_ character: Character) {
            self.character = character
            text = String(character)
            width = TextWidth.of(character)
        }
    }

    /// The marker of a building whose artworks are all seen.
    private static let seenGlyph = Glyph("✓")
    private static let seenASCII = Glyph("v")

    /// Counts up to 21 cover every distinct glyph (`MapView.marker` draws one glyph for every count past 20).
    private static let glyphs = (0...21).map { Glyph(MapView.marker(count: $0, ascii: false)) }
    private static let asciiGlyphs = (0...21).map { Glyph(MapView.marker(count: $0, ascii: true)) }

    private static func glyph(count: Int, ascii: Bool) -> Glyph {
        (ascii ? asciiGlyphs : glyphs)[max(0, min(count, 21))]
    }

    static func drawYouAreHere(_ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let you = state.cellOffset(of: state.reference)
        let x = frame.centerX + you.x, y = frame.centerY + you.y
        // Far out a cluster on the reference point keeps its count (it is drawn first and holds the cell).
        guard frame.inner.contains(x: x, y: y), !(state.showsClusters && occupied.contains(x, y)) else { return }
        buffer.set(x, y, state.ascii ? "@" : "◎", Style(.you, bold: true))
        occupied.insertMarker(x: x, y: y)
    }
}
