import Foundation
import Mustache
import Testing

@testable import ListState
@testable import ListStore

/// A list page reads a plain text no further than a cell shows (``ListStore/ShownPrefix``,
/// issue 48) once its columns were measured: its pages are the bytes they were when every
/// text was read whole, its JSON still gives them whole.
@Suite struct ShownPrefixPageTests {
    static let long = String(repeating: "a <b> & c ", count: 60)
    static let texts = [
        long, String(long.prefix(300)), String(long.prefix(301)), String(long.prefix(302)),
        "https://example.org/" + String(repeating: "x", count: 400), String(repeating: "line\r\n", count: 80),
        String(repeating: "é", count: 400), "short",
    ]
    static var sql: String {
        var sql = "CREATE TABLE notes (name TEXT PRIMARY KEY, body TEXT, summary TEXT);"
        for (index, text) in texts.enumerated() {
            // The key, long too, makes the row's link: read whole.
            let name = "note\(index)-" + String(repeating: "k", count: 400)
            sql += "INSERT INTO notes VALUES ('\(name)', '\(text)', '\(text.prefix(120))');"
        }
        // Rows whose caption is their first text that shows something: blank as far as a cell shows.
        sql += "CREATE TABLE blanks (id INTEGER PRIMARY KEY, body TEXT, other TEXT);"
        sql += "INSERT INTO blanks VALUES (1, '\(String(repeating: " ", count: 305))x', 'seen'), (2, '\(long)', 'y');"
        return sql
    }

    @Test func aPageIsTheSameWhenItsTextsAreReadOnlyAsFarAsItShows() throws {
        let fixture = try TableFixture(Self.sql, responseCacheBytes: 0)
        let list = try #require(fixture.server.application.tables.lists.list(named: "notes"))
        // Drawn by the shared cells, so its pages read short once measured (``TableRoute/shownPrefix(of:format:)``).
        #expect(fixture.server.application.site.templates.drawsSharedCells(list) && !list.columnSample.isMeasured)
        // The first page reads every text whole and measures the columns; the next read no further than they show.
        let first = try fixture.server.get("/notes")
        #expect(first.status == 200 && list.columnSample.isMeasured)
        let next = try fixture.server.get("/notes")
        #expect(next.text == first.text)
        #expect(next.text.contains("note0-" + String(repeating: "k", count: 400)))
        #expect(next.text.contains(HTMLEscaping.escape(String(Self.long.prefix(300))) + "…"))
        #expect(!next.text.contains(HTMLEscaping.escape(String(Self.long.prefix(301)))))
        let blanks = try fixture.server.get("/blanks")
        #expect(try fixture.server.get("/blanks").text == blanks.text)
        // A fragment too; the JSON twin gives each text whole.
        let headers = ["HX-Request": "true"]
        #expect(try fixture.server.get("/notes", headers: headers).text == fixture.server.get("/notes", headers: headers).text)
        let json = try TableFixture.json(try fixture.server.get("/notes.json"))
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.compactMap { $0["body"] as? String } == Self.texts)
    }
}
