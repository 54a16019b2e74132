/// A map import or route that could not be done, with the file (and what was being read) when known.
public struct CartographyError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public let file: String?

    public init(_ message: String, file: String? = nil) {
        self.message = message
        self.file = file
    }

    public var description: String { file.map { "\($0): \(message)" } ?? message }
}
