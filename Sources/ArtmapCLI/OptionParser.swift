import Catalog

/// One option a command accepts, declared once: the parser, the usage line and the help are made from it.
struct OptionSpec {
    let name: String
    /// The value's placeholder in the usage and help (`METRES`), or nil for a flag.
    let valueName: String?
    /// The option's line in the help.
    let help: String
    /// The value may be left out (`--gpsd` alone means the default address).
    var valueIsOptional = false
    /// The command cannot run without it: the usage line shows it without brackets.
    var isRequired = false

    /// How the usage line shows the option: `[--at LAT,LON]`, `--to ID`, `[--gpsd [HOST[:PORT]]]`, `[--json]`.
    var usage: String {
        let value = valueName.map { valueIsOptional ? " [\($0)]" : " " + $0 } ?? ""
        return isRequired ? name + value : "[" + name + value + "]"
    }
}

/// One way of calling a command, for its usage line: the words after the command's name (`FILE`, `add NAME`)
/// and the options that go only with this form. Options that no form names go with every form.
struct UsageForm {
    let words: String
    var options: [String] = []
}

/// What was given, before the values are typed: flags present and values by name (the parser's own; commands
/// read their typed options, `CommandOptions`).
struct ParsedOptions {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []

    /// `--help` (or `-h`) was given: answered before any value is checked.
    var asksForHelp: Bool { flags.contains(OptionParser.helpOption.name) }
    /// `--version` was given (the view's).
    var asksForVersion: Bool { flags.contains(OptionParser.versionOption.name) }
}

/// A small, strict parser: `--name VALUE`, `--name=VALUE`, flags; unknown options are usage errors.
/// Its specs and forms also make the command's usage line and help, so the three never disagree.
struct OptionParser {
    let command: String?
    let specs: [OptionSpec]
    let maxPositionals: Int
    /// The ways of calling the command, one usage line each.
    var forms: [UsageForm] = [UsageForm(words: "")]

    func parse(_ arguments: [String]) throws -> ParsedOptions {
        var parsed = ParsedOptions()
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if arg == "--" {
                parsed.positionals.append(contentsOf: arguments[i...])
                break
            }
            if arg.hasPrefix("-") && arg != "-" {
                var name = arg
                var inlineValue: String?
                if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                    name = String(arg[..<eq])
                    inlineValue = String(arg[arg.index(after: eq)...])
                }
                if name == "-h" { name = "--help" }
                guard let spec = specs.first(where: { $0.name == name }) else {
                    throw CLIError.usage("unknown option \(DisplayText.clean(name))" + Suggestion.hint(for: name, among: specs.map(\.name)), command: command)
                }
                if spec.valueName != nil {
                    if let inlineValue {
                        parsed.values[name] = inlineValue
                    } else if spec.valueIsOptional && (i >= arguments.count || arguments[i].hasPrefix("-")) {
                        parsed.values[name] = ""
                    } else if i < arguments.count {
                        parsed.values[name] = arguments[i]
                        i += 1
                    } else {
                        throw CLIError.usage("option \(name) needs a value (\(spec.valueName ?? "VALUE"))", command: command)
                    }
                } else {
                    if inlineValue != nil {
                        throw CLIError.usage("option \(name) takes no value", command: command)
                    }
                    parsed.flags.insert(name)
                }
            } else {
                parsed.positionals.append(arg)
            }
        }
        if parsed.positionals.count > maxPositionals {
            throw CLIError.usage("unexpected argument '\(parsed.positionals[maxPositionals])'", command: command)
        }
        return parsed
    }

    /// The help option every command takes.
    static let helpOption = OptionSpec(name: "--help", valueName: nil, help: "show this help")
    /// The view's version option.
    static let versionOption = OptionSpec(name: "--version", valueName: nil, help: "print the version")

    /// A command's help: its usage lines, the description, then the options.
    func help(_ intro: [String]) -> String {
        (usageLines() + (intro.isEmpty ? [] : [""] + intro) + ["", "Options:"] + helpLines()).joined(separator: "\n")
    }

    /// Usage lines wrap at this many columns.
    static let usageWidth = 100

    /// One usage line per form: `artmap NAME WORDS` and its options, then the options every form takes
    /// (all but --help and --version), wrapped under the first option.
    func usageLines() -> [String] {
        let claimed = Set(forms.flatMap(\.options))
        let common = specs.filter { !claimed.contains($0.name) && $0.name != "--help" && $0.name != "--version" }
        var lines: [String] = []
        for (i, form) in forms.enumerated() {
            let lead = (i == 0 ? "Usage: " : "       ") + (["artmap", command ?? "", form.words].filter { !$0.isEmpty }.joined(separator: " "))
            let own = form.options.compactMap { name in specs.first { $0.name == name } }
            let parts = (own + common).map(\.usage)
            let indent = String(repeating: " ", count: lead.count + 1)
            var line = lead
            for part in parts {
                if line.count + 1 + part.count > OptionParser.usageWidth && line.count > lead.count {
                    lines.append(line)
                    line = indent + part
                } else {
                    line += " " + part
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The options block of a help text, aligned.
    func helpLines() -> [String] {
        let left = specs.map { spec in
            "  " + spec.name + (spec.valueName.map { spec.valueIsOptional ? " [\($0)]" : " " + $0 } ?? "")
        }
        let width = (left.map(\.count).max() ?? 0) + 2
        return zip(left, specs).map { l, spec in l.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help }
    }
}
