import Cells
import CChafa
import Foundation

/// Chafa canvases kept for reuse: building one prepares its symbol tables, which costs more than drawing a
/// small tile. The pool is the canvases' one owner; a canvas is lent to one renderer at a time.
final class ChafaCanvasPool: @unchecked Sendable {
    /// What a canvas is made for.
    struct Key: Hashable {
        let columns: Int, rows: Int, depth: ColorDepth, symbols: SymbolSet
    }

    static let shared = ChafaCanvasPool()
    /// Held for the whole of one rendering (see `CellRenderer.render`).
    let renderLock = NSLock()
    private let lock = NSLock()
    private var idle: [(key: Key, canvas: OpaquePointer)] = []
    private let capacity = 24

    /// An idle canvas for `key`, or a new one; nil when chafa cannot make one.
    func checkOut(_ key: Key) -> OpaquePointer? {
        lock.lock()
        if let index = idle.lastIndex(where: { $0.key == key }) {
            let canvas = idle.remove(at: index).canvas
            lock.unlock()
            return canvas
        }
        lock.unlock()
        return CellRenderer.makeCanvas(key)
    }

    /// Returns a canvas; the least recently returned are freed past the capacity.
    func checkIn(_ canvas: OpaquePointer, _ key: Key) {
        lock.lock()
        idle.append((key, canvas))
        let surplus = idle.count > capacity ? idle.removeFirst().canvas : nil
        lock.unlock()
        if let surplus { chafa_canvas_unref(surplus) }
    }
}
