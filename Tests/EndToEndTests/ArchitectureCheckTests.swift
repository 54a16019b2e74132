import Foundation
import Testing
import TestSupport

/// Runs scripts/check-architecture.sh on a source tree; returns its status and what it printed.
private func checkArchitecture(_ root: URL, _ extra: [String] = []) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [repositoryRoot.appendingPathComponent("scripts/check-architecture.sh").path] + extra + [root.path]
    let log = try temporaryDirectory("arch").appendingPathComponent("out.log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
}

/// Writes `files` (path: text) into a fresh tree shaped like the repository.
private func tree(_ files: [String: String]) throws -> URL {
    let root = try temporaryDirectory("arch-tree")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}

@Test func theRepositoryKeepsEveryRule() throws {
    let result = try checkArchitecture(repositoryRoot)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("ok       Curses imports neither Screen nor App"), "\(result.output)")
    #expect(result.output.contains("ok       Cells imports only Foundation and TerminalTypes"), "\(result.output)")
    #expect(result.output.contains("ok       no test ends as passed from a guard … else { return }"))
    #expect(result.output.contains("ok       no feature names AppState (no inout AppState in a feature reducer)"))
    #expect(result.output.contains("ok       no effect handler names AppState (what a handler needs travels in its effect)"), "\(result.output)")
    #expect(result.output.contains("ok       no file in Sources/App has more than 250 lines"))
    #expect(result.output.contains("ok       no function in Sources (Bench aside) has more than 80 lines"), "\(result.output)")
    #expect(result.output.contains("ok       nothing switches over the screen stack"))
    #expect(result.output.contains("ok       no screen state is built or named outside its feature folder, its view and the registries"), "\(result.output)")
    #expect(result.output.contains("ok       no double optionals in Sources"))
    #expect(result.output.contains("ok       the root changes the main screen only through its feature's actions"))
    #expect(result.output.contains("ok       Runtime does not import ArtmapCLI"))
    #expect(result.output.contains("ok       the run loop's files live in Sources/Runtime, not ArtmapCLI"))
    #expect(result.output.contains("ok       only XMLReading imports CXML2"))
    #expect(result.output.contains("ok       C libraries imported only by their wrapper (and Bench, by name)"))
    #expect(result.output.contains("ok       docs/ARCHITECTURE.md names only files and types that exist"), "\(result.output)")
    #expect(result.output.contains("ok       docs/ARCHITECTURE.md mentions every module under Sources"), "\(result.output)")
    #expect(result.output.contains("ok       docs/DECISIONS.md links each superseded entry to a heading that exists"), "\(result.output)")
    #expect(result.output.contains("ok       no option is looked up by name in Sources/ArtmapCLI (commands read typed options)"))
    #expect(result.output.contains("ok       no command switches over the words typed in Sources/ArtmapCLI (subcommands are declared)"))
    #expect(result.output.contains("ok       artmap's own collections are named only by CollectionID"), "\(result.output)")
    #expect(result.output.contains("ok       no command is run by words written in code"), "\(result.output)")
    #expect(result.output.contains("ok       no command is run by a word list built in code"), "\(result.output)")
    #expect(result.output.contains("ok       Runtime opens the store only in its store access"), "\(result.output)")
    #expect(result.output.contains("ok       settings keys are spelled only in their declarations"), "\(result.output)")
    #expect(!result.output.contains("PENDING"))
}

@Test func eachBrokenRuleIsNamedWithItsFileAndLine() throws {
    let root = try tree([
        "Sources/Curses/Terminal.swift": "import CNcursesw\n@testable import App\n",
        "Sources/TerminalTypes/Key.swift": "import Geo\n",
        "Sources/Geo/Coordinate.swift": "struct Coordinate {}\n",
        "Sources/Screen/Map/MapCanvas.swift": "import App\n",
        "Sources/Curses/PictureLayer.swift": "import Foundation\nimport Screen\n",
        "Sources/Cells/Buffer.swift": "import Foundation\nimport TerminalTypes\nimport Catalog\n",
        "Sources/Cells/Style.swift": "@preconcurrency import Foundation\nimport struct TerminalTypes.Rect\n",
        "Sources/App/Features/News/News.swift": "func reduceNews(_ state: inout AppState) -> [Effect] { [] }\n",
        "Sources/App/Reducer.swift": String(repeating: "// a line\n", count: 251),
        "Tests/AppTests/A.swift": """
            @Test func a() throws {
                guard case .x? = state.overlays.last, state.rows.contains(where: { $0.ok }) else {
                    Issue.record("not x")
                    return
                }
            }
            @Test func b() throws {
                let text = "guard ok else { return }" // guard ok else { return }
                guard let f = files.first(where: { $0.isEmpty == false }) else { return nil }
                guard ok else { throw Failure() }
                for x in xs { guard x > 0 else { continue } }
                guard ok else { return }
            }
            """,
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   Curses imports neither Screen nor App"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Curses/Terminal.swift:2:@testable import App"))
    #expect(broken.output.contains("Sources/Curses/PictureLayer.swift:2:import Screen"))
    #expect(broken.output.contains("FAILED   Cells imports only Foundation and TerminalTypes"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Cells/Buffer.swift:3:import Catalog"))
    #expect(!broken.output.contains("Sources/Cells/Buffer.swift:1:") && !broken.output.contains("Sources/Cells/Buffer.swift:2:")
            && !broken.output.contains("Sources/Cells/Style.swift"), "Foundation and TerminalTypes are allowed: \(broken.output)")
    #expect(broken.output.contains("FAILED   TerminalTypes imports no other module of artmap"))
    #expect(broken.output.contains("FAILED   Screen's cell-level files import no App"))
    #expect(broken.output.contains("Tests/AppTests/A.swift:2: guard"), "a guard with a closure in its condition")
    #expect(broken.output.contains("Tests/AppTests/A.swift:12: guard"), "a one-line guard")
    #expect(!broken.output.contains("A.swift:8:") && !broken.output.contains("A.swift:9:") && !broken.output.contains("A.swift:10:")
            && !broken.output.contains("A.swift:11:"), "strings, comments, values, throws and continue are not flagged: \(broken.output)")
    #expect(broken.output.contains("FAILED   no feature names AppState (no inout AppState in a feature reducer)"))
    #expect(broken.output.contains("Sources/App/Features/News/News.swift:1:func reduceNews(_ state: inout AppState)"))
    #expect(broken.output.contains("FAILED   no file in Sources/App has more than 250 lines"))
    #expect(broken.output.contains("Sources/App/Reducer.swift: 251 lines (at most 250)"))

    // Nothing switches over the stack; no double optionals.
    let switches = try tree([
        "Sources/App/Navigation/Router.swift": "func a(_ s: AppState) { switch s.overlays.last { default: break } }\n",
        "Sources/App/Reducer.swift": "func c(_ s: AppState) -> Int?? {\n    let a = b ?? c\n    return nil\n}\n",
        "Sources/App/Root/NearMe.swift": "func d() {\n    if main.collection == x { main.mapCenter = p }\n    main.collections.append(n)\n}\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let outside = try checkArchitecture(switches)
    #expect(outside.status == 1)
    #expect(outside.output.contains("FAILED   nothing switches over the screen stack"), "\(outside.output)")
    #expect(outside.output.contains("Sources/App/Navigation/Router.swift:1:"))
    #expect(outside.output.contains("FAILED   no double optionals in Sources"), "\(outside.output)")
    #expect(outside.output.contains("FAILED   the root changes the main screen only through its feature's actions"), "\(outside.output)")
    #expect(outside.output.contains("Sources/App/Root/NearMe.swift:2:") && outside.output.contains("Sources/App/Root/NearMe.swift:3:"),
            "an assignment and an append fail, a comparison does not: \(outside.output)")
    #expect(outside.output.contains("Sources/App/Reducer.swift:1:") && !outside.output.contains("Sources/App/Reducer.swift:2:"),
            "a type T?? fails, a ?? b does not: \(outside.output)")
    #expect(!outside.output.contains("PENDING"))
}

/// A function of `lines` lines in all, from its declaration (which may span lines) to its closing brace.
private func function(_ declaration: String, lines: Int) -> String {
    let declared = declaration.filter { $0 == "\n" }.count + 1
    return declaration + " {\n" + String(repeating: "    step()\n", count: lines - declared - 1) + "}\n"
}

@Test func longFilesAnywhereInAppAndLongFunctionsOutsideBenchFail() throws {
    let root = try tree([
        "Sources/App/Features/Main/Map/MapPane.swift": String(repeating: "// a line\n", count: 251),
        "Sources/App/Features/Main/Table/Table.swift": String(repeating: "// a line\n", count: 250),
        "Sources/Geo/Long.swift": "struct G {\n" + function("    func tooLong<T>(_ x: T) throws -> Int where T: Equatable", lines: 81)
            + function("    init?(a: Int)", lines: 81) + function("    func fits()", lines: 80) + "}\n",
        // Signatures over several lines, and `func`/`init` in comments, strings and calls are not functions of their own.
        "Sources/Catalog/Short.swift": "// func commented() {\nlet s = \"func inString() {\"\nlet p = Point.init(x: 1)\n"
            + function("func spread(\n    a: Int,\n    b: Int\n)", lines: 80),
        "Sources/Bench/CityBench.swift": function("func cityBench()", lines: 200),
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no file in Sources/App has more than 250 lines"), "\(broken.output)")
    #expect(broken.output.contains("Sources/App/Features/Main/Map/MapPane.swift: 251 lines (at most 250)"))
    #expect(!broken.output.contains("Table.swift"), "250 lines are allowed: \(broken.output)")
    #expect(broken.output.contains("FAILED   no function in Sources (Bench aside) has more than 80 lines"))
    #expect(broken.output.contains("Sources/Geo/Long.swift:2: tooLong has 81 lines (at most 80)"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Geo/Long.swift:83: init? has 81 lines (at most 80)"), "\(broken.output)")
    #expect(!broken.output.contains("fits") && !broken.output.contains("Short.swift") && !broken.output.contains("CityBench"),
            "80 lines, comments, strings, calls and Bench are not flagged: \(broken.output)")
}

@Test func theRunLoopAndTheCLibrariesStayInTheirModules() throws {
    let root = try tree([
        "Sources/Runtime/Session.swift": "import Foundation\nimport ArtmapCLI\n",
        "Sources/ArtmapCLI/SessionLoop.swift": "struct SessionLoop {}\n",
        "Sources/ArtmapCLI/ActionQueue.swift": "final class ActionQueue {}\n",
        "Sources/ArtmapCLI/PictureLoader.swift": "struct PictureLoader {}\n",
        "Sources/ArtmapCLI/Artmap.swift": "import CMallocArena\n",
        "Sources/Location/GPXTrack.swift": "import CXML2\n",
        "Sources/XMLReading/XMLReader.swift": "import CXML2\n",
        "Sources/Screen/Picture.swift": "import CChafa\n",
        "Sources/Imaging/ImageDecoder.swift": "import CJPEG\nimport CPNG\nimport CChafa\n",
        "Sources/Bench/MapBench.swift": "import COsmium\n",
        "Sources/Store/Database.swift": "import CSQLite\n@_implementationOnly import COsmium\n",
        "Sources/App/Reducer.swift": "import CNcursesw\n",
        "Sources/Curses/Terminal.swift": "import CNcursesw\nimport CTerminalRescue\n",
        "Sources/Sync/HTTPClient.swift": "import CCurl\n",
        "Sources/Catalog/Artwork.swift": "import CCurl\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   Runtime does not import ArtmapCLI"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Runtime/Session.swift:2:import ArtmapCLI"))
    #expect(broken.output.contains("FAILED   the run loop's files live in Sources/Runtime, not ArtmapCLI"), "\(broken.output)")
    #expect(broken.output.contains("Sources/ArtmapCLI/SessionLoop.swift") && broken.output.contains("Sources/ArtmapCLI/ActionQueue.swift")
            && broken.output.contains("Sources/ArtmapCLI/PictureLoader.swift"), "\(broken.output)")
    #expect(!broken.output.contains("Sources/ArtmapCLI/Artmap.swift"), "ArtmapCLI may import CMallocArena: \(broken.output)")
    #expect(broken.output.contains("FAILED   only XMLReading imports CXML2"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Location/GPXTrack.swift:1:import CXML2"))
    #expect(!broken.output.contains("XMLReader.swift"), "XMLReading is CXML2's wrapper: \(broken.output)")
    #expect(broken.output.contains("FAILED   C libraries imported only by their wrapper (and Bench, by name)"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Screen/Picture.swift:1:import CChafa"))
    #expect(broken.output.contains("Sources/Store/Database.swift:2:@_implementationOnly import COsmium"))
    #expect(broken.output.contains("Sources/App/Reducer.swift:1:import CNcursesw"))
    #expect(broken.output.contains("Sources/Catalog/Artwork.swift:1:import CCurl"))
    #expect(!broken.output.contains("ImageDecoder.swift") && !broken.output.contains("MapBench.swift")
            && !broken.output.contains("Database.swift:1:") && !broken.output.contains("Terminal.swift")
            && !broken.output.contains("HTTPClient.swift"), "each wrapper, and Bench with COsmium, may: \(broken.output)")
}

/// A tree whose modules are Geo and Location, with `architecture` as its docs/ARCHITECTURE.md (none when nil) and
/// `decisions` as its docs/DECISIONS.md (none when nil).
private func documentedTree(_ architecture: String?, decisions: String? = nil) throws -> URL {
    var files = [
        "Sources/Geo/Coordinate.swift": "public struct Coordinate: Sendable {}\nenum Geodesic {}\n",
        "Sources/Location/GPXTrack.swift": "public final class GPXTrack {}\ntypealias Fix = Coordinate\n",
        "Sources/Cells/DisplayText.swift": "public enum DisplayText {}\n",
        "Tests/GeoTests/CoordinateTests.swift": "struct TestOnlyType {}\n@Test func a() throws { let x = try #require(y) }\n",
        "scripts/check.sh": "#!/bin/sh\n",
    ]
    if let architecture { files["docs/ARCHITECTURE.md"] = architecture }
    if let decisions { files["docs/DECISIONS.md"] = decisions }
    return try tree(files)
}

@Test func architectureNamesOnlyFilesAndTypesThatExistAndEveryModule() throws {
    let good = try checkArchitecture(documentedTree("""
        # Architecture
        Geo: `Coordinate`, `Geodesic.distance(a, b)`, `Fix`, Sources/Geo/Coordinate.swift, CoordinateTests.swift.
        Location: `GPXTrack` (GeoTests/CoordinateTests.swift), scripts/check.sh, Sources/Geo/.
        Cells: `Cells.DisplayText`, Features/<Name>/, `Hashable`, `PRAGMA quick_check`, `RGB`, `reduce(&state)`.
        """))
    #expect(good.status == 0, "\(good.output)")
    #expect(good.output.contains("ok       docs/ARCHITECTURE.md names only files and types that exist"), "\(good.output)")
    #expect(good.output.contains("ok       docs/ARCHITECTURE.md mentions every module under Sources"), "\(good.output)")

    let broken = try checkArchitecture(documentedTree("""
        # Architecture
        Geo: `Coordinate`, Sources/Geo/Gone.swift, and Gone.swift, and docs/Gone.md.
        `NoSuchType` and `Cells.NoSuchType.member` and `TestOnlyType` (declared only in Tests).
        Screen/Views/Missing.swift
        Cells.
        """))
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   docs/ARCHITECTURE.md names only files and types that exist"), "\(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md:2: Sources/Geo/Gone.swift does not exist"), "\(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md:2: Gone.swift is no file under Sources or Tests"), "\(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md:2: docs/Gone.md does not exist"), "\(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md:3: `NoSuchType` is no struct, enum, class, protocol, actor or typealias in Sources"),
            "\(broken.output)")
    #expect(broken.output.components(separatedBy: ":3: `NoSuchType`").count == 3, "after a module's name too: \(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md:3: `TestOnlyType` is no struct"), "\(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md:4: Screen/Views/Missing.swift is no file under Sources or Tests"), "\(broken.output)")
    #expect(!broken.output.contains("`Coordinate`"), "\(broken.output)")
    #expect(broken.output.contains("FAILED   docs/ARCHITECTURE.md mentions every module under Sources"), "\(broken.output)")
    #expect(broken.output.contains("docs/ARCHITECTURE.md: the module Sources/Location is not mentioned"), "\(broken.output)")
    #expect(!broken.output.contains("Sources/Geo is not") && !broken.output.contains("Sources/Cells is not"), "\(broken.output)")

    let missing = try checkArchitecture(documentedTree(nil))
    #expect(missing.status == 1)
    #expect(missing.output.contains("docs/ARCHITECTURE.md: missing"), "\(missing.output)")
}

@Test func aSupersededDecisionLinksAHeadingThatExistsRightUnderItsOwn() throws {
    let architecture = "# Architecture\nGeo, Location and Cells.\n"
    // GitHub's anchors: lower case, punctuation (backticks, commas, colons, apostrophes, dots) dropped, spaces to `-`,
    // a repeated heading `-1`; several markers under one heading, a blank quoted line between them.
    let good = try checkArchitecture(documentedTree(architecture, decisions: """
        # Decisions

        An entry a later one replaced carries a **Superseded** line under its heading.

        ## Routes are computed in the reducer
        > **Superseded** by [`s`, one place: many sources (issue 29)](#s-one-place-many-sources-issue-29): in part — an effect.
        >
        > **Superseded** by [Hardening](#hardening-1): the second one.

        Routes are pure computation.

        ## Hardening
        > **Superseded** by [ARCHITECTURE.md checked, the house's rules](#architecturemd-checked-the-houses-rules): dots go.
        ## ARCHITECTURE.md checked, the house's rules
        > **Superseded**: no longer so — nothing replaced it.

        ## `s`, one place: many sources (issue 29)
        ## Hardening
        """))
    #expect(good.status == 0, "\(good.output)")
    #expect(good.output.contains("ok       docs/DECISIONS.md links each superseded entry to a heading that exists"), "\(good.output)")

    // A heading renamed after its entry was linked, a marker left in the middle of an entry, one without its form.
    let broken = try checkArchitecture(documentedTree(architecture, decisions: """
        # Decisions

        ## Routes are computed in the reducer
        > **Superseded** by [Routes without loading the city](#routes-without-loading-the-city-issue-19): by tile.

        ## Routes without loading the city
        The graph is stored by tile.
        > **Superseded** by [Routes without loading the city](#routes-without-loading-the-city): itself.

        ## Hardening
        > Superseded by the next round.
        """))
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   docs/DECISIONS.md links each superseded entry to a heading that exists"), "\(broken.output)")
    #expect(broken.output.contains("docs/DECISIONS.md:4: #routes-without-loading-the-city-issue-19 is the anchor of no heading in docs/DECISIONS.md"),
            "\(broken.output)")
    #expect(broken.output.contains("docs/DECISIONS.md:8: a Superseded line must sit right under its entry's heading"), "\(broken.output)")
    #expect(!broken.output.contains("docs/DECISIONS.md:8: #"), "the link itself is good: \(broken.output)")
    #expect(broken.output.contains("docs/DECISIONS.md:11: a Superseded line reads"), "\(broken.output)")

    let none = try checkArchitecture(documentedTree(architecture))
    #expect(none.output.contains("ok       docs/DECISIONS.md links each superseded entry to a heading that exists"), "\(none.output)")
}

@Test func anOptionLookedUpByNameInTheCommandLineModuleFails() throws {
    let root = try tree([
        "Sources/ArtmapCLI/ListCommand.swift": """
            static let declarations: [OptionDeclaration<Options>] = [.option("--radius", \\.radius, .metres, help: "near")]
            let radius = options.value("--radius")
            if options.has("--json") { print() }
            """,
        "Sources/ArtmapCLI/OptionParser.swift": "parsed.values[name] = text\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no option is looked up by name in Sources/ArtmapCLI (commands read typed options)"), "\(broken.output)")
    #expect(broken.output.contains("Sources/ArtmapCLI/ListCommand.swift:2:"), "\(broken.output)")
    #expect(broken.output.contains("Sources/ArtmapCLI/ListCommand.swift:3:"), "\(broken.output)")
    #expect(!broken.output.contains("ListCommand.swift:1:") && !broken.output.contains("OptionParser.swift"), "declarations are not look-ups: \(broken.output)")
}

@Test func aCommandSwitchingOverTheWordsTypedFails() throws {
    let root = try tree([
        "Sources/ArtmapCLI/ConfigCommand.swift": """
            static let subcommands: [Subcommand<Options>] = [Subcommand(word: "list", isDefault: true, run: list)]
            switch words.first ?? "list" {
            switch options.positionals.first {
            """,
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no command switches over the words typed in Sources/ArtmapCLI (subcommands are declared)"), "\(broken.output)")
    #expect(broken.output.contains("Sources/ArtmapCLI/ConfigCommand.swift:2:") && broken.output.contains("Sources/ArtmapCLI/ConfigCommand.swift:3:"), "\(broken.output)")
    #expect(!broken.output.contains("ConfigCommand.swift:1:"), "a declaration is no switch: \(broken.output)")
}

@Test func aScreenStateBuiltOrNamedOutsideItsFolderItsViewAndTheRegistriesFails() throws {
    let root = try tree([
        "Sources/App/Features/Slideshow/Slideshow.swift": "public struct SlideshowState: Hashable {}\nlet fresh = SlideshowState()\n",
        "Sources/App/Features/Slideshow/SlideshowScreen.swift": "extension SlideshowState: StackScreen {\n    static func opening() -> SlideshowState { SlideshowState() }\n}\n",
        "Sources/App/Features/Help/Help.swift": "public struct HelpState: Hashable, Sendable, StackScreen {}\n",
        "Sources/App/Navigation/ScreenRegistry.swift": "let stack: [any StackScreen.Type] = [SlideshowState.self, HelpState.self]\n",
        "Sources/Screen/StackViews.swift": "let all = [SlideshowView.self]\n",
        "Sources/Screen/Views/SlideshowView.swift": "func render(_ show: SlideshowState) {}\n",
        "Sources/Bench/ImageBench.swift": "let show = SlideshowState()\n",
        // Outside: the root pushing it by name, another screen's view, the run loop asking what is on top.
        "Sources/App/Commands.swift": "// SlideshowState in a comment is no use of it\nlet message = \"SlideshowState\"\nfunc a() { push(SlideshowState()) }\n",
        "Sources/Screen/Views/HelpView.swift": "func render(_ help: HelpState, _ show: SlideshowState) {}\n",
        "Sources/Runtime/Effects/PictureEffects.swift": "let full = state.overlays.last?.is(SlideshowState.self) == true\n",
        "Sources/App/Features/Main/MainFeature.swift": "let help = HelpState()\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(SlideshowState()) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no screen state is built or named outside its feature folder, its view and the registries"), "\(broken.output)")
    #expect(broken.output.contains("Sources/App/Commands.swift:3: names SlideshowState (a screen's state) outside Sources/App/Features/Slideshow"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Screen/Views/HelpView.swift:1: names SlideshowState"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Runtime/Effects/PictureEffects.swift:1: names SlideshowState"), "\(broken.output)")
    #expect(broken.output.contains("Sources/App/Features/Main/MainFeature.swift:1: names HelpState (a screen's state) outside Sources/App/Features/Help"), "\(broken.output)")
    for allowed in ["Commands.swift:1:", "Commands.swift:2:", "HelpView.swift:1: names HelpState", "Slideshow/", "ScreenRegistry.swift", "StackViews.swift",
                    "SlideshowView.swift", "Sources/Bench", "Tests/"] {
        #expect(!broken.output.contains(allowed), "\(allowed) may name it: \(broken.output)")
    }
}

/// Issue 45, item 2: an effect handler that reads the app's state (as 14 did) fails the check; one that only says so in
/// a comment does not.
@Test func anEffectHandlerNamingTheAppStateFails() throws {
    let root = try tree([
        "Sources/Runtime/Effects/PictureEffects.swift": """
            // Never reads AppState: the effect carries the artwork.
            func perform(_ effect: Effect, _ state: AppState, _ replies: any ActionSink) {
            """,
        "Sources/Runtime/Effects/CatalogueEffects.swift": "func perform(_ effect: Effect, _ replies: any ActionSink) {}\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no effect handler names AppState (what a handler needs travels in its effect)"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Runtime/Effects/PictureEffects.swift:2:"), "\(broken.output)")
    #expect(!broken.output.contains("PictureEffects.swift:1:") && !broken.output.contains("CatalogueEffects.swift"), "\(broken.output)")
}

@Test func aCollectionSpelledOutsideItsTypedIdentityFails() throws {
    let root = try tree([
        "Sources/Catalog/CollectionID.swift": "public static let osm = CollectionID(\"osm\")\npublic static let campus = CollectionID(\"campus\")\n",
        "Sources/Store/CatalogStore+Tiles.swift": "public static let fetchedCollection = \"osm\"\n",
        "Sources/App/Features/Painters/PaintersFeature.swift": "// the \"rijksmuseum\" collection, in a comment\npublic let paintingsCollection = \"rijksmuseum\"\n",
        "Sources/ArtmapCLI/SyncCommand.swift": "let fallback = \"campus\"\nlet word = \"campus-artworks\"\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(\"osm\") }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   artmap's own collections are named only by CollectionID"), "\(broken.output)")
    for line in ["Sources/Store/CatalogStore+Tiles.swift:1:", "Sources/App/Features/Painters/PaintersFeature.swift:2:", "Sources/ArtmapCLI/SyncCommand.swift:1:"] {
        #expect(broken.output.contains(line), "\(line): \(broken.output)")
    }
    for allowed in ["CollectionID.swift", "PaintersFeature.swift:1:", "SyncCommand.swift:2:", "Tests/"] {
        #expect(!broken.output.contains(allowed), "\(allowed) may spell it: \(broken.output)")
    }
}

@Test func aCommandRunByWordsWrittenInCodeFails() throws {
    let root = try tree([
        "Sources/ArtmapCLI/CollectionRefresher.swift": """
            // ImportCommand.run([path]) in a comment is no run
            let status = try await ImportCommand.run([file.path, "--collection", name, "--replace"], environment: environment, console: output)
            let other = try await SyncCommand.run( ["--full"], environment: environment, console: console)
            let found = try await Artmap.commands.first { $0.name == "list" }?.run(["--json"], environment: environment, console: console)
            """,
        "Sources/ArtmapCLI/Artmap.swift": "return try await command.run(Array(arguments.dropFirst()), environment: environment, console: console)\n",
        "Sources/Store/MapWriter.swift": "try insertBox.run([.integer(id)])\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no command is run by words written in code"), "\(broken.output)")
    #expect(broken.output.contains("Sources/ArtmapCLI/CollectionRefresher.swift:2:") && broken.output.contains("CollectionRefresher.swift:3:"), "\(broken.output)")
    #expect(broken.output.contains("CollectionRefresher.swift:4:"), "a command found by name and run with a literal: \(broken.output)")
    for allowed in ["CollectionRefresher.swift:1:", "Artmap.swift", "MapWriter.swift"] {
        #expect(!broken.output.contains(allowed), "\(allowed) is no command run by words: \(broken.output)")
    }
}

@Test func aCommandRunByAWordListBuiltInCodeFails() throws {
    let root = try tree([
        "Sources/ArtmapCLI/Artmap.swift": """
            return try await InteractiveCommand.run(arguments, environment: environment, console: console)
            var passed: [String] = []
            return try await ListCommand.run(passed, environment: environment, console: console)
            return try await command.run(Array(arguments.dropFirst()), environment: environment, console: console)
            """,
        "Sources/ArtmapCLI/SlideshowCommand.swift": """
            // InteractiveCommand.run(forwarded, …) in a comment is no run
            var forwarded = ["--offline"]
            return try await InteractiveCommand.run(forwarded, environment: environment, console: console,
            return try await InteractiveCommand.run(options: viewOptions(options), environment: environment, console: console,
            """,
        "Sources/ArtmapCLI/RefreshCommand.swift": """
            let status = try await InteractiveCommand.run(arguments, environment: environment, console: console)
            let listed = try await ListCommand.run(options: view.listed, environment: environment, console: console)
            let again = try await ListCommand.run(
            """,
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   no command is run by a word list built in code"), "\(broken.output)")
    // A word list built first; `arguments` handed on anywhere but the dispatcher; a call whose first argument is not
    // on its line (not visibly typed).
    for line in ["Sources/ArtmapCLI/Artmap.swift:3:", "Sources/ArtmapCLI/SlideshowCommand.swift:3:",
                 "Sources/ArtmapCLI/RefreshCommand.swift:1:", "Sources/ArtmapCLI/RefreshCommand.swift:3:"] {
        #expect(broken.output.contains(line), "\(line): \(broken.output)")
    }
    // The dispatcher handing on the words typed, a command found in the list, a comment, the typed entries.
    for allowed in ["Artmap.swift:1:", "Artmap.swift:4:", "SlideshowCommand.swift:1:", "SlideshowCommand.swift:4:", "RefreshCommand.swift:2:"] {
        #expect(!broken.output.contains(allowed), "\(allowed) is allowed: \(broken.output)")
    }
}

@Test func aSettingsKeySpelledOutsideItsDeclarationFails() throws {
    let root = try tree([
        "Sources/Catalog/Setting.swift": "public static let walkSpeed = \"walk.speed\"\npublic static let units = \"units\"\n",
        "Sources/ArtmapCLI/SyncCommand.swift": "static let sourceSetting = \"sync.source\"\nlet help = \"the default (osm.nominatim-url)\"\n",
        "Sources/Sync/OpenStreetMap/NominatimClient.swift": "static let lastRequestKey = \"osm.nominatim-last-request\"\n",
        "Sources/App/Root/Shared.swift": "// \"units\" in a comment\nvar imperial: Bool { settings[\"units\"] == \"imperial\" }\n",
        "Sources/Cartography/OSM/OSMImporter.swift": "case osmGz = \"osm.gz\"\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(settings[\"walk.speed\"]) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   settings keys are spelled only in their declarations"), "\(broken.output)")
    for line in ["Sources/ArtmapCLI/SyncCommand.swift:1:", "Sources/Sync/OpenStreetMap/NominatimClient.swift:1:", "Sources/App/Root/Shared.swift:2:"] {
        #expect(broken.output.contains(line), "\(line): \(broken.output)")
    }
    for allowed in ["Catalog/Setting.swift:", "SyncCommand.swift:2:", "Shared.swift:1:", "OSMImporter.swift", "Tests/"] {
        #expect(!broken.output.contains(allowed), "\(allowed) may say it: \(broken.output)")
    }
}

@Test func theRunLoopOpeningTheStoreOutsideItsStoreAccessFails() throws {
    let root = try tree([
        "Sources/Runtime/Effects/StoreAccess.swift": "let store = try CatalogStore(path: path)\nlet reader = try CatalogStore.reader(path: path)\n",
        "Sources/Runtime/Effects/NearMeEffects.swift": """
            // CatalogStore(path: path) in a comment opens nothing
            let store = try CatalogStore(path: path)
            """,
        "Sources/Runtime/Effects/NewsEffects.swift": "let reader = try CatalogStore.reader(path: storePath)\n",
        "Sources/ArtmapCLI/SourceWiring.swift": "let store = try CatalogStore(path: storePath)\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   Runtime opens the store only in its store access"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Runtime/Effects/NearMeEffects.swift:2:") && broken.output.contains("Sources/Runtime/Effects/NewsEffects.swift:1:"), "\(broken.output)")
    for allowed in ["NearMeEffects.swift:1:", "StoreAccess.swift:", "SourceWiring.swift"] {
        #expect(!broken.output.contains(allowed), "\(allowed) may open it: \(broken.output)")
    }
}

/// Issue 45, item 3: a run loop that takes the ncurses class (as `Session.loop(terminal: Terminal)` did), or imports
/// Curses, fails the check; the backend protocol, and the word in a comment, do not.
@Test func aSessionTakingTheNcursesTerminalFails() throws {
    let root = try tree([
        "Sources/Runtime/Session.swift": """
            import Cells
            import Curses
            // Runs on any Terminal backend.
            public func loop(terminal: Terminal) {}
            public func run(on terminal: some TerminalBackend) {}
            """,
        "Sources/Runtime/SessionDriver.swift": "func step(on terminal: some TerminalBackend, event: TerminalEvent) {}\n",
        "Tests/AppTests/A.swift": "@Test func a() throws { let x = try #require(y) }\n",
    ])
    let broken = try checkArchitecture(root)
    #expect(broken.status == 1)
    #expect(broken.output.contains("FAILED   Session takes a TerminalBackend, not the ncurses Terminal (nor imports Curses)"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Runtime/Session.swift:2:") && broken.output.contains("Sources/Runtime/Session.swift:4:"), "\(broken.output)")
    #expect(!broken.output.contains("Session.swift:3:") && !broken.output.contains("Session.swift:5:")
            && !broken.output.contains("SessionDriver.swift"), "\(broken.output)")
}
