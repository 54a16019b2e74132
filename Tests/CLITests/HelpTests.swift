import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// The options a help text names: every `--word` in it.
private func optionsNamed(in text: String) -> Set<String> {
    let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z-]*"#)
    let range = NSRange(text.startIndex..., in: text)
    return Set(pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
}

/// Whether the parser takes `name` (with a value when it wants one) without calling it unknown.
private func accepts(_ parser: OptionParser, _ name: String) -> Bool {
    let wantsValue = parser.specs.first { $0.name == name }?.valueName != nil
    do {
        _ = try parser.parse([name] + (wantsValue ? ["x"] : []))
        return true
    } catch {
        return false
    }
}

@Test(arguments: Artmap.commands.map { $0.name })
func everyOptionACommandTakesIsInItsUsageAndHelpAndEveryOptionTheHelpNamesIsTaken(name: String) async throws {
    let command = try #require(Artmap.commands.first { $0.name == name })
    let home = try temporaryDirectory("help")
    let result = await runArtmap([name, "--help"], home: home)
    #expect(result.status == 0)
    let help = result.out
    let usage = help.components(separatedBy: "\n\n")[0]
    #expect(usage.hasPrefix("Usage: artmap \(name)"), "\(help)")
    for spec in command.parser.specs {
        #expect(optionsNamed(in: help).contains(spec.name), "artmap \(name) --help does not name \(spec.name)")
        if spec.name != "--help" {
            #expect(optionsNamed(in: usage).contains(spec.name), "the usage of artmap \(name) leaves out \(spec.name):\n\(usage)")
        }
        if spec.isRequired {
            #expect(usage.contains(" " + spec.usage) && !usage.contains("[" + spec.name), "\(spec.name) is required: \(usage)")
        }
    }
    for option in optionsNamed(in: help) {
        #expect(accepts(command.parser, option), "artmap \(name) --help names \(option), which the command does not take")
    }
    for line in usage.split(separator: "\n") {
        #expect(line.count <= OptionParser.usageWidth, "a usage line of artmap \(name) is too wide: \(line)")
    }
}

@Test func theMainHelpListsEveryCommandAndEveryOptionOfTheView() async throws {
    let home = try temporaryDirectory("help")
    let help = await runArtmap(["--help"], home: home).out
    for command in Artmap.commands {
        #expect(help.contains("\n  \(command.name) "), "artmap --help does not list \(command.name)")
    }
    let viewOptions = try #require(help.components(separatedBy: "Options of the full-screen view:").last)
    for spec in InteractiveCommand.parser.specs {
        #expect(optionsNamed(in: viewOptions).contains(spec.name), "artmap --help does not name \(spec.name)")
    }
    for option in optionsNamed(in: viewOptions) {
        #expect(accepts(InteractiveCommand.parser, option), "artmap --help names \(option), which the view does not take")
    }
}

@Test func aUsageLineWrapsBetweenOptionsUnderTheFirstOne() {
    let parser = OptionParser(command: "demo", specs: (1...12).map {
        OptionSpec(name: "--option-\($0)", valueName: "VALUE", help: "option \($0)")
    } + [OptionSpec(name: "--needed", valueName: "ID", help: "required", isRequired: true), OptionParser.helpOption],
                              maxPositionals: 1, forms: [UsageForm(words: "FILE")])
    let lines = parser.usageLines()
    #expect(lines.count > 1, "\(lines)")
    #expect(lines[0].hasPrefix("Usage: artmap demo FILE [--option-1 VALUE] [--option-2 VALUE]"))
    let indent = String(repeating: " ", count: "Usage: artmap demo FILE ".count)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(indent + "[--option-") || $0.hasPrefix(indent + "--needed") }, "\(lines)")
    let words = lines.joined(separator: " ").split(separator: " ").filter { $0.hasPrefix("[--") || $0.hasPrefix("--") }
    #expect(words == (1...12).map { "[--option-\($0)" } + ["--needed"], "every option once, in order, --help left out")
    #expect(lines.allSatisfy { $0.count <= OptionParser.usageWidth })
}

/// Issue 45 item 5: the top-level usage and the completions' command list are made from the declared commands, so a
/// command cannot be left out of either, and a summary over two lines is whole in the completions.
@Test func theTopLevelUsageAndCompletionsComeFromTheDeclaredCommands() async throws {
    let help = await runArtmap(["--help"], home: try temporaryDirectory("top-usage"))
    let commandLines = help.out.components(separatedBy: "\nCommands:\n")[1].components(separatedBy: "\n\n")[0].split(separator: "\n")
    let named = commandLines.filter { !$0.hasPrefix("   ") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
    #expect(named == Artmap.commands.map { $0.name }, "\(named)")
    #expect(commandLines.allSatisfy { $0.count <= OptionParser.usageWidth })
    let zsh = Completions.zsh()
    #expect(zsh.contains("the Rijksmuseum); all of them when none is named"), "refresh's whole summary, not its first line")
}
