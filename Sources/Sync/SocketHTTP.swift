import Foundation

/// HTTP/1.1 GET over a blocking-free socket, for the plain http:// URLs artmap allows (loopback only). It
/// waits in `poll` (no spinning), holds the whole request to its deadline, stops reading at the byte cap,
/// decodes chunked bodies, refuses compressed ones, and checks every redirect against the source rules.
enum SocketHTTP {
    /// Follows a redirect to a URL that is not plain http (the caller's client takes it).
    typealias Follow = @Sendable (URL) async throws -> HTTPResponse

    static func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, idleTimeout: TimeInterval, accept: String = "*/*",
                    redirectsLeft: Int = 5, follow: @escaping Follow) async throws -> HTTPResponse {
        let deadline = Date().addingTimeInterval(timeout)
        let cancelled = CancelFlag()
        let result: Result<Exchange, SyncError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    do {
                        continuation.resume(returning: .success(try exchange(url, maxBytes: maxBytes, deadline: deadline, timeout: timeout,
                                                                             idleTimeout: idleTimeout, accept: accept, cancelled: cancelled)))
                    } catch let error as SyncError {
                        continuation.resume(returning: .failure(error))
                    } catch {
                        continuation.resume(returning: .failure(SyncError(url: url.absoluteString, "\(error)")))
                    }
                }
            }
        } onCancel: {
            cancelled.set()
        }
        let response = try result.get()
        guard (300..<400).contains(response.status), let location = response.location else { return response.response }
        guard redirectsLeft > 0 else { throw SyncError(url: url.absoluteString, "too many redirects") }
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
            throw SyncError(url: url.absoluteString, "redirected to an unreadable location \"\(location.prefix(200))\"")
        }
        do {
            _ = try SyncSource.checkedURL(target.absoluteString, allowFile: false)
        } catch let error as SyncError {
            throw SyncError(url: url.absoluteString, "redirected to \(target.absoluteString), which is not followed: \(error.message)")
        }
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw SyncError(url: url.absoluteString, "timed out after \(Int(timeout)) s") }
        if target.scheme?.lowercased() == "http" {
            return try await get(target, maxBytes: maxBytes, timeout: remaining, idleTimeout: idleTimeout, accept: accept,
                                 redirectsLeft: redirectsLeft - 1, follow: follow)
        }
        return try await follow(target)
    }

    /// One request and its response.
    struct Exchange: Sendable {
        let response: HTTPResponse
        let location: String?
        var status: Int { response.status }
    }

    /// Set from another thread to stop a request.
    final class CancelFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }

    private static func exchange(_ url: URL, maxBytes: Int, deadline: Date, timeout: TimeInterval, idleTimeout: TimeInterval,
                                 accept: String, cancelled: CancelFlag) throws -> Exchange {
        let shown = url.absoluteString
        func fail(_ message: String) -> SyncError { SyncError(url: shown, message) }
        guard let host = url.host, !host.isEmpty else { throw fail("the URL has no host") }
        let port = url.port ?? 80
        let socket = try connect(host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port,
                                 deadline: deadline, timeout: timeout, fail: fail)
        defer { close(socket) }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let hostHeader = url.port.map { "\(url.host ?? host):\($0)" } ?? (url.host ?? host)
        let request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: artmap/\(ArtmapVersion.current)\r\nAccept: \(accept.filter { $0 != "\r" && $0 != "\n" })\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n"
        var connection = Connection(socket: socket, deadline: deadline, timeout: timeout, idleTimeout: idleTimeout, cancelled: cancelled, fail: fail)
        try connection.send(Array(request.utf8))

        // Status line and headers (at most 64 KB).
        var head = [UInt8]()
        while true {
            if let end = head.firstRange(of: [13, 10, 13, 10]) {
                connection.pending = Array(head[end.upperBound...])
                head = Array(head[..<end.lowerBound])
                break
            }
            guard head.count < 65_536 else { throw fail("the response headers are over 64 KB") }
            guard let chunk = try connection.receive() else { throw fail("the connection closed before the response headers ended") }
            head += chunk
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = (lines.first ?? "").split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw fail("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let encoding = (headers["content-encoding"] ?? "identity").lowercased()
        if !encoding.isEmpty && encoding != "identity" {
            throw fail("the server sent a \(encoding)-compressed response though artmap asked for none; refused (its size could not be checked before inflating)")
        }
        if (300..<400).contains(status), let location = headers["location"] {
            return Exchange(response: HTTPResponse(status: status, contentType: headers["content-type"] ?? "", body: Data()), location: location)
        }
        if let length = headers["content-length"].flatMap(Int.init), length > maxBytes {
            throw fail("the response is \(length) bytes, over the \(maxBytes)-byte limit")
        }
        var body = [UInt8]()
        func append(_ bytes: [UInt8]) throws {
            body += bytes
            if body.count > maxBytes { throw fail("the response is over the \(maxBytes)-byte limit") }
        }
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            while true {
                let sizeLine = try connection.line()
                guard let size = Int(sizeLine.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16), size >= 0 else {
                    throw fail("a chunked body with a bad chunk size")
                }
                if size == 0 { break }
                guard body.count + size <= maxBytes else { throw fail("the response is over the \(maxBytes)-byte limit") }
                try append(try connection.exactly(size))
                _ = try connection.line()
            }
        } else if let length = headers["content-length"].flatMap(Int.init) {
            try append(try connection.exactly(length))
        } else {
            while let chunk = try connection.receive() { try append(chunk) }
        }
        return Exchange(response: HTTPResponse(status: status, contentType: headers["content-type"] ?? "", body: Data(body),
                                               retryAfter: headers["retry-after"]), location: nil)
    }

    private static func connect(host: String, port: Int, deadline: Date, timeout: TimeInterval,
                                fail: (String) -> SyncError) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { throw fail("unknown host") }
        defer { freeaddrinfo(list) }
        var lastError = "connection refused"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
            if errno == EINPROGRESS {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let wait = max(0, deadline.timeIntervalSinceNow)
                if poll(&pfd, 1, Int32(min(wait, 10) * 1000)) == 1 {
                    var error: Int32 = 0
                    var size = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
                    if error == 0 { return fd }
                    lastError = error == ECONNREFUSED ? "connection refused" : String(cString: strerror(error))
                } else {
                    lastError = "timed out after \(Int(timeout)) s"
                }
            } else {
                lastError = errno == ECONNREFUSED ? "connection refused" : String(cString: strerror(errno))
            }
            close(fd)
        }
        throw fail(lastError)
    }

    /// Reads and writes with poll: every wait is bounded by the idle timeout and the request's deadline.
    struct Connection {
        let socket: Int32
        let deadline: Date
        let timeout: TimeInterval
        let idleTimeout: TimeInterval
        let cancelled: CancelFlag
        let fail: (String) -> SyncError
        var pending: [UInt8] = []

        init(socket: Int32, deadline: Date, timeout: TimeInterval, idleTimeout: TimeInterval, cancelled: CancelFlag,
             fail: @escaping (String) -> SyncError) {
            self.socket = socket
            self.deadline = deadline
            self.timeout = timeout
            self.idleTimeout = idleTimeout
            self.cancelled = cancelled
            self.fail = fail
        }

        /// Waits until the socket is ready, in slices so a cancel is seen within a fifth of a second.
        func wait(for events: Int16) throws {
            let idleEnd = Date().addingTimeInterval(idleTimeout)
            while true {
                if cancelled.isSet { throw fail("cancelled") }
                let left = deadline.timeIntervalSinceNow
                if left <= 0 { throw fail("timed out after \(Int(timeout)) s (the whole request has \(Int(timeout)) s)") }
                if idleEnd.timeIntervalSinceNow <= 0 { throw fail("timed out (nothing received for \(Int(idleTimeout)) s)") }
                var pfd = pollfd(fd: socket, events: events, revents: 0)
                let slice = min(left, idleEnd.timeIntervalSinceNow, 0.2)
                if poll(&pfd, 1, Int32(max(1, slice * 1000))) > 0 { return }
            }
        }

        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                try wait(for: Int16(POLLOUT))
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent < 0 {
                    if errno == EAGAIN || errno == EINTR { continue }
                    throw fail("the connection failed while sending: \(String(cString: strerror(errno)))")
                }
                offset += sent
            }
        }

        /// The next bytes (what was left over first), or nil at the end of the stream.
        mutating func receive() throws -> [UInt8]? {
            if !pending.isEmpty {
                defer { pending = [] }
                return pending
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                try wait(for: Int16(POLLIN))
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count > 0 { return Array(buffer[..<count]) }
                if count == 0 { return nil }
                if errno == EAGAIN || errno == EINTR { continue }
                throw fail("the connection was lost before the response was complete")
            }
        }

        /// Exactly `count` bytes.
        mutating func exactly(_ count: Int) throws -> [UInt8] {
            var out = [UInt8]()
            out.reserveCapacity(min(count, 1 << 20))
            while out.count < count {
                guard let chunk = try receive() else { throw fail("the connection was lost before the response was complete") }
                let need = count - out.count
                if chunk.count > need {
                    out += chunk[..<need]
                    pending = Array(chunk[need...])
                } else {
                    out += chunk
                }
            }
            return out
        }

        /// One CRLF-ended line (at most 4 KB).
        mutating func line() throws -> String {
            var out = [UInt8]()
            while true {
                guard let chunk = try receive() else { throw fail("the connection was lost before the response was complete") }
                if let end = chunk.firstIndex(of: 10) {
                    out += chunk[...end]
                    pending = Array(chunk[(end + 1)...])
                    break
                }
                out += chunk
                if out.count > 4096 { throw fail("a line of the response is over 4 KB") }
            }
            return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
