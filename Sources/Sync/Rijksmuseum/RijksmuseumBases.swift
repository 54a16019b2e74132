import Foundation

/// Where the museum's three services live. `--rijks-base URL` (or the `rijks.base` setting) moves all
/// three under one URL, so tests run against a stand-in on 127.0.0.1; links the museum returns (ids,
/// `next` pages, IIIF images) are rewritten onto the same bases.
public struct RijksmuseumBases: Sendable, Equatable {
    public let search: URL
    public let id: URL
    public let iiif: URL

    public static let museumSearch = "https://data.rijksmuseum.nl/search/collection"
    public static let museumID = "https://id.rijksmuseum.nl/"
    public static let museumIIIF = "https://iiif.micr.io/"

    /// The museum's own services.
    public static let museum = RijksmuseumBases(search: URL(string: museumSearch)!, id: URL(string: museumID)!, iiif: URL(string: museumIIIF)!)

    init(search: URL, id: URL, iiif: URL) {
        self.search = search
        self.id = id
        self.iiif = iiif
    }

    /// All three under `base`: `base/search/collection`, `base/id/`, `base/iiif/`. The http-only-on-loopback
    /// rule applies.
    public init(base: String) throws {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        let checked = try SyncSource.checkedURL(trimmed, allowFile: false).absoluteString
        guard let search = URL(string: checked + "/search/collection"), let id = URL(string: checked + "/id/"),
              let iiif = URL(string: checked + "/iiif/") else { throw SyncError(url: base, "not a usable base URL") }
        self.init(search: search, id: id, iiif: iiif)
    }

    /// A link from a museum answer (an object id, `next`, a VisualItem, DigitalObject or IIIF image), put onto
    /// these bases and then followed only if it lands on one of them: the same scheme, host and port as the
    /// search, id or IIIF base. With the museum's own bases that is https on its three hosts; with a
    /// `--rijks-base` it is that base's origin alone (so http only when the base itself is loopback http).
    /// Anything else throws, naming the link.
    public func followed(_ link: URL) throws -> URL {
        let url = rewrite(link)
        func origin(_ u: URL) -> String? {
            guard let scheme = u.scheme?.lowercased(), let host = u.host?.lowercased(), !host.isEmpty else { return nil }
            let port = u.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return "\(scheme)://\(host):\(port)"
        }
        let allowed = Set([search, id, iiif].compactMap(origin))
        guard let here = origin(url), allowed.contains(here), url.user == nil, url.password == nil else {
            let shown = String(link.absoluteString.prefix(200))
            throw SyncError(url: shown, "the museum's answer links outside its own hosts (\(allowed.sorted().joined(separator: ", "))); not followed")
        }
        return try SyncSource.checkedURL(url.absoluteString, allowFile: false)
    }

    /// A link from the museum put onto these bases (unchanged when the bases are the museum's).
    public func rewrite(_ url: URL) -> URL {
        let text = url.absoluteString
        for (museum, ours) in [(Self.museumSearch, search.absoluteString), (Self.museumID, id.absoluteString), (Self.museumIIIF, iiif.absoluteString)]
        where text.hasPrefix(museum) {
            return URL(string: ours + text.dropFirst(museum.count)) ?? url
        }
        return url
    }
}
