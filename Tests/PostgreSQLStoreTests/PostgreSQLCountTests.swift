import Foundation
import Testing

@testable import ListStore
@testable import PostgreSQLStore

/// Counts over PostgreSQL (issue 47): the rows a page's search and filters keep, by the
/// page's own `WHERE`, checked against psql's count; past the deadline a lower bound.
@Suite(.enabled(if: TestCluster.isAvailable, "needs scripts/with-postgresql"))
struct PostgreSQLCountTests {
    static let setUp = """
        CREATE TABLE items (id integer PRIMARY KEY, name text, size integer);
        INSERT INTO items SELECT i, 'item ' || i || CASE WHEN i % 3 = 0 THEN ' red' ELSE ' blue' END, i % 10
            FROM generate_series(1, 12000) AS i;
        CREATE FUNCTION slow_after(i integer, n integer) RETURNS boolean LANGUAGE plpgsql AS
            $$ BEGIN IF i > n THEN PERFORM pg_sleep(0.01); END IF; RETURN true; END $$;
        CREATE VIEW slow AS SELECT i FROM generate_series(1, 1000000) AS i WHERE slow_after(i, 10001);
        """

    @Test func countsFiltersAndSearchAsThePagesDo() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, database in
            let source = PostgreSQLSource(conninfo: conninfo)
            let items = try #require(try source.tables().get().first { $0.name == "items" })
            let deadline = ContinuousClock.now + .seconds(20)
            let size = RowFilter(column: "size", operation: .exact, value: "3")
            for (query, sql) in [
                (RowPageQuery(table: items), "SELECT count(*) FROM items"),
                (RowPageQuery(table: items, filters: [size]), "SELECT count(*) FROM items WHERE size = 3"),
                (RowPageQuery(table: items, search: "red"), "SELECT count(*) FROM items WHERE name LIKE '%red%'"),
                (RowPageQuery(table: items, search: "red", filters: [size]), "SELECT count(*) FROM items WHERE name LIKE '%red%' AND size = 3"),
            ] {
                let expected = try #require(Int(try TestCluster.run(sql, database: database)))
                let counted = try source.count(query, until: deadline).get()
                #expect(counted == RowCount(expected), "\(sql)")
            }
        }
    }

    /// A count that reads its first 10,001 rows at once and then one row each 10 ms is
    /// "more than 10,000" at a deadline 2 s away: deterministic, whatever the machine.
    @Test func aCountPastItsDeadlineIsALowerBound() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, _ in
            let source = PostgreSQLSource(conninfo: conninfo)
            let slow = try #require(try source.tables().get().first { $0.name == "slow" })
            let limit = try Self.statementTimeout(source)
            let started = ContinuousClock.now
            let counted = try source.count(RowPageQuery(table: slow), until: started + .seconds(2)).get()
            #expect(counted == RowCount(RowCount.bound, isLowerBound: true))
            #expect(ContinuousClock.now - started < .seconds(4), "the count ends at its deadline")
            // Ended by the server's own statement_timeout: the one connection is kept, its limit set back.
            #expect(source.pool.openCount == 1)
            #expect(try Self.statementTimeout(source) == limit)
            #expect(source.pool.openCount == 1)
        }
    }

    /// A count with a moment left and no idle connection opens none: it is simply not counted,
    /// and the server is not taken for unreachable (found by the data tests: a count at 0.2 of a
    /// page's time, after the backends were terminated, paused every request for half a second).
    @Test func aCountWithAMomentLeftOpensNoConnection() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, _ in
            let source = PostgreSQLSource(conninfo: conninfo)
            let slow = try #require(try source.tables().get().first { $0.name == "slow" })
            source.pool.closeIdle()
            #expect(source.pool.openCount == 0)
            let counted = try source.count(RowPageQuery(table: slow), until: .now + .milliseconds(1)).get()
            #expect(counted == nil)
            #expect(!source.pool.isPaused && source.pool.openCount == 0)
            // A request with time opens one as ever.
            #expect(try Self.statementTimeout(source) != nil)
            #expect(source.pool.openCount == 1)
        }
    }

    /// The session's `statement_timeout` on the pool's connection, as the server shows it.
    static func statementTimeout(_ source: PostgreSQLSource) throws -> SQLValue? {
        try source.withConnection(until: .now + .seconds(2)) { connection throws(ListStoreError) in
            try connection.query("SHOW statement_timeout", [], deadline: .now + .seconds(2)).rows.first?.first
        }
    }
}
