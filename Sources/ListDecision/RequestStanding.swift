/// Whether the request that produced a snapshot could be answered at all.
///
/// `ListRequest.parse` turns a bad cursor, `limit`, `q`, filter or a repeated
/// parameter into `.badRequest`, and an unknown list into `.notFound`, instead of
/// answering on its own: the decision (table row 1) picks the body, footer and
/// status for both.
public enum RequestStanding: Sendable, Hashable {
    /// Every parameter parsed; the list exists.
    case valid
    /// A parameter was malformed (table row 1, status 400).
    ///
    /// - Parameter reason: What was wrong, safe to show (never a decoder message);
    ///   carried into ``Decision/problem`` for the error placeholder or footer.
    case badRequest(reason: String)
    /// The list does not exist (table row 1, status 404).
    case notFound

    /// Whether the request can be answered with data (`.valid`).
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }
}
