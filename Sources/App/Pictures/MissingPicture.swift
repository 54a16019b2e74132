import Catalog

/// Why an artwork's picture is not here, and the one action that fetches it from where it came from — never a
/// hint that leads to another source (issue 34, item 5).
extension FeatureContext {
    /// A picture not downloaded: `failure` is why the last download failed, when it did.
    public func missingPictureText(_ id: ArtworkKey, failure: String? = nil) -> String {
        let fetched = id.collection == CollectionID.osm.name
        guard let failure else {
            guard fetched, online else { return missingPictureHint }
            return "image not downloaded yet — press s to fetch the map in view and its pictures"
        }
        let why = "the last download of this picture failed: \(failure)"
        guard online else { return why + " — offline (--offline): start artmap without --offline to try again" }
        return why + (fetched ? " — press s to fetch the map in view and its pictures again" : " — s tries again")
    }

    /// A fetched artwork whose source has no picture: why, and what asks again (`s`, or `artmap fetch --pictures`).
    public func noPictureAtSourceText(_ why: String) -> String {
        "no picture: \(why)" + (online ? " — s asks Wikidata and Commons again" : " — offline (--offline): artmap fetch --pictures asks again")
    }
}
