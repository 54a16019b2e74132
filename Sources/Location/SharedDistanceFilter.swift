import Foundation
import Geo

/// A distance filter that several threads may ask (gpsd's reading thread, the run loop).
public final class SharedDistanceFilter: @unchecked Sendable {
    private let lock = NSLock()
    private var filter: DistanceFilter

    public init(_ filter: DistanceFilter) { self.filter = filter }

    /// True (and remembered) when the fix should be applied.
    public func accept(_ coordinate: Coordinate) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return filter.accept(coordinate)
    }
}
