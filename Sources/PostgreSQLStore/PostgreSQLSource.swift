import CLibPQ
import CLibPQLoader
import Foundation
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
/// query that has not answered is cancelled (`PQcancel`); a server that does
/// not answer the cancel either is taken for gone (``PostgreSQLPool``: no
/// connection is tried for a moment), so a network that stops answering holds
/// no thread past its request's limit.
public final class PostgreSQLSource: ListSource {
    /// The server and database, without the password (`postgresql://user@host:port/db`).
    public let name: String
    /// The most a query may take, in seconds, waiting on locks and connections included.
    public let queryTimeLimit: Double
    /// The schemas served; nil for the ones on the user's `search_path`.
    public let schemas: [String]?
    let pool: PostgreSQLPool
    private let conninfo: String
    private let log: @Sendable (String) -> Void
    private let probe = BlockingLock<VersionProbe>(VersionProbe())

    /// The connection the data version is read on, and its last reading.
    private struct VersionProbe {
        var connection: PostgreSQLConnection?
        var version: DataVersion?
        var probed: ContinuousClock.Instant?
    }

    /// The longest a kept answer may be served after another program commits,
    /// in seconds: the data version is read at most this often (``dataVersion()``).
    public static let versionMaximumAge = 1.0
    /// The `application_name` of the version probe's own connection (beside the pool's
    /// `liststate` ones in `pg_stat_activity`), unless the connection string names one.
    static let probeApplicationName = "liststate-version"
    /// The longest an attempt (``ListStore/RowPageQuery/attemptWork``) runs, in seconds.
    public static let attemptTimeLimit = 0.05

    /// Makes a source; nothing is connected until the first query.
    /// - Parameters:
    ///   - conninfo: A libpq connection string: a `postgresql://` URI or `key=value` pairs
    ///     (libpq-connect.html §34.1.1). A password in it is never logged or shown.
    ///   - schemas: The schemas to serve; nil for `search_path`'s.
    ///   - poolSize: The most connections open at once for queries, for the whole process
    ///     (one more reads the data version, ``dataVersion()``).
    ///   - queryTimeLimit: Seconds a query may take (the server's `statement_timeout` too).
    ///   - log: Receives one line for each table that cannot be served (every time the schema is read).
    public init(
        conninfo: String, schemas: [String]? = nil, poolSize: Int = 4, queryTimeLimit: Double = 2,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.log = log
        self.name = Self.displayName(of: conninfo)
        self.schemas = schemas
        self.queryTimeLimit = queryTimeLimit
        self.conninfo = conninfo
        pool = PostgreSQLPool(conninfo: conninfo, size: poolSize, statementTimeout: queryTimeLimit)
    }

    /// Checks `conninfo` without connecting: nil when libpq reads it, else its
    /// message without the parts of `conninfo` it quotes (they may hold the
    /// password: found by QA). libpq is loaded here, first (``libraryProblem``).
    public static func problem(with conninfo: String) -> String? {
        if let problem = libraryProblem { return problem }
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &message) else {
            defer { if let message { PQfreemem(message) } }
            let text = message.map { String(cString: $0) } ?? "it cannot be read"
            return withoutQuotedParts(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        PQconninfoFree(options)
        return nil
    }

    /// Why libpq cannot be used, nil when it is loaded: it is loaded when a PostgreSQL
    /// database is first named (CLibPQLoader), so a server of SQLite files maps none
    /// of it, and a machine without it refuses the database by name at start.
    public static var libraryProblem: String? {
        var message = [CChar](repeating: 0, count: 512)
        guard liststate_libpq_load(&message, message.count) != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `message` without the `: "…"` parts after which libpq quotes the connection string's text.
    static func withoutQuotedParts(_ message: String) -> String {
        var kept = message
        while let open = kept.range(of: ": \""),
            let close = kept[open.upperBound...].firstIndex(of: "\"")
        {
            kept.removeSubrange(open.lowerBound...close)
        }
        return kept
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
        until deadline: ContinuousClock.Instant, waiting: Bool = true, yielding: Bool = false,
        _ body: (PostgreSQLConnection) throws(ListStoreError) -> T
    ) throws(ListStoreError) -> T {
        try pool.withConnection(until: deadline, waiting: waiting, yielding: yielding, body)
    }

    func deadline(from startedAt: ContinuousClock.Instant?, limit: Double? = nil) -> ContinuousClock.Instant {
        (startedAt ?? .now) + .milliseconds(Int((limit ?? queryTimeLimit) * 1000))
    }

    public func tables() -> Result<[TableDescription], ListStoreError> {
        Result { () throws(ListStoreError) -> [TableDescription] in
            let deadline = deadline(from: nil)
            return try pool.withConnection(until: deadline) { connection throws(ListStoreError) in
                try PostgreSQLSchema.tables(connection, schemas: schemas, deadline: deadline) { name, reason in
                    log("\(self.name): “\(name)” is not served: \(reason)")
                }
            }
        }
    }

    /// Without `waiting`, a look while serving: no wait for a connection, and at most
    /// ``versionMaximumAge`` seconds for the answer (a server that stops answering costs
    /// the request that looks no more).
    public func schemaVersion(waiting: Bool) -> Result<Int, ListStoreError> {
        Result { () throws(ListStoreError) -> Int in
            let deadline = deadline(from: nil, limit: waiting ? nil : min(queryTimeLimit, Self.versionMaximumAge))
            return try pool.withConnection(until: deadline, waiting: waiting) { connection throws(ListStoreError) in
                try PostgreSQLSchema.version(connection, schemas: schemas, deadline: deadline)
            }
        }
    }

    /// The server's write-ahead log position (`pg_current_wal_lsn()`, or the
    /// replayed position on a standby), read at most once every
    /// ``versionMaximumAge`` seconds: every commit anywhere on the server moves
    /// it, so an answer kept under it is at most that old when another program
    /// or instance writes (docs/postgresql.md, "Kept answers"). It is read on a
    /// connection of its own, outside the pool, so a busy pool never leaves the
    /// cache without a version; requests meanwhile wait for the read under way.
    /// After a failed read no version is given for a second (nothing is kept or served from the cache).
    public func dataVersion() -> Result<DataVersion?, ListStoreError> {
        probe.withLock { probe in
            let now = ContinuousClock.now
            if let probed = probe.probed, now - probed < .milliseconds(Int(Self.versionMaximumAge * 1000)) {
                return .success(probe.version)
            }
            let deadline = now + .milliseconds(Int(min(queryTimeLimit, Self.versionMaximumAge) * 1000))
            do throws(ListStoreError) {
                if pool.isPaused {
                    throw ListStoreError(kind: .cannotOpen, message: "the server could not be reached a moment ago")
                }
                if probe.connection?.isBroken != false {
                    probe.connection = try PostgreSQLConnection(
                        conninfo: conninfo, statementTimeout: queryTimeLimit, deadline: deadline,
                        applicationName: Self.probeApplicationName)
                }
                let rows = try probe.connection!.query(
                    "SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text",
                    [], deadline: deadline)
                var version: DataVersion?
                if case .text(let lsn)? = rows.rows.first?.first {
                    let parts = lsn.split(separator: "/").compactMap { UInt64($0, radix: 16) }
                    if parts.count == 2 {
                        version = DataVersion(identity: nil, epoch: 0, dataVersion: Int64(bitPattern: parts[0] << 32 | parts[1]))
                    }
                }
                (probe.version, probe.probed) = (version, now)
                return .success(version)
            } catch {
                if probe.connection?.isBroken == true { probe.connection = nil }
                // From its end: a read that took its whole time is not made again at once (found by QA).
                (probe.version, probe.probed) = (nil, ContinuousClock.now)
                return .failure(error)
            }
        }
    }
}
