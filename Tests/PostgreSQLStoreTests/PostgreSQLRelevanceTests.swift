import Foundation
import Testing

@testable import ListStore
@testable import PostgreSQLStore

/// Relevance order over PostgreSQL (issue 47, item 3): a search of a `tsvector` column
/// without a sort comes in `ts_rank` order (descending, then the key), the name (the
/// table's text key) matched exact then as a prefix first, walked page by page exactly,
/// checked against psql's own `ORDER BY ts_rank(...) DESC`; `g++` matched literally.
@Suite(.enabled(if: TestCluster.isAvailable, "needs scripts/with-postgresql"))
struct PostgreSQLRelevanceTests {
    static let setUp = """
        CREATE TABLE pkgs (
            name text PRIMARY KEY, summary text,
            search tsvector GENERATED ALWAYS AS (to_tsvector('simple', summary)) STORED);
        INSERT INTO pkgs (name, summary)
        SELECT 'pkg' || i, (ARRAY['shell', 'editor', 'tool'])[1 + i % 3] || ' ' || repeat('shell ', i % 4) || 'for pkg' || i
        FROM generate_series(1, 40) AS i;
        INSERT INTO pkgs (name, summary) VALUES ('bash', 'GNU Bourne Again shell'),
            ('bash-completion', 'completion for the bash shell'), ('g++', 'GNU C++ compiler'), ('gcc', 'GNU C compiler like g++');
        """

    /// The names of every page of `search` in relevance order, `limit` a page.
    static func walk(_ search: String, limit: Int, source: PostgreSQLSource, table: TableDescription) throws -> [String] {
        var names: [String] = []
        var query = RowPageQuery(table: table, limit: limit, search: search, relevanceOrder: true)
        #expect(query.ordersByRelevance)
        while true {
            let page = try source.page(query).get()
            names += page.rows.indices.compactMap { index in
                if case .text(let name) = page.rows[index][0] { name } else { nil }
            }
            guard page.hasMore else { return names }
            query.after = try #require(page.lastPosition(in: table, sort: nil))
        }
    }

    @Test func aSearchComesInTsRankOrderNameFirst() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, database in
            try TestCluster.run("ALTER DATABASE \(database) SET default_text_search_config = 'simple'")
            let source = PostgreSQLSource(conninfo: conninfo)
            let table = try #require(try source.tables().get().first { $0.name == "pkgs" })
            #expect(table.search == .textSearch(column: "search"))
            let expected = try TestCluster.run(
                "SELECT name FROM pkgs WHERE search @@ to_tsquery('''editor'':*') "
                    + "ORDER BY ts_rank(search, to_tsquery('''editor'':*'))::float8 DESC, name",
                database: database
            ).split(separator: "\n").map(String.init)
            #expect(expected.count > 10)
            for limit in [2, 3] {
                #expect(try Self.walk("editor", limit: limit, source: source, table: table) == expected)
            }
            // The name first: `bash`, then the name it starts, then by rank.
            let bash = try Self.walk("bash", limit: 2, source: source, table: table)
            #expect(bash == ["bash", "bash-completion"])
            let shells = try Self.walk("shell", limit: 3, source: source, table: table)
            let all = try TestCluster.run("SELECT name FROM pkgs WHERE summary ILIKE '%shell%'", database: database).split(separator: "\n")
            #expect(Set(shells) == Set(all.map(String.init)) && shells.count == all.count)
            // A literal: its text, not every word starting with "g".
            #expect(try Self.walk("g++", limit: 2, source: source, table: table) == ["g++", "gcc"])
            let count = try source.count(RowPageQuery(table: table, search: "g++"), until: .now + .seconds(5)).get()
            #expect(count?.value == 2)
        }
    }

    /// A walk on a busy database said its order had changed on almost every page: its cursor
    /// carried the server's WAL position, which every write anywhere moves. `ts_rank` of a row is
    /// of that row alone: a write to other rows or tables leaves the others' ranks, and the rank
    /// version a cursor carries, as they were.
    @Test func aWriteMovesNoOtherRowsRankSoNoWalkSaysItsOrderChanged() throws {
        try TestCluster.withDatabase(Self.setUp + "CREATE TABLE notes (text text);") { conninfo, database in
            try TestCluster.run("ALTER DATABASE \(database) SET default_text_search_config = 'simple'")
            let ranks = "SELECT name || ' ' || ts_rank(search, to_tsquery('''editor'':*'))::text FROM pkgs ORDER BY name"
            let before = try TestCluster.run(ranks, database: database)
            let source = PostgreSQLSource(conninfo: conninfo)
            let table = try #require(try source.tables().get().first { $0.name == "pkgs" })
            let query = RowPageQuery(table: table, limit: 3, search: "editor", relevanceOrder: true)
            let first = try source.page(query).get()
            #expect(first.rankVersion != nil)
            try TestCluster.run(
                "INSERT INTO notes VALUES ('x'); INSERT INTO pkgs (name, summary) VALUES ('ed', 'the line editor editor')",
                database: database)
            let after = try TestCluster.run(ranks, database: database).split(separator: "\n").filter { !$0.hasPrefix("ed ") }
            #expect(after == before.split(separator: "\n"))
            var next = query
            next.after = try #require(first.lastPosition(in: table, sort: nil))
            #expect(try source.page(next).get().rankVersion == first.rankVersion)
            #expect(try source.page(RowPageQuery(table: table, limit: 3, search: "editor")).get().rankVersion == nil, "key order")
        }
    }
}
