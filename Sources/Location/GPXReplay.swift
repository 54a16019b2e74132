import Foundation
import Geo

/// When each fix of a replay happens, in seconds from the start of the replay.
public struct ScheduledFix: Equatable, Sendable {
    public let offset: TimeInterval
    public let coordinate: Coordinate
}

/// Turns GPX points into the fixes a device would report: one every simulated second, interpolated
/// along each segment; the file's times set the pace (scaled by `speed`); with no times, one point a second.
public struct GPXReplay: Sendable {
    public let points: [GPXPoint]
    public let speed: Double

    public init(points: [GPXPoint], speed: Double = 1) {
        self.points = points
        self.speed = speed > 0 && speed.isFinite ? speed : 1
    }

    /// The fixes of one pass, made one at a time as they are read: two points 200 years apart are six
    /// billion simulated seconds, which must never be held in memory at once.
    public var fixes: FixSequence { FixSequence(points: points, speed: speed) }

    /// The fixes of one pass as an array (for short walks and tests). A single point is one fix at 0.
    public func schedule() -> [ScheduledFix] { Array(fixes) }
}

/// The lazily generated fixes of a replay: the first point at 0, then one per simulated second along each
/// segment, interpolated.
public struct FixSequence: Sequence, Sendable {
    let points: [GPXPoint]
    let speed: Double

    public func makeIterator() -> Iterator { Iterator(points: points, speed: speed) }

    /// Walks the segments without storing their fixes.
    public struct Iterator: IteratorProtocol {
        let points: [GPXPoint]
        let speed: Double
        private var segment = 0
        private var step = 0
        private var steps = 0
        private var duration: TimeInterval = 0
        private var elapsed: TimeInterval = 0
        private var started = false

        init(points: [GPXPoint], speed: Double) {
            self.points = points
            self.speed = speed
        }

        public mutating func next() -> ScheduledFix? {
            guard let first = points.first else { return nil }
            if !started {
                started = true
                return ScheduledFix(offset: 0, coordinate: first.coordinate)
            }
            while step >= steps {
                if steps > 0 {
                    elapsed += duration
                    segment += 1
                }
                guard segment + 1 < points.count else { return nil }
                let a = points[segment], b = points[segment + 1]
                duration = 1
                if let ta = a.time, let tb = b.time, tb > ta { duration = Swift.min(tb.timeIntervalSince(ta), 1e12) }
                steps = Swift.max(1, Int(duration.rounded()))
                step = 0
            }
            step += 1
            let a = points[segment], b = points[segment + 1]
            let t = Double(step) / Double(steps)
            let coordinate = Coordinate(
                clampingLatitude: a.coordinate.latitude + (b.coordinate.latitude - a.coordinate.latitude) * t,
                longitude: a.coordinate.longitude + (b.coordinate.longitude - a.coordinate.longitude) * t)
            return ScheduledFix(offset: (elapsed + duration * t) / speed, coordinate: coordinate)
        }
    }
}

/// Lets a fix through only when it is at least `threshold` metres from the last one let through,
/// which keeps the screen calm while a person stands still or GPS jitters.
public struct DistanceFilter: Sendable {
    public let threshold: Double
    public private(set) var last: Coordinate?

    public init(threshold: Double = 25) {
        self.threshold = threshold
    }

    /// True (and remembered) when the fix should be applied.
    public mutating func accept(_ coordinate: Coordinate) -> Bool {
        if let last, Geodesic.distance(from: last, to: coordinate) < threshold { return false }
        last = coordinate
        return true
    }
}

extension GPXReplay {
    /// Plays the schedule in real time (scaled by `speed`), passing each fix that gets through the
    /// distance filter to `apply`, and every fix, filtered or not, to `every` (what is walked past, issue 47).
    /// Ends after one pass unless `loop`; stops when the task is cancelled.
    public func play(loop: Bool, filter: DistanceFilter, every: (@Sendable (Coordinate) -> Void)? = nil,
                     apply: @escaping @Sendable (Coordinate) -> Void) async throws {
        var filter = filter
        guard !points.isEmpty else { return }
        repeat {
            var previous: TimeInterval = 0
            for fix in fixes {
                let wait = fix.offset - previous
                previous = fix.offset
                if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }
                try Task.checkCancellation()
                every?(fix.coordinate)
                if filter.accept(fix.coordinate) { apply(fix.coordinate) }
            }
        } while loop && points.count > 1
    }
}
