@testable import ArtmapCLI
import Foundation
import Runtime
import Sync
import Testing
import TestSupport

/// The view's composition root makes Nominatim's limiter once, into the dependencies every handler is built from: one
/// that keeps its turns in the store when the view may search online, none offline (issue 45, item 2).
@Test func theViewsCompositionRootGivesTheHandlersOneNominatimLimiterAndNoneOffline() async throws {
    func limiter(_ words: [String], home: URL) async throws -> any RequestLimiter {
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let options = try InteractiveCommand.parser.parse(words, as: InteractiveCommand.ViewOptions.self)
        var made: (any RequestLimiter)?
        let view = try await InteractiveCommand.prepareView(options: options, environment: environment, console: CapturedConsole().console,
                                                            slideshowInterval: nil, startSlideshow: false, notice: nil) { made = $0.nominatimLimiter }
        view.session.stop()
        return try #require(made)
    }
    let home = try temporaryDirectory("composition-limiter")
    #expect(try await limiter(["--nominatim-url", "http://127.0.0.1:9", "--sync-age", "31536000"], home: home) is StoreRequestLimiter)
    #expect(try await limiter(["--offline"], home: home) is NoRequestLimit)
}
