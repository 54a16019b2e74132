import Foundation

/// "Did you mean …?" for a name a person typed: the closest known name within a few edits.
public enum Suggestion {
    /// The known name closest to `typed` (case aside) by edit distance, when it is near enough to be a typo:
    /// at most a third of the typed length in edits (at least one, at most three). Nil when none is.
    public static func nearest(to typed: String, among known: [String]) -> String? {
        let wanted = Array(typed.lowercased())
        guard !wanted.isEmpty, wanted.count <= 64 else { return nil }
        let allowed = min(3, max(1, wanted.count / 3))
        var best: (name: String, distance: Int)?
        for name in known {
            let candidate = Array(name.lowercased())
            guard abs(candidate.count - wanted.count) <= allowed, candidate.count <= 64 else { continue }
            let distance = editDistance(wanted, candidate)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// " (did you mean 'list'?)", or "" when nothing is near.
    public static func hint(for typed: String, among known: [String]) -> String {
        nearest(to: typed, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit ("lsit" is one from "list").
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
