import Foundation
import Testing

@testable import ListState

/// Issue 41: the JSON answers carried `<`, `>` and `&` as they were, so a
/// refused `sort=<script>…` came back in the problem's text as a tag, ready
/// for whoever puts it into a page. Every JSON answer writes them as
/// `\u003c`, `\u003e`, `\u0026`, and its values still read back the same.
@Suite struct JSONMarkupCharactersTests {
    /// The bytes a JSON answer may not hold raw.
    static let markup = Set("<>&".utf8)

    static func holdsMarkup(_ body: [UInt8]) -> Bool { body.contains { markup.contains($0) } }

    @Test func aRefusedSortIsEchoedWithoutItsTags() throws {
        let server = try #require(TestServer.shared)
        let answer = try server.get("/characters.json?sort=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(answer.status == 400)
        #expect(answer.header("content-type") == "application/json; charset=utf-8")
        #expect(!Self.holdsMarkup(answer.body), "\(answer.text)")
        #expect(answer.text.contains(#"\u003cscript\u003ealert(1)\u003c/script\u003e"#), "\(answer.text)")
        let problem = try TableFixture.json(answer)["problem"] as? String
        #expect(problem?.contains("<script>alert(1)</script>") == true, "\(problem ?? "no problem")")
    }

    @Test func aRowValueWithMarkupReadsBackTheSame() throws {
        let value = "<b>fish & chips</b> > <i>peas</i> &amp;"
        let fixture = try TableFixture(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, "body<&>" TEXT);
            INSERT INTO notes VALUES (1, '\(value)');
            """)
        let list = try fixture.server.get("/notes.json")
        #expect(list.status == 200)
        #expect(!Self.holdsMarkup(list.body), "\(list.text)")
        let rows = try TableFixture.json(list)["rows"] as? [[String: Any]]
        #expect(rows?.first?["body<&>"] as? String == value)
        let row = try fixture.server.get("/notes/1.json")
        #expect(row.status == 200)
        #expect(!Self.holdsMarkup(row.body), "\(row.text)")
        let decoded = try TableFixture.json(row)["row"] as? [String: Any]
        #expect(decoded?["body<&>"] as? String == value)
    }

    @Test func theJSONOfAJSONColumnIsWrittenWithoutMarkupToo() throws {
        var writer = JSONWriter()
        let text = #"{"a": ["<p>", "x & y", "1 > 0"], "b&": null}"#
        writer.value(.text(text), format: .json)
        #expect(!Self.holdsMarkup(writer.bytes))
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        #expect(decoded != nil && decoded == original)
    }

    @Test func aProblemAnswerHoldsNoMarkup() throws {
        let problem = TableRoute.jsonProblem(status: 404, state: "notFound", problem: "<a & b>")
        #expect(!Self.holdsMarkup(problem.body))
        let decoded = try JSONSerialization.jsonObject(with: Data(problem.body)) as? [String: Any]
        #expect(decoded?["problem"] as? String == "<a & b>")
    }
}
