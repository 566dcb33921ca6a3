import Foundation
import Testing

@testable import ListCatalogue
@testable import ListStore

/// The catalogue's table read as any list is (`DatabaseSource`): key order,
/// its FTS5 search with the catalogue's rules, filters, and the faults of a
/// real file.
@Suite struct CatalogueTableTests {
    /// The `characters` table of the catalogue at `path`, and a source over it.
    static func open(_ path: String, queryTimeLimit: Double = 2) throws -> (DatabaseSource, TableDescription) {
        let source = DatabaseSource(path: path, queryTimeLimit: queryTimeLimit)
        let table = try #require(try source.tables().get().first { $0.name == "characters" })
        return (source, table)
    }

    /// The code points of a page's rows.
    static func codePoints(_ page: RowPage) -> [Int64] {
        page.rows.compactMap { if case .integer(let value) = $0[0] { value } else { nil } }
    }

    /// Every row of a walk in pages of `limit`, by keyset position.
    static func walk(_ source: DatabaseSource, _ table: TableDescription, limit: Int, search: String? = nil, filters: [RowFilter] = [])
        throws -> [Int64]
    {
        var after: RowPosition?
        var seen: [Int64] = []
        repeat {
            let page = try source.page(RowPageQuery(table: table, after: after, limit: limit, search: search, filters: filters)).get()
            seen += codePoints(page)
            after = page.hasMore ? page.lastPosition(in: table, sort: nil) : nil
        } while after != nil
        return seen
    }

    @Test func pagesAreContiguousInCodePointOrder() throws {
        let (source, table) = try Self.open(TestCatalogue.full.path)
        var after: RowPosition?
        var seen: [Int64] = []
        for _ in 0..<5 {
            let page = try source.page(RowPageQuery(table: table, after: after, limit: 20)).get()
            #expect(page.rows.count == 20 && page.hasMore)
            seen += Self.codePoints(page)
            after = page.lastPosition(in: table, sort: nil)
        }
        #expect(seen == CatalogueBuilder.records().prefix(100).map { Int64($0.codePoint) })
    }

    @Test func searchIsWordPrefix() throws {
        let (source, table) = try Self.open(TestCatalogue.full.path)
        func names(_ search: String) throws -> [String] {
            try source.page(RowPageQuery(table: table, limit: 100, search: search)).get().rows.map { $0[1].plainText ?? "" }
        }
        let snow = try names("snow")
        #expect(snow.contains("SNOWMAN"))
        #expect(snow.allSatisfy { $0.split(separator: " ").contains { $0.hasPrefix("SNOW") } })
        #expect(try names("grin face").contains("GRINNING FACE"))
        #expect(try names("hyphen minus").contains("HYPHEN-MINUS"))
        #expect(try names("zzqxj").isEmpty)
    }

    @Test(arguments: ["\"", "snow*", "-snow", "(snow", "NEAR(snow man)", "snow AND man", "snow OR", "'", "\"\"\"", "a\"b", "^snow", "snow:man"])
    func ftsSyntaxIsText(_ text: String) throws {
        let (source, table) = try Self.open(TestCatalogue.full.path)
        #expect(throws: Never.self) { try source.page(RowPageQuery(table: table, search: text)).get() }
    }

    @Test func searchAndFiltersPaginateWithKeysetPositions() throws {
        let (source, table) = try Self.open(TestCatalogue.full.path)
        let all = Self.codePoints(try source.page(RowPageQuery(table: table, limit: 100, search: "snow")).get())
        #expect(all.count > 4)
        #expect(try Self.walk(source, table, limit: 2, search: "snow") == all)
        let upper = RowFilter(column: "category", operation: .exact, value: "Lu")
        let first = try source.page(RowPageQuery(table: table, limit: 50, filters: [upper])).get()
        #expect(first.rows.count == 50 && first.rows.allSatisfy { $0[2] == .text("Lu") })
        #expect(Self.codePoints(first).first == 0x41)
        let emoji = RowFilter(column: "is_emoji", operation: .exact, value: "1")
        let grinning = try source.page(RowPageQuery(table: table, search: "grinning face", filters: [emoji])).get()
        #expect(grinning.rows.contains { $0[1] == .text("GRINNING FACE") })
        #expect(grinning.rows.allSatisfy { $0[4] == .integer(1) })
    }

    /// C-08: rows inserted between page loads: the next page starts right after the last row shown.
    @Test func rowsInsertedBetweenPagesAreNeitherRepeatedNorSkipped() throws {
        let path = try TestCatalogue.small([10, 20, 30, 40, 50, 60])
        let (source, table) = try Self.open(path)
        let first = try source.page(RowPageQuery(table: table, limit: 2)).get()
        #expect(Self.codePoints(first) == [10, 20])
        try SQLiteConnection(path: path, readOnly: false).execute(
            "INSERT INTO characters VALUES (5, 'EARLY', 'So', '1.1', 0, 0); INSERT INTO characters VALUES (25, 'BETWEEN', 'So', '1.1', 0, 0)")
        let second = try source.page(RowPageQuery(table: table, after: first.lastPosition(in: table, sort: nil), limit: 2)).get()
        #expect(Self.codePoints(second) == [25, 30])
    }

    @Test func aLockedCatalogueIsBusyWithinTheTimeLimitAndRecovers() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let (source, table) = try Self.open(path, queryTimeLimit: 0.2)
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO characters VALUES (9, 'X', 'So', '1.1', 0, 0)")
        let clock = ContinuousClock()
        let started = clock.now
        guard case .failure(let error) = source.page(RowPageQuery(table: table)) else {
            Issue.record("expected busy")
            return
        }
        #expect(error.kind == .busy && error.isTransient)
        #expect(clock.now - started < .seconds(2))
        try writer.execute("ROLLBACK")
        #expect(try source.page(RowPageQuery(table: table)).get().rows.count == 3)
    }

    /// Tests/reliability/faults.py fills the folder for temporary files: a query
    /// that needs one must fail as unavailable (503, space may be freed), not as an error (500).
    @Test func noSpaceLeftIsTransient() throws {
        let path = TestCatalogue.temporaryFolder() + "/full.sqlite"
        let connection = try SQLiteConnection(path: path, readOnly: false)
        try connection.execute("PRAGMA max_page_count = 3; CREATE TABLE t (b BLOB)")
        #expect {
            try connection.execute("INSERT INTO t VALUES (zeroblob(100000))")
        } throws: { error in
            guard let error = error as? ListStoreError else { return false }
            return error.kind == .noSpace && error.resultCode == 13 && error.isTransient
        }
    }

    @Test func aDamagedCatalogueFailsAndRecoversWhenRestored() throws {
        let path = try TestCatalogue.small([1, 2, 3])
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let (source, table) = try Self.open(path)
        #expect(try source.page(RowPageQuery(table: table)).get().rows.count == 3)
        var damaged = good
        for index in 0..<damaged.count where index % 7 == 0 { damaged[index] = 0xA5 }
        try damaged.write(to: URL(fileURLWithPath: path))
        guard case .failure(let error) = source.page(RowPageQuery(table: table)) else {
            Issue.record("expected a failure")
            return
        }
        #expect(!error.isTransient)
        try good.write(to: URL(fileURLWithPath: path))
        #expect(try source.page(RowPageQuery(table: table)).get().rows.count == 3)
    }
}
