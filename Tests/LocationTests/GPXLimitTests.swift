import Foundation
import Testing
@testable import Location

/// Issue 43, item 15: a waypoint holding thousands of extension elements is refused at the first one past the
/// cap, naming its line and the waypoint's, instead of reading them all.
@Test func aWaypointWithTooManyElementsIsRefusedNamingTheLine() throws {
    var lines = ["<gpx>", "<wpt lat=\"1\" lon=\"2\"><name>ok</name></wpt>", "<wpt lat=\"1\" lon=\"2\"><extensions>"]
    lines += (1...5_000).map { "<e\($0)>x</e\($0)>" }
    lines += ["</extensions></wpt>", "</gpx>"]
    // Line 3 opens the waypoint and its <extensions> (element 1); element 1,001 is the 1,000th <e…>, on line 1,003.
    #expect(throws: LocationError("walk.gpx:1003: the waypoint that starts on line 3 has more than 1000 elements; artmap reads at most 1000 in one <wpt>")) {
        try GPXWaypoints.parse(Data(lines.joined(separator: "\n").utf8), fileName: "walk.gpx")
    }
}

/// A waypoint with as many elements as the cap is read.
@Test func aWaypointAtTheElementCapIsRead() throws {
    let elements = (1..<1_000).map { "<e\($0)>x</e\($0)>" }.joined()
    let waypoints = try GPXWaypoints.parse(Data("<gpx><wpt lat=\"1\" lon=\"2\"><extensions>\(elements)</extensions></wpt></gpx>".utf8), fileName: "w.gpx")
    #expect(waypoints.count == 1 && waypoints[0].extensions.count == 1_000 - 1)
}

/// Issue 43, item 22: an error names the line of the element that is wrong, not the line the parser has read
/// ahead to.
@Test func gpxErrorsNameTheElementsOwnLine() throws {
    var lines = ["<gpx>"] + (1...300).map { "<wpt lat=\"1\" lon=\"2\"><name>n\($0)</name></wpt>" }
    lines.append("<wpt lat=\"north\" lon=\"2\"/>")
    lines += (1...300).map { "<wpt lat=\"1\" lon=\"2\"><name>m\($0)</name></wpt>" } + ["</gpx>"]
    #expect(throws: LocationError("walk.gpx:302: <wpt> needs numeric lat and lon attributes (got lat=\"north\" lon=\"2\")")) {
        try GPXWaypoints.parse(Data(lines.joined(separator: "\n").utf8), fileName: "walk.gpx")
    }
    var track = ["<gpx><trk><trkseg>"] + (1...300).map { "<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:\(String(format: "%02d", $0 % 60))Z</time></trkpt>" }
    track.append("<trkpt lat=\"1\" lon=\"east\"/>")
    track += (1...300).map { _ in "<trkpt lat=\"1\" lon=\"2\"/>" } + ["</trkseg></trk></gpx>"]
    do {
        _ = try GPXTrack.parse(Data(track.joined(separator: "\n").utf8), fileName: "track.gpx")
        Issue.record("a bad longitude was read")
    } catch let error as LocationError {
        #expect(error.message.hasPrefix("track.gpx:302:"), "\(error.message)")
    }
}
