/// A command-line failure: the message to print and the exit status (2 for usage, 1 for failure).
public struct CLIError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public let status: Int32
    /// A hint printed on a second line ("Try 'artmap list --help'.").
    public let hint: String?

    public init(_ message: String, status: Int32 = 1, hint: String? = nil) {
        self.message = message
        self.status = status
        self.hint = hint
    }

    /// A usage mistake (exit 2) pointing at the command's help.
    public static func usage(_ message: String, command: String?) -> CLIError {
        let name = command.map { "artmap \($0)" } ?? "artmap"
        return CLIError(message, status: 2, hint: "Try '\(name) --help'.")
    }

    public var description: String { message }
}
