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

    /// The fixes of one pass, in order. A single point is one fix at 0.
    public func schedule() -> [ScheduledFix] {
        guard let first = points.first else { return [] }
        var fixes = [ScheduledFix(offset: 0, coordinate: first.coordinate)]
        var elapsed: TimeInterval = 0
        for (a, b) in zip(points, points.dropFirst()) {
            var duration: TimeInterval = 1
            if let ta = a.time, let tb = b.time, tb > ta { duration = tb.timeIntervalSince(ta) }
            let steps = max(1, Int(duration.rounded()))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                let coordinate = Coordinate(
                    clampingLatitude: a.coordinate.latitude + (b.coordinate.latitude - a.coordinate.latitude) * t,
                    longitude: a.coordinate.longitude + (b.coordinate.longitude - a.coordinate.longitude) * t)
                fixes.append(ScheduledFix(offset: (elapsed + duration * t) / speed, coordinate: coordinate))
            }
            elapsed += duration
        }
        return fixes
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
    /// distance filter to `apply`. Ends after one pass unless `loop`; stops when the task is cancelled.
    public func play(loop: Bool, filter: DistanceFilter,
                     apply: @escaping @Sendable (Coordinate) -> Void) async throws {
        var filter = filter
        let fixes = schedule()
        guard !fixes.isEmpty else { return }
        repeat {
            var previous: TimeInterval = 0
            for fix in fixes {
                let wait = fix.offset - previous
                previous = fix.offset
                if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }
                try Task.checkCancellation()
                if filter.accept(fix.coordinate) { apply(fix.coordinate) }
            }
        } while loop && fixes.count > 1
    }
}
