import CMallocArena
import Catalog
import Foundation
import Sync

/// The `artmap` command line: picks the command and turns every failure into a message and exit status.
public enum Artmap {
    public static let version = ArtmapVersion.current

    /// Every subcommand with its line in `artmap --help`, in the order the help lists them: the top-level usage, the
    /// completions' command list and the man page's COMMANDS are all made from this list.
    static let declared: [(command: any Command.Type, summary: String)] = [
        (ListCommand.self, "artworks grouped by building, nearest first (--json for scripts)"),
        (SyncCommand.self, "fetch what changed from the campus service, and the images"),
        (RefreshCommand.self, "refresh collections from their own sources (the service, a file, OpenStreetMap, the Rijksmuseum); all of them when none is named"),
        (CollectionsCommand.self, "the collections with their sources, sizes and last refresh"),
        (ImportCommand.self, "load an OpenStreetMap extract (.osm.pbf, .osm) or GeoJSON as the map and its artworks, a city's public-art CSV, or tagged places (plist) or service-shaped JSON into a collection"),
        (FetchCommand.self, "the streets and artworks around a point from OpenStreetMap (Overpass API), with the artworks' pictures from Wikidata and Wikimedia Commons"),
        (PlaceCommand.self, "find a place by name (the store first, then OpenStreetMap's Nominatim)"),
        (WatchCommand.self, "follow a location source and print each fix with the nearest building"),
        (ShowCommand.self, "print an artwork's cached image as coloured text cells"),
        (RouteCommand.self, "walking directions to an artwork along the imported streets"),
        (WalkCommand.self, "one walk through several artworks in the best order (the nearest, some ids, your favourites, or as many as fit in a time)"),
        (ConfigCommand.self, "list, read and change settings (also the , screen in the view)"),
        (PaintersCommand.self, "follow painters at the Rijksmuseum: their paintings with images"),
        (FavouritesCommand.self, "the artworks you hearted (at most 50)"),
        (SeenCommand.self, "the artworks you have seen: marked by hand, or walked past with a live location"),
        (NoteCommand.self, "tell OpenStreetMap, in your words, what is wrong or missing about an artwork (a note, queued until sent)"),
        (NotesCommand.self, "the notes to OpenStreetMap: list, send the queued ones, login for a token"),
        (SlideshowCommand.self, "the full-screen slideshow of your favourites' pictures"),
        (ExportCommand.self, "a collection, the favourites or a walk as GeoJSON, GPX or CSV"),
        (CompletionsCommand.self, "shell completion for bash, zsh or fish"),
        (MapCommand.self, "the imported base layers with their size and age; map remove SOURCE"),
    ]

    /// Every subcommand, found by name.
    static let commands: [any Command.Type] = declared.map(\.command)

    /// `artmap --help`: the commands from `declared`, each summary wrapped beside its name.
    static let usage: String = {
        let width = OptionParser.usageWidth - 2, column = 14
        var lines = ["Usage: artmap [COMMAND] [OPTIONS]", "",
                     "What art is near me? With no command, artmap opens the full-screen map and table",
                     "(or, when its output is not a terminal, prints 'artmap list').", "", "Commands:"]
        for (command, summary) in declared {
            var line = "  " + command.name.padding(toLength: column - 2, withPad: " ", startingAt: 0)
            for word in summary.split(separator: " ") {
                if line.count + 1 + word.count > width && line.count > column { lines.append(line); line = String(repeating: " ", count: column) }
                line += (line.count == column || line.hasSuffix(" ") ? "" : " ") + word
            }
            lines.append(line)
        }
        lines += ["", "Options:",
                  "  --help     show this help (artmap COMMAND --help for a command's options;",
                  "             'artmap --help' lists the full-screen view's options below)",
                  "  --version  print the version",
                  "  --man      print the manual page (roff; 'man artmap' once installed)", "",
                  "Data is kept in $XDG_DATA_HOME/artmap/artmap.sqlite (default ~/.local/share/artmap/)."]
        return lines.joined(separator: "\n")
    }()

    /// Runs one invocation; returns the process exit status.
    /// What the process must settle before any other thread starts: the full-screen view (on a terminal, with no
    /// command or `slideshow`) asks glibc for one malloc arena. It reads a large collection on a worker thread,
    /// which would otherwise get an arena of its own, the catalogue in one and what the loop frees in another,
    /// neither reusing the other's holes: 2 MB of the view's 60 at 100,000 artworks (docs/DECISIONS.md, issue 19).
    /// Commands keep glibc's default, which lets a sync's decoder and merge allocate side by side.
    /// libosmium decodes an OpenStreetMap file ahead of the import on threads of its own and queues up to 20
    /// decoded blocks, about 100 MB in a region-sized file; 4 keep both cores as busy at a third of the memory
    /// (issue 49). Set before any thread starts (a person's own setting wins).
    public static func prepareProcess(arguments: [String]) {
        setenv("OSMIUM_MAX_OSMDATA_QUEUE_SIZE", "4", 0)
        let command = arguments.first ?? ""
        let mayBeTheView = command.isEmpty || command.hasPrefix("-") || command == "slideshow"
        if mayBeTheView && isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 {
            _ = artmap_malloc_single_arena()
        }
    }

    public static func main(arguments: [String], environment: [String: String], console: Console) async -> Int32 {
        let status: Int32
        do {
            status = try await dispatch(arguments, environment: environment, console: console)
        } catch let error as CLIError {
            console.error("artmap: \(error.message)")
            if let hint = error.hint { console.error(hint) }
            status = error.status
        } catch {
            console.error("artmap: \(error)")
            status = 1
        }
        return settle(status, console: console)
    }

    /// The exit status once the output is accounted for: output that could not be written (a full disk, a
    /// closed pipe, `--json` cut short) fails the command, with a message when standard error still takes one
    /// (not for EPIPE: the reader left on purpose, as `| head` does). A failed standard error alone changes
    /// nothing: there is nowhere left to say so.
    static func settle(_ status: Int32, console: Console) -> Int32 {
        guard let code = console.outputFailure else { return status }
        if code != EPIPE {
            console.error("artmap: cannot write to the standard output (\(String(cString: strerror(code)))); the output is incomplete")
        }
        return status == 0 ? 1 : status
    }

    /// The full-screen view on a terminal; `list` when output goes to a pipe or file.
    static func interactiveOrList(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        if isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 {
            return try await InteractiveCommand.run(arguments, environment: environment, console: console)
        }
        // The view's own values are checked as the view would: a malformed one is a usage error either way.
        let options = try InteractiveCommand.parser.parse(arguments, as: InteractiveCommand.ViewOptions.self)
        return try await listInstead(options, environment: environment, console: console)
    }

    /// `list` with the full-screen view's options that `list` also takes (`ViewOptions.listed`).
    static func listInstead(_ options: InteractiveCommand.ViewOptions, environment: [String: String], console: Console) async throws -> Int32 {
        try await ListCommand.run(options: options.listed, environment: environment, console: console)
    }

    static func dispatch(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let first = arguments.first else {
            return try await interactiveOrList([], environment: environment, console: console)
        }
        switch first {
        case "--help", "-h", "help":
            console.line(usage + "\n\nOptions of the full-screen view:\n" + InteractiveCommand.parser.helpLines().joined(separator: "\n"))
            return 0
        case "--man":
            console.write(ManPage.render())
            return 0
        case "--version", "-V":
            console.line("artmap \(version)")
            return 0
        default:
            if let command = commands.first(where: { $0.name == first }) {
                return try await command.run(Array(arguments.dropFirst()), environment: environment, console: console)
            }
            if first.hasPrefix("-") {
                return try await interactiveOrList(arguments, environment: environment, console: console)
            }
            throw CLIError.usage("unknown command '\(DisplayText.clean(first))'" + Suggestion.hint(for: first, among: commands.map { $0.name }), command: nil)
        }
    }
}
