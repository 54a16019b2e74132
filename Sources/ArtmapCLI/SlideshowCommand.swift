import Catalog
import Curses
import Foundation
import Geo

/// `artmap slideshow`: the full-screen view, straight into the slideshow of favourites.
enum SlideshowCommand: Command {
    static let name = "slideshow"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `slideshow`'s options.
    struct Options: CommandOptions {
        var interval: Double?
        var pixels: String?
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--interval", \.interval, SlideshowCommand.intervalValue, valueName: "S", help: "seconds between pictures, 1 to 60 (default the setting, 8); 0 shows one fixed picture"),
            .option("--pixels", \.pixels, .choice(PixelChoice.modes), help: "auto, kitty, sixel, iterm or cells (default the images.protocol setting, auto)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    /// Seconds between pictures, as the `slideshow.interval` setting takes them.
    static let intervalValue = OptionValue<Double>(valueName: "S") { text, option in
        guard case .success(let value) = Setting.named(Setting.slideshowInterval)?.validate(text) ?? .failure(CatalogError("")),
              let seconds = DecimalText.double(value) else {
            throw OptionValue<Double>.refuse(option, "needs seconds from 1 to 60, or 0 for one fixed picture", text)
        }
        return seconds
    }

    static let intro = [
        "Shows your favourites' pictures full screen one after another (with none, four pictures of the",
        "collection); 0 shows only the Night Watch (else your first favourite). Space pauses, ←/→ step, Esc",
        "goes to the map.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard isatty(STDOUT_FILENO) == 1 else { throw CLIError("the slideshow needs a terminal") }
        return try await InteractiveCommand.run(options: viewOptions(options), environment: environment, console: console,
                                                slideshowInterval: options.interval, startSlideshow: true)
    }

    /// The view the slideshow opens in: offline (nothing synced, fetched or searched while pictures show), on the
    /// store and with the pictures asked for; every other option of the view at its default.
    static func viewOptions(_ options: Options) -> InteractiveCommand.ViewOptions {
        var view = InteractiveCommand.ViewOptions()
        view.offline = true
        view.store = options.store
        view.pixels = options.pixels
        return view
    }
}
