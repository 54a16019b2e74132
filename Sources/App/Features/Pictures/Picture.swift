import Foundation
import Imaging

/// An artwork's decoded picture, shared by every state that shows it (a reference, so copying the state is
/// cheap). Its pixels never change; it remembers its last few renderings so redraws and moving through a
/// list do not render again.
public final class Picture: @unchecked Sendable {
    public let artworkID: String
    /// The published file name, for the viewer's status line.
    public let fileName: String
    public let decoded: DecodedImage
    private let lock = NSLock()
    private var renders: [(key: RenderKey, cells: CellImage)] = []
    private static let renderSlots = 6

    /// What a rendering depends on.
    struct RenderKey: Hashable {
        let columns: Int, rows: Int, depth: ColorDepth, symbols: SymbolSet, source: PixelRect
    }

    public init(artworkID: String, fileName: String, decoded: DecodedImage) {
        self.artworkID = artworkID
        self.fileName = fileName
        self.decoded = decoded
    }

    public var pixels: RGBAImage { decoded.pixels }

    /// Bytes held, for the memory budget.
    public var byteCount: Int { decoded.pixels.byteCount + 64 * 1024 }

    /// The cells for a part of the picture (`source`, in decoded pixels) drawn into `columns` × `rows`.
    public func cells(columns: Int, rows: Int, depth: ColorDepth, symbols: SymbolSet, source: PixelRect? = nil) -> CellImage {
        let whole = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        let key = RenderKey(columns: columns, rows: rows, depth: depth, symbols: symbols, source: source ?? whole)
        lock.lock()
        if let hit = renders.firstIndex(where: { $0.key == key }) {
            let cells = renders[hit].cells
            renders.append(renders.remove(at: hit))
            lock.unlock()
            return cells
        }
        lock.unlock()
        let region = key.source == whole ? pixels
            : pixels.cropped(x: key.source.x, y: key.source.y, width: key.source.width, height: key.source.height)
        let cells = CellRenderer.render(region, columns: columns, rows: rows, depth: depth, symbols: symbols)
        lock.lock()
        renders.append((key, cells))
        if renders.count > Picture.renderSlots { renders.removeFirst() }
        lock.unlock()
        return cells
    }
}

/// A rectangle of pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
