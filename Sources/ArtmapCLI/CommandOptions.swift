import Catalog

/// A command's options as one typed value: `init()` holds every default, `declarations` bind each option to
/// one field (a key path) with its value name, help and value kind. The parser fills the value, and the usage
/// lines, `--help`, the man page and the completions are all made from the same declarations.
protocol CommandOptions {
    init()
    /// Every option the command takes, in the order its help lists them.
    static var declarations: [OptionDeclaration<Self>] { get }
    /// The words that are not options (`show ID`, `import FILE`).
    var positionals: [String] { get set }
}

/// One option bound to a field of `Options`: its spec (name, value name, help) and how its text is stored there.
struct OptionDeclaration<Options>: Sendable {
    let spec: OptionSpec
    /// Stores the option's text (empty for a flag, or an optional value left out); throws the value's message.
    let assign: @Sendable (inout Options, String) throws -> Void

    /// A flag: present or not.
    static func flag(_ name: String, _ field: WritableKeyPath<Options, Bool> & Sendable, help: String) -> Self {
        OptionDeclaration(spec: OptionSpec(name: name, valueName: nil, help: help)) { options, _ in options[keyPath: field] = true }
    }

    /// An option with a value of `kind`, shown as `valueName` (default the kind's: `METRES`, `LAT,LON`); nil
    /// when not given.
    static func option<Value>(_ name: String, _ field: WritableKeyPath<Options, Value?> & Sendable, _ kind: OptionValue<Value>,
                              valueName: String? = nil, help: String, isRequired: Bool = false,
                              valueIsOptional: Bool = false) -> Self {
        let spec = OptionSpec(name: name, valueName: valueName ?? kind.valueName, help: help,
                              valueIsOptional: valueIsOptional, isRequired: isRequired)
        return OptionDeclaration(spec: spec) { options, text in options[keyPath: field] = try kind.parse(text, name) }
    }

    /// An option whose field holds its default until the option is given (`layout = .auto`).
    static func option<Value>(_ name: String, _ field: WritableKeyPath<Options, Value> & Sendable, _ kind: OptionValue<Value>,
                              valueName: String? = nil, help: String) -> Self {
        let spec = OptionSpec(name: name, valueName: valueName ?? kind.valueName, help: help)
        return OptionDeclaration(spec: spec) { options, text in options[keyPath: field] = try kind.parse(text, name) }
    }

    /// `--help`: the parser answers it before any value is read.
    static var help: Self { OptionDeclaration(spec: OptionParser.helpOption) { _, _ in } }

    /// The same option, bound to a field of a group nested in `Outer`.
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Options> & Sendable) -> OptionDeclaration<Outer> {
        let assign = self.assign
        return OptionDeclaration<Outer>(spec: spec) { outer, text in try assign(&outer[keyPath: path], text) }
    }
}

extension Array {
    /// A group's declarations, bound to where the group sits in a command's options.
    func lifted<Group, Outer>(_ path: WritableKeyPath<Outer, Group> & Sendable) -> [OptionDeclaration<Outer>]
    where Element == OptionDeclaration<Group> {
        map { $0.lifted(path) }
    }
}

/// Why an option's value was refused: the whole message, naming the option (the parser adds the command).
struct OptionValueError: Error {
    let message: String
}

extension OptionParser {
    /// A parser whose specs are the declarations of `options`, so parsing, usage and help cannot disagree.
    init<Options: CommandOptions>(command: String?, options: Options.Type, maxPositionals: Int,
                                  forms: [UsageForm] = [UsageForm(words: "")]) {
        self.init(command: command, specs: Options.declarations.map(\.spec), maxPositionals: maxPositionals, forms: forms)
    }

    /// The arguments as the typed options: every value checked by its kind; a bad one is a usage error naming
    /// the option and pointing at the command's help.
    func parse<Options: CommandOptions>(_ arguments: [String], as type: Options.Type) throws -> Options {
        try typed(parse(arguments), as: type)
    }

    /// Fills the typed options from what was given, in the order of the declarations.
    func typed<Options: CommandOptions>(_ given: ParsedOptions, as type: Options.Type) throws -> Options {
        var options = Options()
        options.positionals = given.positionals
        for declaration in Options.declarations {
            let name = declaration.spec.name
            let text: String?
            if declaration.spec.valueName == nil {
                text = given.flags.contains(name) ? "" : nil
            } else {
                text = given.values[name]
            }
            guard let text else { continue }
            do {
                try declaration.assign(&options, text)
            } catch let error as OptionValueError {
                throw CLIError.usage(error.message, command: command)
            }
        }
        return options
    }

    /// Parses a command's arguments into its typed options; prints the help and returns nil when `--help` was
    /// given (before any value is checked, so `--help` always answers).
    func parseOrShowHelp<Options: CommandOptions>(_ arguments: [String], as type: Options.Type, intro: [String],
                                                  console: Console) throws -> Options? {
        let given = try parse(arguments)
        if given.asksForHelp {
            console.line(help(intro))
            return nil
        }
        return try typed(given, as: type)
    }
}
