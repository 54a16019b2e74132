import Cartography
import Foundation
import Geo
import Testing
@testable import Sync

/// Issue 43, 1: numbers from Overpass are checked before they are converted. An id of 1e19 trapped at `Int64(id)`.
@Test(arguments: ["1e19", "1e300", "-1e19", "1e999", "9223372036854775808", "1.5"])
func anArtworkWhoseIdIsNoWhole64BitNumberIsSkippedAndCounted(id: String) throws {
    let json = """
        {"elements": [
          {"type": "node", "id": \(id), "lat": 60.169, "lon": 24.948, "tags": {"tourism": "artwork", "name": "Bad"}},
          {"type": "node", "id": 42, "lat": 60.169, "lon": 24.948, "tags": {"tourism": "artwork", "name": "Good"}}
        ]}
        """
    let answer = try FetchPlan.artworks(fromJSON: Data(json.utf8))
    #expect(answer.artworks.map(\.id) == ["node/42"])
    #expect(answer.skipped == 1)
    #expect(answer.firstSkipped?.hasPrefix("node ") == true, "\(answer.firstSkipped ?? "none")")
}

@Test(arguments: [("1e300", "24.9"), ("60.1", "-1e999"), ("91", "24.9"), ("60.1", "180.5")])
func anArtworkOffTheEarthIsSkippedAndCounted(lat: String, lon: String) throws {
    let json = """
        {"elements": [{"type": "way", "id": 7, "center": {"lat": \(lat), "lon": \(lon)}, "tags": {"tourism": "artwork"}},
                      {"type": "way", "id": 8, "center": {"lat": 60.1, "lon": 24.9}, "tags": {"tourism": "artwork"}}]}
        """
    let answer = try FetchPlan.artworks(fromJSON: Data(json.utf8))
    #expect(answer.artworks.map(\.id) == ["way/8"])
    #expect(answer.skipped == 1)
}
