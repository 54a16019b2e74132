import Catalog
import Foundation

/// `artmap slideshow`: the full-screen view, straight into the slideshow of favourites.
enum SlideshowCommand: Command {
    static let name = "slideshow"
    static let parser = OptionParser(command: name, specs: [
        OptionSpec(name: "--interval", valueName: "S", help: "seconds between pictures, 0 to 60 (default the setting, 8); 0 shows one fixed picture"),
        OptionSpec(name: "--pixels", valueName: "MODE", help: "auto, kitty, sixel, iterm or cells (default the images.protocol setting, auto)"),
        StoreOpening.storeOption,
        OptionParser.helpOption,
    ], maxPositionals: 0)

    static let intro = [
        "Shows your favourites' pictures full screen one after another (with none, four pictures of the",
        "collection); 0 shows only the Night Watch (else your first favourite). Space pauses, ←/→ step, Esc",
        "goes to the map.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, intro: intro, console: console) else { return 0 }
        var interval: Double?
        if let text = options.value("--interval") {
            guard case .success(let value) = Setting.named(Setting.slideshowInterval)?.validate(text) ?? .failure(CatalogError("")),
                  let seconds = Double(value) else {
                throw CLIError.usage("option --interval needs seconds from 0 to 60, got '\(DisplayText.clean(text))'", command: name)
            }
            interval = seconds
        }
        var forwarded = ["--offline"]
        if let store = options.value("--store") { forwarded += ["--store", store] }
        if let pixels = options.value("--pixels") { forwarded += ["--pixels", pixels] }
        guard isatty(STDOUT_FILENO) == 1 else { throw CLIError("the slideshow needs a terminal") }
        return try await InteractiveCommand.run(forwarded, environment: environment, console: console,
                                                slideshowInterval: interval, startSlideshow: true)
    }
}
