import Testing
import TestSupport
@testable import Cartography

/// A matrix of straight-line metres between random points in a 2 km square (the start, then the end, last).
private func matrix(_ count: Int, _ rng: inout SeededGenerator) -> [[Double]] {
    let points = (0..<count).map { _ in (Double.random(in: 0...2000, using: &rng), Double.random(in: 0...2000, using: &rng)) }
    return points.map { a in points.map { b in ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot() } }
}

private func permutations(_ items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in permutations(Array(items[..<i] + items[(i + 1)...])).map { [items[i]] + $0 } }
}

@Test(arguments: [TourEnd.round, .open, .fixed])
func theExactOrderIsTheBestOfEveryOrder(end: TourEnd) {
    var rng = SeededGenerator(seed: 29)
    for n in 1...6 {
        let d = matrix(n + 2, &rng)
        let found = TourOrder.best(d, stops: n, end: end)
        let brute = permutations(Array(0..<n)).map { TourOrder.cost($0, d, n: n, end: end) }.min()!
        #expect(abs(found.metres - brute) < 1e-6, "n \(n) \(end): \(found.metres) vs \(brute)")
        #expect(Set(found.order) == Set(0..<n) && abs(TourOrder.cost(found.order, d, n: n, end: end) - found.metres) < 1e-6)
    }
}

@Test func theHeuristicIsWithinOnePercentOfExactOnSeededSamplesOfTwelve() {
    var rng = SeededGenerator(seed: 32)
    var ratios: [Double] = []
    for _ in 0..<20 {
        let d = matrix(14, &rng)
        let exact = TourOrder.best(d, stops: 12, end: .round).metres
        let heuristic = TourOrder.heuristic(d, stops: 12, end: .round)
        #expect(Set(heuristic.order) == Set(0..<12))
        ratios.append(heuristic.metres / exact)
    }
    ratios.sort()
    #expect(ratios.last! <= 1.01, "worst \(ratios.last!), median \(ratios[ratios.count / 2])")
    #expect(ratios.first! >= 1 - 1e-9, "never better than exact")
}

@Test func theTimeBudgetTakesTheMostStopsThatFitAsBruteForceFinds() {
    var rng = SeededGenerator(seed: 30)
    for n in 2...7 {
        let d = matrix(n + 1, &rng)
        let budget = Double.random(in: 600...3600, using: &rng)
        let found = StopBudget.choose(d, stops: n, end: .round, budgetSeconds: budget, metresPerSecond: 1.25, staySeconds: 180)
        // Brute force: every subset, every order.
        var best = (count: 0, metres: 0.0)
        for mask in 1..<(1 << n) {
            let stops = (0..<n).filter { mask & (1 << $0) != 0 }
            let metres = permutations(stops).map { TourOrder.cost($0, d, n: n, end: .round) }.min()!
            guard metres / 1.25 + Double(stops.count) * 180 <= budget else { continue }
            if stops.count > best.count || (stops.count == best.count && metres < best.metres) { best = (stops.count, metres) }
        }
        #expect(found.order.count == best.count && abs(found.metres - best.metres) < 1e-6, "n \(n): \(found) vs \(best)")
    }
}
