/// Why an image could not be decoded or rendered, in words a user can act on.
public struct ImagingError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
