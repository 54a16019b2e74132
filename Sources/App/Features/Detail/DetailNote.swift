import Catalog
import TerminalTypes

/// The detail's note to OpenStreetMap (issue 47): N opens a one-line editor for the person's words, Enter queues the
/// note through `Effect.queueNote` (the element, its osm.org page and #artmap are added to the words), Esc gives up.
/// Also what an OpenStreetMap artwork lacks (a name, an artist, a type), which the detail offers to tell.
public enum DetailNote {
    /// The most characters typed: the API's limit less the element, its page and the tag.
    public static let wordsLimit = NoteText.apiLimit - 120

    /// While a note is typed, what a key means to it.
    public static func typing(_ state: DetailState, _ key: Key) -> KeyTaking<DetailAction> {
        guard state.note != nil else { return .notTyping }
        switch key {
        case .enter: return .action(.queueNote)
        case .escape: return .action(.cancelNote)
        case .backspace, .delete: return .action(.eraseNote)
        case .character(let c): return .action(.typeNote(c))
        default: return .swallowed
        }
    }

    /// The gaps of an OpenStreetMap artwork that a note could fill: "name", "artist", "artwork type"; none for an
    /// artwork that is not an OpenStreetMap element.
    public static func gaps(_ artwork: Artwork) -> [String] {
        guard NoteText.element(artwork.id) != nil else { return [] }
        var gaps: [String] = []
        let title = artwork.name.trimmingCharacters(in: .whitespaces)
        if title.isEmpty || title.hasPrefix("(untitled)") { gaps.append("name") }
        if artwork.artist.trimmingCharacters(in: .whitespaces).isEmpty { gaps.append("artist") }
        if artwork.type.trimmingCharacters(in: .whitespaces).isEmpty { gaps.append("artwork type") }
        return gaps
    }

    /// The line the detail shows for a gap: "no artist recorded — press N to tell OpenStreetMap".
    public static func gapLine(_ gap: String) -> String { "no \(gap) recorded — press N to tell OpenStreetMap" }

    /// The line instead of the gaps once a note about the artwork is queued today.
    public static let notedLine = "a note about it is queued for OpenStreetMap today (artmap notes list)"

    static func reduce(_ state: inout DetailState, _ action: DetailAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .startNote:
            guard NoteText.element(state.artwork.id) != nil else {
                return Reduced(delegates: [.message("only an OpenStreetMap artwork (node, way or relation) can be noted to OpenStreetMap")])
            }
            state.note = ""
        case .typeNote(let c):
            guard var words = state.note, NoteText.length(words) + c.unicodeScalars.count <= wordsLimit, !c.isNewline,
                  !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return .none }
            words.append(c)
            state.note = words
        case .eraseNote:
            if var words = state.note, !words.isEmpty {
                words.removeLast()
                state.note = words
            }
        case .cancelNote:
            state.note = nil
            return Reduced(delegates: [.message("no note sent")])
        case .noteRefused(let words, let why):
            // Not queued (a note about this element today already, a read-only store): the words come back to the editor.
            state.note = words
            return Reduced(delegates: [.message("\(why); your words are kept (Esc drops them)")])
        case .queueNote:
            guard let words = state.note, let element = NoteText.element(state.artwork.id) else { return .none }
            guard let note = NoteText(words: words, element: element) else {
                return Reduced(delegates: [.message("type your words first: a note is never sent without them (Esc: never mind)")])
            }
            guard let artwork = context.anyArtwork(state.artwork) else { return Reduced(delegates: [.message("the artwork is no longer shown")]) }
            state.note = nil
            let request = NoteRequest(artwork: state.artwork, element: element, latitude: artwork.coordinate.latitude,
                                      longitude: artwork.coordinate.longitude, text: note.text, words: words)
            return Reduced(effects: [.queueNote(request)], delegates: [.message("queuing the note about \(element)…")])
        default:
            break
        }
        return .none
    }
}

/// A note to OpenStreetMap as the detail asks it queued: everything the handler needs travels in it.
public struct NoteRequest: Hashable, Sendable {
    public let artwork: ArtworkKey
    /// "node/123".
    public let element: String
    public let latitude: Double
    public let longitude: Double
    /// The whole text as it will be posted (`NoteText.text`).
    public let text: String
    /// The person's words as typed: given back to the editor when the note cannot be queued.
    public let words: String

    public init(artwork: ArtworkKey, element: String, latitude: Double, longitude: Double, text: String, words: String = "") {
        self.words = words
        self.artwork = artwork
        self.element = element
        self.latitude = latitude
        self.longitude = longitude
        self.text = text
    }
}
