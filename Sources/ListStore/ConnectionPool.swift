/// Read-only connections to one database file, lent to one request at a time.
///
/// Connections are opened on demand and kept for reuse. They are dropped, so
/// that the next request opens fresh ones:
/// - after a fault that may have left them broken (corrupt, I/O error, a
///   schema that is not the catalogue's, any unexpected failure);
/// - when the file at the path is replaced (checked at most once a second,
///   `PathWatch`): a connection keeps the file it opened, so without this the
///   pool would go on serving the old file, or a mix of old and new.
///
/// A file deleted while open is different: the connections already open keep
/// serving it (a request that needs a new one fails as `.cannotOpen`). The
/// files are opened read-only, so a missing file is never created.
final class ConnectionPool: Sendable {
    /// The database file.
    let path: String
    /// How long a statement waits on a lock, in milliseconds.
    let busyTimeout: Int32
    /// The idle connections, and the generation new connections belong to.
    private let idle = BlockingLock<(connections: [UncheckedConnection], generation: Int)>(([], 0))
    private let watch: PathWatch
    private let log: @Sendable (String) -> Void

    /// A connection moved between threads through the pool; only one thread uses it at a time.
    private struct UncheckedConnection: @unchecked Sendable {
        let connection: SQLiteConnection
        /// The pool's generation when it was opened: one from before a replacement is not reused.
        let generation: Int
    }

    /// Makes an empty pool.
    /// - Parameters:
    ///   - path: The database file.
    ///   - busyTimeout: Milliseconds a statement waits on a lock.
    ///   - checkInterval: The least seconds between two checks of the path's identity.
    ///   - log: Receives one line when the file is found deleted, replaced or restored.
    init(path: String, busyTimeout: Int32, checkInterval: Double = 1, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.watch = PathWatch(path: path, interval: checkInterval)
        self.log = log
    }

    /// Runs `body` with a connection, returning it to the pool afterwards unless
    /// the error says it may be broken (then every idle connection is closed too).
    /// - Throws: `ListStoreError` from opening or from `body`.
    func withConnection<T>(_ body: (SQLiteConnection) throws(ListStoreError) -> T) throws(ListStoreError) -> T {
        noticeFileChanges()
        let (borrowed, generation) = idle.withLock { ($0.connections.popLast(), $0.generation) }
        let lent: UncheckedConnection
        if let borrowed {
            lent = borrowed
        } else {
            // The file it opens: the path's identity before and after, when they agree
            // (a file moved in meanwhile leaves it unknown, so nothing read through it is kept).
            let before = FileIdentity(path: path)
            let connection = try SQLiteConnection(path: path, readOnly: true, busyTimeout: busyTimeout)
            connection.fileIdentity = before == FileIdentity(path: path) ? before : nil
            lent = UncheckedConnection(connection: connection, generation: generation)
        }
        do {
            let result = try body(lent.connection)
            giveBack(lent)
            return result
        } catch {
            if error.isTransient && error.kind != .cannotOpen {
                giveBack(lent)
            } else {
                drain()
            }
            throw error
        }
    }

    /// Puts a connection back unless the pool moved on to a newer generation.
    private func giveBack(_ connection: UncheckedConnection) {
        idle.withLock { pool in
            if connection.generation == pool.generation { pool.connections.append(connection) }
        }
    }

    /// Checks the path's identity (at most once per interval, or at once when `due`) and acts on a change.
    /// - Parameter due: Whether to look now: the data-version probe found another file at the path,
    ///   so the pages read from now on come from the file their version describes.
    func noticeFileChanges(due: Bool = false) {
        switch watch.check(due: due) {
        case .none:
            break
        case .replaced:
            drain()
            log("the database \(path) was replaced by a new file: connections to the old one are closed")
        case .missing:
            log("the database \(path) is missing: open connections keep serving it, new ones cannot be opened")
        case .restored:
            log("the database \(path) is back")
        }
    }

    /// Closes every idle connection and retires the ones lent out; the next
    /// request opens a new one.
    func drain() {
        let closing = idle.withLock { pool in
            let all = pool.connections
            pool.connections.removeAll()
            pool.generation += 1
            return all
        }
        _ = closing
    }

    /// Runs `body` on a pooled connection within what is left of the query
    /// time limit counted from `startedAt` (now when nil): a wait on a lock
    /// ends, and a running statement is interrupted, when it runs out
    /// (found by QA: with a lock held, requests queued for a worker each
    /// waited a whole limit after their turn came, up to 26 s in all).
    /// - Parameters:
    ///   - queryTimeLimit: Seconds the whole request may wait on the data.
    ///   - startedAt: When the request arrived.
    ///   - waiting: Whether to wait on a lock at all.
    ///   - workLimit: Thousands of SQLite virtual-machine instructions `body` may run
    ///     (``SQLiteConnection/withWorkLimit(_:_:)``); nil for no bound but the time.
    /// - Throws: `ListStoreError` `.timedOut` at once when nothing is left, or what `body` throws.
    func withConnection<T>(
        timeLimit queryTimeLimit: Double, from startedAt: ContinuousClock.Instant?, waiting: Bool = true,
        workLimit: Int? = nil, _ body: (SQLiteConnection) throws(ListStoreError) -> T
    ) throws(ListStoreError) -> T {
        let seconds = queryTimeLimit - (startedAt.map { (ContinuousClock.now - $0).seconds } ?? 0)
        guard seconds > 0 else {
            throw ListStoreError(
                kind: .timedOut,
                message: "the request waited its whole time limit (\(queryTimeLimit) s) before its query could start")
        }
        let lockWait = waiting ? Int32(max(1, min(seconds * 1000, Double(Int32.max)))) : 0
        return try withConnection { connection throws(ListStoreError) -> T in
            try connection.withBusyTimeout(lockWait) { () throws(ListStoreError) -> T in
                try connection.withTimeLimit(seconds) { () throws(ListStoreError) -> T in
                    try connection.useSmallPageCache()
                    return try connection.withWorkLimit(workLimit) { () throws(ListStoreError) -> T in try body(connection) }
                }
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
