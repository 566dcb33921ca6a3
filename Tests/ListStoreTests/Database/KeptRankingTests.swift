import Foundation
import TestSupport
import Testing

@testable import ListStore

/// Relevance pages read from a search's kept ranking (``DatabaseSource/keptRankingPage(_:)``)
/// equal the SQL path's, page by page, label tiers included; a write between pages is seen as
/// the SQL path sees it.
@Suite struct KeptRankingTests {
    typealias Packages = RowPageQueryRelevanceTests.Packages

    /// Walks `search` `limit` rows a page on both sources, every page the same, each continued
    /// through its cursor's text as a next link carries it; the pages compared.
    static func expectSamePages(
        kept: DatabaseSource, plain: DatabaseSource, _ table: TableDescription, search: String, limit: Int
    ) throws -> Int {
        let query = RowPageQuery(table: table, limit: limit, search: search, labelColumn: "name", relevanceOrder: true)
        let (fromKept, fromSQL) = (SQLRowSource(database: kept, table: table), SQLRowSource(database: plain, table: table))
        var start: RowCursor.Start?
        for pages in 1...10_000 {
            let keptPage = try fromKept.page(query, continuing: start).get()
            let sqlPage = try fromSQL.page(query, continuing: start).get()
            #expect(keptPage == sqlPage, "\(search), \(limit) a page, page \(pages)")
            guard let sqlPage, sqlPage.hasMore, let position = sqlPage.lastPosition(in: table, sort: nil) else { return pages }
            let cursor = RowCursor(afterRelevant: position, version: 1, list: "packages")
            start = try #require(
                RowCursor(encoded: cursor.encoded, list: "packages", sort: nil, keyCount: table.keyExpressions.count, relevance: true)
            ).start
        }
        Issue.record("the walk did not end")
        return 0
    }

    @Test func everyPageFromTheKeptRankingEqualsTheSQLPage() throws {
        let packages = try Packages()
        defer { packages.remove() }
        let orders = KeptSortOrders(budgetBytes: 64 << 20)
        let kept = DatabaseSource(path: packages.path, sortOrders: orders)
        let plain = DatabaseSource(path: packages.path)
        let table = try #require(try kept.tables().get().first { $0.name == "packages" })
        // Words of many matches; `bash`, whose label tiers come first; one of too few to keep.
        for search in ["editor", "shell tool", "bash", "network"] {
            let first = RowPageQuery(table: table, limit: 2, search: search, labelColumn: "name", relevanceOrder: true)
            #expect(first.rankCut != nil)
            let key = KeptSortOrders.Key(source: ObjectIdentifier(kept), table: "packages", sort: nil, search: search + "\u{1}name")
            _ = try kept.page(first).get()
            try KeptSortOrderTests.settle(orders)
            #expect(!orders.keptKeys.contains(key), "\(search): asked once, ranked")
            _ = try kept.page(first).get()
            try KeptSortOrderTests.settle(orders)
            let matches = try sqliteTexts(
                "SELECT CAST(rowid AS TEXT) FROM packages_fts WHERE packages_fts MATCH "
                    + "'\(SearchWords.fts5Expression(SearchWords.of(search)).replacingOccurrences(of: "'", with: "''"))'",
                path: packages.path
            ).count
            let isKept = orders.keptKeys.contains(key)
            #expect(isKept == (matches >= DatabaseSource.minimumRankedRows), "\(search): \(matches) matches")
            let served = orders.pagesServed.load(ordering: .relaxed)
            var pages = 0
            for limit in [2, 3, 50] {
                pages += try Self.expectSamePages(kept: kept, plain: plain, table, search: search, limit: limit)
            }
            #expect(orders.pagesServed.load(ordering: .relaxed) - served == (isKept ? pages : 0), "\(search): pages not all kept")
        }
    }

    /// A ranking of thousands of matches, whose arrays grew past their rows as they were read,
    /// is kept within what it reserved (Debian's `q=library`, 13,661 matches, never was).
    @Test func aRankingOfManyMatchesIsKept() throws {
        let folder = TemporaryFolder.make("ranking")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/notes.sqlite"
        try SQLiteConnection(path: path, readOnly: false).execute(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            CREATE VIRTUAL TABLE notes_fts USING fts5 (body, content = 'notes', content_rowid = 'id');
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 6000)
            INSERT INTO notes SELECT x * 3, 'word ' || (x % 7) || ' word' FROM n;
            INSERT INTO notes_fts (notes_fts) VALUES ('rebuild');
            """)
        let orders = KeptSortOrders(budgetBytes: 64 << 20)
        let kept = DatabaseSource(path: path, sortOrders: orders)
        let plain = DatabaseSource(path: path)
        let table = try #require(try kept.tables().get().first { $0.name == "notes" })
        let query = RowPageQuery(table: table, limit: 20, search: "word", relevanceOrder: true)
        #expect(query.rankCut != nil)
        _ = try kept.page(query).get()
        _ = try kept.page(query).get()
        try KeptSortOrderTests.settle(orders)
        #expect(orders.keptKeys.contains(KeptSortOrders.Key(source: ObjectIdentifier(kept), table: "notes", sort: nil, search: "word\u{1}")))
        #expect(try kept.page(query).get() == plain.page(query).get())
        #expect(orders.pagesServed.load(ordering: .relaxed) == 1)
    }

    @Test func aWriteBetweenPagesIsSeenAsTheSQLPathSeesIt() throws {
        let packages = try Packages()
        defer { packages.remove() }
        let orders = KeptSortOrders(budgetBytes: 64 << 20)
        let kept = DatabaseSource(path: packages.path, watchesFolder: false, sortOrders: orders)
        let plain = DatabaseSource(path: packages.path, watchesFolder: false)
        let table = try #require(try kept.tables().get().first { $0.name == "packages" })
        let query = RowPageQuery(table: table, limit: 10, search: "editor", labelColumn: "name", relevanceOrder: true)
        _ = try kept.page(query).get()
        _ = try kept.page(query).get()
        try KeptSortOrderTests.settle(orders)
        let first = try kept.page(query).get()
        #expect(orders.pagesServed.load(ordering: .relaxed) == 1)
        let after = try #require(first.lastPosition(in: table, sort: nil))
        // The cursor's row no longer matches, and a row that ranks first is added.
        let writer = try SQLiteConnection(path: packages.path, readOnly: false)
        try writer.execute(
            """
            UPDATE packages SET summary = 'nothing', description = 'nothing' WHERE rowid = \(after.rowid ?? 0);
            INSERT INTO packages VALUES ('editor-first', 'editor editor editor', 'editor');
            INSERT INTO packages_fts (packages_fts) VALUES ('rebuild');
            """)
        var next = query
        next.after = after
        #expect(try kept.page(next).get() == plain.page(next).get())
        #expect(try kept.page(query).get() == plain.page(query).get())
        // Ranked again at the new version, then served from it.
        try KeptSortOrderTests.settle(orders)
        let served = orders.pagesServed.load(ordering: .relaxed)
        #expect(try kept.page(query).get() == plain.page(query).get())
        #expect(orders.pagesServed.load(ordering: .relaxed) == served + 1)
    }
}
