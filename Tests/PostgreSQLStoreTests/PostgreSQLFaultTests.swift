import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ListStore
@testable import PostgreSQLStore

/// The faults of a database server, each mapped to DESIGN's fault table and
/// bounded by the query time limit: nothing hangs, and the next request after
/// the fault is answered.
@Suite(.enabled(if: TestCluster.isAvailable, "needs scripts/with-postgresql"))
struct PostgreSQLFaultTests {
    static let setUp = """
        CREATE TABLE authors (id integer PRIMARY KEY, name text);
        INSERT INTO authors SELECT n, 'author ' || n FROM generate_series(1, 50) n;
        CREATE VIEW slow AS SELECT n AS id, pg_sleep(0.2) IS NULL AS slept FROM generate_series(1, 3) n;
        """

    static func table(_ source: PostgreSQLSource, _ name: String) throws -> TableDescription {
        try #require(try source.tables().get().first { $0.name == name })
    }

    @Test func aQueryPastTheTimeLimitIsTimedOutAtTheLimit() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, _ in
            let source = PostgreSQLSource(conninfo: conninfo, queryTimeLimit: 0.3)
            // The schema is read with time to spare: on a busy machine reading the catalogs
            // took over 0.3 s once (a parallel `make test`), which is not what this tests.
            let slow = try Self.table(PostgreSQLSource(conninfo: conninfo, queryTimeLimit: 10), "slow")
            let started = ContinuousClock.now
            let result = source.page(RowPageQuery(table: slow, limit: 5))
            let took = ContinuousClock.now - started
            guard case .failure(let error) = result else {
                Issue.record("a slow page answered: \(result)")
                return
            }
            #expect(error.kind == .timedOut)
            #expect(took < .seconds(1), "took \(took)")
            // The connection was given up or cancelled; the next query is answered.
            let authors = try Self.table(PostgreSQLSource(conninfo: conninfo, queryTimeLimit: 10), "authors")
            #expect(try source.page(RowPageQuery(table: authors, limit: 3)).get().rows.count == 3)
        }
    }

    @Test func aLockHeldByAnotherTransactionEndsAtTheLimitAndPassesWithIt() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, database in
            let source = PostgreSQLSource(conninfo: conninfo, queryTimeLimit: 0.5)
            let authors = try Self.table(source, "authors")
            let holder = try TestCluster.start(
                "BEGIN; LOCK TABLE authors IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(30); COMMIT", database: database)
            defer { holder.terminate() }
            for _ in 0..<100 {
                let held = try TestCluster.run(
                    "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                        + "WHERE c.relname = 'authors' AND l.mode = 'AccessExclusiveLock' AND l.granted", database: database)
                if held == "1" { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            let started = ContinuousClock.now
            let result = source.page(RowPageQuery(table: authors, limit: 3))
            #expect(ContinuousClock.now - started < .seconds(1.5))
            guard case .failure(let error) = result else {
                Issue.record("read through an exclusive lock")
                return
            }
            #expect(error.isTransient, "\(error)")
            try TestCluster.run(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'BEGIN; LOCK%'",
                database: database)
            holder.waitUntilExit()
            #expect(try source.page(RowPageQuery(table: authors, limit: 3)).get().rows.count == 3)
        }
    }

    @Test func aTerminatedBackendCostsNoAnswer() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, database in
            let source = PostgreSQLSource(conninfo: conninfo, poolSize: 2)
            let authors = try Self.table(source, "authors")
            #expect(try source.page(RowPageQuery(table: authors, limit: 3)).get().rows.count == 3)
            let killed = try TestCluster.run(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    + "WHERE datname = '\(database)' AND application_name = 'liststate'", database: database)
            #expect(killed != "0")
            Thread.sleep(forTimeInterval: 0.1)
            // The idle connection was cut: tried once more on a new one.
            #expect(try source.page(RowPageQuery(table: authors, limit: 3)).get().rows.count == 3)
        }
    }

    @Test func aServerThatIsNotThereIsCannotOpenAtOnce() throws {
        let folder = TemporaryFolder.make("no-server")
        let source = PostgreSQLSource(conninfo: "host=\(folder) user=postgres dbname=none", queryTimeLimit: 2)
        let started = ContinuousClock.now
        guard case .failure(let error) = source.tables() else {
            Issue.record("read tables without a server")
            return
        }
        #expect(error.kind == .cannotOpen)
        #expect(error.isTransient)
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    @Test func aServerThatStopsAnsweringHoldsNoThreadPastTheLimit() throws {
        // A socket that takes the connection and never says a word (a network gone silent).
        // Short: a socket's path holds at most 107 bytes.
        let folder = "/tmp/liststate-silent-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/.s.PGSQL.5432"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() where index < bytes.count - 1 { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(listener, 16) == 0)
        let source = PostgreSQLSource(conninfo: "host=\(folder) user=postgres dbname=none", queryTimeLimit: 0.4)
        let started = ContinuousClock.now
        guard case .failure(let error) = source.tables() else {
            Issue.record("a silent server answered")
            return
        }
        let took = ContinuousClock.now - started
        #expect(error.kind == .cannotOpen)
        #expect(took >= .seconds(0.35) && took < .seconds(1.5), "took \(took): \(error)")
    }

    @Test func thePoolIsNeverExceeded() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, _ in
            let source = PostgreSQLSource(conninfo: conninfo, poolSize: 2, queryTimeLimit: 5)
            let slow = try Self.table(source, "slow")
            let most = Atomic<Int>(0)
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                if case .failure = source.page(RowPageQuery(table: slow, limit: 1)) { failures.add(1, ordering: .relaxed) }
                _ = most.max(source.openConnections, ordering: .relaxed)
            }
            #expect(most.load(ordering: .relaxed) <= 2)
            #expect(failures.load(ordering: .relaxed) == 0)
            // With none free and no time to wait, a request is refused at once as busy.
            let short = PostgreSQLSource(conninfo: conninfo, poolSize: 1, queryTimeLimit: 0.3)
            let slowShort = try Self.table(short, "slow")
            let kinds = Mutex<[ListStoreError.Kind]>([])
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                if case .failure(let error) = short.page(RowPageQuery(table: slowShort, limit: 1)) {
                    kinds.withLock { $0.append(error.kind) }
                }
            }
            #expect(!kinds.withLock { $0 }.isEmpty)
            #expect(kinds.withLock { $0 }.allSatisfy { $0 == .overloaded || $0 == .timedOut })
        }
    }
}
