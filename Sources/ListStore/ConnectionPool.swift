/// Read-only connections to one database file, lent to one request at a time.
///
/// Connections are opened on demand and kept for reuse; after a fault that may
/// have left them broken (corrupt, I/O error) the pool is emptied, so the next
/// request opens fresh ones.
final class ConnectionPool: Sendable {
    /// The database file.
    let path: String
    /// How long a statement waits on a lock, in milliseconds.
    let busyTimeout: Int32
    private let idle = BlockingLock<[UncheckedConnection]>([])

    /// A connection moved between threads through the pool; only one thread uses it at a time.
    private struct UncheckedConnection: @unchecked Sendable {
        let connection: SQLiteConnection
    }

    init(path: String, busyTimeout: Int32) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Runs `body` with a connection, returning it to the pool afterwards unless
    /// the error says the file is damaged (then every idle connection is closed too).
    /// - Throws: `ListStoreError` from opening or from `body`.
    func withConnection<T>(_ body: (SQLiteConnection) throws(ListStoreError) -> T) throws(ListStoreError) -> T {
        let borrowed = idle.withLock { $0.popLast() }
        let connection: SQLiteConnection
        if let borrowed {
            connection = borrowed.connection
        } else {
            connection = try SQLiteConnection(path: path, readOnly: true, busyTimeout: busyTimeout)
        }
        do {
            let result = try body(connection)
            let kept = UncheckedConnection(connection: connection)
            idle.withLock { $0.append(kept) }
            return result
        } catch {
            if error.kind == .corrupt || error.kind == .cannotOpen || error.kind == .wrongSchema {
                drain()
            } else {
                let kept = UncheckedConnection(connection: connection)
                idle.withLock { $0.append(kept) }
            }
            throw error
        }
    }

    /// Closes every idle connection; the next request opens a new one.
    func drain() {
        let closing = idle.withLock { pool in
            let all = pool
            pool.removeAll()
            return all
        }
        _ = closing
    }
}
