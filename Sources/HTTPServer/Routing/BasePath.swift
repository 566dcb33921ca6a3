/// A path prefix a site is served under behind a reverse proxy
/// (``Router/basePath``), in one normal form.
public enum BasePath {
    /// `text` in normal form: `""` for the root (`""` or `"/"`), else `/` and
    /// segments joined by `/` with no trailing `/` (`"/lists/"` → `"/lists"`).
    /// Nil when it does not start with `/`, or has an empty, `.` or `..`
    /// segment, or a character outside RFC 3986's unreserved set
    /// (`A-Z a-z 0-9 - . _ ~`), which links could carry only escaped.
    public static func normalized(_ text: String) -> String? {
        if text.isEmpty { return "" }
        guard text.hasPrefix("/") else { return nil }
        var trimmed = Substring(text)
        if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty { return "" }
        for segment in trimmed.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty, segment != ".", segment != "..",
                segment.utf8.allSatisfy(URICharacters.isUnreserved)
            else { return nil }
        }
        return String(trimmed)
    }
}
