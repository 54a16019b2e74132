/// artmap's version, kept here (the lowest module that needs it) so the HTTP client's User-Agent and
/// `artmap --version` say the same.
public enum ArtmapVersion {
    /// The release number, "major.minor.patch".
    public static let current = "0.1.0"
}
