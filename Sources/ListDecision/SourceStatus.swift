/// How the data source answered the page query.
///
/// Mapped from data-source faults as docs/design.md's "Data source faults" table says;
/// table rows 2 and 3 decide what a response shows when it is not `.ok`:
///
/// | status | placeholder | HTTP | `Retry-After` |
/// | --- | --- | --- | --- |
/// | ``unavailable(retryAfterSeconds:)`` | `unavailable` | 503 | when given |
/// | ``gatewayTimeout(retryAfterSeconds:)`` | `unavailable` | 504 | when given |
/// | ``badGateway`` | `unavailable` | 502 | none |
/// | ``invalidUpstream`` | `error` | 502 | none |
/// | ``failed`` | `error` | 500 | none |
public enum SourceStatus: Sendable, Hashable {
    /// The query ran; the rows and `hasMore` in the snapshot are real.
    case ok
    /// Unreachable, busy, locked or over the time limit: worth retrying (status 503).
    ///
    /// - Parameter retryAfterSeconds: The delay the client should wait, sent as
    ///   `Retry-After` (RFC 9110 §10.2.3); `nil` sends no header. A negative value
    ///   is treated as `nil`.
    case unavailable(retryAfterSeconds: Int?)
    /// Another service the source asks (an upstream API) gave no answer within the time
    /// limit: worth retrying, the `unavailable` placeholder (status 504, RFC 9110 §15.6.5).
    ///
    /// - Parameter retryAfterSeconds: As for ``unavailable(retryAfterSeconds:)``.
    case gatewayTimeout(retryAfterSeconds: Int?)
    /// Another service the source asks answered with a fault of its own (its 5xx): the
    /// `unavailable` placeholder without `Retry-After`, so the page does not retry by
    /// itself (status 502, RFC 9110 §15.6.3).
    case badGateway
    /// Another service's answer cannot be used (not the shape declared, too large, an
    /// address off its origin), or the configuration of it is wrong (its 401, 403, a list
    /// address's 404): the `error` placeholder (status 502, RFC 9110 §15.6.3).
    case invalidUpstream
    /// Corrupt data or an unexpected fault (status 500).
    case failed

    /// Whether the source answered (`.ok`).
    public var isOK: Bool {
        if case .ok = self { return true }
        return false
    }
}
