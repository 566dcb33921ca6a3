import Testing

@testable import ListStore

/// What a pooled connection is given before its first query.
@Suite struct ConnectionPoolTests {
    /// Per-connection memory is pinned (`SQLiteConnection.useSmallPageCache`): a small page
    /// cache and no memory-mapped I/O, whatever SQLite's defaults were built as.
    @Test func aPooledConnectionHasASmallPageCacheAndNoMapping() throws {
        let path = try TestCatalogue.small([1, 2])
        let pool = ConnectionPool(path: path, busyTimeout: 1000)
        let (cacheSize, mmapSize) = try pool.withConnection(timeLimit: 2, from: nil) { connection throws(ListStoreError) in
            (try Self.pragma("cache_size", connection), try Self.pragma("mmap_size", connection))
        }
        #expect(cacheSize == -Int64(SQLiteConnection.pageCacheKiB), "negative: KiB, not pages")
        #expect(mmapSize == 0)
    }

    /// Found in review: every distinct statement (filters combine freely) was kept on every
    /// pooled connection for good; now at most `statementLimit` are.
    @Test func aConnectionKeepsABoundedNumberOfStatements() throws {
        let path = try TestCatalogue.small([1, 2])
        let connection = try SQLiteConnection(path: path, readOnly: true)
        for index in 0..<(SQLiteConnection.statementLimit * 3) {
            let statement = try connection.statement("SELECT \(index) FROM characters WHERE code_point > ?")
            try statement.bind(values: [.integer(0)])
            #expect(try statement.step())
            #expect(statement.int(0) == index)
            #expect(connection.keptStatements <= SQLiteConnection.statementLimit)
        }
    }

    /// An attempt's budget counts SQLite's own work (virtual-machine instructions), not time.
    @Test func aWorkLimitInterruptsALongQueryAsTimedOutAndEndsWithIt() throws {
        let path = try TestCatalogue.small([1, 2])
        let pool = ConnectionPool(path: path, busyTimeout: 1000)
        let count = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT count(*) FROM n"
        func run(workLimit: Int?) throws(ListStoreError) -> Int {
            try pool.withConnection(timeLimit: 10, from: nil, workLimit: workLimit) { connection throws(ListStoreError) in
                let statement = try connection.statement(count)
                defer { statement.reset() }
                _ = try statement.step()
                return statement.int(0)
            }
        }
        do {
            _ = try run(workLimit: 10)
            Issue.record("200,000 rows counted within 10,000 instructions")
        } catch {
            #expect(error.kind == .timedOut)
        }
        #expect(try run(workLimit: nil) == 200_000, "the limit ends with its attempt")
        #expect(try run(workLimit: 100_000) == 200_000, "a budget large enough is no limit")
    }

    static func pragma(_ name: String, _ connection: SQLiteConnection) throws(ListStoreError) -> Int64 {
        let statement = try connection.statement("PRAGMA \(name)")
        defer { statement.reset() }
        _ = try statement.step()
        return Int64(statement.int(0))
    }
}
