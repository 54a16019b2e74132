import Foundation
import Catalog
import Store

/// `artmap completions bash|zsh|fish`: prints the shell's completion script; `make install` installs them.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 1, forms: [UsageForm(words: "bash|zsh|fish")])

    /// `completions`'s options: the store (for collection names); the shell is the word.
    struct Options: CommandOptions {
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Prints a completion script for the shell: commands, their options and values, and collection names",
        "from the store. Load it for this shell with: source <(artmap completions bash). The scripts ask",
        "'artmap completions collections' for the store's collection names (one a line) when Tab is pressed.",
    ]

    /// One subcommand per shell, and the collection names the scripts ask for at each Tab.
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "bash") { $0.console.write(Completions.bash()); return 0 },
        Subcommand(word: "zsh") { $0.console.write(Completions.zsh()); return 0 },
        Subcommand(word: "fish") { $0.console.write(Completions.fish()); return 0 },
        Subcommand(word: "collections", isHidden: true, run: collections),
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// Asked at every Tab: reads an existing store only, never creates or seeds one.
    static func collections(_ call: Subcommand<Options>.Invocation) -> Int32 {
        let path = call.options.store.resolvedPath(environment: call.environment)
        guard FileManager.default.fileExists(atPath: path), let store = try? CatalogStore(readOnlyPath: path),
              let names = try? store.collectionNames() else { return 0 }
        for name in names where !name.contains(where: { $0.isWhitespace || $0.isNewline }) { call.console.line(DisplayText.clean(name)) }
        return 0
    }
}
