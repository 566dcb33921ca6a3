import Foundation
import Testing

@testable import ListState

/// A row's address written as its key reads (percent-encoded or literal) answers 308 to
/// its tilde address when it names a row (issue 46, item 4; Datasette does the same).
@Suite struct NaturalAddressTests {
    static let packages = """
        CREATE TABLE packages (name TEXT PRIMARY KEY, summary TEXT);
        CREATE TABLE versions (package TEXT, version TEXT, PRIMARY KEY (package, version)) WITHOUT ROWID;
        INSERT INTO packages VALUES ('g++', 'GNU C++ compiler'), ('python3.11', 'Python 3.11'), ('a b', 'spaced'),
            ('x.json', 'named like JSON'), ('x', 'plain x'), ('y.csv', 'named like CSV'), ('été', 'unicode'),
            ('a~b', 'a tilde');
        INSERT INTO versions VALUES ('g++', '4:12.2.0-3'), ('python3.11', '3.11.2-6');
        """

    /// Literal and percent-encoded spellings of every kind of key, each sent on to its
    /// tilde address; the page there is the row's.
    @Test(arguments: [
        ("/packages/g++", "/packages/g~2B~2B"), ("/packages/g%2B%2B", "/packages/g~2B~2B"),
        ("/packages/python3.11", "/packages/python3~2E11"), ("/packages/python3%2E11", "/packages/python3~2E11"),
        ("/packages/a%20b", "/packages/a~20b"), ("/packages/%C3%A9t%C3%A9", "/packages/~C3~A9t~C3~A9"),
        ("/packages/a~b", "/packages/a~7Eb"), ("/versions/g++,4:12.2.0-3", "/versions/g~2B~2B,4~3A12~2E2~2E0-3"),
    ])
    func aKeyAsItReadsIsSentToItsTildeAddress(asked: String, canonical: String) throws {
        let fixture = try TableFixture(Self.packages)
        let moved = try fixture.server.get(asked)
        #expect(moved.status == 308 && moved.header("location") == canonical, "\(asked) → \(moved.header("location") ?? "none")")
        let page = try fixture.server.get(canonical)
        #expect(page.status == 200, "\(canonical)")
    }

    @Test func theQueryIsKeptAndTheJSONFormStaysJSON() throws {
        let fixture = try TableFixture(Self.packages)
        let moved = try fixture.server.get("/packages/g++?lang=zh-Hans")
        #expect(moved.status == 308 && moved.header("location") == "/packages/g~2B~2B?lang=zh-Hans")
        let json = try fixture.server.get("/packages/python3.11.json")
        #expect(json.status == 308 && json.header("location") == "/packages/python3~2E11.json")
        let row = try TableFixture.json(fixture.server.get("/packages/python3~2E11.json"))
        #expect((row["row"] as? [String: Any])?["summary"] as? String == "Python 3.11")
        let page = try fixture.server.get("/packages/g~2B~2B?lang=zh-Hans")
        #expect(page.status == 200 && page.text.contains("GNU C++ compiler") && page.text.contains(#"lang="zh-Hans""#))
    }

    /// `/NAME/KEY.json` is the JSON of KEY: a key that itself ends in `.json` or `.csv` is
    /// reached through its tilde form.
    @Test func aKeyEndingLikeAFormatIsReachedByItsTildeForm() throws {
        let fixture = try TableFixture(Self.packages)
        let json = try TableFixture.json(fixture.server.get("/packages/x.json"))
        #expect((json["row"] as? [String: Any])?["summary"] as? String == "plain x", "x.json is x's JSON")
        let page = try fixture.server.get("/packages/x~2Ejson")
        #expect(page.status == 200 && page.text.contains("named like JSON"))
        #expect(try fixture.server.get("/packages/y.csv").status == 404, "no row has a CSV")
        #expect(try fixture.server.get("/packages/y~2Ecsv").text.contains("named like CSV"))
    }

    /// A spelling that names no row is the not-found page, as before; so is a literal
    /// compound key with too many parts, and a literal rowid that is no number.
    @Test func aKeyThatNamesNoRowStaysNotFound() throws {
        let fixture = try TableFixture(Self.packages + "CREATE TABLE plain (note TEXT); INSERT INTO plain VALUES ('a');")
        for address in ["/packages/g+", "/packages/python3.12", "/packages/%C3%A9t%C3%A8", "/versions/g++", "/versions/a,b,c", "/plain/1.0"] {
            let answer = try fixture.server.get(address)
            #expect(answer.status == 404 && answer.text.contains("placeholder-notFound"), "\(address)")
        }
        #expect(try fixture.server.get("/packages/nope.json").status == 404)
    }
}
