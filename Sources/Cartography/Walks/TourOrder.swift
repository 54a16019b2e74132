/// How a walk through several stops ends.
public enum TourEnd: Hashable, Sendable {
    /// Back at the start.
    case round
    /// At the last stop.
    case open
    /// At a further point (its row and column in the matrix are the last).
    case fixed
}

/// The best order of stops for the shortest walk, over a matrix of walking metres. Rows and columns `0..<n` are the
/// stops, `n` the start and, for `.fixed`, `n + 1` the end. Exact (Held–Karp) up to `exactLimit` stops; beyond,
/// farthest insertion improved by 2-opt and Or-opt until neither finds a shorter walk.
public enum TourOrder {
    /// The most stops ordered exactly: 2^12 × 12 states.
    public static let exactLimit = 12

    /// The stops' order (indices into `0..<n`) and the walk's metres.
    public static func best(_ d: [[Double]], stops n: Int, end: TourEnd) -> (order: [Int], metres: Double) {
        guard n > 0 else { return ([], end == .fixed ? d[0][1] : 0) }
        if n <= exactLimit {
            let table = HeldKarp(d, stops: n)
            let full = (1 << n) - 1
            var bestEnd = 0, bestCost = Double.infinity
            for j in 0..<n {
                let cost = table.cost(full, j) + tail(d, j, n: n, end: end)
                if cost < bestCost { (bestEnd, bestCost) = (j, cost) }
            }
            return (table.order(full, endingAt: bestEnd), bestCost)
        }
        return heuristic(d, stops: n, end: end)
    }

    /// Farthest insertion, then 2-opt and Or-opt, then kicks (a double bridge, improved again, kept when shorter):
    /// the order used beyond `exactLimit` stops. Deterministic: the kicks follow a fixed sequence.
    public static func heuristic(_ d: [[Double]], stops n: Int, end: TourEnd) -> (order: [Int], metres: Double) {
        var best = farthestInsertion(d, stops: n, end: end)
        improve(&best, d, n: n, end: end)
        var bestCost = cost(best, d, n: n, end: end)
        guard n >= 8 else { return (best, bestCost) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(n)
        func next(_ below: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(below))
        }
        for _ in 0..<(n <= 30 ? 40 : 8) {
            let cuts = (0..<3).map { _ in 1 + next(n - 1) }.sorted()
            guard cuts[0] < cuts[1], cuts[1] < cuts[2] else { continue }
            var tried = Array(best[..<cuts[0]] + best[cuts[1]..<cuts[2]] + best[cuts[0]..<cuts[1]] + best[cuts[2]...])
            improve(&tried, d, n: n, end: end)
            let c = cost(tried, d, n: n, end: end)
            if c < bestCost - 1e-9 { (best, bestCost) = (tried, c) }
        }
        return (best, bestCost)
    }

    /// The walk's metres for the stops in `order`.
    public static func cost(_ order: [Int], _ d: [[Double]], n: Int, end: TourEnd) -> Double {
        guard let first = order.first, let last = order.last else { return end == .fixed ? d[n][n + 1] : 0 }
        var total = d[n][first]
        for i in 1..<order.count { total += d[order[i - 1]][order[i]] }
        return total + tail(d, last, n: n, end: end)
    }

    static func tail(_ d: [[Double]], _ last: Int, n: Int, end: TourEnd) -> Double {
        switch end {
        case .round: return d[last][n]
        case .open: return 0
        case .fixed: return d[last][n + 1]
        }
    }

    /// The stops one by one: the one farthest from the walk so far goes where it lengthens the walk least.
    static func farthestInsertion(_ d: [[Double]], stops n: Int, end: TourEnd) -> [Int] {
        var order: [Int] = []
        var nearest = (0..<n).map { d[n][$0] }
        var left = Set(0..<n)
        while !left.isEmpty {
            let next = left.max { nearest[$0] == nearest[$1] ? $0 > $1 : nearest[$0] < nearest[$1] }!
            left.remove(next)
            var bestAt = 0, bestCost = Double.infinity
            for at in 0...order.count {
                var tried = order
                tried.insert(next, at: at)
                let c = cost(tried, d, n: n, end: end)
                if c < bestCost { (bestAt, bestCost) = (at, c) }
            }
            order.insert(next, at: bestAt)
            for s in left { nearest[s] = min(nearest[s], d[next][s]) }
        }
        return order
    }

    /// 2-opt (a stretch walked the other way) and Or-opt (one to three stops moved elsewhere), first improvement,
    /// until neither shortens the walk.
    static func improve(_ order: inout [Int], _ d: [[Double]], n: Int, end: TourEnd) {
        var current = cost(order, d, n: n, end: end)
        var improved = true
        while improved {
            improved = false
            for i in 0..<order.count {
                for j in (i + 1)..<order.count {
                    var tried = order
                    tried[i...j].reverse()
                    let c = cost(tried, d, n: n, end: end)
                    if c < current - 1e-9 { (order, current, improved) = (tried, c, true) }
                }
            }
            for length in 1...3 where length < order.count {
                for i in 0...(order.count - length) {
                    var rest = order
                    let moved = Array(rest[i..<(i + length)])
                    rest.removeSubrange(i..<(i + length))
                    for at in 0...rest.count where at != i {
                        for piece in [moved, moved.reversed()] {
                            var tried = rest
                            tried.insert(contentsOf: piece, at: at)
                            let c = cost(tried, d, n: n, end: end)
                            if c < current - 1e-9 { (order, current, improved) = (tried, c, true) }
                        }
                    }
                    if improved { break }
                }
                if improved { break }
            }
        }
    }
}

/// Held–Karp's table: the shortest walk from the start through the stops of `mask` ending at stop `j`.
struct HeldKarp {
    private var costs: [Double]
    private var previous: [Int8]
    private let n: Int

    init(_ d: [[Double]], stops n: Int) {
        self.n = n
        let states = (1 << n) * n
        costs = [Double](repeating: .infinity, count: states)
        previous = [Int8](repeating: -1, count: states)
        for j in 0..<n { costs[(1 << j) * n + j] = d[n][j] }
        for mask in 1..<(1 << n) {
            for j in 0..<n where mask & (1 << j) != 0 {
                let here = costs[mask * n + j]
                guard here.isFinite else { continue }
                for k in 0..<n where mask & (1 << k) == 0 {
                    let next = (mask | (1 << k)) * n + k
                    let c = here + d[j][k]
                    if c < costs[next] { (costs[next], previous[next]) = (c, Int8(j)) }
                }
            }
        }
    }

    /// The shortest walk through `mask` ending at `j` (infinity when `j` is not in it).
    func cost(_ mask: Int, _ j: Int) -> Double { costs[mask * n + j] }

    /// The stops of that walk in order.
    func order(_ mask: Int, endingAt j: Int) -> [Int] {
        var order: [Int] = []
        var mask = mask, j = j
        while j >= 0 {
            order.append(j)
            let p = Int(previous[mask * n + j])
            mask &= ~(1 << j)
            j = p
        }
        return order.reversed()
    }
}

/// Which stops fit a time budget: the most stops whose best walk, plus a stay at each, takes at most the budget
/// (the shortest such walk among equals). Exact over up to `TourOrder.exactLimit` candidates (one Held–Karp table
/// answers every subset); beyond, the nearest candidates are added one at a time while the improved walk fits.
public enum StopBudget {
    /// The chosen stops (indices into `0..<n`) in walking order, and the walk's metres.
    public static func choose(_ d: [[Double]], stops n: Int, end: TourEnd, budgetSeconds: Double,
                              metresPerSecond: Double, staySeconds: Double) -> (order: [Int], metres: Double) {
        func seconds(_ metres: Double, _ count: Int) -> Double { metres / metresPerSecond + Double(count) * staySeconds }
        guard n > 0 else { return ([], 0) }
        if n <= TourOrder.exactLimit {
            let table = HeldKarp(d, stops: n)
            var best: (mask: Int, j: Int, count: Int, metres: Double)?
            for mask in 1..<(1 << n) {
                let count = mask.nonzeroBitCount
                for j in 0..<n where mask & (1 << j) != 0 {
                    let metres = table.cost(mask, j) + TourOrder.tail(d, j, n: n, end: end)
                    guard seconds(metres, count) <= budgetSeconds else { continue }
                    if best == nil || count > best!.count || (count == best!.count && metres < best!.metres) {
                        best = (mask, j, count, metres)
                    }
                }
            }
            guard let best else { return ([], 0) }
            return (table.order(best.mask, endingAt: best.j), best.metres)
        }
        var chosen: [Int] = []
        var walk: (order: [Int], metres: Double) = ([], 0)
        for candidate in (0..<n).sorted(by: { d[n][$0] < d[n][$1] }) {
            let tried = chosen + [candidate]
            let sub = submatrix(d, tried, n: n, end: end)
            let found = TourOrder.best(sub, stops: tried.count, end: end)
            if seconds(found.metres, tried.count) <= budgetSeconds {
                chosen = tried
                walk = (found.order.map { tried[$0] }, found.metres)
            }
        }
        return walk
    }

    /// The rows and columns of `stops` (then the start and, for `.fixed`, the end) of `d`.
    static func submatrix(_ d: [[Double]], _ stops: [Int], n: Int, end: TourEnd) -> [[Double]] {
        let keep = stops + [n] + (end == .fixed ? [n + 1] : [])
        return keep.map { i in keep.map { d[i][$0] } }
    }
}
