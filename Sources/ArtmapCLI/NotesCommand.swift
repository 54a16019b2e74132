import Catalog
import Foundation
import Store
import Sync

/// `artmap notes`: the notes to OpenStreetMap written with `artmap note` or N in the view (issue 47): `send` posts
/// the queued ones, `list` shows queued, sent and held ones with the note's URL, `login` gets the OAuth 2.0 token
/// they are sent with, `remove` takes back the unsent notes about an element.
enum NotesCommand: Command {
    static let name = "notes"
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "list", options: ["--json"], isDefault: true, run: list),
        Subcommand(word: "send", options: ["--anonymous", "--api-url"], run: send),
        Subcommand(word: "login", options: ["--api-url"], run: login),
        Subcommand(word: "remove", arguments: ["ELEMENT"], run: remove),
    ]
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: subcommands.maxPositionals(), forms: subcommands.forms())

    /// `notes`'s options.
    struct Options: CommandOptions {
        var json = false
        var anonymous = false
        var apiURL: String?
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .flag("--json", \.json, help: "list as JSON: collection, id, element, latitude, longitude, text, state, created_at, sent_at, note_id, note_url, last_error"),
            .flag("--anonymous", \.anonymous, help: "send without a token (OpenStreetMap is restricting anonymous notes)"),
            .option("--api-url", \.apiURL, .text("URL"), help: "OpenStreetMap's API (default the osm.api-url setting)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "A note is written with 'artmap note ID TEXT' or N on an artwork's detail in the view, and queued; it is sent",
        "at once when OpenStreetMap answers, else by 'notes send' or by the view when it is next online. Before sending,",
        "the open notes within 100 m are read: one naming the same element holds the new one back. A note goes with the",
        "token 'notes login' saved (osm.token); without one it is sent only with --anonymous.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// The notes client: `--api-url`, else osm.api-url, else OpenStreetMap's own; the token from osm.token.
    /// The notes client: the API's address (the option, else osm.api-url) and the saved token, never sent with
    /// `anonymous` (`--anonymous` means no account at all, even when one is saved).
    static func client(apiURL: String?, store: CatalogStore, command: String?, anonymous: Bool = false) throws -> OSMNotesClient {
        let setting = Setting.named(Setting.osmAPIURL)
        let text = try apiURL ?? store.setting(Setting.osmAPIURL) ?? setting?.defaultValue ?? ""
        guard let checked = try? setting?.validate(text).get(), let url = URL(string: checked) else {
            throw CLIError.usage("\(apiURL == nil ? Setting.osmAPIURL : "--api-url"): '\(DisplayText.clean(text))' is not an https:// URL (http:// only on this machine)", command: command)
        }
        let token = anonymous ? nil : (try store.setting(Setting.osmToken)).flatMap { $0.isEmpty ? nil : $0 }
        return OSMNotesClient(base: url, http: OSMServiceOptions.httpClient(), token: token)
    }

    /// Why a note is not sent without a token, and what to do.
    static let needsToken = "not sent: no OpenStreetMap token (osm.token); run 'artmap notes login', or 'artmap notes send --anonymous' to send without an account"

    /// Sends the queued notes, one line each on standard output; the number that failed.
    static func sendQueued(client: OSMNotesClient, store: CatalogStore, console: Console) async -> Int {
        var failed = 0
        for (note, result) in await NotesOutbox(client: client).sendQueued(store: store) {
            if case .failed = result {
                failed += 1
                console.error("artmap: " + NotesOutbox.line(note, result))
            } else {
                console.line(NotesOutbox.line(note, result))
            }
        }
        return failed
    }

    /// `notes send`: every queued note, each claimed before it is posted.
    static func send(_ call: Subcommand<Options>.Invocation) async throws -> Int32 {
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("notes cannot be sent: the store is read-only, so what was sent could not be recorded") }
        let client = try client(apiURL: call.options.apiURL, store: store, command: name, anonymous: call.options.anonymous)
        let queued = try store.queuedNotes()
        guard !queued.isEmpty else {
            call.console.line("no notes waiting to be sent")
            return 0
        }
        guard client.token != nil || call.options.anonymous else { throw CLIError("\(queued.count) queued; \(needsToken)") }
        return await sendQueued(client: client, store: store, console: call.console) == 0 ? 0 : 1
    }

    /// `notes remove ELEMENT`: the notes about an element that were never sent (queued, or held back) are taken
    /// back, so a note OpenStreetMap refuses can be written again today.
    static func remove(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        guard let given = call.arguments.first, call.arguments.count == 1 else {
            throw CLIError.usage("notes remove needs the element the note is about (node/123, as 'notes list' shows)", command: name)
        }
        guard let element = NoteText.element(given) else {
            throw CLIError.usage("'\(DisplayText.clean(given))' is not an OpenStreetMap element (node/123, way/45, relation/6)", command: name)
        }
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("notes cannot be removed: the store is read-only") }
        let removed = try store.removeUnsentNotes(element: element)
        guard removed > 0 else {
            let sent = try store.notes().contains { $0.element == element }
            throw CLIError(sent ? "\(element): its note was sent (or is being sent now); a sent note is OpenStreetMap's: close it there"
                                : "no note about \(element) (see 'artmap notes list')")
        }
        call.console.line("removed \(removed) unsent note\(removed == 1 ? "" : "s") about \(element)")
        return 0
    }

    /// `notes [list]`: every note, oldest first.
    static func list(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let console = call.console
        let notes = try StoreOpening.open(call.options.store, environment: call.environment, console: console).notes()
        if call.options.json {
            func optional(_ text: String?) -> JSONWriter.Value { text.map { .string($0) } ?? .null }
            console.line(JSONWriter.render(.array(notes.map { note in
                .object([("collection", .string(note.key.collection)), ("id", .string(note.key.id)), ("element", .string(note.element)),
                         ("latitude", .number(note.latitude)), ("longitude", .number(note.longitude)), ("text", .string(note.text)),
                         ("state", .string(note.state.rawValue)), ("created_at", .string(note.createdAt)), ("sent_at", optional(note.sentAt)),
                         ("note_id", note.noteID.map { .number(Double($0)) } ?? .null), ("note_url", optional(note.noteURL)),
                         ("last_error", optional(note.lastError))])
            })))
            return 0
        }
        guard !notes.isEmpty else {
            console.line("no notes yet: N on an artwork's detail in the view, or artmap note ID TEXT")
            return 0
        }
        for note in notes {
            let words = DisplayText.clean(note.text.components(separatedBy: "\n\n").first ?? "")
            let what: String
            switch note.state {
            case .sent: what = "sent \(String((note.sentAt ?? "").prefix(10))): \(note.noteURL ?? "")"
            case .held: what = "held: \(DisplayText.clean(note.lastError ?? ""))"
            case .queued, .sending: what = "\(note.state.rawValue)\(note.lastError.map { " (last try: \(DisplayText.clean($0)))" } ?? "")"
            }
            console.line("\(String(note.createdAt.prefix(10))) \(note.element) [\(DisplayText.clean(note.key.collection))] \(what) — \(FieldLimits.cut(words, to: 60) ?? words)")
        }
        return 0
    }

    /// `notes login`: prints the authorize URL (PKCE S256, out-of-band redirect), reads the code pasted on standard
    /// input, exchanges it for a token and saves it as osm.token (the settings file then 0600).
    static func login(_ call: Subcommand<Options>.Invocation) async throws -> Int32 {
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console)
        let client = try client(apiURL: call.options.apiURL, store: store, command: name)
        guard let clientID = try store.setting(Setting.osmClientID), !clientID.isEmpty else {
            throw CLIError("notes login needs an OAuth 2.0 client id: register an application at \(client.webRoot)/oauth2/applications with the redirect URI \(OSMNotesClient.outOfBandRedirect) and the permission 'Modify notes' (write_notes), then 'artmap config set \(Setting.osmClientID) ID'")
        }
        let pkce = PKCE()
        call.console.line("Open this page, let artmap write notes, and paste the code it shows:")
        call.console.line(client.authorizeURL(clientID: clientID, pkce: pkce))
        call.console.error("code: ")
        guard let typed = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else {
            throw CLIError("no code was pasted; nothing was saved")
        }
        let token = try await client.exchange(code: typed, clientID: clientID, pkce: pkce)
        try store.setSetting(Setting.osmToken, token)
        call.console.line("saved: \(Setting.osmToken) = \(Setting.masked(token))\(store.userSettings.map { " in \($0.path) (readable by you only)" } ?? "")")
        return 0
    }
}
