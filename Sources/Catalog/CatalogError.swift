/// Why a catalogue document could not be read at all (single bad records are skipped, not errors), or why
/// a value cannot be saved for a setting.
public struct CatalogError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What was wrong, with where, phrased for a person.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
