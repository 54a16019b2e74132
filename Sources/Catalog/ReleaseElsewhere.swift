import Dispatch

/// Frees large values on a background queue: tearing down 100,000 artworks, or a parsed document, one
/// object at a time costs tens of milliseconds that the caller need not wait for (a second core does it).
public enum ReleaseElsewhere {
    private static let queue = DispatchQueue(label: "artmap.release-elsewhere", qos: .utility)

    /// Takes the last reference to `value`: the caller passes it with `consume`.
    public static func release<Value: Sendable>(_ value: consuming Value) {
        let parcel = Parcel(value)
        queue.async { parcel.drop() }
    }

    /// Holds a value until the queue lets it go.
    private final class Parcel<Value: Sendable>: @unchecked Sendable {
        private var value: Value?
        init(_ value: consuming Value) { self.value = value }
        // Runs on the queue only, once: nothing else touches `value`.
        func drop() { value = nil }
    }
}
