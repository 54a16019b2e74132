import Catalog
import Foundation
import Geo


/// One painter's paintings as fetched: the artworks, what had to be skipped (with why), and notes on where
/// the museum's answers were cut short or refused.
public struct PainterFetch: Sendable {
    public var painter: String
    /// The museum's own count when it is believable, else how many distinct paintings were found.
    public var total: Int
    public var paintings: [Artwork]
    public var skipped: [String]
    /// Paging stopped early (a loop, a cap, a foreign link), an unbelievable total, pictures not followed.
    public var notes: [String] = []
}

/// How far a painter's fetch has come, for a progress line.
public enum PainterProgress: Sendable, Equatable {
    case searching(page: Int, found: Int, total: Int)
    case objects(done: Int, total: Int)
}

/// How much one painter's fetch may ask of the museum.
public struct MuseumLimits: Sendable {
    /// Search pages read at most (the museum pages by 100).
    public var maxSearchPages = 250
    /// Distinct paintings fetched at most for one painter; ids past it are not read, and a search page naming more ids
    /// than this is refused (issue 43: a page of 100,000 ids cost 20,000 object requests). 3,000 is what the museum can
    /// hold for one maker: its whole collection of paintings is some thousands, the most prolific painters have a few
    /// hundred, and 3,000 objects (up to three requests each, four at a time) is already minutes of asking.
    public var maxPaintings = 3_000
    /// Requests at most (pages, objects, VisualItems, DigitalObjects), a backstop behind the two above.
    public var maxRequests = 250 + 3 * 3_000
    /// The largest believable `totalItems` (the museum holds under a million objects).
    public var maxTotalItems = 10_000_000

    /// The default caps.
    public init() {}
}

/// Counts one fetch's requests against its cap; shared by the parallel object fetches.
final class RequestBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var used = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func take(_ url: URL) throws {
        lock.lock()
        defer { lock.unlock() }
        guard used < limit else {
            throw SyncError(url: url.absoluteString, "artmap's limit of \(limit) requests for one painter was reached; nothing more is asked")
        }
        used += 1
    }
}

/// The Rijksmuseum's keyless Linked Art API: search by painter, each object as JSON-LD, its image through
/// VisualItem → DigitalObject → IIIF, asked at the size artmap shows, never `max`.
public final class RijksmuseumClient: Sendable {
    public let bases: RijksmuseumBases
    private let http: HTTPClient
    private let limits: SyncLimits
    /// Caps on pages, paintings and requests for one painter.
    public let museumLimits: MuseumLimits
    /// Objects fetched at once.
    public let parallelRequests: Int
    /// The longest side asked of IIIF for a painting.
    public static let imageSide = 1200

    /// The Rijksmuseum, Museumstraat 1, Amsterdam: where every painting is placed on the map.
    public static let location = Coordinate(clampingLatitude: 52.3600, longitude: 4.8852)

    public init(bases: RijksmuseumBases = .museum, http: HTTPClient = CurlHTTPClient(), limits: SyncLimits = SyncLimits(),
                museumLimits: MuseumLimits = MuseumLimits(), parallelRequests: Int = 4) {
        self.bases = bases
        self.http = http
        self.limits = limits
        self.museumLimits = museumLimits
        self.parallelRequests = max(1, parallelRequests)
    }

    /// The search URL for a painter's paintings with images.
    public func searchURL(painter: String) -> URL {
        var components = URLComponents(url: bases.search, resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "creator", value: painter), URLQueryItem(name: "type", value: "painting"),
                                  URLQueryItem(name: "imageAvailable", value: "true")]
        return components?.url ?? bases.search
    }

    /// How many paintings the museum has by `painter` (the first search page), and the painter's name as the
    /// museum spells it, read from the first painting's maker (`museumName`); an unbelievable count throws. The
    /// first painting unreadable: the name as typed.
    public func count(painter: String) async throws -> (total: Int, name: String) {
        let url = searchURL(painter: painter)
        let budget = RequestBudget(limit: 2)
        let page = try await searchPage(url, budget: budget)
        guard let total = page.total else {
            throw SyncError(url: url.absoluteString, "the museum's count of paintings (\(page.rawTotal)) is not a believable number; try again later")
        }
        guard total > 0, let text = (page.items.first as? [String: Any])?["id"] as? String, let raw = URL(string: text),
              let link = try? bases.followed(raw),
              let body = try? await fetch(link, accept: "application/ld+json", budget: budget),
              let object = try? LinkedArtObject.parse(body, url: link.absoluteString) else { return (total, painter) }
        return (total, Self.museumName(typed: painter, makers: [object.maker]))
    }

    /// The painter's name as the museum spells it ("Johannes Vermeer" for "johannes vermeer"): the most common
    /// of the makers that matches what was typed, case and accents aside; else the name as typed.
    public static func museumName(typed: String, makers: [String]) -> String {
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces) }
        let wanted = fold(typed)
        let matching = Dictionary(grouping: makers.filter { fold($0) == wanted }, by: { $0 })
        return matching.max { $0.value.count < $1.value.count }?.key ?? typed
    }

    /// Every painting of `painter`, page by page, objects a few at a time. A failed request (HTTP error,
    /// time-out) throws naming its URL; an object that is not readable Linked Art, or whose link leads
    /// outside the museum's hosts, is skipped and listed. Paging stops, keeping what was found and saying
    /// why in `notes`, at a `next` already read, a page that adds no new painting, a `next` outside the
    /// museum's hosts, or a cap of `museumLimits` (checked id by id as a page is read).
    public func paintings(of painter: String, progress: @escaping @Sendable (PainterProgress) -> Void = { _ in }) async throws -> PainterFetch {
        let budget = RequestBudget(limit: museumLimits.maxRequests)
        var listing = try await search(painter: painter, budget: budget, progress: progress)
        let paintings = try await readObjects(listing.ids, budget: budget, into: &listing, progress: progress)
        // Two ids may lead to one object number: it is one painting, saved and counted once.
        var numbers = Set<String>()
        let distinct = paintings.compactMap { $0 }.filter { numbers.insert($0.id).inserted }
        let repeated = paintings.compactMap { $0 }.count - distinct.count
        if repeated > 0 { listing.notes.append("\(repeated) object\(repeated == 1 ? "" : "s") repeated an object number already read; counted once") }
        return PainterFetch(painter: painter, total: listing.total ?? distinct.count, paintings: distinct, skipped: listing.skipped, notes: listing.notes)
    }

    /// What the search pages of one painter gave: the objects' links in order, the museum's count when believable, the
    /// entries skipped and why paging stopped early.
    struct Listing {
        var ids: [URL] = []
        var total: Int?
        var skipped: [String] = []
        var notes: [String] = []
    }

    /// Reads the search pages of `painter` one after the other, stopping (with a note) at a cap of `museumLimits`, a page
    /// that adds no new painting, a `next` outside the museum's hosts or one already read.
    private func search(painter: String, budget: RequestBudget, progress: @escaping @Sendable (PainterProgress) -> Void) async throws -> Listing {
        let caps = museumLimits
        var listing = Listing()
        var seenIDs = Set<String>()
        var seenPages = Set<String>()
        var next: URL? = searchURL(painter: painter)
        var page = 0
        while let url = next {
            try Task.checkCancellation()
            next = nil
            guard page < caps.maxSearchPages else {
                listing.notes.append("stopped after \(caps.maxSearchPages) search pages (artmap's limit); the \(Self.paintingsText(listing.ids.count)) found are kept")
                break
            }
            seenPages.insert(url.absoluteString)
            let result = try await searchPage(url, budget: budget)
            page += 1
            // A page naming more objects than one painter can have is not the museum's listing: nothing is asked of it.
            guard result.items.count <= caps.maxPaintings else {
                throw SyncError(url: url.absoluteString, "search page \(page) names \(result.items.count) objects, more than the \(caps.maxPaintings) "
                    + "paintings artmap takes for one painter (more than the museum holds for one maker); not believable, so nothing was fetched")
            }
            if page == 1 {
                listing.total = result.total
                if result.total == nil { listing.notes.append("the museum's count of paintings (\(result.rawTotal)) is not believable; the paintings found are counted instead") }
            }
            let added = try collect(result.items, into: &listing, seen: &seenIDs)
            progress(.searching(page: page, found: listing.ids.count, total: listing.total ?? listing.ids.count))
            guard let added else { break }
            guard let raw = result.next else { break }
            guard added > 0 else {
                listing.notes.append("stopped paging at search page \(page): it added no new painting (the museum repeats itself)")
                break
            }
            let nextURL: URL
            do {
                nextURL = try bases.followed(raw)
            } catch let error as SyncError {
                listing.notes.append("stopped paging at search page \(page): its next page \(error.url ?? "") is outside the museum's hosts")
                break
            }
            guard !seenPages.contains(nextURL.absoluteString) else {
                listing.notes.append("stopped paging at search page \(page): its next page was already read (a loop)")
                break
            }
            next = nextURL
        }
        return listing
    }

    /// Adds one search page's new object links to `listing`, skipping (and listing) those that are not URLs or lead
    /// outside the museum's hosts. Returns how many were added, or nil when the cap on paintings stopped the page.
    private func collect(_ items: [Any], into listing: inout Listing, seen: inout Set<String>) throws -> Int? {
        var added = 0
        for entry in items {
            guard listing.ids.count < museumLimits.maxPaintings else {
                listing.notes.append("the museum lists more than \(museumLimits.maxPaintings) paintings (artmap's limit); only the first \(museumLimits.maxPaintings) are fetched")
                return nil
            }
            guard let text = (entry as? [String: Any])?["id"] as? String else { continue }
            guard let raw = URL(string: text) else {
                listing.skipped.append(SyncError(url: String(text.prefix(200)), "not a URL").description)
                continue
            }
            let link: URL
            do {
                link = try bases.followed(raw)
            } catch let error as SyncError {
                listing.skipped.append(error.description)
                continue
            }
            guard seen.insert(link.absoluteString).inserted else { continue }
            listing.ids.append(link)
            added += 1
        }
        return added
    }

    /// Reads the objects `parallelRequests` at a time, in the order of `ids`; an unreadable object is skipped (listed in
    /// `listing`), a failed request throws.
    private func readObjects(_ ids: [URL], budget: RequestBudget, into listing: inout Listing,
                             progress: @escaping @Sendable (PainterProgress) -> Void) async throws -> [Artwork?] {
        var paintings: [Artwork?] = Array(repeating: nil, count: ids.count)
        var done = 0
        try await withThrowingTaskGroup(of: (Int, Result<PaintingOutcome, PaintingFailure>).self) { group in
            var pending = ids.enumerated().makeIterator()
            func launch() {
                guard let (index, url) = pending.next() else { return }
                group.addTask { (index, await self.painting(at: url, budget: budget)) }
            }
            for _ in 0..<parallelRequests { launch() }
            while let (index, outcome) = try await group.next() {
                try Task.checkCancellation()
                switch outcome {
                case .success(let painting):
                    paintings[index] = painting.artwork
                    if let note = painting.note { listing.notes.append(note) }
                case .failure(.malformed(let error)): listing.skipped.append(error.description)
                case .failure(.request(let error)): throw error
                }
                done += 1
                progress(.objects(done: done, total: ids.count))
                launch()
            }
        }
        return paintings
    }

    /// "1 painting", "2 paintings".
    public static func paintingsText(_ count: Int) -> String {
        "\(count) painting\(count == 1 ? "" : "s")"
    }

    /// A painting read, and why its picture was not followed when it was not.
    struct PaintingOutcome: Sendable {
        let artwork: Artwork
        let note: String?
    }

    /// One object as an artwork of the `rijksmuseum` collection, with its sized IIIF image when it has one.
    /// A VisualItem, DigitalObject or IIIF link outside the museum's hosts costs the picture, not the painting.
    func painting(at url: URL, budget: RequestBudget) async -> Result<PaintingOutcome, PaintingFailure> {
        do {
            let body = try await fetch(url, accept: "application/ld+json", budget: budget)
            let object: LinkedArtObject
            do {
                object = try LinkedArtObject.parse(body, url: url.absoluteString)
            } catch let error as SyncError {
                return .failure(.malformed(error))
            }
            var image = ""
            var note: String?
            do {
                if let visual = try object.visualItem.map(bases.followed) {
                    let visualData = try await fetch(visual, accept: "application/ld+json", budget: budget)
                    // An unreadable VisualItem or DigitalObject costs the picture, not the painting.
                    if let digital = try ((try? LinkedArtObject.firstLink(visualData, key: "digitally_shown_by", url: visual.absoluteString)) ?? nil).map(bases.followed) {
                        let digitalData = try await fetch(digital, accept: "application/ld+json", budget: budget)
                        if let access = (try? LinkedArtObject.firstLink(digitalData, key: "access_point", url: digital.absoluteString)) ?? nil {
                            image = Self.sized(try bases.followed(access), side: Self.imageSide).absoluteString
                        }
                    }
                }
            } catch let error as SyncError where error.message.hasPrefix("the museum's answer links outside") {
                note = "object \(object.objectNumber): its picture link \(error.url ?? "") is outside the museum's hosts; no picture"
            }
            return .success(PaintingOutcome(artwork: Self.artwork(object, image: image), note: note))
        } catch let error as SyncError {
            return .failure(.request(error))
        } catch {
            return .failure(.request(SyncError(url: url.absoluteString, "\(error)")))
        }
    }

    /// An object that could not be read (skipped, listed), or a request that failed (the fetch stops).
    enum PaintingFailure: Error {
        case malformed(SyncError)
        case request(SyncError)
    }

    /// A IIIF image URL asked to fit inside side × side (`!W,H`) instead of `max` or whatever size it named.
    public static func sized(_ url: URL, side: Int) -> URL {
        var parts = url.absoluteString.components(separatedBy: "/")
        // …/{identifier}/{region}/{size}/{rotation}/{quality}.{format}
        guard parts.count >= 4 else { return url }
        parts[parts.count - 3] = "!\(side),\(side)"
        return URL(string: parts.joined(separator: "/")) ?? url
    }

    static func artwork(_ object: LinkedArtObject, image: String) -> Artwork {
        var notes: [String] = []
        if !object.description.isEmpty { notes.append(object.description) }
        let physical = [object.materials, object.dimensions].filter { !$0.isEmpty }.joined(separator: "; ")
        if !physical.isEmpty { notes.append(physical) }
        if object.titleLanguage == "nl" { notes.append("(The museum gives only a Dutch title.)") }
        notes.append("Rijksmuseum, object \(object.objectNumber)")
        return FieldLimits.bounded(Artwork(id: object.objectNumber, title: object.title, artist: object.maker, year: object.date, type: "painting",
                       information: notes.joined(separator: "\n\n"), coordinate: location, building: object.gallery ?? "Rijksmuseum",
                       locationNotes: object.gallery.map { "Rijksmuseum, \($0)" } ?? "Rijksmuseum, Amsterdam",
                       imageFileName: image, collection: CollectionID.rijksmuseum.name, webPage: object.webPage ?? "")).artwork
    }

    /// One search page: its total when believable (`rawTotal` as given, for messages), its item entries as
    /// they stand (read one by one by the caller, which stops at its caps), and its `next` link.
    private func searchPage(_ url: URL, budget: RequestBudget) async throws -> (total: Int?, rawTotal: String, items: [Any], next: URL?) {
        let data = try await fetch(url, accept: "application/ld+json", budget: budget)
        guard let page = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw SyncError(url: url.absoluteString, "the search answer is not a JSON object")
        }
        let rawTotal = (page["partOf"] as? [String: Any])?["totalItems"]
        let items: [Any]
        if let list = page["orderedItems"] as? [Any] {
            items = list
        } else if let one = page["orderedItems"] as? [String: Any] {
            items = [one]
        } else {
            items = []
        }
        let next = ((page["next"] as? [String: Any])?["id"] as? String).flatMap(URL.init(string:))
        return (believableTotal(rawTotal), rawTotal.map { String(String(describing: $0).prefix(40)) } ?? "none", items, next)
    }

    /// A whole number from 0 to `maxTotalItems`, else nil.
    func believableTotal(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), double >= 0, double <= Double(museumLimits.maxTotalItems) else { return nil }
        return Int(double)
    }

    private func fetch(_ url: URL, accept: String, budget: RequestBudget) async throws -> Data {
        _ = try SyncSource.checkedURL(url.absoluteString, allowFile: false)
        try budget.take(url)
        let response = try await http.get(url, maxBytes: limits.maxBodyBytes, timeout: limits.requestTimeout, accept: accept)
        guard response.status == 200 else { throw SyncError(url: url.absoluteString, "HTTP \(response.status)") }
        return response.body
    }
}
