import Cells
import Catalog
import Curses
import Foundation
import Geo
import Runtime
import Imaging
import Store

/// `artmap show ID`: prints an artwork's cached image as coloured cells, as `chafa` does, for scripts and tests.
enum ShowCommand: Command {
    static let name = "show"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 1, forms: [UsageForm(words: "ID")])

    /// `show`'s options; the artwork's id is the word.
    struct Options: CommandOptions {
        var collection = CollectionChoice()
        var width: Int?
        var height: Int?
        var colors = "auto"
        var ascii = false
        var pixels: String?
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            CollectionChoice.declaration(help: "the artwork's collection, when more than one holds the id (default: the one that holds it)").lifted(\.collection),
            .option("--width", \.width, .cells(upTo: maxColumns, "columns"), valueName: "COLS",
                    help: "at most this many columns, up to \(maxColumns) (default the terminal's, or 80)"),
            .option("--height", \.height, .cells(upTo: maxRows, "rows"), valueName: "ROWS",
                    help: "at most this many rows, up to \(maxRows) (default the terminal's, or 24)"),
            .option("--colors", \.colors, .choice(["auto", "none", "16", "256", "truecolor"]), help: "auto, none, 16, 256 or truecolor (default auto)"),
            .flag("--ascii", \.ascii, help: "ASCII symbols only"),
            .option("--pixels", \.pixels, .choice(PixelChoice.modes), help: "auto, kitty, sixel, iterm or cells (default the images.protocol setting, auto)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Prints the artwork's cached image: as pixels where the terminal draws them (kitty, sixel, iTerm2),",
        "else as text cells with colour escape sequences.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let id = options.positionals.first else { throw CLIError.usage("which artwork? give its id (see 'artmap list --json')", command: name) }
        let terminal = terminalSize()
        let (columns, rows) = canvas(width: options.width, height: options.height, terminal: terminal.map { ($0.columns, $0.rows) })
        let depth = try colorDepth(options.colors, environment: environment, isTerminal: terminal != nil)
        let pixelMode = options.pixels
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        let artwork = try ArtworkLookup.find(id, in: options.collection, store: store)
        let collection = artwork.collection
        let title = DisplayText.clean(artwork.title)
        guard !artwork.imageFileName.isEmpty else { throw CLIError("'\(title)' (\(DisplayText.clean(id))) has no published image") }
        guard let path = try store.cachedImagePath(artwork.key) else {
            throw CLIError(try missingPicture(artwork, store: store))
        }
        try? store.touchCachedImage(artwork.key)
        let saved = try? store.setting(Setting.imageProtocol)
        let (pixels, owed) = TerminalProbe.chooseOwingAnswers(mode: pixelMode ?? saved ?? "auto", environment: environment,
                                                              noColor: depth == .none, ascii: options.ascii)
        // Answers that come after the probe gave up are read before exiting, not left for the shell.
        defer { owed?.drain() }
        let cellAspect = pixels.kind.drawsPixels ? pixels.cell.aspect : terminal?.cellAspect ?? 2.0
        let cells: CellImage
        do {
            let bytes = try PictureLoader.readFile(path)
            let probed = try ImageDecoder.probe(bytes)
            // Pixels: no larger than the terminal draws one picture (its graphics limit, when it said).
            let limit = pixels.kind.drawsPixels ? pixelCanvas(pixels) : nil
            let fit = CellRenderer.fittedCells(width: probed.width, height: probed.height, columns: min(columns, limit?.columns ?? Int.max),
                                               rows: min(rows, limit?.rows ?? Int.max), cellAspect: cellAspect)
            // Decode at the DCT scale that gives at least the pixels the cells cover (cells: about the 6 × 6 a
            // cell needs); the encoder scales from there.
            var decodeOptions = DecodeOptions()
            let perCell: (Int, Int) = pixels.kind.drawsPixels ? (pixels.cell.width, pixels.cell.height) : (6, 6)
            decodeOptions.minimumSize = (fit.columns * perCell.0, fit.rows * perCell.1)
            let decoded = try ImageDecoder.decode(bytes, options: decodeOptions)
            if pixels.kind.drawsPixels {
                var image = PixelEncoder.encode(decoded.pixels, columns: fit.columns, rows: fit.rows, cell: pixels.cell, protocol: pixels.kind, id: 1,
                                                colorRegisters: pixels.limits.colorRegisters)
                if pixels.tmux { image = PixelEncoder.tmuxWrapped(image) }
                if !image.isEmpty {
                    // The image leaves the cursor on its last row (kitty, iTerm2) or below it (sixel): end on a new line.
                    let end: [UInt8] = pixels.kind == PixelProtocol.sixel ? [] : [10]
                    console.write(image + end)
                    return 0
                }
            }
            cells = CellRenderer.render(decoded.pixels, columns: fit.columns, rows: fit.rows, depth: depth,
                                        symbols: options.ascii ? .ascii : .blocks)
        } catch {
            throw CLIError("cannot show the image of '\(title)' (\(DisplayText.clean(id))): \(DisplayText.clean("\(error)"))")
        }
        console.write(AnsiCells.text(cells, depth: depth))
        return 0
    }

    /// The most columns and rows a picture may cover: more than any terminal window has (a 4K screen in a 6-pixel
    /// font is 640 columns by 180 rows), few enough that the largest picture costs about 200 MB (2000 columns took
    /// 650 MB, 10000 took 16.6 GB, 100000 aborted inside GLib and `Int.max` trapped).
    static let maxColumns = 1000, maxRows = 500
    /// The most pixels a picture sent as pixels may have each way: a 4K screen's width (3840) and a little more.
    static let maxPixels = 4096

    /// The cells the picture may cover: the options' (already within the caps), else the terminal's less a row
    /// for the prompt, held to the caps (a terminal may report any size), else 80×24.
    static func canvas(width: Int?, height: Int?, terminal: (columns: Int, rows: Int)?) -> (columns: Int, rows: Int) {
        let columns = width ?? terminal.map { min(max(1, $0.columns), maxColumns) } ?? 80
        let rows = height ?? terminal.map { min(max(1, $0.rows - 1), maxRows) } ?? 24
        return (columns, rows)
    }

    /// The cells a picture in pixels may cover: within the terminal's graphics limit, when it said one, and within
    /// `maxPixels` each way at the cell size in use.
    static func pixelCanvas(_ pixels: PixelChoice) -> (columns: Int, rows: Int) {
        let limit = pixels.cellLimit
        let columns = max(1, maxPixels / max(1, pixels.cell.width)), rows = max(1, maxPixels / max(1, pixels.cell.height))
        return (min(columns, limit?.columns ?? columns), min(rows, limit?.rows ?? rows))
    }

    /// The colour mode asked for; `auto` follows NO_COLOR, COLORTERM and TERM.
    static func colorDepth(_ mode: String, environment: [String: String], isTerminal: Bool) throws -> ColorDepth {
        switch mode {
        case "none": return .none
        case "16": return .sixteen
        case "256": return .indexed256
        case "truecolor": return .truecolor
        case "auto":
            if !(environment["NO_COLOR"] ?? "").isEmpty { return .none }
            let term = environment["TERM"] ?? ""
            if term == "dumb" { return .none }
            if ["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "") || term.hasSuffix("-direct") { return .truecolor }
            if term.contains("256") || !isTerminal { return .indexed256 }
            return .sixteen
        default:
            throw CLIError.usage("option --colors must be auto, none, 16, 256 or truecolor, got '\(DisplayText.clean(mode))'", command: name)
        }
    }

    /// The size of the terminal on standard output, and its cell shape, when it is one.
    static func terminalSize() -> (columns: Int, rows: Int, cellAspect: Double)? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        var aspect = 2.0
        if size.ws_xpixel > 0, size.ws_ypixel > 0 {
            let measured = (Double(size.ws_ypixel) / Double(size.ws_row)) / (Double(size.ws_xpixel) / Double(size.ws_col))
            if measured > 0.5 && measured < 4 { aspect = measured }
        }
        return (Int(size.ws_col), Int(size.ws_row), aspect)
    }

    /// Why an artwork's picture is not in the cache, and the one command that brings it from the artwork's own
    /// source: `fetch --pictures` for OpenStreetMap's artworks (saying what Wikidata or Commons answered), else a
    /// refresh of its collection.
    static func missingPicture(_ artwork: Artwork, store: CatalogStore) throws -> String {
        let what = "'\(DisplayText.clean(artwork.title))' (\(DisplayText.clean(artwork.id)))"
        guard CatalogStore.fetchedCollections.contains(artwork.collection) else {
            // The campus is synced; another collection is refreshed from the source recorded for it.
            let name = DisplayText.clean(artwork.collection)
            switch try? store.collectionSource(artwork.collection) {
            case .service? where artwork.collection == Artwork.defaultCollection:
                return "the image of \(what) is not downloaded yet; run 'artmap sync'"
            case .file?:
                return "the image of \(what) is not downloaded yet; 'artmap refresh \(name)' imports its file again when the file changed"
            case .unknown?, nil:
                return "the image of \(what) is not downloaded yet, and \(name) has no recorded source: import its file again"
            case .service?, .rijksmuseum?, .openStreetMap?, .wikidata?:
                return "the image of \(what) is not downloaded yet; run 'artmap refresh \(name)'"
            }
        }
        guard let found = try store.resolvedPicture(artwork.imageFileName) else {
            return "the picture of \(what) has not been looked up yet (\(DisplayText.clean(artwork.imageFileName))); run 'artmap fetch --pictures'"
        }
        if !found.problem.isEmpty {
            return "\(what) has no picture: \(DisplayText.clean(found.problem)); 'artmap fetch --pictures' asks Wikidata and Commons again"
        }
        return "the picture of \(what) is not downloaded yet (or its last download failed); run 'artmap fetch --pictures' to download it"
    }
}

extension OptionValue where Value == Int {
    /// A size in cells, 1 to `limit` (`show --width`): a larger one is refused in words, never allocated.
    static func cells(upTo limit: Int, _ unit: String) -> Self {
        Self(valueName: "N") { text, option in
            let digits = !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard digits else { throw refuse(option, "needs a whole number of \(unit) from 1 to \(limit)", text) }
            guard let value = DecimalText.integer(text), value <= limit else {
                throw refuse(option, "must be at most \(limit) \(unit) (more than any terminal has)", text)
            }
            guard value >= 1 else { throw refuse(option, "needs a whole number of \(unit) from 1 to \(limit)", text) }
            return value
        }
    }
}

/// Cells as text with SGR colour sequences, one line per row, each ending with a reset.
enum AnsiCells {
    static func text(_ image: CellImage, depth: ColorDepth) -> String {
        var out = ""
        out.reserveCapacity(image.columns * image.rows * 24)
        for y in 0..<image.rows {
            var last: (CellColor?, CellColor?)?
            for x in 0..<image.columns {
                let cell = image[x, y]
                if depth != .none, last == nil || last!.0 != cell.foreground || last!.1 != cell.background {
                    out += "\u{1B}[0" + sgr(cell.foreground, background: false, depth) + sgr(cell.background, background: true, depth) + "m"
                    last = (cell.foreground, cell.background)
                }
                out.append(cell.symbol)
            }
            out += depth == .none ? "\n" : "\u{1B}[0m\n"
        }
        return out
    }

    private static func sgr(_ color: CellColor?, background: Bool, _ depth: ColorDepth) -> String {
        guard let color else { return "" }
        switch (depth, color) {
        case (.truecolor, _):
            let c = color.rgbValue
            return ";\(background ? 48 : 38);2;\(c.red);\(c.green);\(c.blue)"
        case (.sixteen, _):
            let index = Int(color.paletteIndex(count: 16))
            return ";" + String((index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + index % 8)
        default:
            return ";\(background ? 48 : 38);5;\(color.paletteIndex(count: 256))"
        }
    }
}
