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
        func names(_ sql: String) throws -> [String] {
            let connection = try SQLiteConnection(path: path, readOnly: true)
            let statement = try connection.statement(sql)
            var names: [String] = []
            while try statement.step() {
                if case .text(let name) = statement.value(0) { names.append(name) }
            }
            return names
        }
    }

    /// Every row of `search` in relevance order, walked `limit` rows a page after each
    /// page's last position; and the count of the same search.
    static func walk(_ search: String, limit: Int, in packages: Packages) throws -> (names: [String], count: Int) {
        let source = DatabaseSource(path: packages.path)
        let table = try #require(try source.tables().get().first { $0.name == "packages" })
        let rows = SQLRowSource(database: source, table: table)
        let query = RowPageQuery(table: table, limit: limit, search: search, relevanceOrder: true)
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

    @Test func relevanceIsSQLitesBm25OrderAndEveryPageWalksItExactly() throws {
        let packages = try Packages()
        defer { packages.remove() }
        for search in ["editor", "shell tool", "fast compiler", "network"] {
            let match = SearchWords.fts5Expression(SearchWords.of(search)).replacingOccurrences(of: "'", with: "''")
            // No name starts with these words: every row is of the last tier, in bm25's order.
            let expected = try packages.names(
                "SELECT p.name FROM packages_fts JOIN packages p ON p.rowid = packages_fts.rowid "
                    + "WHERE packages_fts MATCH '\(match)' ORDER BY bm25(packages_fts), p.name, p.rowid")
            #expect(expected.count > 10)
            for limit in [2, 3, 50] {
                let walked = try Self.walk(search, limit: limit, in: packages)
                #expect(walked.names == expected, "\(search), \(limit) a page")
                #expect(walked.count == expected.count)
            }
        }
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
    }
}
