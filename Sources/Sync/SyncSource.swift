import Foundation

/// Where the catalogue comes from: the service URL (or a local file) and the base URL of its images.
public struct SyncSource: Equatable, Sendable {
    /// The campus service artmap uses unless told otherwise.
    public static let defaultServiceURL =
        "https://cgi.csc.liv.ac.uk/~phil/Teaching/COMP327/artworksOnCampus/data.php?class=artworks&lastUpdate=2017-11-01"
    /// The campus service's image folder.
    public static let defaultImageBase = "https://cgi.csc.liv.ac.uk/~phil/Teaching/COMP327/artwork_images/"

    public let service: URL
    public let imageBase: URL

    /// Validates both URLs: https for any host, http only for loopback, file for a local response.
    public init(service: String, imageBase: String? = nil) throws {
        let serviceURL = try SyncSource.checkedURL(service, allowFile: true)
        self.service = serviceURL
        if let imageBase {
            self.imageBase = try SyncSource.checkedURL(imageBase.hasSuffix("/") ? imageBase : imageBase + "/", allowFile: true)
        } else if service == SyncSource.defaultServiceURL {
            self.imageBase = try SyncSource.checkedURL(SyncSource.defaultImageBase, allowFile: false)
        } else {
            self.imageBase = SyncSource.derivedImageBase(for: serviceURL)
        }
    }

    /// `artwork_images/` beside the service's parent folder: `.../x/artworksOnCampus/data.php` -> `.../x/artwork_images/`.
    static func derivedImageBase(for service: URL) -> URL {
        guard var components = URLComponents(url: service, resolvingAgainstBaseURL: false) else { return service }
        var folders = components.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if !folders.isEmpty { folders = folders.dropLast() }
        components.path = (folders.joined(separator: "/") + "/artwork_images/")
        components.query = nil
        components.fragment = nil
        return components.url ?? service
    }

    public static func checkedURL(_ text: String, allowFile: Bool) throws -> URL {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw SyncError(url: text, "not a URL (expected https://..., http://127.0.0.1:PORT/... or file:///path)")
        }
        switch scheme {
        case "https":
            guard let host = components.host, !host.isEmpty else { throw SyncError(url: text, "the URL has no host") }
        case "http":
            guard let host = components.host, isLoopback(host) else {
                throw SyncError(url: text, "plain http:// is only allowed for this machine (127.0.0.1, ::1, localhost); use https:// so the catalogue cannot be tampered with on the way")
            }
        case "file":
            guard allowFile else { throw SyncError(url: text, "file:// is not allowed here") }
            guard !components.path.isEmpty else { throw SyncError(url: text, "the file URL has no path") }
        default:
            throw SyncError(url: text, "unsupported scheme \(scheme):// (use https://, http:// on loopback, or file://)")
        }
        guard let url = components.url else { throw SyncError(url: text, "not a valid URL") }
        return url
    }

    /// 127.0.0.0/8, ::1 and localhost.
    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if h == "localhost" || h == "::1" || h == "0:0:0:0:0:0:0:1" { return true }
        let parts = h.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part) != nil }
    }

    /// The `class` value of the service URL: the key its records come under.
    public var classKey: String? {
        URLComponents(url: service, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "class" }?.value
    }

    /// The service URL with `lastUpdate` set (added or replaced), other parameters kept.
    public func requestURL(lastUpdate: String) -> URL {
        guard service.isFileURL == false,
              var components = URLComponents(url: service, resolvingAgainstBaseURL: false) else { return service }
        var items = (components.queryItems ?? []).filter { $0.name != "lastUpdate" }
        items.append(URLQueryItem(name: "lastUpdate", value: lastUpdate))
        components.queryItems = items
        // URLComponents leaves '+' alone in queries; servers read it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? service
    }

    /// The image URL for a file name from the data: the base plus the percent-encoded name.
    public func imageURL(fileName: String) -> URL? {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        guard let encoded = fileName.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return URL(string: imageBase.absoluteString + encoded)
    }
}
