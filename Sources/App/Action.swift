import Catalog
import Foundation
import Geo

/// Everything that can happen to the app: keys, mouse, resizes, timers and the results of background work.
public enum Action: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(TerminalSize)
    case tick(Date)
    /// The app has started (decides whether to sync at once).
    case started(syncIfOlderThan: TimeInterval?)
    case collectionLoaded(String, [Artwork])
    case syncProgress(String)
    case syncFinished(summary: String, artworks: [Artwork], at: Date)
    case syncFailed(String)
    case imageLookedUp(artworkID: String, cached: Bool)
    /// A location fix that has passed the distance filter.
    case referenceMoved(Coordinate, ReferenceSource)
    /// How the live location source is doing ("gpsd: no fix"), or nil to clear it.
    case locationStatus(String?)
    case error(String)
}

/// Work the run loop performs for the reducer; results come back as actions.
public enum Effect: Hashable, Sendable {
    case startSync
    case lookUpImage(artworkID: String)
    case loadCollection(String)
    case quit
}
