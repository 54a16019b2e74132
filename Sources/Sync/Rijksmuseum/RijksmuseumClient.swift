import Catalog
import Foundation
import Geo


/// One painter's paintings as fetched: the artworks and what had to be skipped, with why.
public struct PainterFetch: Sendable {
    public var painter: String
    public var total: Int
    public var paintings: [Artwork]
    public var skipped: [String]
}

/// How far a painter's fetch has come, for a progress line.
public enum PainterProgress: Sendable, Equatable {
    case searching(page: Int, found: Int, total: Int)
    case objects(done: Int, total: Int)
}

/// The Rijksmuseum's keyless Linked Art API: search by painter, each object as JSON-LD, its image through
/// VisualItem → DigitalObject → IIIF, asked at the size artmap shows, never `max`.
public final class RijksmuseumClient: Sendable {
    public let bases: RijksmuseumBases
    private let http: HTTPClient
    private let limits: SyncLimits
    /// Objects fetched at once.
    public let parallelRequests: Int
    /// The longest side asked of IIIF for a painting.
    public static let imageSide = 1200

    /// The Rijksmuseum, Museumstraat 1, Amsterdam: where every painting is placed on the map.
    public static let location = Coordinate(clampingLatitude: 52.3600, longitude: 4.8852)
    /// The collection paintings go into.
    public static let collection = "rijksmuseum"

    public init(bases: RijksmuseumBases = .museum, http: HTTPClient = URLSessionHTTPClient(), limits: SyncLimits = SyncLimits(), parallelRequests: Int = 4) {
        self.bases = bases
        self.http = http
        self.limits = limits
        self.parallelRequests = max(1, parallelRequests)
    }

    /// The search URL for a painter's paintings with images.
    public func searchURL(painter: String) -> URL {
        var components = URLComponents(url: bases.search, resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "creator", value: painter), URLQueryItem(name: "type", value: "painting"),
                                  URLQueryItem(name: "imageAvailable", value: "true")]
        return components?.url ?? bases.search
    }

    /// How many paintings the museum has by `painter` (the first search page only).
    public func count(painter: String) async throws -> Int {
        try await searchPage(searchURL(painter: painter)).total
    }

    /// Every painting of `painter`, page by page, objects a few at a time. A failed request (HTTP error,
    /// time-out) throws naming its URL; an object that is not readable Linked Art is skipped and listed.
    public func paintings(of painter: String, progress: @escaping @Sendable (PainterProgress) -> Void = { _ in }) async throws -> PainterFetch {
        var ids: [URL] = []
        var next: URL? = searchURL(painter: painter)
        var total = 0
        var page = 0
        while let url = next {
            try Task.checkCancellation()
            let result = try await searchPage(url)
            page += 1
            total = result.total
            ids += result.items
            progress(.searching(page: page, found: ids.count, total: total))
            next = result.next.map(bases.rewrite)
            if ids.count > 20_000 { break }
        }
        var paintings: [Artwork?] = Array(repeating: nil, count: ids.count)
        var skipped: [String] = []
        var done = 0
        try await withThrowingTaskGroup(of: (Int, Result<Artwork, PaintingFailure>).self) { group in
            var pending = ids.enumerated().makeIterator()
            func launch() {
                guard let (index, url) = pending.next() else { return }
                group.addTask { (index, await self.painting(at: url)) }
            }
            for _ in 0..<parallelRequests { launch() }
            while let (index, outcome) = try await group.next() {
                try Task.checkCancellation()
                switch outcome {
                case .success(let artwork): paintings[index] = artwork
                case .failure(.malformed(let error)): skipped.append(error.description)
                case .failure(.request(let error)): throw error
                }
                done += 1
                progress(.objects(done: done, total: ids.count))
                launch()
            }
        }
        return PainterFetch(painter: painter, total: total, paintings: paintings.compactMap { $0 }, skipped: skipped)
    }

    /// One object as an artwork of the `rijksmuseum` collection, with its sized IIIF image when it has one.
    func painting(at museumURL: URL) async -> Result<Artwork, PaintingFailure> {
        let url = bases.rewrite(museumURL)
        do {
            let body = try await fetch(url, accept: "application/ld+json")
            let object: LinkedArtObject
            do {
                object = try LinkedArtObject.parse(body, url: url.absoluteString)
            } catch let error as SyncError {
                return .failure(.malformed(error))
            }
            var image = ""
            if let visual = object.visualItem.map(bases.rewrite) {
                let visualData = try await fetch(visual, accept: "application/ld+json")
                // An unreadable VisualItem or DigitalObject costs the picture, not the painting.
                if let digital = (try? LinkedArtObject.firstLink(visualData, key: "digitally_shown_by", url: visual.absoluteString))?.map(bases.rewrite) {
                    let digitalData = try await fetch(digital, accept: "application/ld+json")
                    if let access = (try? LinkedArtObject.firstLink(digitalData, key: "access_point", url: digital.absoluteString)) ?? nil {
                        image = Self.sized(bases.rewrite(access), side: Self.imageSide).absoluteString
                    }
                }
            }
            return .success(Self.artwork(object, image: image))
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
                       imageFileName: image, collection: collection, webPage: object.webPage ?? "")).artwork
    }

    private func searchPage(_ url: URL) async throws -> (total: Int, items: [URL], next: URL?) {
        let data = try await fetch(url, accept: "application/ld+json")
        guard let page = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw SyncError(url: url.absoluteString, "the search answer is not a JSON object")
        }
        let total = ((page["partOf"] as? [String: Any])?["totalItems"] as? NSNumber)?.intValue ?? 0
        let items = LinkedArtObject.entries(page["orderedItems"]).compactMap { ($0["id"] as? String).flatMap(URL.init(string:)) }
        let next = ((page["next"] as? [String: Any])?["id"] as? String).flatMap(URL.init(string:))
        return (total, items, next)
    }

    private func fetch(_ url: URL, accept: String) async throws -> Data {
        _ = try SyncSource.checkedURL(url.absoluteString, allowFile: false)
        let response = try await http.get(url, maxBytes: limits.maxBodyBytes, timeout: limits.requestTimeout, accept: accept)
        guard response.status == 200 else { throw SyncError(url: url.absoluteString, "HTTP \(response.status)") }
        return response.body
    }
}
