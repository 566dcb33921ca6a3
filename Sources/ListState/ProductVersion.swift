/// The version of ListState itself (Semantic Versioning 2.0.0), raised with
/// each release; `liststate --version` and `/-/versions.json` print it beside
/// the versions of the C libraries it runs on.
public enum ProductVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
