import Cartography
import Foundation
import Geo
import Testing
import TestSupport
@testable import ArtmapCLI

// Typed options (issue 33): each command declares its options once, as a struct; the parser fills it, and the
// usage, help, man page and completions are made from the same declarations.

/// The usage error a parse throws: its message and the help it points at.
private func refusal<Options: CommandOptions>(_ parser: OptionParser, _ arguments: [String], as type: Options.Type) -> CLIError? {
    do {
        _ = try parser.parse(arguments, as: type)
        return nil
    } catch let error as CLIError {
        return error
    } catch {
        return CLIError("\(error)")
    }
}

/// Checks that `arguments` are refused with exactly `message`, exit 2, pointing at `artmap COMMAND --help`.
private func expectRefused<Options: CommandOptions>(_ parser: OptionParser, _ arguments: [String], as type: Options.Type,
                                                    _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let error = refusal(parser, arguments, as: type)
    #expect(error?.message == message, sourceLocation: sourceLocation)
    #expect(error?.status == 2, sourceLocation: sourceLocation)
    let help = parser.command.map { "Try 'artmap \($0) --help'." } ?? "Try 'artmap --help'."
    #expect(error?.hint == help, "the command is named", sourceLocation: sourceLocation)
}

@Test func metresTakeADecimalDistanceAndRefuseAnythingElseNamingOptionAndCommand() throws {
    let options = try ListCommand.parser.parse(["--radius", "250.5"], as: ListCommand.Options.self)
    #expect(options.radius == 250.5)
    expectRefused(ListCommand.parser, ["--radius", "abc"], as: ListCommand.Options.self,
                  "option --radius needs a distance in metres (a decimal number ≥ 0), got 'abc'")
    expectRefused(ListCommand.parser, ["--radius=-5"], as: ListCommand.Options.self,
                  "option --radius needs a distance in metres (a decimal number ≥ 0), got '-5'")
}

@Test func metresWithinARangeSayTheRange() throws {
    #expect(try FetchCommand.parser.parse(["--radius", "5000"], as: FetchCommand.Options.self).radius == 5000)
    #expect(try FetchCommand.parser.parse([], as: FetchCommand.Options.self).radius == nil, "not given: the command's default")
    expectRefused(FetchCommand.parser, ["--radius", "5001"], as: FetchCommand.Options.self, "option --radius must be 1 to 5000 metres, got '5001'")
    expectRefused(FetchCommand.parser, ["--radius", "0x10"], as: FetchCommand.Options.self,
                  "option --radius must be 1 to 5000 metres, got '0x10'")
}

@Test func countsAreWholeNumbersFromOne() throws {
    #expect(try ShowCommand.parser.parse(["7", "--width", "40"], as: ShowCommand.Options.self).width == 40)
    // show's sizes are counts with a cap (issue 43, item 5): they say the range.
    expectRefused(ShowCommand.parser, ["--width", "0"], as: ShowCommand.Options.self,
                  "option --width needs a whole number of columns from 1 to 1000, got '0'")
    expectRefused(ShowCommand.parser, ["--height", "501"], as: ShowCommand.Options.self,
                  "option --height must be at most 500 rows (more than any terminal has), got '501'")
    expectRefused(PlaceCommand.parser, ["--limit", "+5"], as: PlaceCommand.Options.self,
                  "option --limit needs a whole number ≥ 1 in decimal digits, got '+5'")
}

@Test func coordinatesAreLatitudeCommaLongitude() throws {
    let options = try RouteCommand.parser.parse(["--from", "53.4,-2.97", "--to", "12"], as: RouteCommand.Options.self)
    #expect(options.from == (try Coordinate(latitude: 53.4, longitude: -2.97)))
    #expect(options.to == "12")
    let error = try #require(refusal(WalkCommand.parser, ["--end", "north"], as: WalkCommand.Options.self))
    #expect(error.message.hasPrefix("option --end: "), "\(error.message)")
    #expect(error.hint == "Try 'artmap walk --help'.")
    let far = try #require(refusal(ExportCommand.parser, ["--from", "95,0"], as: ExportCommand.Options.self))
    #expect(far.message.hasPrefix("option --from: ") && far.status == 2, "\(far.message)")
}

@Test func positiveNumbersSecondsAndBoundedNumbers() throws {
    let walk = try WalkCommand.parser.parse(["--speed", "5", "--stay", "0", "--minutes", "30"], as: WalkCommand.Options.self)
    #expect(walk.speed == 5 && walk.stay == 0 && walk.minutes == 30)
    expectRefused(WalkCommand.parser, ["--speed", "0"], as: WalkCommand.Options.self, "option --speed needs km/h from 1 to 10, got '0'")
    expectRefused(WalkCommand.parser, ["--stay", "601"], as: WalkCommand.Options.self, "option --stay needs minutes from 0 to 600, got '601'")
    #expect(try InteractiveCommand.parser.parse(["--sync-age", "60"], as: InteractiveCommand.ViewOptions.self).syncAge == 60)
    expectRefused(InteractiveCommand.parser, ["--sync-age", "soon"], as: InteractiveCommand.ViewOptions.self,
                  "option --sync-age needs seconds from 0 to 31536000, got 'soon'")
    #expect(try SlideshowCommand.parser.parse(["--interval", "0"], as: SlideshowCommand.Options.self).interval == 0)
    expectRefused(SlideshowCommand.parser, ["--interval", "61"], as: SlideshowCommand.Options.self,
                  "option --interval needs seconds from 1 to 60, or 0 for one fixed picture, got '61'")
    #expect(try SyncCommand.parser.parse(["--cache-limit", "20"], as: SyncCommand.Options.self).cacheLimit == "20", "kept as typed, to remember")
    expectRefused(SyncCommand.parser, ["--cache-limit", "0"], as: SyncCommand.Options.self, "option --cache-limit needs a size in MB above 0, got '0'")
}

@Test func choicesTakeOnlyTheirWordsAndNameThem() throws {
    #expect(try InteractiveCommand.parser.parse(["--layout", "stacked"], as: InteractiveCommand.ViewOptions.self).layout == .stacked)
    #expect(try InteractiveCommand.parser.parse([], as: InteractiveCommand.ViewOptions.self).layout == .auto, "the default")
    expectRefused(InteractiveCommand.parser, ["--layout", "wide"], as: InteractiveCommand.ViewOptions.self,
                  "option --layout must be auto, side or stacked, got 'wide'")
    #expect(try ShowCommand.parser.parse(["--pixels", "sixel"], as: ShowCommand.Options.self).pixels == "sixel")
    expectRefused(ShowCommand.parser, ["--pixels", "png"], as: ShowCommand.Options.self,
                  "option --pixels must be auto, kitty, sixel, iterm or cells, got 'png'")
    expectRefused(ShowCommand.parser, ["--colors", "8"], as: ShowCommand.Options.self,
                  "option --colors must be auto, none, 16, 256 or truecolor, got '8'")
    #expect(try ExportCommand.parser.parse(["--format", "GPX"], as: ExportCommand.Options.self).format == .gpx, "any case")
    expectRefused(ExportCommand.parser, ["--format", "kml"], as: ExportCommand.Options.self, "option --format takes geojson, gpx or csv, not 'kml'")
    expectRefused(ImportCommand.parser, ["--crs", "ESRI:54030"], as: ImportCommand.Options.self,
                  "option --crs takes an EPSG code (EPSG:4326 or CRS84, EPSG:3857, EPSG:28992…), not 'ESRI:54030'")
    #expect(try ImportCommand.parser.parse(["--crs", "EPSG:27700"], as: ImportCommand.Options.self).crs?.value == .epsg(27700), "any EPSG code")
}

@Test func fieldMappingsAndCoordinateSystemsKeepTheirTextForARefresh() throws {
    let options = try ImportCommand.parser.parse(["art.csv", "--field", "title=Name, artist=Maker", "--crs", "CRS84", "--no-images"],
                                                 as: ImportCommand.Options.self)
    #expect(options.field?.value == ["title": "Name", "artist": "Maker"])
    #expect(options.crs?.value == .lonLat)
    #expect(options.positionals == ["art.csv"])
    #expect(ImportCommand.refreshOptions(options) == ["--field", "title=Name, artist=Maker", "--crs", "CRS84", "--no-images"])
    expectRefused(ImportCommand.parser, ["--field", "colour=Red"], as: ImportCommand.Options.self,
                  "option --field: there is no field 'colour' (fields: " + PublicArtFields.Field.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    expectRefused(ImportCommand.parser, ["--field", "title"], as: ImportCommand.Options.self,
                  "option --field takes FIELD=COLUMN pairs separated by commas, not 'title'")
}

@Test func anOptionalValueLeftOutIsTheDefaultAndABadOneIsRefused() throws {
    let bare = try WatchCommand.parser.parse(["--gpsd"], as: WatchCommand.Options.self)
    #expect(bare.location.gpsd?.description == "127.0.0.1:2947")
    let given = try WatchCommand.parser.parse(["--gpsd", "gps.local:3000", "--json"], as: WatchCommand.Options.self)
    #expect(given.location.gpsd?.port == 3000 && given.json)
    let error = try #require(refusal(WatchCommand.parser, ["--gpsd=host:port"], as: WatchCommand.Options.self))
    #expect(error.message.hasPrefix("option --gpsd: "), "\(error.message)")
    #expect(error.hint == "Try 'artmap watch --help'.")
}

@Test func textsFlagsAndSharedGroupsLandInTheirFields() throws {
    let list = try ListCommand.parser.parse(["--near", "Tate", "--nominatim-url", "http://127.0.0.1:1/", "--offline", "--collection", "Murals",
                                             "--json", "--store", "/tmp/x.sqlite", "--max-error", "20"], as: ListCommand.Options.self)
    #expect(list.near == "Tate" && list.services.nominatim == "http://127.0.0.1:1/" && list.offline && list.json)
    #expect(list.collection.name == "Murals" && list.store.path == "/tmp/x.sqlite" && list.location.maxError == 20)
    #expect(list.at == nil && list.radius == nil && !ListCommand.Options().json, "what was not given keeps its default")
    #expect(try FetchCommand.parser.parse([], as: FetchCommand.Options.self).store.resolvedPath(environment: ["XDG_DATA_HOME": "/d"])
            == "/d/artmap/artmap.sqlite")
}

@Test func helpAnswersBeforeAnyValueIsChecked() async throws {
    let home = try temporaryDirectory("typed")
    let result = await runArtmap(["list", "--radius", "abc", "--help"], home: home)
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("Usage: artmap list"))
    let refused = await runArtmap(["list", "--radius", "abc"], home: home)
    #expect(refused.status == 2)
    #expect(refused.err == "artmap: option --radius needs a distance in metres (a decimal number ≥ 0), got 'abc'\nTry 'artmap list --help'.\n")
}

/// A command's declared specs, through its `Options` type.
private func declaredSpecs<C: Command>(_ command: C.Type) -> [OptionSpec] {
    C.Options.declarations.map(\.spec)
}

/// Every command's options as declared, the view's included.
private var everyDeclaration: [(name: String, specs: [OptionSpec], parser: OptionParser)] {
    Artmap.commands.map { ($0.name, declaredSpecs($0), $0.parser) }
        + [("(view)", InteractiveCommand.ViewOptions.declarations.map(\.spec), InteractiveCommand.parser)]
}

@Test func everyCommandDeclaresEachOptionOnceAndItsParserIsMadeFromTheDeclarations() {
    for (name, specs, parser) in everyDeclaration {
        let names = specs.map(\.name)
        #expect(Set(names).count == names.count, "\(name) declares an option twice: \(names)")
        #expect(names.contains("--help"), "\(name)")
        #expect(parser.specs.map(\.name) == names, "\(name): the parser's specs are the declarations")
        #expect(parser.specs.map(\.help) == specs.map(\.help) && parser.specs.map(\.valueName) == specs.map(\.valueName), "\(name)")
        let claimed = Set(parser.forms.flatMap(\.options))
        #expect(claimed.isSubset(of: Set(names)), "\(name): a usage form names an undeclared option")
    }
}

@Test func theHelpOfEveryCommandListsExactlyItsDeclaredOptionsInOrder() {
    for (name, specs, parser) in everyDeclaration {
        let listed = parser.helpLines().map { $0.dropFirst(2).split(separator: " ")[0] }.map(String.init)
        #expect(listed == specs.map(\.name), "\(name)")
    }
}

@Test func theManPageListsExactlyEachCommandsDeclaredOptions() {
    let page = ManPage.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func optionsOf(section: String) -> [String] {
        guard let start = page.firstIndex(of: section) else { return [] }
        var names: [String] = []
        var i = start + 1
        while i < page.count, !page[i].hasPrefix(".SS"), !page[i].hasPrefix(".SH") {
            if page[i] == ".TP", i + 1 < page.count, page[i + 1].hasPrefix("\\fB") {
                let head = page[i + 1].dropFirst(3)
                if let end = head.range(of: "\\fR") { names.append(String(head[..<end.lowerBound]).replacingOccurrences(of: "\\-", with: "-")) }
            }
            i += 1
        }
        return names
    }
    for command in Artmap.commands {
        #expect(optionsOf(section: ".SS " + ManPage.text("artmap " + command.name)) == declaredSpecs(command).map(\.name), "\(command.name)")
    }
    let view = optionsOf(section: ".SH OPTIONS")
    #expect(view == InteractiveCommand.ViewOptions.declarations.map(\.spec.name), "the view's options (then --man, the page's own)")
}

@Test func theCompletionsOfferExactlyEachCommandsDeclaredOptions() {
    let bash = Completions.bash()
    let fish = Completions.fish()
    let zsh = Completions.zsh()
    for command in Artmap.commands {
        let names = declaredSpecs(command).map(\.name)
        let branch = bash.components(separatedBy: "\n        \(command.name))\n").dropFirst().first
        let opts = branch?.components(separatedBy: "opts=\"").dropFirst().first?.components(separatedBy: "\"").first
        #expect(opts == names.joined(separator: " "), "bash, \(command.name)")
        let fishNames = fish.split(separator: "\n").filter { $0.contains("'__fish_seen_subcommand_from \(command.name)' -l ") }
            .map { "--" + $0.components(separatedBy: " -l ")[1].split(separator: " ")[0] }
        #expect(fishNames == names, "fish, \(command.name)")
        let zshBranch = zsh.components(separatedBy: "\n        \(command.name))\n").dropFirst().first?.components(separatedBy: "\n            ;;").first ?? ""
        let zshNames = zshBranch.split(separator: "\n").compactMap { line -> String? in
            guard let quote = line.range(of: "'--") else { return nil }
            return String(line[quote.upperBound...].prefix { $0 != "[" && $0 != "=" }).isEmpty ? nil
                : "--" + line[quote.upperBound...].prefix { $0 != "[" && $0 != "=" }
        }
        #expect(zshNames == names, "zsh, \(command.name)")
    }
}
