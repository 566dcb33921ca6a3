import CLibPQ
import Dispatch
import ListStore

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PostgreSQL server through libpq, used by one thread at
/// a time (``PostgreSQLPool`` lends it). Every call is bounded by a deadline:
/// connecting and querying are asynchronous libpq calls (`PQconnectStart`,
/// `PQsendQueryParams`) waited on with `poll(2)`, so a server that stops
/// answering never holds a thread past it (libpq-async.html).
///
/// Statements go through the extended protocol, one at a time, parameters as
/// text with their types left to the server to infer; each is prepared by name
/// once per connection (a new connection prepares its own), and run unnamed
/// where the server lost it (``query(_:_:deadline:simple:)``; libpq-exec.html).
final class PostgreSQLConnection {
    private let connection: OpaquePointer
    /// Whether the connection can no longer be trusted (lost, or a query was
    /// abandoned at its deadline): the pool closes it instead of keeping it.
    private(set) var isBroken = false
    /// Whether the server said nothing, not even to a cancel, when a query ran out of time:
    /// it, or the network to it, has stopped answering (``PostgreSQLPool`` then pauses).
    private(set) var isUnresponsive = false

    /// How long a live server takes at most to answer a cancel, in seconds: its
    /// own connection and a backend's signal, on a machine that may be busy
    /// (250 ms was too short with the tests running side by side).
    static let cancelGrace = 1.0
    /// The most statements a connection keeps prepared (then all are deallocated):
    /// filters and sorts combine freely, so the distinct statements are unbounded.
    static let maximumPrepared = 64

    /// The statements prepared on this connection, by their SQL.
    private var statements: [String: String] = [:]
    /// How many were prepared (their names are numbered).
    private var preparedCount = 0
    /// Whether statements are prepared by name (until the server loses one: a pooler).
    private var preparesStatements = true
    /// The session's own `statement_timeout`, in milliseconds (``serverBounded(until:_:)`` sets it back).
    private var sessionTimeoutMilliseconds = 0

    /// Connects with `conninfo` (a `postgresql://` URI or `key=value` pairs, libpq-connect.html §34.1.1)
    /// and sets the session up: UTC, ISO dates, shortest exact floats, read-only
    /// transactions, `statement_timeout` of `statementTimeout` seconds, and
    /// `application_name` `applicationName` unless the connection string gives one.
    /// - Throws: `ListStoreError` `.cannotOpen` when the server cannot be reached, refuses
    ///   the connection or does not answer before `deadline`.
    init(
        conninfo: String, statementTimeout: Double, deadline: ContinuousClock.Instant, applicationName: String = "liststate"
    ) throws(ListStoreError) {
        guard let started = PQconnectStart(conninfo) else {
            throw ListStoreError(kind: .cannotOpen, message: "libpq could not allocate a connection")
        }
        connection = started
        var polling = PGRES_POLLING_WRITING
        while true {
            if PQstatus(connection) == CONNECTION_BAD { polling = PGRES_POLLING_FAILED }
            switch polling {
            case PGRES_POLLING_OK:
                break
            case PGRES_POLLING_FAILED:
                // Every stored property is set: a throw from here on runs `deinit`, which closes it.
                throw ListStoreError(kind: .cannotOpen, message: Self.message(connection))
            default:
                let event = polling == PGRES_POLLING_READING ? Int16(POLLIN) : Int16(POLLOUT)
                guard Self.wait(for: event, on: PQsocket(connection), until: deadline) else {
                    throw ListStoreError(kind: .cannotOpen, message: "the server did not answer before the time limit")
                }
                polling = PQconnectPoll(connection)
                continue
            }
            break
        }
        let milliseconds = Int(max(1, min(statementTimeout * 1000, Double(Int32.max))))
        sessionTimeoutMilliseconds = milliseconds
        _ = try query(
            "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'iso_8601'; "
                + "SET extra_float_digits = 3; SET default_transaction_read_only = on; "
                + "SET statement_timeout = \(milliseconds); "
                // Named in pg_stat_activity unless the connection string names it.
                + "SELECT set_config('application_name', '\(applicationName)', false) WHERE current_setting('application_name') = ''",
            [], deadline: deadline, simple: true)
    }

    deinit {
        PQfinish(connection)
    }

    /// Runs `sql` (`?` for each of `values`, numbered `$1`, `$2`, … here) and returns its rows.
    ///
    /// A statement is prepared once per connection under a name of its own
    /// (``maximumPrepared`` at most) and executed by that name after: PostgreSQL then
    /// plans it once, not on every page (planning a keyset `WHERE` cost more than
    /// running it: pgbench, Benchmarks/postgresql.sh). A server that has lost the
    /// statement (SQLSTATE 26000: a pooler in transaction mode handing statements to
    /// other sessions) or whose cached plan no longer fits (a column's type changed:
    /// 0A000) gets it unnamed, and after a 26000 this connection prepares no more.
    /// - Parameters:
    ///   - simple: Send through the simple protocol (several statements, no parameters).
    /// - Throws: `ListStoreError` as ``PostgreSQLError`` maps the server's SQLSTATE;
    ///   `.timedOut` at `deadline`: the query is cancelled, and when the server does not
    ///   answer the cancel within ``cancelGrace`` the connection is given up (``isUnresponsive``).
    func query(
        _ sql: String, _ values: [SQLValue], deadline: ContinuousClock.Instant, simple: Bool = false
    ) throws(ListStoreError) -> PostgreSQLRows {
        if simple {
            return try result(of: sql, deadline: deadline) { PQsendQuery(connection, sql) }.orThrow()
        }
        let texts = values.map(Self.parameterText)
        if preparesStatements, let name = try preparedName(sql, deadline: deadline) {
            let prepared = try result(of: sql, deadline: deadline) {
                withCStrings(texts) { pointers in
                    PQsendQueryPrepared(connection, name, Int32(pointers.count), pointers, nil, nil, 0)
                }
            }
            switch prepared {
            case .success(let rows):
                return rows
            case .failure(let failure) where failure.state == "26000" || failure.state == "0A000":
                statements[sql] = nil
                if failure.state == "26000" { preparesStatements = false }
            case .failure(let failure):
                throw failure.error
            }
        }
        return try result(of: sql, deadline: deadline) {
            withCStrings(texts) { pointers in
                PQsendQueryParams(connection, Self.numberingParameters(sql), Int32(pointers.count), nil, pointers, nil, nil, 0)
            }
        }.orThrow()
    }

    /// `body`'s queries with the server's `statement_timeout` ending them at `deadline`, so a
    /// query that runs out of time fails on its own (SQLSTATE 57014, `.timedOut`) and the
    /// connection is kept: no cancel from another connection, none that could reach the next
    /// query. `body`'s own client deadline should be later (by ``cancelGrace``) as a backstop.
    /// - Throws: `.timedOut` at once when `deadline` has passed, or what `body` throws.
    func serverBounded<T>(until deadline: ContinuousClock.Instant, _ body: () throws(ListStoreError) -> T) throws(ListStoreError) -> T {
        let left = Int(((deadline - ContinuousClock.now).seconds * 1000).rounded(.down))
        guard left >= 1 else { throw ListStoreError(kind: .timedOut, message: "no time left for the statement") }
        let backstop = deadline + .milliseconds(Int(Self.cancelGrace * 1000))
        _ = try query("SET statement_timeout = \(min(left, sessionTimeoutMilliseconds))", [], deadline: backstop, simple: true)
        let result = Result(catching: body)
        do {
            _ = try query("SET statement_timeout = \(sessionTimeoutMilliseconds)", [], deadline: .now + .seconds(Self.cancelGrace), simple: true)
        } catch {
            // A connection whose session limit could not be set back is not lent again.
            isBroken = true
        }
        return try result.get()
    }

    /// The name `sql` is prepared under on this connection, preparing it first when it is
    /// new; nil when it cannot be prepared (it then runs unnamed).
    private func preparedName(_ sql: String, deadline: ContinuousClock.Instant) throws(ListStoreError) -> String? {
        if let name = statements[sql] { return name }
        if statements.count >= Self.maximumPrepared {
            _ = try result(of: "DEALLOCATE ALL", deadline: deadline) { PQsendQuery(connection, "DEALLOCATE ALL") }.orThrow()
            statements.removeAll()
        }
        preparedCount += 1
        let name = "liststate_\(preparedCount)"
        // Numbered only here: a statement already prepared runs by its name (the common case).
        let numbered = Self.numberingParameters(sql)
        switch try result(of: sql, deadline: deadline, { PQsendPrepare(connection, name, numbered, 0, nil) }) {
        case .success:
            statements[sql] = name
            return name
        case .failure(let failure):
            // A statement the server cannot prepare (a changed schema, say) fails the same way unnamed.
            if failure.state == "26000" || failure.state == "42P05" { preparesStatements = false }
            return nil
        }
    }

    /// A server's error with its SQLSTATE, which decides whether a prepared statement is tried again unnamed.
    struct Failure: Error {
        var state: String
        var error: ListStoreError
    }

    /// Sends with `send` and waits for the results until `deadline` (see ``query(_:_:deadline:simple:)``).
    /// - Returns: The rows, or the server's error with its SQLSTATE.
    /// - Throws: `ListStoreError` for what is not the server's answer: a lost connection, the time limit.
    private func result(
        of sql: String, deadline: ContinuousClock.Instant, _ send: () -> Int32
    ) throws(ListStoreError) -> Result<PostgreSQLRows, Failure> {
        var deadline = deadline
        guard send() == 1 else { throw lost(sql) }
        var cancelled = false
        while PQisBusy(connection) == 1 {
            if !Self.wait(for: Int16(POLLIN), on: PQsocket(connection), until: deadline) {
                guard !cancelled else {
                    // Not even the cancel was answered: the server or the network is gone.
                    isBroken = true
                    isUnresponsive = true
                    throw ListStoreError(kind: .timedOut, message: "the server stopped answering", sql: sql)
                }
                // A live server answers the cancel at once (SQLSTATE 57014, below).
                cancel()
                cancelled = true
                deadline = .now + .milliseconds(Int(Self.cancelGrace * 1000))
                continue
            }
            guard PQconsumeInput(connection) == 1 else { throw lost(sql) }
        }
        var rows: PostgreSQLRows?
        var failure: Failure?
        while let result = PQgetResult(connection) {
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK: rows = PostgreSQLRows(result)
            case PGRES_COMMAND_OK: break
            default:
                if failure == nil {
                    failure = Failure(state: PostgreSQLError.state(result), error: PostgreSQLError.error(result, sql: sql))
                }
            }
        }
        if PQstatus(connection) == CONNECTION_BAD { isBroken = true }
        if let failure {
            if failure.error.kind == .cannotOpen { isBroken = true }
            if isBroken { throw failure.error }
            return .failure(failure)
        }
        return .success(rows ?? PostgreSQLRows())
    }

    /// The error for a connection that stopped working mid-query: `.cannotOpen`, and the connection is broken.
    private func lost(_ sql: String) -> ListStoreError {
        isBroken = true
        return ListStoreError(kind: .cannotOpen, message: Self.message(connection), sql: sql)
    }

    /// Asks the server to cancel the running query, on another thread
    /// (`PQcancel` opens a connection of its own and may wait on a dead network).
    private func cancel() {
        guard let cancel = PQgetCancel(connection) else { return }
        let handle = UncheckedCancel(cancel: cancel)
        DispatchQueue.global().async {
            var buffer = [CChar](repeating: 0, count: 256)
            _ = PQcancel(handle.cancel, &buffer, Int32(buffer.count))
            PQfreeCancel(handle.cancel)
        }
    }

    private struct UncheckedCancel: @unchecked Sendable {
        let cancel: OpaquePointer
    }

    /// Waits until `socket` is ready for `event` or `deadline` passes; whether it is ready.
    private static func wait(for event: Int16, on socket: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        guard socket >= 0 else { return true }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let milliseconds = Int32(min(Double(Int32.max), (left.seconds * 1000).rounded(.up)))
            var descriptor = pollfd(fd: socket, events: event, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    /// libpq's message for the connection, on one line.
    static func message(_ connection: OpaquePointer) -> String {
        guard let text = PQerrorMessage(connection) else { return "unknown libpq error" }
        return String(cString: text).split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// `value` as PostgreSQL's text input reads it (nil for NULL): integers in
    /// decimal, reals as the shortest text that reads back as the same double
    /// (`Infinity`, `-Infinity`, `NaN` by name), blobs in `bytea`'s hex format.
    static func parameterText(_ value: SQLValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .real(let real):
            if real.isNaN { return "NaN" }
            if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
            return SQLValue.shortestText(real)
        case .text(let text): return text
        // PostgreSQL's text is always valid in its encoding: such bytes come from a cursor
        // someone wrote, and read as the text they show (the server refuses the bytes).
        case .textBytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .blob(let bytes):
            let digits = Array("0123456789abcdef".utf8)
            var hex: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
            hex.reserveCapacity(2 + bytes.count * 2)
            for byte in bytes {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0xF)])
            }
            return String(decoding: hex, as: UTF8.self)
        }
    }

    /// `sql` with each `?` outside quotes numbered `$1`, `$2`, … (PostgreSQL's parameter syntax).
    static func numberingParameters(_ sql: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(sql.utf8.count + 16)
        var quote: UInt8?
        var number = 0
        for byte in sql.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
                output.append(byte)
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                // A doubled quote inside closes and reopens: the same bytes either way.
                quote = byte
                output.append(byte)
            } else if byte == UInt8(ascii: "?") {
                number += 1
                output.append(UInt8(ascii: "$"))
                output.append(contentsOf: String(number).utf8)
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Runs `body` with C strings for `texts` (a null pointer for nil), alive for the call.
private func withCStrings<T>(_ texts: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let storage: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil }
    defer { for pointer in storage { free(pointer) } }
    return body(storage.map { $0.map { UnsafePointer($0) } })
}

extension Duration {
    /// The duration in seconds, fractions included.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Result where Success == PostgreSQLRows, Failure == PostgreSQLConnection.Failure {
    /// The rows, or the server's error as a `ListStoreError`.
    func orThrow() throws(ListStoreError) -> PostgreSQLRows {
        switch self {
        case .success(let rows): return rows
        case .failure(let failure): throw failure.error
        }
    }
}
