import Foundation
import Testing

@testable import ListState

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
        CREATE TABLE p (t TEXT, n INTEGER, PRIMARY KEY (t, n)) WITHOUT ROWID;
        INSERT INTO p VALUES ('a', 1), (CAST(X'61FF' AS TEXT), 2), (CAST(X'E282' AS TEXT), 3);
        CREATE TABLE r (t TEXT PRIMARY KEY, x INTEGER);
        INSERT INTO r VALUES ('a', 1), (CAST(X'FF62' AS TEXT), 2);
        CREATE TABLE child (id INTEGER PRIMARY KEY, parent TEXT REFERENCES k(t));
        INSERT INTO child VALUES (1, CAST(X'61FF' AS TEXT)), (2, 'b');
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

    /// Found by a break-it pass: a row whose text key is not UTF-8 linked to the text it
    /// shows (U+FFFD in place of the bad bytes), another value, so its page answered 404.
    /// A link now carries the stored bytes, tilde-encoded, and the row's page reads them back.
    @Test(arguments: [
        ("k", ["/k/a", "/k/a~FF", "/k/b"]),
        ("p", ["/p/a,1", "/p/a~FF,2", "/p/~E2~82,3"]),
        ("r", ["/r/a", "/r/~FFb"]),
    ])
    func aRowWhoseKeyIsNotUTF8HasItsPageAtItsLink(list: String, links: [String]) throws {
        let fixture = try TableFixture(Self.database)
        let page = try TableFixture.json(fixture.server.get("/\(list).json"))
        #expect(page["detailURLs"] as? [String] == links)
        let html = try fixture.server.get("/\(list)").text
        #expect(Markup.matches(#"<a class="record-caption" href="([^"]+)""#, in: html).map(Markup.unescape) == links)
        let rows = page["rows"] as? [[String: Any]] ?? []
        for (link, listed) in zip(links, rows) {
            #expect(try fixture.server.get(link).status == 200, "\(link)")
            let row = try TableFixture.json(fixture.server.get(link + ".json"))["row"] as? [String: Any]
            #expect(row?["t"] as? String == listed["t"] as? String && row?["t"] != nil, "\(link)")
        }
        // The shown text names no row: it is another value.
        #expect(try fixture.server.get("/\(list)/a~EF~BF~BD" + (list == "p" ? ",2" : "")).status == 404)
    }

    /// Found by a break-it pass: a cell that refers to such a row linked to the text it
    /// shows, so it opened another row (one whose key is that text) or none. A reference's
    /// value is now read as stored, as a key is, and shown as before.
    @Test func aCellReferringToSuchARowLinksToIt() throws {
        let fixture = try TableFixture(Self.database)
        for address in ["/child", "/child/1"] {
            let html = try fixture.server.get(address).text
            #expect(html.contains(#"<a href="/k/a~FF">a\#u{FFFD}</a>"#), "\(address)")
        }
        #expect(try fixture.server.get("/child").text.contains(#"<a href="/k/b">b</a>"#))
        // Its shown text is still the row's caption, as any text is.
        #expect(try fixture.server.get("/child").text.contains(#"<a class="record-caption" href="/child/1">a\#u{FFFD}</a>"#))
        let row = try TableFixture.json(fixture.server.get("/child/1.json"))["row"] as? [String: Any]
        #expect(row?["parent"] as? String == "a\u{FFFD}")
    }

    /// A long reference read as stored is cut on a list page as its shown text is, with the note.
    @Test func aLongReferenceReadAsStoredIsCutWithItsNote() throws {
        let key = String(repeating: "61", count: 400) + "FF"
        let fixture = try TableFixture(
            """
            CREATE TABLE k (t TEXT PRIMARY KEY) WITHOUT ROWID;
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent TEXT REFERENCES k(t));
            INSERT INTO k VALUES (CAST(X'\(key)' AS TEXT));
            INSERT INTO child VALUES (1, CAST(X'\(key)' AS TEXT));
            """)
        let html = try fixture.server.get("/child").text
        let link = "/k/" + String(repeating: "a", count: 400) + "~FF"
        #expect(html.contains(#"<a href="\#(link)">"# + String(repeating: "a", count: 300) + "…</a>"))
        #expect(html.contains("the row’s page shows all of it"))
    }

    /// Found by a break-it pass: the page of such a row counted and linked the rows that
    /// refer to the text it shows, another value (a filter names a text, not bytes). It
    /// now leaves them out rather than name other rows; a row with a UTF-8 key keeps them.
    @Test func suchARowsPageNamesNoOtherRowsAsReferringToIt() throws {
        let fixture = try TableFixture(Self.database)
        let utf8 = try fixture.server.get("/k/b").text
        #expect(utf8.contains(#"<a href="/child?parent&#61;b">child (parent)</a> <span class="list-count">1 row</span>"#))
        let page = try fixture.server.get("/k/a~FF").text
        #expect(page.contains(#"<h1"#) && !page.contains("/child?parent"))
    }

    /// Found by a break-it pass: a key of thousands of such bytes (three bytes of link each)
    /// made a link longer than the server takes, which answered 414. A row whose address
    /// does not fit has no link, as a row whose key holds NULL has none.
    @Test func aKeyTooLongForAnAddressHasNoLink() throws {
        let fits = String(repeating: "FF", count: 6000)
        let tooLong = "61" + String(repeating: "FF", count: 9000)
        let fixture = try TableFixture(
            """
            CREATE TABLE long (t TEXT PRIMARY KEY) WITHOUT ROWID;
            INSERT INTO long VALUES (CAST(X'\(fits)' AS TEXT)), (CAST(X'\(tooLong)' AS TEXT));
            """)
        let page = try TableFixture.json(fixture.server.get("/long.json"))
        let links = page["detailURLs"] as? [Any] ?? []
        #expect(links.count == 2)
        // In key order: the too long key (`a` and 9,000 bytes FF) first.
        #expect(links.first is NSNull)
        let link = try #require(links.last as? String)
        #expect(link == "/long/" + String(repeating: "~FF", count: 6000))
        #expect(try fixture.server.get(link).status == 200)
        let html = try fixture.server.get("/long").text
        #expect(Markup.matches(#"<a class="record-caption" href="([^"]+)""#, in: html) == [link])
    }

    /// Found by a break-it pass: a sort value or key that is not UTF-8 and too long for a
    /// cursor by value (over 1 KB) makes a cursor by rowid or by key, and the next page
    /// looked the row's values up with U+FFFD in place of the bad bytes: another value,
    /// so `next` named the same page for ever, or skipped rows going down.
    @Test(arguments: ["lk", "wk"], ["k", "-k"])
    func longValuesThatAreNotUTF8PageEveryRowOnce(table: String, sort: String) throws {
        let long = String(repeating: "61", count: 900) + "FF"
        let kind = table == "wk" ? " WITHOUT ROWID" : ""
        let fixture = try TableFixture(
            """
            CREATE TABLE \(table) (id INTEGER PRIMARY KEY, k TEXT)\(kind);
            INSERT INTO \(table) VALUES (1, CAST(X'\(long)31' AS TEXT)), (2, CAST(X'\(long)32' AS TEXT)),
                (3, CAST(X'\(long)33' AS TEXT)), (4, CAST(X'\(long)33' AS TEXT)), (5, 'b');
            """)
        let ids = try Self.walk(fixture, "/\(table).json?sort=\(sort)&limit=1", column: "id")
        #expect(ids == (sort == "k" ? ["1", "2", "3", "4", "5"] : ["5", "4", "3", "2", "1"]))
    }
}
