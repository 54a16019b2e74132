import Catalog
import Foundation
import Geo
import Imaging

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
    /// A sync saved its result; the run loop then reloads the catalogue on its own connection.
    case syncFinished(summary: String, at: Date)
    /// The catalogue as the store holds it now (after a sync).
    case catalogueReloaded([Artwork])
    case syncFailed(String)
    /// A picture decoded off the main thread.
    case pictureLoaded(Picture)
    /// Why an artwork's picture cannot be shown.
    case pictureUnavailable(artworkID: String, PictureProblem)
    /// What the terminal can show: colours for pictures and the shape of a cell.
    case terminalCapabilities(colorDepth: ColorDepth, cellAspect: Double)
    /// A location fix that has passed the distance filter.
    case referenceMoved(Coordinate, ReferenceSource)
    /// How the live location source is doing ("gpsd: no fix"), or nil to clear it.
    case locationStatus(String?)
    case error(String)
    /// A signal (SIGINT, SIGTERM, SIGHUP) asked the app to end.
    case terminate
}

/// Work the run loop performs for the reducer; results come back as actions.
public enum Effect: Hashable, Sendable {
    case startSync
    /// Read and decode an artwork's cached image off the main thread.
    case loadPicture(artworkID: String)
    /// Render, off the main thread, the viewer's tiles one pan step around what is on screen.
    case prefetchViewerTiles
    case loadCollection(String)
    /// Read the shown collection again (after a sync saved it) and answer with `catalogueReloaded`.
    case reloadCatalogue
    case quit
}
