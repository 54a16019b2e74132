import CCurl
import Foundation

/// One hop of a request, with every limit the transfer needs.
struct CurlRequest: Sendable {
    let url: URL
    let maxBytes: Int
    let timeoutMilliseconds: Int
    let idleMilliseconds: Int
    let accept: String
    let userAgent: String
    /// Plain http: only an address on this machine may be connected.
    let loopbackOnly: Bool
    let resolve: [String]
    let timedOutMessage: String
    /// A form-encoded body to POST (nil: a GET).
    var postBody: String? = nil
    /// Header lines beyond Accept (`Authorization: Bearer …`).
    var headers: [String] = []
}

/// What one hop brought back: the response and, for a 3xx, where curl says it points.
struct CurlExchange: Sendable {
    let response: HTTPResponse
    let redirect: String?
}

/// The process's one curl multi handle and the thread that drives it. Requests are handed over under a
/// lock and the thread is woken (`curl_multi_wakeup`); it adds them, runs every transfer, and resumes each
/// caller's continuation once. The thread waits in `curl_multi_poll`, never spinning.
final class CurlDriver: @unchecked Sendable {
    static let shared = CurlDriver()

    private let lock = NSLock()
    private let multi: UnsafeMutableRawPointer?
    private let startFailure: String?
    private var incoming: [CurlTransfer] = []
    /// Touched only by the driver thread.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private init() {
        // libcurl is loaded here, by the first download: commands that never download never map it.
        if let loadFailure = artmap_curl_load() {
            multi = nil
            startFailure = String(cString: loadFailure)
            return
        }
        if artmap_curl_global_init() != CURLE_OK {
            multi = nil
            startFailure = "libcurl could not be initialised"
            return
        }
        multi = artmap_curl_multi_init()
        startFailure = multi == nil ? "libcurl could not make a multi handle" : nil
        guard multi != nil else { return }
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "artmap-http"
        thread.start()
    }

    /// Runs one hop; a cancelled task stops its transfer within one turn of the driver's loop.
    func perform(_ request: CurlRequest) async throws -> CurlExchange {
        if let startFailure { throw SyncError(url: request.url.absoluteString, startFailure) }
        let transfer = CurlTransfer(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.attach(continuation)
                lock.lock()
                incoming.append(transfer)
                lock.unlock()
                if let multi { artmap_curl_multi_wakeup(multi) }
            }
        } onCancel: {
            transfer.cancel()
            if let multi { artmap_curl_multi_wakeup(multi) }
        }
    }

    private func loop() {
        guard let multi else { return }
        while true {
            lock.lock()
            let arrived = incoming
            incoming.removeAll()
            lock.unlock()
            for transfer in arrived {
                if transfer.isCancelled {
                    transfer.finish(.failure(CancellationError()))
                    continue
                }
                do {
                    let easy = try transfer.makeHandle()
                    guard artmap_curl_multi_add_handle(multi, easy) == CURLM_OK else {
                        transfer.finish(.failure(transfer.error("libcurl refused the transfer")))
                        continue
                    }
                    running[easy] = transfer
                } catch {
                    transfer.finish(.failure(error))
                }
            }
            for (easy, transfer) in running where transfer.isCancelled {
                remove(easy)
                transfer.finish(.failure(CancellationError()))
            }
            var stillRunning: Int32 = 0
            _ = artmap_curl_multi_perform(multi, &stillRunning)
            var left: Int32 = 0
            while let message = artmap_curl_multi_info_read(multi, &left) {
                var easy: UnsafeMutableRawPointer?
                var code = CURLE_OK
                guard artmap_curl_done(message, &easy, &code) != 0, let easy, let transfer = running[easy] else { continue }
                let outcome = transfer.outcome(code)
                remove(easy)
                transfer.finish(outcome)
            }
            // Idle or busy, the thread sleeps here until a socket is ready, curl's next timeout, or a wakeup.
            _ = artmap_curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func remove(_ easy: UnsafeMutableRawPointer) {
        if let multi { artmap_curl_multi_remove_handle(multi, easy) }
        running[easy]?.releaseHandle()
        running[easy] = nil
    }
}

/// One transfer's state: written by curl's callbacks on the driver thread, cancelled from any thread.
final class CurlTransfer: @unchecked Sendable {
    let request: CurlRequest
    private var continuation: CheckedContinuation<CurlExchange, Error>?
    private let lock = NSLock()
    private var cancelled = false
    private var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private let socketRule = UnsafeMutablePointer<artmap_curl_socket_rule>.allocate(capacity: 1)
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var body = Data()
    private var headerBytes = 0
    private var encoding = ""
    private var retryAfter: String?
    private var failure: SyncError?

    init(_ request: CurlRequest) {
        self.request = request
        socketRule.initialize(to: artmap_curl_socket_rule())
        socketRule.pointee.loopback_only = request.loopbackOnly ? 1 : 0
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        releaseHandle()
        socketRule.deallocate()
        errorBuffer.deallocate()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    func error(_ message: String) -> SyncError {
        SyncError(url: request.url.absoluteString, message)
    }

    func attach(_ continuation: CheckedContinuation<CurlExchange, Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    /// Resumes the caller, once.
    func finish(_ outcome: Result<CurlExchange, Error>) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: outcome)
    }

    func releaseHandle() {
        if let easy { artmap_curl_easy_cleanup(easy) }
        easy = nil
        artmap_curl_slist_free_all(headerList)
        headerList = nil
        artmap_curl_slist_free_all(resolveList)
        resolveList = nil
    }

    /// An easy handle with every limit set; the transfer owns it until `releaseHandle`.
    func makeHandle() throws -> UnsafeMutableRawPointer {
        guard let easy = artmap_curl_easy_init() else { throw error("libcurl could not make a handle") }
        self.easy = easy
        let me = Unmanaged.passUnretained(self).toOpaque()
        var failed: CURLcode = CURLE_OK
        func set(_ code: CURLcode) { if failed == CURLE_OK { failed = code } }
        set(artmap_curl_set_string(easy, CURLOPT_URL, request.url.absoluteString))
        set(artmap_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(artmap_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        // Redirects are followed by the client, hop by hop, so each target is checked before it is asked.
        set(artmap_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        set(artmap_curl_set_long(easy, CURLOPT_NOSIGNAL, 1))
        set(artmap_curl_set_long(easy, CURLOPT_TIMEOUT_MS, request.timeoutMilliseconds))
        set(artmap_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(request.idleMilliseconds, request.timeoutMilliseconds)))
        // A stall: less than one byte a second for the idle time.
        set(artmap_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1))
        set(artmap_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, request.idleMilliseconds / 1000)))
        set(artmap_curl_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBytes)))
        set(artmap_curl_set_string(easy, CURLOPT_USERAGENT, request.userAgent))
        // No CURLOPT_ACCEPT_ENCODING: curl inflates nothing; the header asks the server for no compression.
        let accept = request.accept.filter { $0 != "\r" && $0 != "\n" }
        headerList = artmap_curl_slist_append(headerList, "Accept: \(accept)")
        headerList = artmap_curl_slist_append(headerList, "Accept-Encoding: identity")
        for line in request.headers { headerList = artmap_curl_slist_append(headerList, line.filter { $0 != "\r" && $0 != "\n" }) }
        if let body = request.postBody {
            headerList = artmap_curl_slist_append(headerList, "Content-Type: application/x-www-form-urlencoded")
            // Form encoding is ASCII: no NUL, so curl's copy of the C string is the whole body.
            set(artmap_curl_set_long(easy, CURLOPT_POSTFIELDSIZE, body.utf8.count))
            set(artmap_curl_set_string(easy, CURLOPT_COPYPOSTFIELDS, body))
        }
        set(artmap_curl_set_list(easy, CURLOPT_HTTPHEADER, headerList))
        if request.loopbackOnly {
            // Loopback traffic never goes through a proxy from the environment.
            set(artmap_curl_set_string(easy, CURLOPT_PROXY, ""))
        }
        for entry in request.resolve { resolveList = artmap_curl_slist_append(resolveList, entry) }
        if resolveList != nil { set(artmap_curl_set_list(easy, CURLOPT_RESOLVE, resolveList)) }
        set(artmap_curl_set_socket_rule(easy, socketRule))
        set(artmap_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        set(artmap_curl_set_write(easy, { data, size, count, user in
            guard let user else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().receive(data, size, count)
        }, me))
        set(artmap_curl_set_header(easy, { data, size, count, user in
            guard let user else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().header(data, size, count)
        }, me))
        set(artmap_curl_set_progress(easy, { user, _, _, _, _ in
            guard let user else { return 1 }
            return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().isCancelled ? 1 : 0
        }, me))
        guard failed == CURLE_OK else {
            throw error("libcurl refused an option (\(String(cString: artmap_curl_easy_strerror(failed)))); this libcurl may be older than 7.85")
        }
        return easy
    }

    /// Body bytes: kept while within the cap; past it the transfer is aborted (curl sees a short write).
    private func receive(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int) -> Int {
        let (bytes, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow else { return 0 }
        let (total, beyond) = body.count.addingReportingOverflow(bytes)
        guard !beyond, total <= request.maxBytes else {
            failure = error("the response is over the \(request.maxBytes)-byte limit")
            return 0
        }
        if let data, bytes > 0 {
            data.withMemoryRebound(to: UInt8.self, capacity: bytes) { body.append($0, count: bytes) }
        }
        return bytes
    }

    /// One header line: compressed or oversized answers are refused as soon as their headers end.
    private func header(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int) -> Int {
        let (bytes, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow, let data else { return 0 }
        let (total, beyond) = headerBytes.addingReportingOverflow(bytes)
        guard !beyond, total <= CurlHTTPClient.maxHeaderBytes else {
            failure = error("the response headers are over \(CurlHTTPClient.maxHeaderBytes / 1024) KB")
            return 0
        }
        headerBytes = total
        let line = data.withMemoryRebound(to: UInt8.self, capacity: bytes) {
            String(decoding: UnsafeBufferPointer(start: $0, count: bytes), as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            encoding = ""   // an interim (1xx) response's headers do not count
            retryAfter = nil
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-encoding" { encoding = value.lowercased() }
            if name == "retry-after" { retryAfter = String(value.prefix(64)) }
            if name == "content-length", let length = Int64(value), length > Int64(request.maxBytes) {
                failure = error("the response is \(length) bytes, over the \(request.maxBytes)-byte limit")
                return 0
            }
        } else if line.isEmpty, !encoding.isEmpty, encoding != "identity" {
            failure = error("the server sent a \(encoding)-compressed response though artmap asked for none; refused (its size could not be checked before inflating)")
            return 0
        }
        return bytes
    }

    /// The hop's result once curl is done with it.
    func outcome(_ code: CURLcode) -> Result<CurlExchange, Error> {
        if let failure { return .failure(failure) }
        if isCancelled { return .failure(CancellationError()) }
        guard let easy else { return .failure(error("the transfer lost its handle")) }
        guard code == CURLE_OK else { return .failure(error(describe(code))) }
        var status = 0
        _ = artmap_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var contentType: UnsafeMutablePointer<CChar>?
        _ = artmap_curl_get_string(easy, CURLINFO_CONTENT_TYPE, &contentType)
        var redirect: UnsafeMutablePointer<CChar>?
        _ = artmap_curl_get_string(easy, CURLINFO_REDIRECT_URL, &redirect)
        let response = HTTPResponse(status: status, contentType: contentType.map { String(cString: $0) } ?? "", body: body,
                                    retryAfter: retryAfter)
        return .success(CurlExchange(response: response, redirect: redirect.map { String(cString: $0) }))
    }

    /// A curl failure in words a person can act on.
    private func describe(_ code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        let text = detail.isEmpty ? String(cString: artmap_curl_easy_strerror(code)) : detail
        if socketRule.pointee.refused != 0 {
            let address = withUnsafeBytes(of: socketRule.pointee.refused_address) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return "not contacted: \(request.url.host ?? "the host") resolves to \(address), which is not this machine; plain http:// is only allowed for loopback (use https://)"
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            if detail.contains("too slow") { return "timed out (less than a byte a second for \(max(1, request.idleMilliseconds / 1000)) s)" }
            if detail.contains("onnect") && !detail.contains("received") { return "timed out while connecting" }
            return request.timedOutMessage
        case CURLE_COULDNT_CONNECT:
            var osError = 0
            if let easy { _ = artmap_curl_get_long(easy, CURLINFO_OS_ERRNO, &osError) }
            return osError == Int(ECONNREFUSED) ? "connection refused" : "cannot connect (\(text))"
        case CURLE_COULDNT_RESOLVE_HOST: return "unknown host"
        case _ where detail.lowercased().contains("chunk"):
            return "the server's chunked answer is malformed (\(text))"
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return "the connection was lost before the response was complete (\(text))"
        case CURLE_FILESIZE_EXCEEDED: return "the response is over the \(request.maxBytes)-byte limit"
        case CURLE_ABORTED_BY_CALLBACK: return "cancelled"
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
            return "the secure connection failed (\(text))"
        case CURLE_UNSUPPORTED_PROTOCOL: return "unsupported scheme (only http:// and https:// are fetched)"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return "the server's answer is not valid HTTP (\(text))"
        default: return text
        }
    }
}
