/// artmap's version, kept here (the lowest module that needs it) so the HTTP client's User-Agent and
/// `artmap --version` say the same.
public enum ArtmapVersion {
    /// The release number, "major.minor.patch".
    public static let current = "0.1.0"
    /// Where the people behind artmap are reached (the Debian package's maintainer address): the Wikidata Query
    /// Service and Nominatim ask every client's User-Agent to name one.
    public static let contact = "artmap@example.org"
    /// "artmap/0.1.0 (artmap@example.org)", sent with every request.
    public static let userAgent = "artmap/\(current) (\(contact))"
}
