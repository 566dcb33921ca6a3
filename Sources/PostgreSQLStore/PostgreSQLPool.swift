import Foundation
import ListStore

/// At most ``size`` connections to one PostgreSQL server, shared by every
/// thread of the process (not one pool per worker): a request takes an idle
/// one, opens one while fewer than ``size`` are open, else waits for one until
/// its deadline (then `.busy`, a 503). A request that yields (a CSV export's
/// piece) takes one only while no other request waits, within its own deadline.
///
/// A connection found broken (the server restarted, the backend was
/// terminated, a query was abandoned at its deadline) is closed, and so is
/// every idle one, which were likely cut by the same cause; a query that failed
/// on a connection taken idle from the pool is tried once more on a new one,
/// so a restart of the server costs no request its answer once it is back.
/// After a connection attempt fails, or a server says nothing even to a cancel,
/// no connection is made for ``reconnectPause``: requests wait for one of the
/// connections open to come back, and fail at once when none is.
final class PostgreSQLPool: @unchecked Sendable {
    /// The libpq connection string.
    let conninfo: String
    /// The most connections open at once.
    let size: Int
    /// The server's `statement_timeout` for every statement, in seconds.
    let statementTimeout: Double
    private let condition = NSCondition()
    private var idle: [PostgreSQLConnection] = []
    private var open = 0
    private var generation = 0
    /// The requests waiting for a connection now: pages, and those that yield to them.
    private var waitingPages = 0
    private var waitingExports = 0
    /// Until when a new connection is not tried (``reconnectPause`` after one could not be made).
    private var unreachableUntil: ContinuousClock.Instant?

    /// How long after a failed connection attempt no other is made, in seconds: requests
    /// meanwhile fail at once instead of each waiting its time limit on a server that does
    /// not answer (found by QA: the index waited the limit once per list).
    static let reconnectPause = 0.5
    /// The least time left, in seconds, for which a request opens a new connection.
    static let minimumConnectSeconds = 0.25

    init(conninfo: String, size: Int, statementTimeout: Double) {
        self.conninfo = conninfo
        self.size = max(1, size)
        self.statementTimeout = statementTimeout
    }

    /// Whether no connection is made now (``reconnectPause`` after the server did not answer).
    var isPaused: Bool {
        condition.lock()
        defer { condition.unlock() }
        return unreachableUntil.map { ContinuousClock.now < $0 } ?? false
    }

    /// The number of connections open now (idle and lent).
    var openCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return open
    }

    /// The requests waiting for a connection now (for tests).
    var waiting: (pages: Int, exports: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (waitingPages, waitingExports)
    }

    /// Runs `body` with a connection until `deadline`.
    /// - Parameters:
    ///   - waiting: Whether to wait for a connection when all are in use (`false`: `.busy` at once).
    ///   - yielding: Whether to take one only while no other request waits for one (an export's piece).
    /// - Throws: `.busy` when none came free before the deadline, `.cannotOpen` when the server
    ///   cannot be reached, or what `body` throws.
    func withConnection<T>(
        until deadline: ContinuousClock.Instant, waiting: Bool = true, yielding: Bool = false,
        _ body: (PostgreSQLConnection) throws(ListStoreError) -> T
    ) throws(ListStoreError) -> T {
        var retried = false
        while true {
            let (connection, reused, epoch) = try take(until: deadline, waiting: waiting, yielding: yielding)
            do {
                let result = try body(connection)
                giveBack(connection, epoch: epoch)
                return result
            } catch {
                let broken = connection.isBroken
                giveBack(connection, epoch: epoch)
                if connection.isUnresponsive {
                    pause()
                } else if broken {
                    closeIdle()
                }
                // A connection kept idle may have been cut while it waited: once more on a fresh one.
                if broken, reused, !retried, error.kind == .cannotOpen, ContinuousClock.now < deadline {
                    retried = true
                    continue
                }
                throw error
            }
        }
    }

    /// An idle connection, or a new one; whether it was idle, and the generation it belongs to.
    /// A `yielding` request takes none while a page waits for one.
    private func take(
        until deadline: ContinuousClock.Instant, waiting: Bool, yielding: Bool
    ) throws(ListStoreError) -> (PostgreSQLConnection, reused: Bool, epoch: Int) {
        condition.lock()
        while true {
            let yieldsNow = yielding && waitingPages > 0
            if !yieldsNow, let connection = idle.popLast() {
                let epoch = generation
                condition.unlock()
                return (connection, true, epoch)
            }
            let now = ContinuousClock.now
            let paused = unreachableUntil.map { now < $0 } ?? false
            // Opening one takes round trips: a caller with less time left (a count within a share
            // of its page's time) opens none, so a connection it could not make in that moment is
            // never taken for a server that cannot be reached (which pauses every request).
            let mayOpen = deadline - now >= .milliseconds(Int(Self.minimumConnectSeconds * 1000))
            if open < size && !paused && !yieldsNow && mayOpen { break }
            // Paused with none open: nothing will come back to wait for.
            if paused && open == 0 || !waiting || now >= deadline {
                condition.unlock()
                throw paused
                    ? ListStoreError(kind: .cannotOpen, message: "the server could not be reached a moment ago")
                    : yieldsNow
                        ? ListStoreError(
                            kind: .overloaded,
                            message: "pages waited for the \(size) connections to the database all along (an export yields to them)")
                        : ListStoreError(kind: .overloaded, message: "all \(size) connections to the database are in use")
            }
            // A connection given back, the pause over, or no page waiting any more, whichever comes first.
            let until = paused ? min(deadline, unreachableUntil ?? deadline) : deadline
            if yielding { waitingExports += 1 } else { waitingPages += 1 }
            _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, (until - now).seconds)))
            if yielding {
                waitingExports -= 1
            } else {
                waitingPages -= 1
                if waitingPages == 0 && waitingExports > 0 { condition.broadcast() }
            }
        }
        let epoch = generation
        open += 1
        condition.unlock()
        do {
            let connection = try PostgreSQLConnection(conninfo: conninfo, statementTimeout: statementTimeout, deadline: deadline)
            condition.lock()
            unreachableUntil = nil
            condition.unlock()
            return (connection, false, epoch)
        } catch {
            condition.lock()
            open -= 1
            // The connections already open still work (too many connections, say): kept.
            if error.kind == .cannotOpen { unreachableUntil = .now + .milliseconds(Int(Self.reconnectPause * 1000)) }
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    /// Keeps `connection` for the next request, or closes it when it is broken or from before a ``closeIdle()``.
    private func giveBack(_ connection: PostgreSQLConnection, epoch: Int) {
        condition.lock()
        if connection.isBroken || epoch != generation {
            open -= 1
        } else {
            idle.append(connection)
        }
        // A waiting export may not take it while a page waits: then every waiter looks.
        if waitingExports > 0 { condition.broadcast() } else { condition.signal() }
        condition.unlock()
    }

    /// Makes no connection for ``reconnectPause`` (the server did not answer); the
    /// idle ones, which went silent with it, are closed.
    private func pause() {
        condition.lock()
        unreachableUntil = .now + .milliseconds(Int(Self.reconnectPause * 1000))
        condition.unlock()
        closeIdle()
    }

    /// Closes every idle connection; the ones lent out are closed when they come back.
    func closeIdle() {
        condition.lock()
        let closing = idle
        idle.removeAll()
        open -= closing.count
        generation += 1
        condition.broadcast()
        condition.unlock()
        _ = closing
    }
}
