/// How the data source answered the page query.
///
/// Mapped from data-source faults as docs/design.md's "Data source faults" table says;
/// table rows 2 and 3 decide what a response shows when it is not `.ok`.
public enum SourceStatus: Sendable, Hashable {
    /// The query ran; the rows and `hasMore` in the snapshot are real.
    case ok
    /// Unreachable, busy, locked or over the time limit: worth retrying (status 503).
    ///
    /// - Parameter retryAfterSeconds: The delay the client should wait, sent as
    ///   `Retry-After` (RFC 9110 §10.2.3); `nil` sends no header. A negative value
    ///   is treated as `nil`.
    case unavailable(retryAfterSeconds: Int?)
    /// Corrupt data or an unexpected fault (status 500).
    case failed

    /// Whether the source answered (`.ok`).
    public var isOK: Bool {
        if case .ok = self { return true }
        return false
    }
}
