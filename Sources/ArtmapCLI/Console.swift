import Foundation

/// Where a command writes: standard output and standard error, replaceable in tests.
public final class Console {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        writeOut = out
        writeErr = err
    }

    /// The process's own stdout and stderr.
    public static func standard() -> Console {
        Console(out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Prints a line to standard output.
    public func line(_ text: String = "") { writeOut(text + "\n") }
    /// Prints a line to standard error.
    public func error(_ text: String) { writeErr(text + "\n") }
    /// Writes text to standard error without a newline (progress lines).
    public func progress(_ text: String) { writeErr(text) }
}
