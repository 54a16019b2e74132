import Foundation
import Testing
import TestSupport
@testable import Sync

/// The client's error for a request, or nil when it succeeded.
/// The whole-request limit is generous: it counts the time the test's task waits for a thread between hops, and
/// in the full suite both of the machine's threads can be held by tests that block for minutes (a redirect loop
/// once ran out of 120 s that way before its last hop was asked).
private func failure(_ url: String, maxBytes: Int = 1 << 20, timeout: TimeInterval = 900,
                     client: CurlHTTPClient = CurlHTTPClient()) async throws -> SyncError? {
    do {
        _ = try await client.get(try #require(URL(string: url)), maxBytes: maxBytes, timeout: timeout)
        return nil
    } catch let error as SyncError {
        return error
    }
}

@Test(arguments: [("chunkbomb", "the connection was lost before the response was complete (transfer closed with outstanding read data remaining)"),
                   ("chunkwrap", "the server's chunked answer is malformed (Too long hexadecimal number in chunked-encoding)")])
func aChunkSizeAtTheTopOf64BitsIsAClearErrorNotACrash(mode: String, message: String) async throws {
    let server = try TestServer()
    let error = try #require(try await failure(server.serviceURL(mode), maxBytes: 64 * 1024))
    #expect(error.url == server.serviceURL(mode))
    #expect(error.message == message)
}

@Test func aBodyOverTheCapIsCutOffWhileItArrives() async throws {
    let server = try TestServer()
    // No Content-Length: 51 MB of spaces, stopped at the cap.
    let streamed = try #require(try await failure(server.serviceURL("huge"), maxBytes: 1 << 20))
    #expect(streamed.message == "the response is over the 1048576-byte limit", "\(streamed)")
    // A Content-Length over the cap is refused before the body is read.
    let declared = try #require(try await failure(server.serviceURL("ok"), maxBytes: 100))
    #expect(declared.message.hasPrefix("the response is ") && declared.message.hasSuffix(" bytes, over the 100-byte limit"), "\(declared)")
}

@Test func aTrickleIsStoppedAtTheWholeRequestsDeadline() async throws {
    let server = try TestServer()
    let error = try #require(try await failure(server.serviceURL("trickle"), timeout: 2))
    #expect(error.message == "timed out after 2 s (the whole request has 2 s)", "\(error)")
}

@Test func aRedirectLoopEndsAfterFiveHops() async throws {
    let server = try TestServer()
    let error = try #require(try await failure(server.serviceURL("loop")))
    #expect(error.message.hasPrefix("too many redirects (more than 5)"), "\(error)")
    #expect(try server.requestLog().filter { $0.hasPrefix("/loop/") }.count == 6, "the first request and five hops")
}

@Test func aRedirectToPlainHttpElsewhereIsNotFollowed() async throws {
    let server = try TestServer()
    let error = try #require(try await failure(server.serviceURL("redirect")))
    #expect(error.message.contains("redirected to http://0.0.0.0:\(server.port)/ok/"), "\(error)")
    #expect(error.message.contains("which is not followed: plain http:// is only allowed for this machine"))
    #expect(!(try server.requestLog()).contains { $0.hasPrefix("/ok/") })
}

@Test func plainHttpToAHostThatResolvesElsewhereIsNotContacted() async throws {
    let server = try TestServer()
    // "localhost" made to resolve to a documentation address: the rule is checked on the address itself.
    let client = CurlHTTPClient(resolve: ["localhost:\(server.port):192.0.2.1"])
    let url = "http://localhost:\(server.port)/ok/artworksOnCampus/data.php?class=artworks"
    let error = try #require(try await failure(url, timeout: 60, client: client))
    #expect(error.message.hasPrefix("not contacted: localhost resolves to 192.0.2.1, which is not this machine"), "\(error)")
    // The same name resolving to this machine is fetched.
    let local = CurlHTTPClient(resolve: ["localhost:\(server.port):127.0.0.1"])
    let response = try await local.get(try #require(URL(string: url)), maxBytes: 1 << 20, timeout: 60)
    #expect(response.status == 200)
}

@Test func aCompressedAnswerIsRefused() async throws {
    let server = try TestServer()
    let error = try #require(try await failure(server.serviceURL("gzip")))
    #expect(error.message.hasPrefix("the server sent a gzip-compressed response though artmap asked for none"), "\(error)")
}

@Test func cancellingTheTaskStopsATransferThatIsStillWaiting() async throws {
    let server = try TestServer()
    let url = try #require(URL(string: server.serviceURL("slow")))
    // "slow" sends ten bytes, then waits 30 s: only a cancel ends the request before then.
    let task = Task { try await CurlHTTPClient().get(url, maxBytes: 1 << 20, timeout: 60) }
    var asked = false
    for _ in 0..<1200 where !asked {
        asked = try server.requestLog().contains { $0.hasPrefix("/slow/") }
        if !asked { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(asked)
    task.cancel()
    await #expect(throws: CancellationError.self) { _ = try await task.value }
}

@Test func manyRequestsAtOnceShareTheMultiHandle() async throws {
    let server = try TestServer()
    let url = try #require(URL(string: server.serviceURL("ok")))
    let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<12 { group.addTask { try await CurlHTTPClient().get(url, maxBytes: 1 << 20, timeout: 60).body.count } }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(sizes.count == 12)
    #expect(Set(sizes).count == 1 && sizes[0] > 1000)
}

@Test func aFileIsReadWithinItsCap() async throws {
    let directory = try temporaryDirectory("http-file")
    let file = directory.appendingPathComponent("data.json")
    try Data(repeating: 32, count: 5000).write(to: file)
    let error = try #require(try await failure(file.absoluteString, maxBytes: 4999))
    #expect(error.message == "the file is over the 4999-byte limit")
    #expect(try await CurlHTTPClient().get(file, maxBytes: 5000, timeout: 5).body.count == 5000)
}

@Test func theRequestNamesArtmapAndAsksForNoCompression() async throws {
    let server = try TestServer()
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/headers/x"))
    let response = try await CurlHTTPClient().get(url, maxBytes: 1 << 20, timeout: 60, accept: "text/plain")
    let headers = String(decoding: response.body, as: UTF8.self)
    #expect(headers.contains("User-Agent: \(ArtmapVersion.userAgent)\n") && ArtmapVersion.userAgent.hasPrefix("artmap/\(ArtmapVersion.current) ("), "\(headers)")
    #expect(headers.contains("Accept: text/plain\n"))
    #expect(headers.contains("Accept-Encoding: identity\n"))
}
