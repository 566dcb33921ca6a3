import Foundation
import Testing

@testable import ListApp

/// Found by QA: text that is not valid UTF-8 in a sort or key column. A page
/// shows it with U+FFFD in place of the bad bytes, but a cursor that carried
/// that shown text named another value than the one stored, so paging by it
/// repeated a row forever or skipped rows, and an export ended short or
/// repeated a row. A cursor now carries the stored bytes.
@Suite struct InvalidTextPagingTests {
    static let database = """
        CREATE TABLE u (id INTEGER PRIMARY KEY, t TEXT);
        INSERT INTO u VALUES (1, 'a'), (2, CAST(X'61FF' AS TEXT)), (3, 'b');
        CREATE TABLE w (id INTEGER PRIMARY KEY, t TEXT);
        INSERT INTO w VALUES (1, 'a'), (2, CAST(X'61C080' AS TEXT)), (3, 'aА'), (4, 'aЯ'), (5, 'b');
        CREATE TABLE k (t TEXT PRIMARY KEY) WITHOUT ROWID;
        INSERT INTO k VALUES ('a'), (CAST(X'61FF' AS TEXT)), ('b');
        CREATE TABLE m (id INTEGER PRIMARY KEY, t TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
        INSERT INTO m SELECT i, CAST(CAST(printf('a%04d', i) AS BLOB) || X'FF' AS TEXT) FROM n;
        CREATE VIEW v AS SELECT t FROM w;
        """

    /// Follows `next` from `address`, one page after another, and gives every row's `column`.
    static func walk(_ fixture: TableFixture, _ address: String, column: String) throws -> [String] {
        var seen: [String] = []
        var next: String? = address
        var pages = 0
        while let address = next, pages < 400 {
            let page = try TableFixture.json(fixture.server.get(address))
            for row in page["rows"] as? [[String: Any]] ?? [] { seen.append("\(row[column] ?? "nil")") }
            next = page["next"] as? String
            pages += 1
        }
        return seen
    }

    @Test(arguments: [
        ("/u.json?sort=t&limit=1", "id", ["1", "2", "3"]),
        ("/u.json?sort=-t&limit=1", "id", ["3", "2", "1"]),
        ("/w.json?sort=t&limit=1", "id", ["1", "2", "3", "4", "5"]),
        ("/w.json?sort=-t&limit=1", "id", ["5", "4", "3", "2", "1"]),
        ("/k.json?limit=1", "t", ["a", "a\u{FFFD}", "b"]),
    ])
    func everyRowOnceByCursor(address: String, column: String, expected: [String]) throws {
        let fixture = try TableFixture(Self.database)
        #expect(try Self.walk(fixture, address, column: column) == expected)
    }

    @Test func aViewPagedByAllItsColumnsShowsEveryRowOnce() throws {
        let fixture = try TableFixture(Self.database)
        let rows = try Self.walk(fixture, "/v.json?limit=1", column: "t")
        #expect(rows.count == 5 && Set(rows).count == 5, "\(rows)")
    }

    @Test func largerPagesAndTheExportHoldEveryRowOnce() throws {
        let fixture = try TableFixture(Self.database)
        let ids = try Self.walk(fixture, "/m.json?sort=t&limit=100", column: "id")
        #expect(ids == (1...300).map(String.init))
        let csv = try fixture.server.get("/m.csv?sort=-t").text
        let lines = csv.split(separator: "\r\n").dropFirst()
        #expect(lines.count == 300 && Set(lines).count == 300)
    }
}
