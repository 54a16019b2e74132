import Geo
import Location

/// Where the view's position comes from: a GPX walk replayed, gpsd or GeoClue followed, or none (a fixed point).
public struct LocationSource: Sendable {
    /// The walk to replay, if any.
    public let replay: GPXReplay?
    /// The walk's file name, for the status bar.
    public let gpxName: String?
    /// Replays the walk again and again.
    public let loop: Bool
    /// How far the position must move before the view follows.
    public let filter: DistanceFilter
    /// The gpsd to follow, if any.
    public let gpsd: GpsdAddress?
    /// gpsd (or GeoClue) fixes less accurate than this (metres) are ignored.
    public let maxError: Double
    /// Follows GeoClue2 on the system bus.
    public let geoclue: Bool
    /// The system bus GeoClue is asked on; nil: glib's default (DBUS_SYSTEM_BUS_ADDRESS or the system socket).
    public let busAddress: String?

    /// A source from its parts, as the command-line options give them.
    public init(replay: GPXReplay?, gpxName: String?, loop: Bool, filter: DistanceFilter, gpsd: GpsdAddress?, maxError: Double,
                geoclue: Bool = false, busAddress: String? = nil) {
        self.replay = replay
        self.gpxName = gpxName
        self.loop = loop
        self.filter = filter
        self.gpsd = gpsd
        self.maxError = maxError
        self.geoclue = geoclue
        self.busAddress = busAddress
    }

    /// The source's name for the status bar and `watch`.
    public var sourceLabel: String {
        if let gpxName { return "GPX \(gpxName)" }
        if let gpsd { return "gpsd \(gpsd.description)" }
        if geoclue { return "GeoClue" }
        return "fixed point"
    }
}
