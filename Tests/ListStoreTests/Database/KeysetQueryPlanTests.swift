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

    /// Found measuring issue 18's flat costs: a page after a row inside a run of rows
    /// sharing one sort value (a category, a date, a price at 10 M rows) read every row
    /// of the run before the position and dropped it: `(s, k) > (?, ?)` and the `OR`
    /// form seek on `s` alone, so the page cost grew with the run (a page deep in a
    /// run of 10,000 took 40 x the first). The rest of the run is now read on its own,
    /// `s IS ? AND k > ?`, one seek in the sort column's index, whose entries end with
    /// the rowid; then the rows past the run, `s > ?`.
    @Test(arguments: [false, true])
    func aPageInsideARunOfEqualSortValuesSeeksToItsRow(descending: Bool) throws {
        let folder = TemporaryFolder.make("plan")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/items.sqlite"
        try SQLiteConnection(path: path, readOnly: false).execute(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, category TEXT);
            CREATE INDEX items_by_category ON items (category);
            """)
        let source = DatabaseSource(path: path, queryTimeLimit: 2, log: { _ in })
        let table = try #require(try source.tables().get().first { $0.name == "items" })
        let query = KeysetQuery(table: table, sort: ("\"category\"", descending), conditions: [])
        let after = RowPosition(sortValue: .text("green"), key: [.integer(7)], repeats: 0)
        #expect(query.ranges(after: after) == [.tie, .past, .null])
        let connection = try SQLiteConnection(path: path, readOnly: true)
        func plan(_ range: KeysetQuery.Range) throws -> [String] {
            let statement = query.statement(range: range, after: after, limit: 20)
            let plan = try connection.statement("EXPLAIN QUERY PLAN " + statement.sql)
            try plan.bind(values: statement.values)
            var details: [String] = []
            while try plan.step() { details.append(plan.value(3).plainText ?? "") }
            return details
        }
        let rowid = descending ? "rowid<?" : "rowid>?"
        let tie = try plan(.tie)
        #expect(tie.contains { $0.contains("INDEX items_by_category (category=? AND \(rowid))") }, "\(tie)")
        let past = try plan(.past)
        #expect(past.contains { $0.contains("INDEX items_by_category (category\(descending ? "<" : ">")?)") }, "\(past)")
        #expect(!(tie + past).contains { $0.contains("TEMP B-TREE") }, "no sort: \(tie + past)")
    }
}
