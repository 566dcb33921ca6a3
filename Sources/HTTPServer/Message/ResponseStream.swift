/// A response body made piece by piece while it is sent, for answers too large
/// to hold in memory (a whole list as CSV): the server asks ``next`` for one
/// piece at a time, on a worker thread when it has workers (a piece may block
/// on a database), while the connection waits suspended, and sends the body
/// with chunked transfer coding (RFC 9112 §7.1). An HTTP/1.0 request gets a 505
/// instead: without chunks a body broken off could not be told from a whole one.
///
/// ``next`` is called again only after the previous piece was written to the
/// socket, so memory holds one piece at a time; a client that stops reading
/// holds no worker (it waits in libmicrohttpd's idle timeout, which then drops it).
/// A piece that fails ends the connection without the last chunk, so the client
/// sees a broken transfer, never a body that silently ends short.
public struct ResponseStream: Sendable {
    /// What one call of ``next`` gives.
    public enum Piece: Sendable, Equatable {
        /// The next bytes of the body (an empty piece is skipped).
        case bytes([UInt8])
        /// The body is complete.
        case end
        /// The body cannot go on; the reason is logged and the connection is broken off.
        case failed(String)
    }

    /// Makes the next piece. Called serially, never twice at once.
    public let next: @Sendable () -> Piece

    /// A stream whose pieces come from `next`.
    public init(next: @escaping @Sendable () -> Piece) {
        self.next = next
    }
}
