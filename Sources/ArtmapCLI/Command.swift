/// A subcommand of `artmap`: its name, options and help, and what it does. `Artmap` finds commands by name
/// in `Artmap.commands`, so adding one is adding it there.
protocol Command {
    /// The command's typed options: its `run` reads these fields, never an option by name.
    associatedtype Options: CommandOptions
    static var name: String { get }
    /// Made from `Options.declarations` (`OptionParser(command:options:…)`): usage, help, man page and completions.
    static var parser: OptionParser { get }
    /// The description in `artmap NAME --help`, between the usage lines (made from the parser's specs and
    /// forms) and the options.
    static var intro: [String] { get }
    /// Runs with the arguments after the command's name; returns the exit status.
    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32
}
