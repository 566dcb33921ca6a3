import CSQLite
import Foundation

/// One SQLite connection (`sqlite3 *`), used by one thread at a time.
///
/// Not `Sendable`: a `ConnectionPool` hands each connection to one request at a
/// time. Statements are prepared once with `SQLITE_PREPARE_PERSISTENT` and
/// cached by their SQL text. See https://www.sqlite.org/c3ref/sqlite3.html
package final class SQLiteConnection {
    /// The C handle; closed in `deinit`.
    let handle: OpaquePointer
    /// Prepared statements by SQL text, at most ``statementLimit``.
    private var statements: [String: SQLiteStatement] = [:]
    /// The most prepared statements a connection keeps. A list's queries have a
    /// few shapes (sort, range, filters, search: values are bound), but filters
    /// combine freely, so a client cycling through them must not grow every pooled
    /// connection without bound: past the limit the kept ones are dropped (a
    /// statement still in use lives on until its user lets it go).
    static let statementLimit = 64
    /// How many statements are kept now (for tests).
    var keptStatements: Int { statements.count }
    /// The instant (monotonic nanoseconds) past which the running query is
    /// interrupted by the progress handler; `UInt64.max` for none.
    fileprivate var deadline: UInt64 = .max
    /// Whether the current query was interrupted by the progress handler.
    fileprivate var didTimeOut = false
    /// Calls of the progress handler (one per 1,000 virtual-machine instructions)
    /// since ``withWorkLimit(_:_:)`` began, and how many it allows.
    fileprivate var progressCalls = 0
    fileprivate var progressLimit = Int.max
    /// The file this connection has open, when known (set by `ConnectionPool`
    /// from the path's identity just before and after opening, when both agree).
    package var fileIdentity: FileIdentity?

    /// Opens a database.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - readOnly: Opens with `SQLITE_OPEN_READONLY` (the server never writes);
    ///     otherwise read-write and created when missing.
    ///   - busyTimeout: How long a statement waits on a lock, in milliseconds.
    /// - Throws: `ListStoreError` of kind `.cannotOpen`.
    package init(path: String, readOnly: Bool, busyTimeout: Int32 = 2000) throws(ListStoreError) {
        var handle: OpaquePointer?
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw ListStoreError(kind: .cannotOpen, resultCode: code, message: "\(message): \(path)")
        }
        self.handle = handle
        self.busyTimeout = busyTimeout
        sqlite3_extended_result_codes(handle, 1)
        // Found by QA: a column renamed while serving was read as the text of its old name
        // (SQLite takes a double-quoted name it cannot find for a string) until the schema
        // was re-read; now such a statement fails, and the lists are re-read at once.
        liststate_sqlite_disable_quoted_strings(handle)
        sqlite3_busy_timeout(handle, busyTimeout)
        sqlite3_progress_handler(
            handle, 1000,
            { context in
                guard let context else { return 0 }
                let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
                connection.progressCalls &+= 1
                if connection.progressCalls > connection.progressLimit {
                    connection.didTimeOut = true
                    return 1
                }
                guard connection.deadline != .max, monotonicNanoseconds() > connection.deadline else { return 0 }
                connection.didTimeOut = true
                return 1
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// How long a statement waits on a lock, in milliseconds.
    let busyTimeout: Int32
    private var hasSmallPageCache = false

    /// Pins this connection's memory, once: a 256 KiB page cache (SQLite's default
    /// is 2 MiB) and no memory-mapped I/O (`mmap_size = 0`, whatever the library
    /// was built with). Why: every worker thread may hold a connection to every
    /// database, so per-connection memory multiplies (2 databases × 8 workers);
    /// a keyset page reads a handful of pages (the index's path from its root and
    /// two or three leaves), the operating system caches the file for all
    /// connections anyway, and pages read through a mapping of a 10-million-row
    /// file would count in the server's resident memory (BENCHMARKS.md, "Scaling").
    /// The pragmas read the schema, so they wait on a lock like a query: call
    /// this inside the caller's busy timeout and time limit, never at the open
    /// (found in review: at the open it made the non-waiting probe wait a whole timeout).
    func useSmallPageCache() throws(ListStoreError) {
        guard !hasSmallPageCache else { return }
        try execute("PRAGMA cache_size = -\(Self.pageCacheKiB); PRAGMA mmap_size = 0")
        hasSmallPageCache = true
    }

    /// The page cache of a pooled connection, in KiB (``useSmallPageCache()``).
    static let pageCacheKiB = 256

    /// Runs `body` with statements that wait on a lock at most `milliseconds`
    /// (0: a lock held by a writer fails them as `.busy` at once), then waits
    /// again as set at the open.
    func withBusyTimeout<T>(_ milliseconds: Int32, _ body: () throws(ListStoreError) -> T) throws(ListStoreError) -> T {
        sqlite3_busy_timeout(handle, max(0, min(milliseconds, busyTimeout)))
        defer { sqlite3_busy_timeout(handle, busyTimeout) }
        return try body()
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (several statements may be separated by `;`).
    /// - Throws: `ListStoreError`.
    package func execute(_ sql: String) throws(ListStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw error(code: code, message: text, sql: sql)
        }
    }

    /// The cached prepared statement for `sql`, reset and with its bindings cleared.
    /// - Throws: `ListStoreError` when the SQL does not compile.
    package func statement(_ sql: String) throws(ListStoreError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let pointer else {
            throw error(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
        let statement = SQLiteStatement(handle: pointer, connection: self, sql: sql)
        if statements.count >= Self.statementLimit { statements.removeAll(keepingCapacity: true) }
        statements[sql] = statement
        return statement
    }

    /// Runs `body` with a deadline `limit` seconds from now: a statement still
    /// running then is interrupted and fails with `.timedOut`.
    func withTimeLimit<T, E: Error>(_ limit: Double?, _ body: () throws(E) -> T) throws(E) -> T {
        if let limit { deadline = monotonicNanoseconds() &+ UInt64(max(0, limit) * 1e9) }
        didTimeOut = false
        defer { deadline = .max }
        return try body()
    }

    /// Runs `body` allowing its statements about `thousands` × 1,000 SQLite
    /// virtual-machine instructions in all (nil: no bound); past that a statement
    /// is interrupted and fails as `.timedOut`. Unlike a time limit it measures
    /// the query's own work, so a thread preempted under load does not exceed it.
    func withWorkLimit<T, E: Error>(_ thousands: Int?, _ body: () throws(E) -> T) throws(E) -> T {
        progressCalls = 0
        progressLimit = thousands ?? .max
        defer { progressLimit = .max }
        return try body()
    }

    /// The error for a failed call, classified by its primary result code.
    func error(code: Int32, message: String, sql: String?) -> ListStoreError {
        let primary = code & 0xFF
        let kind: ListStoreError.Kind
        switch primary {
        case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
        case SQLITE_INTERRUPT where didTimeOut: kind = .timedOut
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR: kind = .corrupt
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: kind = .cannotOpen
        // A read-only connection that must write to read (a crashed writer's hot journal to
        // roll back, a WAL index it may not create): unreadable until a writer repairs it.
        case SQLITE_READONLY: kind = .cannotOpen
        case SQLITE_ERROR where message.hasPrefix("no such table") || message.hasPrefix("no such column"):
            kind = .schemaChanged
        // A kept statement SQLite could not prepare again after the schema changed (its table
        // dropped between two commits of a migration: found by a break-it pass, a 500).
        case SQLITE_SCHEMA: kind = .schemaChanged
        case SQLITE_FULL: kind = .noSpace
        default: kind = .other
        }
        return ListStoreError(
            kind: kind, resultCode: primary, message: message, sql: sql,
            isStatementFailure: kind == .other && [SQLITE_ERROR, SQLITE_TOOBIG, SQLITE_MISMATCH, SQLITE_RANGE].contains(primary))
    }
}

/// Nanoseconds on the monotonic clock (CLOCK_MONOTONIC).
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
