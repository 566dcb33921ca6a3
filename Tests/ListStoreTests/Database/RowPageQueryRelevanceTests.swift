import Foundation
import TestSupport
import Testing

@testable import ListStore

/// Search people expect (issue 47, item 3) over a Debian-shaped FTS5 table: relevance order
/// as SQLite's own `ORDER BY bm25(...)` says, every page of it walked exactly, the label
/// (here the table's text key, `name`) matched first exact then as a prefix, punctuation
/// inside a word matched literally, and a count of exactly the rows the pages show.
@Suite struct RowPageQueryRelevanceTests {
    /// A database of `packages(name TEXT PRIMARY KEY, summary, description)` with an FTS5
    /// index of summary and description, in a temporary folder removed by `remove()`.
    struct Packages {
        let folder = TemporaryFolder.make("relevance")
        var path: String { folder + "/packages.sqlite" }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var sql = """
                CREATE TABLE packages (name TEXT PRIMARY KEY, summary TEXT, description TEXT);
                CREATE VIRTUAL TABLE packages_fts USING fts5 (summary, description, content = 'packages');
                BEGIN;
                """
            var random = SeededRandom(seed: 47)
            let stems = ["bash", "gawk", "gcc", "vim", "emacs", "nano", "curl", "git", "perl", "zsh"]
            let words = ["editor", "shell", "tool", "library", "compiler", "fast", "simple", "terminal", "text", "network"]
            var names = ["bash", "bash-completion", "bashtop", "g++", "gcc", "c#-runtime", "libstdc++6", "gnome", "go"]
            while names.count < 160 {
                let name = stems[random.next(stems.count)] + ["", "-doc", "-dev", "2", "-ng", "-common"][random.next(6)] + String(random.next(40))
                if !names.contains(name) { names.append(name) }
            }
            for name in names {
                var summary = (0..<(3 + random.next(4))).map { _ in words[random.next(words.count)] }.joined(separator: " ")
                var description = (0..<(8 + random.next(20))).map { _ in words[random.next(words.count)] }.joined(separator: " ")
                switch random.next(8) {
                case 0: description += " built with g++ and GCC"
                case 1: summary += " for C# programs"
                case 2: description += " the bash shell"
                default: break
                }
                sql += "INSERT INTO packages VALUES ('\(name)', '\(summary) for \(name)', '\(description)');\n"
            }
            sql += "INSERT INTO packages_fts (packages_fts) VALUES ('rebuild');\nCOMMIT;"
            try SQLiteConnection(path: path, readOnly: false).execute(sql)
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }

        /// The first column of `sql`'s rows, as text, read by SQLite itself.
        func names(_ sql: String) throws -> [String] { try sqliteTexts(sql, path: path) }
    }

    /// Every row of `search` (and `filters`) in relevance order, walked `limit` rows a page
    /// after each page's last position; and the count of the same search.
    static func walk(
        _ search: String, limit: Int, filters: [RowFilter] = [], in packages: Packages
    ) throws -> (names: [String], count: Int) {
        let source = DatabaseSource(path: packages.path)
        let table = try #require(try source.tables().get().first { $0.name == "packages" })
        let rows = SQLRowSource(database: source, table: table)
        let query = RowPageQuery(table: table, limit: limit, search: search, filters: filters, relevanceOrder: true)
        #expect(query.ordersByRelevance)
        var names: [String] = []
        var start: RowCursor.Start?
        while true {
            let page = try #require(try rows.page(query, continuing: start).get())
            for index in page.rows.indices {
                if case .text(let name) = page.rows[index][0] { names.append(name) }
            }
            guard page.hasMore else { break }
            let position = try #require(page.lastPosition(in: table, sort: nil))
            #expect(position.sortValue != nil, "a relevance page's position carries its rank")
            // Ranked on the full-text side, ties are by rowid, which the position carries.
            #expect((position.rowid != nil) == (query.rankCut != nil))
            // Through the cursor's text, as a next link carries it.
            let cursor = RowCursor(afterRelevant: position, version: 9, list: "packages")
            let decoded = try #require(
                RowCursor(encoded: cursor.encoded, list: "packages", sort: nil, keyCount: table.keyExpressions.count, relevance: true))
            #expect(decoded.orderVersion == 9)
            start = decoded.start
        }
        let count = try #require(try rows.count(query, until: .now + .seconds(5)).get())
        return (names, count.value)
    }

    /// Ranked on the full-text side (``RowPageQuery/rankCut``, issue 48): ties by rowid.
    @Test func relevanceIsSQLitesBm25OrderAndEveryPageWalksItExactly() throws {
        let packages = try Packages()
        defer { packages.remove() }
        for search in ["editor", "shell tool", "fast compiler", "network"] {
            let match = SearchWords.fts5Expression(SearchWords.of(search)).replacingOccurrences(of: "'", with: "''")
            // No name starts with these words: every row is of the last tier, in bm25's order.
            let expected = try packages.names(
                "SELECT p.name FROM packages_fts JOIN packages p ON p.rowid = packages_fts.rowid "
                    + "WHERE packages_fts MATCH '\(match)' ORDER BY bm25(packages_fts), p.rowid")
            #expect(expected.count > 10)
            for limit in [2, 3, 50] {
                let walked = try Self.walk(search, limit: limit, in: packages)
                #expect(walked.names == expected, "\(search), \(limit) a page")
                #expect(walked.count == expected.count)
            }
        }
    }

    /// A filter keeps the statement that joins every match (ties by the key), its pages exact.
    @Test func aFilteredSearchIsInRelevanceOrderTooEveryPageExact() throws {
        let packages = try Packages()
        defer { packages.remove() }
        let source = DatabaseSource(path: packages.path)
        let table = try #require(try source.tables().get().first { $0.name == "packages" })
        let filter = RowFilter(column: "summary", operation: .contains, value: "fast")
        #expect(RowPageQuery(table: table, search: "editor", filters: [filter], relevanceOrder: true).rankCut == nil)
        #expect(RowPageQuery(table: table, search: "editor", relevanceOrder: true).rankCut != nil)
        for search in ["editor", "shell tool"] {
            let match = SearchWords.fts5Expression(SearchWords.of(search)).replacingOccurrences(of: "'", with: "''")
            let expected = try packages.names(
                "SELECT p.name FROM packages_fts JOIN packages p ON p.rowid = packages_fts.rowid "
                    + "WHERE packages_fts MATCH '\(match)' AND p.summary LIKE '%fast%' ORDER BY bm25(packages_fts), p.name, p.rowid")
            #expect(expected.count > 5)
            for limit in [2, 3] {
                let walked = try Self.walk(search, limit: limit, filters: [filter], in: packages)
                #expect(walked.names == expected, "\(search), \(limit) a page")
                #expect(walked.count == expected.count)
            }
        }
    }

    /// The label's tiers ranked on the full-text side: the rows of the label's ranges first
    /// (the search text itself, then those it starts), each tier by bm25 then rowid, then
    /// every other match; as SQLite computes it from the whole set.
    @Test func theLabelsTiersAreExactOnEveryPage() throws {
        let packages = try Packages()
        defer { packages.remove() }
        for search in ["bash", "gcc", "vim"] {
            let expected = try packages.names(
                "WITH r(id, s) AS MATERIALIZED (SELECT rowid, bm25(packages_fts) FROM packages_fts "
                    + "WHERE packages_fts MATCH '\"\(search)\"*'), "
                    + "m(id, name, v) AS (SELECT p.rowid, p.name, CASE WHEN p.name = '\(search)' THEN -2000000.0 "
                    + "WHEN p.name >= '\(search)' AND p.name < '\(search)' || char(1114111) THEN -1000000.0 ELSE 0.0 END "
                    + "+ coalesce((SELECT s FROM r WHERE r.id = p.rowid), 0.0) FROM packages p "
                    + "WHERE p.rowid IN (SELECT id FROM r) OR (p.name >= '\(search)' AND p.name < '\(search)' || char(1114111))) "
                    + "SELECT name FROM m ORDER BY v, id")
            #expect(expected.count > 5)
            for limit in [2, 3] {
                let walked = try Self.walk(search, limit: limit, in: packages)
                #expect(walked.names == expected, "\(search), \(limit) a page")
                #expect(walked.count == expected.count)
            }
        }
    }

    /// A position of the other relevance statement is no position of this one: a page after it
    /// is refused (nil, as for a row gone), never read from a wrong place.
    @Test func aPositionOfTheOtherRelevanceStatementIsRefused() throws {
        let packages = try Packages()
        defer { packages.remove() }
        let source = DatabaseSource(path: packages.path)
        let table = try #require(try source.tables().get().first { $0.name == "packages" })
        let rows = SQLRowSource(database: source, table: table)
        let ranked = RowPageQuery(table: table, limit: 2, search: "editor", relevanceOrder: true)
        let filtered = RowPageQuery(
            table: table, limit: 2, search: "editor", filters: [RowFilter(column: "summary", operation: .contains, value: "fast")],
            relevanceOrder: true)
        let rankedPosition = try #require(try rows.page(ranked, continuing: nil).get()?.lastPosition(in: table, sort: nil))
        let filteredPosition = try #require(try rows.page(filtered, continuing: nil).get()?.lastPosition(in: table, sort: nil))
        #expect(rankedPosition.rowid != nil && filteredPosition.rowid == nil)
        #expect(try rows.page(ranked, continuing: .position(rankedPosition)).get() != nil)
        #expect(try rows.page(ranked, continuing: .position(filteredPosition)).get() == nil)
        #expect(try rows.page(filtered, continuing: .position(rankedPosition)).get() == nil)
        #expect(try rows.page(filtered, continuing: .position(filteredPosition)).get() != nil)
    }

    @Test func theLabelMatchesTooExactFirstThenPrefixes() throws {
        let packages = try Packages()
        defer { packages.remove() }
        let walked = try Self.walk("bash", limit: 2, in: packages)
        #expect(walked.names.first == "bash")
        let prefixed = try packages.names("SELECT name FROM packages WHERE name LIKE 'bash_%' ORDER BY name")
        #expect(prefixed.count >= 2)
        #expect(Set(walked.names.dropFirst().prefix(prefixed.count)) == Set(prefixed))
        // Then every row the index finds (its text holds a word starting with bash), none twice.
        let found = try packages.names(
            "SELECT name FROM packages WHERE name LIKE 'bash%' OR rowid IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH '\"bash\"*')")
        #expect(walked.names.count == found.count && Set(walked.names) == Set(found))
        #expect(walked.count == found.count)
    }

    @Test func punctuationInsideAWordMatchesItsLiteralText() throws {
        let packages = try Packages()
        defer { packages.remove() }
        for literal in ["g++", "c#", "C#", "(g++),"] {
            let text = literal == "(g++)," ? "g++" : literal.lowercased()
            let expected = try packages.names(
                "SELECT name FROM packages WHERE lower(summary) LIKE '%\(text)%' OR lower(description) LIKE '%\(text)%' "
                    + "OR lower(name) LIKE '%\(text)%'")
            let walked = try Self.walk(literal, limit: 3, in: packages)
            #expect(!expected.isEmpty)
            #expect(Set(walked.names) == Set(expected) && walked.names.count == expected.count, "\(literal)")
            #expect(walked.count == expected.count)
        }
        // The label `g++` is the search text: first. A one-letter prefix would find far more.
        #expect(try Self.walk("g++", limit: 2, in: packages).names.first == "g++")
        let gWords = try packages.names(
            "SELECT name FROM packages WHERE rowid IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH '\"g\"*')")
        let literal = try Self.walk("g++", limit: 50, in: packages).names
        #expect(literal.count < gWords.count, "\(literal.count) \(gWords.count)")
        // Pure punctuation still matches nothing.
        let source = DatabaseSource(path: packages.path)
        let table = try #require(try source.tables().get().first { $0.name == "packages" })
        let none = try #require(try SQLRowSource(database: source, table: table).page(RowPageQuery(table: table, search: "++ #"), continuing: nil).get())
        #expect(none.rows.isEmpty)
    }

    @Test func anExplicitSortStillOrdersASearch() throws {
        let packages = try Packages()
        defer { packages.remove() }
        let source = DatabaseSource(path: packages.path)
        let table = try #require(try source.tables().get().first { $0.name == "packages" })
        let query = RowPageQuery(table: table, sort: ListSort(column: "name", descending: true), limit: 100, search: "editor", relevanceOrder: true)
        #expect(!query.ordersByRelevance)
        let page = try #require(try SQLRowSource(database: source, table: table).page(query, continuing: nil).get())
        let names = page.rows.indices.compactMap { index -> String? in
            if case .text(let name) = page.rows[index][0] { return name } else { return nil }
        }
        #expect(names == names.sorted(by: >) && !names.isEmpty)
    }

    @Test func literalsAndWordsOfASearch() {
        #expect(SearchWords.of("g++ editor (shell), .net") == ["editor", "shell"])
        #expect(SearchWords.literals(of: "g++ c# .net node.js. c# (x)").map(\.text) == ["g++", "c#", ".net", "node.js"])
        #expect(SearchLiteral(text: "Node.JS").tokens == ["node", "js"])
        #expect(SearchWords.literals(of: "++ ## ...").isEmpty && SearchWords.of("++ ## ...").isEmpty)
        #expect(SearchWords.fts5Expression(["edit"], literals: [SearchLiteral(text: "g++")]) == "\"edit\"* \"g\"")
    }

    @Test func aRelevanceCursorIsItsOwnOrderAndCarriesItsVersion() throws {
        let position = RowPosition(sortValue: .real(-1_000_000 - 1.25), key: [.text("bash"), .integer(3)])
        let cursor = RowCursor(afterRelevant: position, version: 0xDEAD_BEEF, list: "packages")
        let decoded = try #require(RowCursor(encoded: cursor.encoded, list: "packages", sort: nil, keyCount: 2, relevance: true))
        #expect(decoded.start == .position(position) && decoded.orderVersion == 0xDEAD_BEEF)
        // Not a key-order cursor, nor one of another list; a key-order cursor is not one either.
        #expect(RowCursor(encoded: cursor.encoded, list: "packages", sort: nil, keyCount: 2) == nil)
        #expect(RowCursor(encoded: cursor.encoded, list: "other", sort: nil, keyCount: 2, relevance: true) == nil)
        let keyOrder = RowCursor(after: RowPosition(sortValue: nil, key: [.text("bash"), .integer(3)]), rowid: nil, list: "packages", sort: nil)
        #expect(RowCursor(encoded: keyOrder.encoded, list: "packages", sort: nil, keyCount: 2, relevance: true) == nil)
        #expect(RowCursor(encoded: keyOrder.encoded, list: "packages", sort: nil, keyCount: 2)?.orderVersion == nil)
        // Ranked on the full-text side it carries the rowid too (form 7), read back whole.
        let ranked = RowPosition(sortValue: .real(-1.5e-6), key: [.text("bash"), .integer(3)], rowid: 3)
        let rankedCursor = RowCursor(afterRelevant: ranked, version: 7, list: "packages")
        #expect(rankedCursor.encoded != RowCursor(afterRelevant: position, version: 7, list: "packages").encoded)
        let rankedDecoded = try #require(
            RowCursor(encoded: rankedCursor.encoded, list: "packages", sort: nil, keyCount: 2, relevance: true))
        #expect(rankedDecoded.start == .position(ranked) && rankedDecoded.orderVersion == 7)
        #expect(RowCursor(encoded: rankedCursor.encoded, list: "packages", sort: nil, keyCount: 2) == nil)
        // A position outside relevance order never carries the rowid into a cursor by value.
        let sorted = RowCursor(after: ranked, rowid: nil, list: "packages", sort: ListSort(column: "name"))
        let sortedDecoded = try #require(RowCursor(encoded: sorted.encoded, list: "packages", sort: ListSort(column: "name"), keyCount: 2))
        if case .position(let back) = sortedDecoded.start { #expect(back.rowid == nil) } else { Issue.record("not by value") }
    }
}

extension RowPageQueryRelevanceTests {
    /// Found by a tester: a relevance cursor carried the reading process's data version (its
    /// probe's epoch and `PRAGMA data_version`, numbers of one connection), so a next page from
    /// another instance on the same file said "order changed". A page in FTS5's relevance order
    /// now carries a digest of what `bm25` depends on, the index's averages and structure
    /// records: the same in every instance, moved by a write to the index, not by one elsewhere.
    @Test func theRankVersionIsTheIndexsAndTheSameInEveryInstance() throws {
        let packages = try Packages()
        defer { packages.remove() }
        try SQLiteConnection(path: packages.path, readOnly: false).execute("CREATE TABLE notes (text TEXT)")
        let first = DatabaseSource(path: packages.path)
        let table = try #require(try first.tables().get().first { $0.name == "packages" })
        let query = RowPageQuery(table: table, limit: 3, search: "editor", relevanceOrder: true)
        let filtered = RowPageQuery(
            table: table, limit: 3, search: "editor", filters: [RowFilter(column: "summary", operation: .contains, value: "fast")],
            relevanceOrder: true)
        func rankVersions(_ source: DatabaseSource) throws -> [UInt64?] {
            [try source.page(query).get().rankVersion, try source.page(filtered).get().rankVersion]
        }
        let before = try rankVersions(first)
        _ = try first.dataVersion().get()
        #expect(before[0] != nil && before[0] == before[1])
        #expect(try first.page(RowPageQuery(table: table, limit: 3, search: "editor")).get().rankVersion == nil, "key order has none")
        // Writes elsewhere move the first instance's data version, not the ranks.
        for note in 0..<3 { try SQLiteConnection(path: packages.path, readOnly: false).execute("INSERT INTO notes VALUES ('\(note)')") }
        let second = DatabaseSource(path: packages.path)
        let dataVersions = [try first.dataVersion().get(), try second.dataVersion().get()]
        #expect(dataVersions[0]?.digest != dataVersions[1]?.digest, "what a cursor carried: each instance's own")
        #expect(try rankVersions(second) == before)
        #expect(try rankVersions(first) == before)
        try SQLiteConnection(path: packages.path, readOnly: false).execute(
            "INSERT INTO packages VALUES ('ed', 'line editor', 'the standard editor'); "
                + "INSERT INTO packages_fts (rowid, summary, description) VALUES (last_insert_rowid(), 'line editor', 'the standard editor');")
        let after = try rankVersions(first)
        #expect(after[0] != nil && after[0] != before[0])
        #expect(try rankVersions(second) == after)
    }
}

extension RowPageQueryRelevanceTests {
    /// Found by a tester: an external-content index that still holds a row its table no longer does
    /// (deleted without its index entry) ended a ranked walk early, the page after it counted and
    /// not shown (`limit=3`: 3 rows and no next page, of 6).
    @Test func aRankedWalkPassesIndexEntriesWhoseRowIsGone() throws {
        let folder = TemporaryFolder.make("relevance")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/items.sqlite"
        try SQLiteConnection(path: path, readOnly: false).execute(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
            CREATE VIRTUAL TABLE items_fts USING fts5 (name, content = 'items', content_rowid = 'id');
            INSERT INTO items VALUES (1, 'face'), (2, 'face b'), (3, 'face c'), (4, 'x face'), (5, 'y face'), (6, 'z face'), (7, 'w face');
            INSERT INTO items_fts (items_fts) VALUES ('rebuild');
            DELETE FROM items WHERE id = 4;
            """)
        let source = DatabaseSource(path: path, sortOrders: KeptSortOrders(budgetBytes: 1 << 20, minimumRows: 0))
        let table = try #require(try source.tables().get().first { $0.name == "items" })
        for limit in [1, 2, 3, 100] {
            for _ in 0..<2 {  // the second walk reads the search's kept ranking
                var query = RowPageQuery(table: table, limit: limit, search: "face", labelColumn: "name", relevanceOrder: true)
                #expect(query.rankCut != nil)
                var ids: [Int64] = []
                while true {
                    let page = try source.page(query).get()
                    ids += page.rows.indices.compactMap { if case .integer(let id) = page.rows[$0][0] { id } else { nil } }
                    guard page.hasMore else { break }
                    query.after = try #require(page.lastPosition(in: table, sort: nil))
                }
                #expect(ids.sorted() == [1, 2, 3, 5, 6, 7], "limit \(limit): \(ids)")
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }
}
