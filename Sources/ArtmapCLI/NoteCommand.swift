import Catalog
import Foundation
import Store
import Sync

/// `artmap note ID TEXT`: a note to OpenStreetMap about an artwork that is an OpenStreetMap element (issue 47): the
/// person's words, the element and its page, `#artmap`, at the artwork's position. Queued in the store, then sent at
/// once when a token is set (or `--anonymous`) and OpenStreetMap answers; else it waits for `artmap notes send` or
/// the view.
enum NoteCommand: Command {
    static let name = "note"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 200, forms: [UsageForm(words: "ID TEXT")])

    /// `note`'s options.
    struct Options: CommandOptions {
        var collection = CollectionChoice()
        var anonymous = false
        var offline = false
        var apiURL: String?
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            CollectionChoice.declaration(help: "the artwork's collection, when more than one holds the id (default: the one that holds it)").lifted(\.collection),
            .flag("--anonymous", \.anonymous, help: "send without a token (OpenStreetMap is restricting anonymous notes)"),
            .flag("--offline", \.offline, help: "only queue it; artmap notes send or the view sends it later"),
            .option("--api-url", \.apiURL, .text("URL"), help: "OpenStreetMap's API (default the osm.api-url setting)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Tells OpenStreetMap, in your words, what is wrong or missing about an artwork (its artist, its name, that it",
        "is gone). The note carries your words, the element (node/123) with its openstreetmap.org page, and #artmap. At",
        "most one note an element a day; none without words. Control characters are removed, and words past the API's",
        "2000 characters are cut.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let id = options.positionals.first else { throw CLIError.usage("note needs an artwork's ID and your words", command: name) }
        let words = options.positionals.dropFirst().joined(separator: " ")
        let store = try StoreOpening.open(options.store, environment: environment, console: console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("note cannot be queued: the store is read-only") }
        let artwork = try ArtworkLookup.find(id, in: options.collection, store: store)
        guard let element = NoteText.element(artwork.id) else {
            throw CLIError("'\(DisplayText.clean(id))' in '\(DisplayText.clean(artwork.collection))' is not an OpenStreetMap element (node/N, way/N, relation/N): a note to OpenStreetMap is about what it maps")
        }
        guard let note = NoteText(words: words, element: element) else {
            throw CLIError.usage("note needs your words after the ID (a note is never sent without them)", command: name)
        }
        if NoteText.isOverLimit(words, element: element) {
            console.error("artmap: your words were cut to fit OpenStreetMap's \(NoteText.apiLimit) characters")
        }
        let client = try NotesCommand.client(apiURL: options.apiURL, store: store, command: name, anonymous: options.anonymous)
        switch try store.queueNote(artwork.key, element: element, latitude: artwork.coordinate.latitude,
                                   longitude: artwork.coordinate.longitude, text: note.text) {
        case .alreadyToday(let earlier):
            throw CLIError("\(element) already has a note from today (\(earlier.state.rawValue)); one note an element a day")
        case .queued(let queued):
            if options.offline {
                console.line("\(element): \(NotesOutbox.queuedLine)")
                return 0
            }
            guard client.token != nil || options.anonymous else {
                console.line("\(element): \(NotesOutbox.queuedLine)")
                console.error("artmap: \(NotesCommand.needsToken)")
                return 0
            }
            let result = await NotesOutbox(client: client).send(queued, store: store)
            console.line(NotesOutbox.line(queued, result))
            return 0
        }
    }
}
