/// What went wrong, when a response reports a failure.
///
/// Carried in ``Decision/problem`` next to an `.error`, `.notFound` or
/// `.unavailable` placeholder (table rows 1 and 3) or a `.startOver` / `.retry`
/// footer (rows 1 and 2), so the view can say what happened without deciding anything.
public enum Problem: Sendable, Hashable {
    /// A parameter was malformed (row 1, 400).
    ///
    /// - Parameter reason: What was wrong, safe to show.
    case badRequest(reason: String)
    /// The list does not exist (row 1, 404).
    case notFound
    /// The source is worth retrying (rows 2 and 3: 503, 504; 502 for another service's fault).
    case sourceUnavailable
    /// The source failed (rows 2 and 3: 500; 502 for another service's unusable answer).
    case sourceFailed
}
