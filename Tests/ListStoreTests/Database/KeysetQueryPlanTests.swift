import Foundation
import TestSupport
import Testing

@testable import ListStore

/// A page after a position in an indexed order seeks in the index (a range
/// on the sort column) rather than scanning it from its start: the
/// thousandth page costs what the first does. Found measuring the CSV export
/// (issue 16): with only `s > ? OR (s = ? AND k > ?)` SQLite walked the index
/// from its start to the position on every page.
@Suite struct KeysetQueryPlanTests {
    @Test(arguments: [false, true])
    func aPageAfterAPositionSeeksInTheSortColumnsIndex(descending: Bool) throws {
        let folder = TemporaryFolder.make("plan")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/items.sqlite"
        try SQLiteConnection(path: path, readOnly: false).execute(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, price REAL);
            CREATE INDEX items_by_price ON items (price);
            """)
        let source = DatabaseSource(path: path, queryTimeLimit: 2, log: { _ in })
        let table = try #require(try source.tables().get().first { $0.name == "items" })
        let query = KeysetQuery(table: table, sort: ("\"price\"", descending), conditions: [])
        let statement = query.statement(
            range: .nonNull, after: RowPosition(sortValue: .real(5), key: [.integer(7)], repeats: 0), limit: 20)
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let plan = try connection.statement("EXPLAIN QUERY PLAN " + statement.sql)
        try plan.bind(values: statement.values)
        var details: [String] = []
        while try plan.step() { details.append(plan.value(3).plainText ?? "") }
        let bound = descending ? "price<?" : "price>?"
        #expect(details.contains { $0.hasPrefix("SEARCH items USING") && $0.contains("INDEX items_by_price (\(bound))") }, "\(details)")
        #expect(!details.contains { $0.contains("TEMP B-TREE") }, "no sort of the whole table: \(details)")
    }
}
