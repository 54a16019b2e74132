import Cells
import Imaging

/// The terminal's colour pairs for pictures' exact colours: a bounded map from (foreground, background)
/// colour numbers to pair numbers above the ones the roles use. Pure bookkeeping; Terminal defines the pairs.
struct ColorPairCache {
    /// A pair's two colour numbers as the terminal takes them (-1: the terminal's default).
    struct Key: Hashable {
        let foreground: Int32
        let background: Int32
    }

    let firstPair: Int32
    let capacity: Int
    private(set) var pairs: [Key: Int32] = [:]

    init(firstPair: Int32, lastPair: Int32) {
        self.firstPair = firstPair
        capacity = max(0, Int(lastPair) - Int(firstPair) + 1)
    }

    /// The pair for a key, and whether it must be defined now; nil when every pair is taken.
    mutating func pair(for key: Key) -> (pair: Int32, isNew: Bool)? {
        if let known = pairs[key] { return (known, false) }
        guard pairs.count < capacity else { return nil }
        let pair = firstPair + Int32(pairs.count)
        pairs[key] = pair
        return (pair, true)
    }

    /// How many of `keys` are not defined yet.
    func missing<S: Sequence>(_ keys: S) -> Int where S.Element == Key {
        Set(keys).filter { pairs[$0] == nil }.count
    }

    var free: Int { capacity - pairs.count }

    /// Forgets every pair (the screen is then repainted whole, so no cell keeps a pair that is redefined).
    mutating func reset() { pairs = [:] }
}

/// Maps picture colours to the colour numbers a terminal of a given depth understands.
struct ColorNumbers {
    let depth: ColorDepth
    /// How many colours the terminal has (COLORS).
    let count: Int
    private var nearest: [UInt32: Int32] = [:]

    init(depth: ColorDepth, count: Int) {
        self.depth = depth
        self.count = count
    }

    /// The terminal colour number for a cell colour (-1 for the default).
    mutating func number(_ color: CellColor?) -> Int32 {
        guard let color else { return -1 }
        switch (depth, color) {
        case (.truecolor, _): return Int32(color.rgbValue.packed)
        case (_, .palette(let index)) where Int(index) < count: return Int32(index)
        default:
            let rgb = color.rgbValue
            if let known = nearest[rgb.packed] { return known }
            let found = Int32(XtermPalette.nearest(rgb, count: min(256, max(8, count))))
            nearest[rgb.packed] = found
            return found
        }
    }
}
