import Foundation
import Testing

@testable import ListStore
@testable import PostgreSQLStore

/// Facets over PostgreSQL (issue 47): a column's values with their rows under a page's
/// search and filters, by the page's own `WHERE`, checked against psql's GROUP BY; at most
/// the limit (truncated past it); nothing past the deadline.
@Suite(.enabled(if: TestCluster.isAvailable, "needs scripts/with-postgresql"))
struct PostgreSQLFacetTests {
    static let setUp = """
        CREATE TABLE items (id integer PRIMARY KEY, name text, section text, size integer);
        INSERT INTO items SELECT i, 'item ' || i || CASE WHEN i % 3 = 0 THEN ' red' ELSE ' blue' END,
            CASE WHEN i % 11 = 0 THEN NULL ELSE 's' || (i * i % 7) END, i % 40
            FROM generate_series(1, 5000) AS i;
        """

    /// psql's GROUP BY of `column` where `condition`: `value|rows` lines, the most frequent first, ties by value.
    static func grouped(_ column: String, where condition: String, database: String) throws -> [String] {
        try TestCluster.run(
            "SELECT coalesce(\(column)::text, '<null>') || '|' || count(*) FROM items WHERE \(condition) GROUP BY \(column) ORDER BY count(*) DESC, \(column)",
            database: database
        ).split(separator: "\n").map(String.init)
    }

    /// A facet as `value|rows` lines.
    static func lines(_ facet: ColumnFacet) -> [String] {
        facet.values.map { value in
            let text: String =
                switch value.value {
                case .null: "<null>"
                default: value.value.plainText ?? "?"
                }
            return "\(text)|\(value.count)"
        }
    }

    @Test func facetsArePostgreSQLsGroupByUnderTheFiltersAndSearch() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, database in
            let source = PostgreSQLSource(conninfo: conninfo)
            let items = try #require(try source.tables().get().first { $0.name == "items" })
            let deadline = ContinuousClock.now + .seconds(20)
            let size = RowFilter(column: "size", operation: .exact, value: "3")
            for (query, condition) in [
                (RowPageQuery(table: items), "true"),
                (RowPageQuery(table: items, filters: [size]), "size = 3"),
                (RowPageQuery(table: items, search: "red"), "name LIKE '%red%'"),
                (RowPageQuery(table: items, search: "red", filters: [size]), "name LIKE '%red%' AND size = 3"),
            ] {
                let expected = try Self.grouped("section", where: condition, database: database)
                #expect(expected.count > 1, "\(condition)")
                let facet = try #require(try source.facet("section", of: query, limit: 30, until: deadline).get())
                #expect(Self.lines(facet) == expected, "\(condition)")
                #expect(!facet.isTruncated)
            }
            // 40 sizes: the 30 most frequent, truncated.
            let sizes = try #require(try source.facet("size", of: RowPageQuery(table: items), limit: 30, until: deadline).get())
            #expect(sizes.isTruncated)
            #expect(Self.lines(sizes) == Array(try Self.grouped("size", where: "true", database: database).prefix(30)))
            // The table's row source declares it.
            #expect(SQLRowSource(database: source, table: items).capabilities.facets)
        }
    }

    @Test func aFacetPastItsDeadlineIsNone() throws {
        try TestCluster.withDatabase(Self.setUp) { conninfo, _ in
            let source = PostgreSQLSource(conninfo: conninfo)
            let items = try #require(try source.tables().get().first { $0.name == "items" })
            let late = try source.facet("section", of: RowPageQuery(table: items), limit: 30, until: .now - .seconds(1)).get()
            #expect(late == nil)
        }
    }
}
