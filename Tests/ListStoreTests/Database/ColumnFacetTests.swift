import Foundation
import TestSupport
import Testing

@testable import ListStore

/// Facets at the store (issue 47): a column's values with their rows under a page's search
/// and filters, checked against SQLite's own GROUP BY written by hand; the most frequent
/// first, at most 30; nothing past the deadline or the work allowed.
@Suite struct ColumnFacetTests {
    static let sql = """
        CREATE TABLE pkgs (id INTEGER PRIMARY KEY, name TEXT, section TEXT, priority TEXT, size INTEGER);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000)
        INSERT INTO pkgs SELECT x, 'pkg ' || x || CASE WHEN x % 4 = 0 THEN ' editor' ELSE '' END,
            CASE WHEN x % 11 = 0 THEN NULL ELSE 's' || (x * x % 7) END,
            CASE x % 3 WHEN 0 THEN 'optional' WHEN 1 THEN 'required' ELSE 'extra' END, x % 40 FROM n;
        """

    /// A database of `sql` in a temporary folder, removed after `body`.
    static func withDatabase(_ sql: String = sql, _ body: (DatabaseSource, TableDescription, SQLiteConnection) throws -> Void) throws {
        let folder = TemporaryFolder.make("facet")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/pkgs.sqlite"
        let connection = try SQLiteConnection(path: path, readOnly: false)
        try connection.execute(sql)
        let source = DatabaseSource(path: path)
        let table = try #require(try source.tables().get().first { $0.name == "pkgs" })
        try body(source, table, connection)
    }

    /// What SQLite's GROUP BY gives for `column` under `condition`: every value and its rows,
    /// the most frequent first, ties by value.
    static func grouped(_ connection: SQLiteConnection, _ column: String, where condition: String) throws -> [ColumnFacet.Value] {
        let statement = try connection.statement(
            "SELECT \(column), count(*) FROM pkgs WHERE \(condition) GROUP BY \(column) ORDER BY count(*) DESC, \(column)")
        defer { statement.reset() }
        var values: [ColumnFacet.Value] = []
        while try statement.step() { values.append(ColumnFacet.Value(statement.value(0), count: statement.int(1))) }
        return values
    }

    @Test func facetsAreSQLitesGroupByUnderTheFiltersAndSearch() throws {
        try Self.withDatabase { source, table, connection in
            let optional = RowFilter(column: "priority", operation: .exact, value: "optional")
            // The search without an FTS table: a substring of any TEXT column (case aside for ASCII).
            let searched = "(name LIKE '%editor%' OR section LIKE '%editor%' OR priority LIKE '%editor%')"
            let deadline = ContinuousClock.now + .seconds(20)
            for (query, condition) in [
                (RowPageQuery(table: table), "1"),
                (RowPageQuery(table: table, filters: [optional]), "priority = 'optional'"),
                (RowPageQuery(table: table, search: "editor"), searched),
                (RowPageQuery(table: table, search: "editor", filters: [optional]), searched + " AND priority = 'optional'"),
            ] {
                for column in ["section", "priority"] {
                    let expected = try Self.grouped(connection, column, where: condition)
                    #expect(expected.count > 1 || column == "priority", "\(column) where \(condition)")
                    let facet = try #require(try source.facet(column, of: query, limit: 30, until: deadline).get())
                    #expect(facet.column == column)
                    #expect(facet.values == expected, "\(column) where \(condition)")
                    #expect(!facet.isTruncated)
                }
            }
            // The NULLs are one value of their own.
            let sections = try #require(try source.facet("section", of: RowPageQuery(table: table), limit: 30, until: deadline).get())
            #expect(sections.values.contains { $0.value == .null && $0.count == 3000 / 11 })
        }
    }

    @Test func aColumnWithMoreValuesThanShownIsTruncated() throws {
        try Self.withDatabase { source, table, connection in
            let expected = try Self.grouped(connection, "size", where: "1")
            #expect(expected.count == 40)
            let facet = try #require(try source.facet("size", of: RowPageQuery(table: table), limit: 30, until: .now + .seconds(20)).get())
            #expect(facet.isTruncated)
            #expect(facet.values == Array(expected.prefix(30)))
            // Exactly as many values as the limit: not truncated.
            let all = try #require(try source.facet("size", of: RowPageQuery(table: table), limit: 40, until: .now + .seconds(20)).get())
            #expect(!all.isTruncated && all.values == expected)
        }
    }

    /// Past the deadline, or past the work an attempt allows, no facet (never a wait):
    /// deterministic, by SQLite's instruction count and a deadline already gone.
    @Test func aFacetPastItsBudgetIsNone() throws {
        try Self.withDatabase { source, table, _ in
            let late = try source.facet("section", of: RowPageQuery(table: table), limit: 30, until: .now - .seconds(1)).get()
            #expect(late == nil)
            var attempt = RowPageQuery(table: table)
            attempt.attemptWork = 1
            let overWorked = try source.facet("section", of: attempt, limit: 30, until: .now + .seconds(20)).get()
            #expect(overWorked == nil)
            // Given the work and the time, it is counted.
            let counted = try source.facet("section", of: RowPageQuery(table: table), limit: 30, until: .now + .seconds(20)).get()
            #expect(counted?.values.isEmpty == false)
            // A column the table does not have: none either.
            let unknown = try source.facet("nope", of: RowPageQuery(table: table), limit: 30, until: .now + .seconds(20)).get()
            #expect(unknown == nil)
        }
    }

    /// The table's row source declares facets and gives the database's.
    @Test func aTablesRowSourceFacets() throws {
        try Self.withDatabase { source, table, connection in
            let rows = SQLRowSource(database: source, table: table)
            #expect(rows.capabilities.facets)
            let facet = try #require(try rows.facet("priority", of: RowPageQuery(table: table), limit: 30, until: .now + .seconds(20)).get())
            #expect(facet.values == (try Self.grouped(connection, "priority", where: "1")))
        }
    }

    /// Rows in memory facet as SQLite would group them: the same values and counts, NULL
    /// included, the most frequent first, ties by value.
    @Test func rowsInMemoryFacetAsSQLiteDoes() throws {
        try Self.withDatabase { source, table, connection in
            // 600 rows (each insert into memory looks for its key among the rows before it).
            let page = try source.page(RowPageQuery(table: table, limit: 600, wholeValues: true)).get()
            #expect(page.rows.count == 600)
            let columns = table.columns.map { column in
                TableDescription.Column(name: column.name, declaredType: column.declaredType, primaryKeyPosition: column.primaryKeyPosition)
            }
            let memory = try InMemoryRowSource(name: "pkgs", columns: columns, rows: page.rows.map(Array.init))
            #expect(memory.capabilities.facets)
            let optional = RowFilter(column: "priority", operation: .exact, value: "optional")
            for column in ["section", "priority", "size"] {
                let query = RowPageQuery(table: memory.table, filters: [optional])
                let facet = try #require(try memory.facet(column, of: query, limit: 30, until: .now + .seconds(1)).get())
                let expected = try Self.grouped(connection, column, where: "id <= 600 AND priority = 'optional'")
                #expect(facet.values == Array(expected.prefix(30)), "\(column)")
                #expect(facet.isTruncated == (expected.count > 30), "\(column)")
            }
            // One that declares no facets gives none.
            var declared = memory.capabilities
            declared.facets = false
            let plain = try InMemoryRowSource(name: "pkgs", columns: columns, rows: page.rows.map(Array.init), capabilities: declared)
            #expect(try plain.facet("section", of: RowPageQuery(table: plain.table), limit: 30, until: .now + .seconds(1)).get() == nil)
        }
    }
}
