import ListStore
import Testing

@testable import ListState

/// The sample of a list's first rows that decides its long-text and text columns (issue 46).
@Suite struct ColumnSampleTests {
    @Test func longTextIsAnAverageOverTheThresholdInCharacters() throws {
        // `cjk` is 30 characters of 3 bytes (90 bytes: not long); `ascii` averages 81 characters
        // over its rows, one of them NULL (counted as 0); `even` averages exactly 80.
        let cjk = String(repeating: "字", count: 30)
        let fixture = try TableFixture(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, cjk TEXT, ascii TEXT, even TEXT, mixed);
            INSERT INTO t VALUES (1, '\(cjk)', '\(String(repeating: "a", count: 162))', '\(String(repeating: "b", count: 80))', 'x'),
                (2, '\(cjk)', NULL, '\(String(repeating: "c", count: 80))', 2);
            CREATE TABLE other (x);
            """)
        let list = try #require(fixture.server.application.tables.lists.list(named: "t"))
        let page = try list.source.page(RowPageQuery(table: list.table, limit: 10)).get()
        let measure = ColumnSample.measure(page, width: 5)
        #expect(measure.long == [2])
        // Text only where no number or blob was read beside it.
        #expect(measure.text == [1, 2, 3])
        // Kept once taken: a later page measures nothing again.
        let sample = ColumnSample()
        #expect(sample.measure(nil, width: 5) == nil)
        #expect(sample.measure(page, width: 5) == measure)
        let empty = RowPage(rows: [], keys: [], hasMore: false)
        #expect(sample.measure(empty, width: 5) == measure)
    }
}
