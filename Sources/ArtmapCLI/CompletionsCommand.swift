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

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        switch options.positionals.first {
        case "bash": console.write(Completions.bash())
        case "zsh": console.write(Completions.zsh())
        case "fish": console.write(Completions.fish())
        case "collections":
            // Asked at every Tab: read an existing store only, never create or seed one.
            let path = options.store.resolvedPath(environment: environment)
            guard FileManager.default.fileExists(atPath: path), let store = try? CatalogStore(readOnlyPath: path),
                  let names = try? store.collectionNames() else { return 0 }
            for name in names where !name.contains(where: { $0.isWhitespace || $0.isNewline }) { console.line(DisplayText.clean(name)) }
        case nil:
            throw CLIError.usage("completions needs a shell: bash, zsh or fish", command: name)
        case let other?:
            throw CLIError.usage("completions knows bash, zsh and fish, not '\(DisplayText.clean(other))'", command: name)
        }
        return 0
    }
}
