/// One option a command accepts.
struct OptionSpec {
    let name: String
    let valueName: String?
    let help: String
    /// The value may be left out (`--gpsd` alone means the default address).
    var valueIsOptional = false
}

/// Parsed options of one command: flags present and values given.
struct ParsedOptions {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name] }
}

/// A small, strict parser: `--name VALUE`, `--name=VALUE`, flags; unknown options are usage errors.
struct OptionParser {
    let command: String?
    let specs: [OptionSpec]
    let maxPositionals: Int

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
                    throw CLIError.usage("unknown option \(name)", command: command)
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

    /// A command's help: its usage and description lines, then the options.
    func help(_ intro: [String]) -> String {
        (intro + ["", "Options:"] + helpLines()).joined(separator: "\n")
    }

    /// Parses a command's arguments; prints the help and returns nil when `--help` was given.
    func parseOrShowHelp(_ arguments: [String], intro: [String], console: Console) throws -> ParsedOptions? {
        let options = try parse(arguments)
        if options.has("--help") {
            console.line(help(intro))
            return nil
        }
        return options
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
