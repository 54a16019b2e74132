import Catalog
import Foundation

/// One subcommand of a command (`config get KEY`): its word, the words after it, the options only it takes, and
/// what it does. A command lists its subcommands once; its usage lines, the check of what was typed and the choice
/// of what runs all come from that list, never from a switch over the words (issue 45 item 5).
struct Subcommand<Options: CommandOptions>: Sendable {
    /// What one run of a subcommand gets: the command's typed options, the words after the subcommand's own, and
    /// where it runs.
    struct Invocation {
        let options: Options
        let arguments: [String]
        let environment: [String: String]
        let console: Console
    }

    let word: String
    /// The words after `word`, as the usage shows them (`KEY`, `VALUE`); none for a word alone.
    var arguments: [String] = []
    /// The options only this subcommand takes (shown on its usage line).
    var options: [String] = []
    /// Taken when no word is given (`config` is `config list`).
    var isDefault = false
    /// Left out of the usage and of what the command says it knows (`completions collections`, for the scripts).
    var isHidden = false
    let run: @Sendable (Invocation) async throws -> Int32

    /// The usage line's words: `[list]` for the default, `get KEY` for the others.
    var form: UsageForm { UsageForm(words: isDefault ? "[\(word)]" : ([word] + arguments).joined(separator: " "), options: options) }
}

extension Array {
    /// The usage lines of a command's subcommands, in the order declared.
    func forms<Options>() -> [UsageForm] where Element == Subcommand<Options> { filter { !$0.isHidden }.map(\.form) }

    /// The most words a command's subcommands take: the word itself and the longest list after it.
    func maxPositionals<Options>() -> Int where Element == Subcommand<Options> { 1 + (map(\.arguments.count).max() ?? 0) }

    /// Runs the subcommand that `options.positionals` names (the default when none is), after checking what was typed:
    /// an unknown word (with the nearest known one) or a wrong number of words is a usage error saying what it takes.
    func run<Options>(_ options: Options, command: String, environment: [String: String],
                      console: Console) async throws -> Int32 where Element == Subcommand<Options> {
        let words = options.positionals
        guard let chosen = words.first.map({ word in first { $0.word == word } }) ?? first(where: \.isDefault) else {
            let known = filter { !$0.isHidden }.map(\.word)
            let list = known.count > 1 ? known.dropLast().joined(separator: ", ") + " and " + (known.last ?? "") : known.joined()
            guard let typed = words.first else { throw CLIError.usage("\(command) needs one of \(list)", command: command) }
            throw CLIError.usage("\(command) knows \(list), not '\(DisplayText.clean(typed))'" + Suggestion.hint(for: typed, among: known), command: command)
        }
        let given = [String](words.dropFirst())
        if given.count > chosen.arguments.count, !chosen.arguments.isEmpty {
            throw CLIError.usage("\(command) \(chosen.word) takes \(chosen.arguments.joined(separator: " ")), not also '\(DisplayText.clean(given[chosen.arguments.count]))'", command: command)
        }
        guard given.count == chosen.arguments.count, given.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            let what = chosen.arguments.isEmpty ? "takes nothing after '\(chosen.word)'" : "needs \(chosen.arguments.joined(separator: " "))"
            throw CLIError.usage("\(command) \(chosen.word) \(what)", command: command)
        }
        return try await chosen.run(Subcommand.Invocation(options: options, arguments: given, environment: environment, console: console))
    }
}
