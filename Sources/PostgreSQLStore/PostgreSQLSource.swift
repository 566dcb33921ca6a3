import CLibPQ
import ListStore

/// A PostgreSQL database as the source of lists: each table and view of the
/// served schemas is one list (``PostgreSQLSchema``), read page by page with
/// the same keyset SQL as a SQLite file's, in PostgreSQL's dialect
/// (``ListStore/SQLDialect/postgreSQL``), so every list, sort and filter gives
/// the same rows in the same order as the same data in SQLite.
///
/// Transactions are read-only (`default_transaction_read_only`); nothing is
/// ever written. Every query is bounded by the query time limit twice over: the
/// server's `statement_timeout`, and the client's own deadline, at which a
/// query that has not answered is cancelled (`PQcancel`) and its connection
/// given up (a network that stops answering holds no thread).
public final class PostgreSQLSource: ListSource {
    /// The server and database, without the password (`postgresql://user@host:port/db`).
    public let name: String
    /// The most a query may take, in seconds, waiting on locks and connections included.
    public let queryTimeLimit: Double
    /// The schemas served; nil for the ones on the user's `search_path`.
    public let schemas: [String]?
    private let pool: PostgreSQLPool
    private let version = BlockingLock<(version: DataVersion?, probed: ContinuousClock.Instant?)>((nil, nil))

    /// The longest a kept answer may be served after another program commits,
    /// in seconds: the data version is read at most this often (``dataVersion()``).
    public static let versionMaximumAge = 1.0
    /// The longest an attempt (``ListStore/RowPageQuery/attemptWork``) runs, in seconds.
    public static let attemptTimeLimit = 0.05

    /// Makes a source; nothing is connected until the first query.
    /// - Parameters:
    ///   - conninfo: A libpq connection string: a `postgresql://` URI or `key=value` pairs
    ///     (libpq-connect.html §34.1.1). A password in it is never logged or shown.
    ///   - schemas: The schemas to serve; nil for `search_path`'s.
    ///   - poolSize: The most connections open at once, for the whole process.
    ///   - queryTimeLimit: Seconds a query may take (the server's `statement_timeout` too).
    public init(conninfo: String, schemas: [String]? = nil, poolSize: Int = 4, queryTimeLimit: Double = 2) {
        self.name = Self.displayName(of: conninfo)
        self.schemas = schemas
        self.queryTimeLimit = queryTimeLimit
        pool = PostgreSQLPool(conninfo: conninfo, size: poolSize, statementTimeout: queryTimeLimit)
    }

    /// Checks `conninfo` without connecting: nil when libpq reads it, else its message.
    public static func problem(with conninfo: String) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &message) else {
            defer { if let message { PQfreemem(message) } }
            let text = message.map { String(cString: $0) } ?? "it cannot be read"
            return text.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        PQconninfoFree(options)
        return nil
    }

    /// `conninfo` as `postgresql://user@host:port/dbname`, without its password and
    /// other options; the libpq defaults fill what it does not say.
    public static func displayName(of conninfo: String) -> String {
        guard let options = PQconninfoParse(conninfo, nil) else { return "postgresql://(unreadable connection string)" }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let user = values["user"].map { $0 + "@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? ""
        let port = values["port"].map { ":" + $0 } ?? ""
        return "postgresql://\(user)\(host.hasPrefix("/") ? "[\(host)]" : host)\(port)/\(values["dbname"] ?? "")"
    }

    /// The number of connections open now (for tests: never more than the pool's size).
    public var openConnections: Int { pool.openCount }

    /// Runs `body` on a pooled connection until `deadline` (``PostgreSQLPool``).
    func withConnection<T>(
        until deadline: ContinuousClock.Instant, waiting: Bool = true,
        _ body: (PostgreSQLConnection) throws(ListStoreError) -> T
    ) throws(ListStoreError) -> T {
        try pool.withConnection(until: deadline, waiting: waiting, body)
    }

    func deadline(from startedAt: ContinuousClock.Instant?, limit: Double? = nil) -> ContinuousClock.Instant {
        (startedAt ?? .now) + .milliseconds(Int((limit ?? queryTimeLimit) * 1000))
    }

    public func tables() -> Result<[TableDescription], ListStoreError> {
        Result { () throws(ListStoreError) -> [TableDescription] in
            let deadline = deadline(from: nil)
            return try pool.withConnection(until: deadline) { connection throws(ListStoreError) in
                try PostgreSQLSchema.tables(connection, schemas: schemas, deadline: deadline) { _, _ in }
            }
        }
    }

    public func schemaVersion(waiting: Bool) -> Result<Int, ListStoreError> {
        Result { () throws(ListStoreError) -> Int in
            let deadline = deadline(from: nil)
            return try pool.withConnection(until: deadline, waiting: waiting) { connection throws(ListStoreError) in
                try PostgreSQLSchema.version(connection, schemas: schemas, deadline: deadline)
            }
        }
    }

    /// The server's write-ahead log position (`pg_current_wal_lsn()`, or the
    /// replayed position on a standby), read at most once every
    /// ``versionMaximumAge`` seconds: every commit anywhere on the server moves
    /// it, so an answer kept under it is at most that old when another program
    /// or instance writes (docs/postgresql.md, "Kept answers").
    public func dataVersion() -> Result<DataVersion?, ListStoreError> {
        let now = ContinuousClock.now
        let fresh = version.withLock { state -> DataVersion?? in
            guard let probed = state.probed, now - probed < .milliseconds(Int(Self.versionMaximumAge * 1000)) else { return nil }
            return .some(state.version)
        }
        if let fresh { return .success(fresh) }
        let read = Result { () throws(ListStoreError) -> DataVersion? in
            let deadline = deadline(from: nil)
            return try pool.withConnection(until: deadline, waiting: false) { connection throws(ListStoreError) in
                let rows = try connection.query(
                    "SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text",
                    [], deadline: deadline)
                guard case .text(let lsn)? = rows.rows.first?.first else { return nil }
                let parts = lsn.split(separator: "/").compactMap { UInt64($0, radix: 16) }
                guard parts.count == 2 else { return nil }
                return DataVersion(identity: nil, epoch: 0, dataVersion: Int64(bitPattern: parts[0] << 32 | parts[1]))
            }
        }
        version.withLock { state in
            state = (try? read.get() ?? nil, now)
        }
        return read
    }
}
