import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One finished HTTP exchange.
public struct HTTPResponse: Sendable {
    public let status: Int
    public let contentType: String
    public let body: Data
    /// The `Retry-After` header as given (seconds or an HTTP date), for services that say when to ask again.
    public var retryAfter: String? = nil
}

/// Fetches a URL with limits; behind a protocol so the sync engine can be driven without a network.
public protocol HTTPClient: Sendable {
    /// The body of `url`, failing past `maxBytes` or `timeout` seconds for the whole request; `accept` is the
    /// Accept header (Linked Art servers answer JSON-LD only when asked for it).
    func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse
}

extension HTTPClient {
    /// A GET that accepts anything.
    public func get(_ url: URL, maxBytes: Int, timeout: TimeInterval) async throws -> HTTPResponse {
        try await get(url, maxBytes: maxBytes, timeout: timeout, accept: "*/*")
    }
}

/// URLSession (https) or a socket of our own (http on loopback), with a connect/idle timeout, a
/// whole-request timeout and a body cap enforced while the body arrives (an oversized body is cancelled, not
/// buffered); redirects obey the rules of the first URL; compressed bodies are refused.
public final class URLSessionHTTPClient: HTTPClient {
    private let idleTimeout: TimeInterval

    public init(idleTimeout: TimeInterval = 10) {
        self.idleTimeout = idleTimeout
    }

    public func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse {
        if url.isFileURL { return try readFile(url, maxBytes: maxBytes) }
        // Plain http (loopback only, by the source rules) goes over a socket of our own: URLSession on Linux
        // keeps a core busy while it waits for a slow server.
        if url.scheme?.lowercased() == "http" {
            return try await SocketHTTP.get(url, maxBytes: maxBytes, timeout: timeout, idleTimeout: idleTimeout, accept: accept) { next in
                try await self.get(next, maxBytes: maxBytes, timeout: timeout, accept: accept)
            }
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = min(idleTimeout, timeout)
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let collector = BodyCollector(url: url, maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("artmap/\(ArtmapVersion.current)", forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        // A compressed body would be inflated before the size cap could see it: ask for none, refuse any.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        // The whole request has `timeout` seconds, however slowly the server trickles its bytes.
        let deadline = DispatchWorkItem { collector.cancel(because: "timed out after \(Int(timeout)) s (the whole request has \(Int(timeout)) s)") }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        defer { deadline.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collector.start(continuation: continuation, task: session.dataTask(with: request))
            }
        } onCancel: {
            collector.cancel()
        }
    }

    private func readFile(_ url: URL, maxBytes: Int) throws -> HTTPResponse {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? NSNumber, size.intValue > maxBytes {
            throw SyncError(url: url.absoluteString, "the file is \(size.intValue) bytes, over the \(maxBytes)-byte limit")
        }
        do {
            return HTTPResponse(status: 200, contentType: "application/json", body: try Data(contentsOf: url))
        } catch {
            throw SyncError(url: url.absoluteString, "cannot read the file: \(error.localizedDescription)")
        }
    }
}

/// Collects a body for one task, enforcing the byte cap; resumes its continuation exactly once.
private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let url: URL
    private let maxBytes: Int
    private var data = Data()
    private var continuation: CheckedContinuation<HTTPResponse, Error>?
    private var task: URLSessionDataTask?
    private var failure: SyncError?

    init(url: URL, maxBytes: Int) {
        self.url = url
        self.maxBytes = maxBytes
    }

    func start(continuation: CheckedContinuation<HTTPResponse, Error>, task: URLSessionDataTask) {
        lock.lock()
        self.continuation = continuation
        self.task = task
        lock.unlock()
        task.resume()
    }

    func cancel(because reason: String = "cancelled") {
        lock.lock()
        failure = failure ?? SyncError(url: url.absoluteString, reason)
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// A redirect must obey the rules of the first URL (https anywhere, http only on loopback, never from
    /// https down to http); otherwise the request fails naming where it was sent.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let target = request.url else {
            completionHandler(nil)
            return
        }
        let from = task.currentRequest?.url ?? url
        var refusal: String?
        do {
            _ = try SyncSource.checkedURL(target.absoluteString, allowFile: false)
            if from.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https" {
                refusal = "it would leave https for \(target.scheme ?? "?")://"
            }
        } catch let error as SyncError {
            refusal = error.message
        } catch {
            refusal = "\(error)"
        }
        guard let refusal else {
            completionHandler(request)
            return
        }
        lock.lock()
        failure = failure ?? SyncError(url: url.absoluteString, "redirected to \(target.absoluteString), which is not followed: \(refusal)")
        lock.unlock()
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let encoding = ((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") ?? "identity")
            .trimmingCharacters(in: .whitespaces).lowercased()
        if !encoding.isEmpty && encoding != "identity" {
            lock.lock()
            failure = SyncError(url: url.absoluteString, "the server sent a \(encoding)-compressed response though artmap asked for none; refused (its size could not be checked before inflating)")
            lock.unlock()
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maxBytes) {
            lock.lock()
            failure = SyncError(url: url.absoluteString, "the response is \(response.expectedContentLength) bytes, over the \(maxBytes)-byte limit")
            lock.unlock()
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        lock.lock()
        data.append(chunk)
        let over = data.count > maxBytes
        if over {
            failure = SyncError(url: url.absoluteString, "the response is over the \(maxBytes)-byte limit")
        }
        lock.unlock()
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let body = data
        let failure = self.failure
        lock.unlock()
        guard let continuation else { return }
        if let failure {
            continuation.resume(throwing: failure)
            return
        }
        if let error {
            continuation.resume(throwing: SyncError(url: url.absoluteString, BodyCollector.describe(error)))
            return
        }
        let http = task.response as? HTTPURLResponse
        continuation.resume(returning: HTTPResponse(status: http?.statusCode ?? 0,
                                                    contentType: http?.value(forHTTPHeaderField: "Content-Type") ?? "",
                                                    body: body, retryAfter: http?.value(forHTTPHeaderField: "Retry-After")))
    }

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSURLErrorDomain {
            switch ns.code {
            case NSURLErrorTimedOut: return "timed out"
            case NSURLErrorCannotConnectToHost: return "connection refused"
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return "unknown host"
            case NSURLErrorNotConnectedToInternet: return "no network connection"
            case NSURLErrorNetworkConnectionLost: return "the connection was lost before the response was complete"
            case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted,
                 NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateNotYetValid:
                return "the secure connection failed (\(ns.localizedDescription))"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
