import Catalog
import Foundation

/// One finished HTTP exchange.
public struct HTTPResponse: Sendable {
    public let status: Int
    public let contentType: String
    public let body: Data
    /// The `Retry-After` header as given (seconds or an HTTP date), for services that say when to ask again.
    public var retryAfter: String? = nil

    public init(status: Int, contentType: String, body: Data, retryAfter: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.retryAfter = retryAfter
    }
}

/// Fetches a URL with limits; behind a protocol so the sync engine can be driven without a network.
public protocol HTTPClient: Sendable {
    /// The body of `url`, failing past `maxBytes` or `timeout` seconds for the whole request; `accept` is the
    /// Accept header (Linked Art servers answer JSON-LD only when asked for it).
    func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse
}

/// A POST of a form (`application/x-www-form-urlencoded`), with extra header lines: what a client that only reads
/// does not offer. Never follows a redirect (a 3xx is the answer).
public protocol HTTPPosting: Sendable {
    func post(_ url: URL, form: [(String, String)], headers: [String], maxBytes: Int, timeout: TimeInterval,
              accept: String) async throws -> HTTPResponse
}

extension HTTPClient {
    /// A POST through this client when it can post, else a `SyncError` saying it cannot (a stand-in that only reads).
    public func post(_ url: URL, form: [(String, String)], headers: [String] = [], maxBytes: Int, timeout: TimeInterval,
                     accept: String) async throws -> HTTPResponse {
        guard let poster = self as? any HTTPPosting else { throw SyncError(url: url.absoluteString, "this HTTP client cannot send a form") }
        return try await poster.post(url, form: form, headers: headers, maxBytes: maxBytes, timeout: timeout, accept: accept)
    }

    /// A GET that accepts anything.
    public func get(_ url: URL, maxBytes: Int, timeout: TimeInterval) async throws -> HTTPResponse {
        try await get(url, maxBytes: maxBytes, timeout: timeout, accept: "*/*")
    }
}

/// http and https through libcurl, with every limit set as an option: only http/https, redirects followed
/// here one hop at a time (at most `maxRedirects`, each checked against the source rules, never from https
/// down to http), a body cap enforced while the body arrives, connect, stall and whole-request timeouts, no
/// decompression (a compressed answer is refused), and plain http only to an address on this machine
/// (checked on the address about to be connected, before a byte is sent). `file://` URLs are read from disk.
/// Transfers run on one thread of their own through a curl multi handle, so parallel requests share it and
/// Swift's cooperative threads never wait on the network.
public struct CurlHTTPClient: HTTPClient, HTTPPosting {
    /// The most redirects one request follows.
    public static let maxRedirects = 5
    /// The longest the response's header lines may be, together.
    public static let maxHeaderBytes = 64 * 1024

    /// Sent as User-Agent: "artmap/VERSION".
    public let userAgent: String
    /// Connecting, and any stretch with less than one byte a second, may take this long.
    public let idleTimeout: TimeInterval
    /// `host:port:address` entries that replace the resolver (CURLOPT_RESOLVE), for tests of the loopback rule.
    let resolve: [String]

    /// A client; `idleTimeout` bounds connecting and stalls, each request's `timeout` the whole exchange.
    public init(userAgent: String = ArtmapVersion.userAgent, idleTimeout: TimeInterval = 10) {
        self.init(userAgent: userAgent, idleTimeout: idleTimeout, resolve: [])
    }

    init(userAgent: String = ArtmapVersion.userAgent, idleTimeout: TimeInterval = 10, resolve: [String]) {
        self.userAgent = userAgent
        self.idleTimeout = idleTimeout
        self.resolve = resolve
    }

    public func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse {
        if url.isFileURL { return try Self.readFile(url, maxBytes: maxBytes) }
        let first = url.absoluteString
        guard maxBytes >= 0 else { throw SyncError(url: first, "a negative byte limit (\(maxBytes)); this is a bug in artmap") }
        guard timeout.isFinite, timeout > 0 else { throw SyncError(url: first, "a request time limit of \(timeout) s; give a positive number of seconds") }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(min(timeout, 1e9) * 1000)))
        let timedOut = "timed out after \(Self.seconds(timeout)) s (the whole request has \(Self.seconds(timeout)) s)"
        let idleMilliseconds = idleTimeout.isFinite && idleTimeout > 0 ? max(1, Int(min(idleTimeout, 1e6) * 1000)) : 10_000
        var current = url
        var hops = 0
        while true {
            let checked: URL
            do {
                checked = try SyncSource.checkedURL(current.absoluteString, allowFile: false)
            } catch let error as SyncError {
                throw SyncError(url: first, error.message)
            }
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw SyncError(url: first, timedOut) }
            let leftMilliseconds = max(1, Int(left.components.seconds) &* 1000 &+ Int(left.components.attoseconds / 1_000_000_000_000_000))
            let request = CurlRequest(url: checked, maxBytes: maxBytes, timeoutMilliseconds: leftMilliseconds,
                                      idleMilliseconds: idleMilliseconds, accept: accept,
                                      userAgent: userAgent, loopbackOnly: checked.scheme?.lowercased() == "http",
                                      resolve: resolve, timedOutMessage: timedOut)
            let exchange: CurlExchange
            do {
                exchange = try await CurlDriver.shared.perform(request)
            } catch let error as SyncError where hops > 0 {
                // Name the URL the caller asked for; the hop that failed is in the message.
                throw SyncError(url: first, "after a redirect to \(error.url ?? "?"): \(error.message)")
            }
            guard (300..<400).contains(exchange.response.status), let location = exchange.redirect else { return exchange.response }
            hops += 1
            guard hops <= Self.maxRedirects else {
                throw SyncError(url: first, "too many redirects (more than \(Self.maxRedirects)); the server may be sending artmap round in a loop")
            }
            guard let target = URL(string: location) else {
                throw SyncError(url: first, "redirected to an unreadable location \"\(location.prefix(200))\"")
            }
            do {
                _ = try SyncSource.checkedURL(target.absoluteString, allowFile: false)
                if checked.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https" {
                    throw SyncError(url: nil, "it would leave https for \(target.scheme ?? "?")://")
                }
            } catch let error as SyncError {
                throw SyncError(url: first, "redirected to \(target.absoluteString), which is not followed: \(error.message)")
            }
            current = target
        }
    }

    /// A form POSTed to `url` (checked as a GET's is, plain http only to this machine), answered without following
    /// a redirect; the form's names and values are percent-encoded here.
    public func post(_ url: URL, form: [(String, String)], headers: [String], maxBytes: Int, timeout: TimeInterval,
                     accept: String) async throws -> HTTPResponse {
        let first = url.absoluteString
        let checked: URL
        do {
            checked = try SyncSource.checkedURL(first, allowFile: false)
        } catch let error as SyncError {
            throw SyncError(url: first, error.message)
        }
        guard maxBytes >= 0 else { throw SyncError(url: first, "a negative byte limit (\(maxBytes)); this is a bug in artmap") }
        guard timeout.isFinite, timeout > 0 else { throw SyncError(url: first, "a request time limit of \(timeout) s; give a positive number of seconds") }
        let idleMilliseconds = idleTimeout.isFinite && idleTimeout > 0 ? max(1, Int(min(idleTimeout, 1e6) * 1000)) : 10_000
        let request = CurlRequest(url: checked, maxBytes: maxBytes, timeoutMilliseconds: max(1, Int(min(timeout, 1e6) * 1000)),
                                  idleMilliseconds: idleMilliseconds, accept: accept, userAgent: userAgent,
                                  loopbackOnly: checked.scheme?.lowercased() == "http", resolve: resolve,
                                  timedOutMessage: "timed out after \(Self.seconds(timeout)) s",
                                  postBody: Self.formEncoded(form), headers: headers)
        return try await CurlDriver.shared.perform(request).response
    }

    /// `a=1&b=x%20y`: every byte but unreserved characters percent-encoded.
    static func formEncoded(_ form: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return form.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    /// "3", or "0.5" for a fraction.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A local file, at most `maxBytes`: read with a bound, so a file that grows after its size was read
    /// cannot bring more.
    static func readFile(_ url: URL, maxBytes: Int) throws -> HTTPResponse {
        let shown = url.absoluteString
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw SyncError(url: shown, "cannot read the file: \(SystemReason.of(error))")
        }
        defer { try? handle.close() }
        let (limit, overflow) = maxBytes.addingReportingOverflow(1)
        guard maxBytes >= 0, !overflow else { throw SyncError(url: shown, "a byte limit of \(maxBytes) cannot be used; this is a bug in artmap") }
        let data: Data
        do {
            data = try handle.read(upToCount: limit) ?? Data()
        } catch {
            throw SyncError(url: shown, "cannot read the file: \(SystemReason.of(error))")
        }
        guard data.count <= maxBytes else {
            throw SyncError(url: shown, "the file is over the \(maxBytes)-byte limit")
        }
        return HTTPResponse(status: 200, contentType: "application/json", body: data)
    }
}
