import Foundation
import ListStore
import Testing
@testable import ListApp

@Suite struct TableBigValuesTests {
    /// A page of long values answers at once: each is cut to its first
    /// 65,536 characters or bytes on list pages (and said so), whole on the row's page.
    @Test func longValuesAreClampedOnListPagesAndWholeOnTheRowsPage() throws {
        let fixture = try TableFixture("""
            CREATE TABLE big (id INTEGER PRIMARY KEY, body TEXT, data BLOB);
            INSERT INTO big VALUES (1, printf('%.*c', 100000, 'w'), zeroblob(100000)), (2, 'short', X'00');
            """)
        let list = try TableFixture.json(fixture.server.get("/big.json"))
        let rows = try #require(list["rows"] as? [[String: Any]])
        let body = try #require(rows[0]["body"] as? [String: Any])
        #expect(body["$clamped"] as? String == "text" && (body["prefix"] as? String)?.count == 65_536)
        let data = try #require(rows[0]["data"] as? [String: Any])
        #expect(data["$clamped"] as? String == "blob")
        #expect(rows[1]["body"] as? String == "short")
        let page = try fixture.server.get("/big")
        #expect(page.text.contains("≥ 65,536 bytes"))
        #expect(page.text.contains("(shortened; the row’s page shows all of it)"), "a cut value says so")
        let row = try TableFixture.json(fixture.server.get("/big/1.json"))
        #expect(((row["row"] as? [String: Any])?["body"] as? String)?.count == 100_000)
        // The cursor after a clamped sort value still pages exactly.
        let sorted = try TableFixture.json(fixture.server.get("/big.json?sort=-body&limit=1"))
        #expect((sorted["rows"] as? [[String: Any]])?.first?["id"] as? Int == 1)
        let next = try #require(sorted["next"] as? String)
        #expect(next.count < RowCursor.maximumLength + 100, "a long sort value makes a cursor by rowid")
        let second = try TableFixture.json(fixture.server.get(next))
        #expect((second["rows"] as? [[String: Any]])?.first?["id"] as? Int == 2)
    }
}

@Suite struct TableBigSchemaTests {
    /// 3,000 tables and one of 500 columns: the index counts within its
    /// budget ("many rows" past it), a wide row shows 8 cells and says how
    /// many more its page has, and every answer comes within the time limit.
    @Test func manyTablesAndManyColumnsStillAnswer() throws {
        let wide = (0..<500).map { "c\($0) TEXT" }.joined(separator: ", ")
        let tables = (0..<3000).map { "CREATE TABLE t\($0) (id INTEGER PRIMARY KEY, v TEXT);" }.joined()
        let fixture = try TableFixture("BEGIN; \(tables) CREATE TABLE wide (id INTEGER PRIMARY KEY, \(wide));"
            + "INSERT INTO wide (id, c0, c499) VALUES (1, 'first', 'last'); COMMIT;")
        let start = Date()
        let index = try fixture.server.get("/")
        #expect(index.status == 200 && index.text.contains("href=\"/t2999\""))
        #expect(Date().timeIntervalSince(start) < 2)
        let page = try fixture.server.get("/wide")
        #expect(page.text.contains("493 more columns on the row’s page"))
        let row = try TableFixture.json(fixture.server.get("/wide/1.json"))
        #expect(((row["row"] as? [String: Any])?["c499"] as? String) == "last")
        #expect(try fixture.server.get("/t1234.json").status == 200)
    }
}
