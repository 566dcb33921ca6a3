import Foundation
import TestSupport
import Testing

@testable import ListState
@testable import ListStore

/// Search people expect on a list over an FTS5 table (issue 47, item 3): relevance order
/// without a sort, the label (the table's text key) matched exact then as a prefix first,
/// `g++` matched literally, the sort links' "Relevance", `sort=` and column sorts still
/// ordering a search, and a walk whose data changed between pages told so (HTML and JSON).
@Suite struct TableRelevanceTests {
    static let packages = """
        CREATE TABLE pkgs (name TEXT PRIMARY KEY, summary TEXT);
        INSERT INTO pkgs VALUES ('zsh', 'shell with bash compatibility'), ('dash', 'POSIX shell'),
            ('bash-completion', 'programmable completion for the bash shell'), ('bash', 'GNU Bourne Again shell'),
            ('g++', 'GNU C++ compiler'), ('gawk', 'GNU awk'), ('gcc', 'GNU C compiler, built like g++'),
            ('fish', 'friendly interactive shell'), ('tcsh', 'TENEX C shell, an enhanced csh');
        CREATE VIRTUAL TABLE pkgs_fts USING fts5 (summary, content = 'pkgs');
        INSERT INTO pkgs_fts (pkgs_fts) VALUES ('rebuild');
        """

    static func keys(_ answer: HTTPTestClient.Answer) -> [String] {
        Markup.matches(#"data-key="([^"]+)""#, in: answer.text)
    }

    static func json(_ answer: HTTPTestClient.Answer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
    }

    @Test func aSearchIsInRelevanceOrderLabelFirst() throws {
        let fixture = try TableFixture(Self.packages)
        let page = try fixture.server.get("/pkgs?q=bash")
        #expect(page.status == 200)
        // `bash` itself, then the name it starts, then the summaries that hold it.
        #expect(Self.keys(page) == ["bash", "bash-completion", "zsh"])
        // The sort links say the order is relevance; key order is `sort=`.
        #expect(page.text.contains(#"aria-current="true">Relevance</a>"#))
        #expect(page.text.contains(#"href="/pkgs?q&#61;bash&amp;sort&#61;">Key order</a>"#))
        #expect(Self.keys(try fixture.server.get("/pkgs?q=bash&sort=")) == ["bash", "bash-completion", "zsh"].sorted())
        #expect(Self.keys(try fixture.server.get("/pkgs?q=shell&sort=-name")) == ["zsh", "tcsh", "fish", "dash", "bash-completion", "bash"])
        // Without a search there is no relevance link.
        #expect(!(try fixture.server.get("/pkgs")).text.contains(">Relevance</a>"))
    }

    /// The label column is the list's (its first text column), not only a text key.
    @Test func theListsLabelColumnMatchesTooAndTheCountIsOfTheSameRows() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE tools (id INTEGER PRIMARY KEY, name TEXT, summary TEXT);
            INSERT INTO tools (name, summary) VALUES ('zsh', 'a shell like bash'), ('bashtop', 'resource monitor'),
                ('dash', 'small shell'), ('bash', 'the GNU shell'), ('fish', 'friendly shell');
            CREATE VIRTUAL TABLE tools_fts USING fts5 (summary, content = 'tools', content_rowid = 'id');
            INSERT INTO tools_fts (tools_fts) VALUES ('rebuild');
            """)
        #expect(Self.keys(try fixture.server.get("/tools?q=bash")) == ["4", "2", "1"])
        let json = try Self.json(try fixture.server.get("/tools.json?q=bash&limit=1"))
        #expect(json["count"] as? Int == 3)
        #expect(Self.keys(try fixture.server.get("/tools?q=bash&sort=")) == ["1", "2", "4"])
    }

    @Test func punctuationInsideAWordIsMatchedLiterally() throws {
        let fixture = try TableFixture(Self.packages)
        // Not every word starting with "g": the name `g++` (its key tilde-encoded) first, then
        // the summary that holds it.
        #expect(Self.keys(try fixture.server.get("/pkgs?q=g%2B%2B")) == ["g~2B~2B", "gcc"])
        #expect(Self.keys(try fixture.server.get("/pkgs?q=c%2B%2B")) == ["g~2B~2B"])
        #expect(Self.keys(try fixture.server.get("/pkgs?q=%2B%2B")) == [])
        // A literal counts among the eight terms a search may hold.
        #expect(try fixture.server.get("/pkgs?q=a+b+c+d+e+f+g+c%2B%2B").status == 200)
        #expect(try fixture.server.get("/pkgs?q=a+b+c+d+e+f+g+c%2B%2B+c%23").status == 400)
    }

    @Test func aWalkAfterAWriteSaysTheOrderChangedAndOffersTheFirstPage() throws {
        let fixture = try TableFixture(Self.packages)
        var names: [String] = []
        var next: String? = "/pkgs.json?q=shell&limit=2"
        while let address = next {
            let json = try Self.json(try fixture.server.get(address))
            #expect(json["orderChanged"] as? Bool == false)
            names += (json["rows"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            next = json["next"] as? String
        }
        let expected = try sqliteTexts(
            "SELECT p.name FROM pkgs_fts JOIN pkgs p ON p.rowid = pkgs_fts.rowid WHERE pkgs_fts MATCH '\"shell\"*' "
                + "ORDER BY bm25(pkgs_fts), p.rowid", path: fixture.path)
        #expect(names == expected && names.count == 6)

        let first = try Self.json(try fixture.server.get("/pkgs.json?q=shell&limit=2"))
        let second = try #require(first["next"] as? String)
        try SQLiteConnection(path: fixture.path, readOnly: false).execute(
            "INSERT INTO pkgs VALUES ('ksh', 'Korn shell'); INSERT INTO pkgs_fts (pkgs_fts) VALUES ('rebuild');")
        let changed = try Self.json(try fixture.server.get(second))
        #expect(changed["orderChanged"] as? Bool == true)
        #expect(changed["restart"] as? String == "/pkgs.json?q=shell&limit=2")
        // The page says it (validated by the checker) and links to the search's first page.
        let page = try fixture.server.get(second.replacingOccurrences(of: "/pkgs.json", with: "/pkgs"))
        #expect(page.status == 200)
        #expect(page.text.contains("The list changed since the first page of this search"))
        #expect(page.text.contains(#"<a href="/pkgs?q&#61;shell&amp;limit&#61;2">Start the search over</a>"#))
    }

    /// Found by a tester: over an FTS5 index that keeps no positions (`detail=none`, `detail=column`)
    /// a search with punctuation inside (`x-ray`) answered 500: FTS5 refuses phrases there. Its
    /// tokens are then each required, and its text still matched as typed.
    @Test(arguments: ["none", "column"])
    func aLiteralOverAnIndexWithoutPositionsIsMatchedNotRefused(_ detail: String) throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE tools (name TEXT PRIMARY KEY, summary TEXT);
            INSERT INTO tools VALUES ('xray', 'an x-ray viewer'), ('rayx', 'ray tracer for x'), ('x-rated', 'a film'), ('x-ray', 'imaging');
            CREATE VIRTUAL TABLE tools_fts USING fts5 (name, summary, content = 'tools', detail = \(detail));
            INSERT INTO tools_fts (tools_fts) VALUES ('rebuild');
            """)
        let page = try fixture.server.get("/tools?q=x-ray")
        #expect(page.status == 200)
        #expect(Set(Self.keys(page)) == ["xray", "x-ray"])
        #expect(Self.keys(try fixture.server.get("/tools?q=ray")).count == 3)
    }

    /// A file moved over the list's mid-walk: the page after the `mv` is read from the new file and
    /// says the order changed, the ones after it do not (a tester saw the old file served for about a
    /// second after the flag, and no flag when the new file took over).
    @Test func aWalkAcrossAReplacedFileIsToldOnceWhenTheNewFileIsRead() throws {
        let fixture = try TableFixture(Self.packages)
        let replacement = fixture.path + ".new"
        defer { unlink(replacement) }
        try SQLiteConnection(path: replacement, readOnly: false).execute(
            Self.packages + "INSERT INTO pkgs VALUES ('ksh', 'Korn shell'); INSERT INTO pkgs_fts (pkgs_fts) VALUES ('rebuild');")
        let first = try Self.json(try fixture.server.get("/pkgs.json?q=shell&limit=2"))
        #expect(first["orderChanged"] as? Bool == false)
        #expect(rename(replacement, fixture.path) == 0)
        let second = try Self.json(try fixture.server.get(try #require(first["next"] as? String)))
        #expect(second["orderChanged"] as? Bool == true)
        #expect(Self.keys(try fixture.server.get("/pkgs?q=korn")) == ["ksh"], "the new file is read at once")
        let third = try Self.json(try fixture.server.get(try #require(second["next"] as? String)))
        #expect(third["orderChanged"] as? Bool == false)
    }
}

extension TableRelevanceTests {
    /// A filtered search reads the statement that joins every match (ties by the key): its walk
    /// is exact too. A relevance cursor of the other statement (one made before issue 48, whose
    /// ties were by the key) is refused as a bad cursor, the page checked.
    @Test func aFilteredWalkIsExactAndACursorOfTheOtherOrderIsRefused() throws {
        let fixture = try TableFixture(Self.packages)
        var names: [String] = []
        var next: String? = "/pkgs.json?q=shell&summary__contains=sh&limit=2"
        while let address = next {
            let json = try Self.json(try fixture.server.get(address))
            names += (json["rows"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            next = json["next"] as? String
        }
        let expected = try sqliteTexts(
            "SELECT p.name FROM pkgs_fts JOIN pkgs p ON p.rowid = pkgs_fts.rowid WHERE pkgs_fts MATCH '\"shell\"*' "
                + "AND p.summary LIKE '%sh%' ORDER BY bm25(pkgs_fts), p.name", path: fixture.path)
        #expect(names == expected && names.count == 6)

        let before = RowCursor(
            afterRelevant: RowPosition(sortValue: .real(-1e-6), key: [.text("dash"), .integer(2)]), version: 0, list: "pkgs")
        let refused = try fixture.server.get("/pkgs?q=shell&cursor=\(before.encoded)")
        #expect(refused.status == 400 && refused.text.contains("does not exist"))
        #expect(try fixture.server.get("/pkgs.json?q=shell&summary__contains=sh&cursor=\(before.encoded)").status == 200)
        let ranked = try #require(try Self.json(try fixture.server.get("/pkgs.json?q=shell&limit=2"))["next"] as? String)
        #expect(try fixture.server.get(ranked + "&summary__contains=sh").status == 400)
    }
}
