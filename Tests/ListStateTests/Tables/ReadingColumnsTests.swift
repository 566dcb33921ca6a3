import Foundation
import Testing

@testable import ListState

/// Columns chosen for reading (issue 46, item 2): short text and numbers before long text,
/// the label column as the row's link, `_col` and `_nocol` kept by every link, the JSON and
/// the CSV, a picker without JavaScript, configured columns still winning.
@Suite struct ReadingColumnsTests {
    /// A Debian-shaped table: `depends` and `description` average more than 80 characters.
    static let packages = """
        CREATE TABLE packages (name TEXT PRIMARY KEY, depends TEXT, version TEXT, description TEXT,
            installed_size INTEGER, summary TEXT, section TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
        INSERT INTO packages SELECT printf('pkg%02d', i),
            'libc6 (>= 2.34), libgcc-s1 (>= 3.0), libstdc++6 (>= 12), zlib1g (>= 1:1.2.0), libssl3 (>= 3.0.0)',
            '1.' || i, 'A package that does something useful for the people who install it, said at length so it is long.',
            i * 100, 'tool number ' || i, 'utils' FROM n;
        CREATE TABLE other (x);
        """

    /// The header row's labels, the label column's first.
    static func headers(_ html: String) -> [String] {
        Markup.matches(#"<th scope="col"[^>]*>(?:<a [^>]*>)?([^<]*)"#, in: html)
    }

    /// The address of the page's next link (the footer's load more), unescaped.
    static func next(_ html: String) -> String? {
        Markup.matches(#"<td colspan="\d+">(?:<div class="list-footer-body">)?<a href="([^"]+)""#, in: html).first.map(Markup.unescape)
    }

    @Test func longTextComesAfterAndTheLabelColumnLinksTheRow() throws {
        let fixture = try TableFixture(Self.packages)
        let page = try fixture.server.get("/packages")
        #expect(page.status == 200)
        #expect(Self.headers(page.text) == ["name", "version", "installed_size", "summary", "section", "depends", "description"])
        // The row's link is on its name, which no cell repeats; no "Row" column.
        #expect(page.text.contains(#"<th scope="row" data-label="name" dir="auto"><a class="record-caption" href="/packages/pkg01">pkg01</a></th>"#))
        #expect(!page.text.contains(#"data-label="name" dir="auto">pkg01</td>"#))
        #expect(!Self.headers(page.text).contains("Row"))
        // A later page (no sample of its own) keeps the columns of the first.
        let later = try fixture.server.get(try #require(Self.next(page.text)))
        #expect(later.status == 200 && later.text.contains("pkg21"))
        #expect(Self.headers(later.text) == Self.headers(page.text))
    }

    @Test func tooManyColumnsHideTheLongOnesFirst() throws {
        let short = (0..<8).map { "s\($0) TEXT" }.joined(separator: ", ")
        let values = (0..<8).map { "'v\($0)'" }.joined(separator: ", ")
        let long = String(repeating: "long text ", count: 12)
        let fixture = try TableFixture(
            "CREATE TABLE wide (id INTEGER PRIMARY KEY, notes TEXT, title TEXT, \(short)); INSERT INTO wide VALUES (1, '\(long)', 'one', \(values)); CREATE TABLE other (x);"
        )
        let page = try fixture.server.get("/wide")
        #expect(Self.headers(page.text) == ["title", "id"] + (0..<7).map { "s\($0)" })
        #expect(page.text.contains(#"<p class="more-columns">2 more columns on the row’s page</p>"#))
    }

    @Test func colAndNocolChooseAndEveryLinkKeepsThem() throws {
        let fixture = try TableFixture(Self.packages)
        let chosen = try fixture.server.get("/packages?_col=summary&_col=name&_col=installed_size&limit=10")
        #expect(chosen.status == 200)
        #expect(Self.headers(chosen.text) == ["summary", "name", "installed_size"])
        #expect(chosen.text.contains(#"<a class="record-caption" href="/packages/pkg01">tool number 1</a>"#))
        let next = try #require(Self.next(chosen.text))
        #expect(next.contains("limit=10&_col=summary&_col=name&_col=installed_size&cursor="))
        let later = try fixture.server.get(next)
        #expect(Self.headers(later.text) == ["summary", "name", "installed_size"] && later.text.contains("pkg11"))
        // The JSON twin, the CSV and the sort links name the same columns.
        let twin = Markup.matches(#"<link rel="alternate" type="application/json" href="([^"]+)""#, in: chosen.text).map(Markup.unescape)
        #expect(twin == ["/packages.json?limit=10&_col=summary&_col=name&_col=installed_size"])
        #expect(chosen.text.contains(#"href="/packages.csv?_col&#61;summary&amp;_col&#61;name&amp;_col&#61;installed_size""#))
        #expect(chosen.text.contains(#"href="/packages?sort&#61;version&amp;limit&#61;10&amp;_col&#61;summary"#))

        let dropped = try fixture.server.get("/packages?_nocol=depends&_nocol=version")
        #expect(Self.headers(dropped.text) == ["name", "installed_size", "summary", "section", "description"])
        // A column chosen twice is shown once.
        #expect(Self.headers(try fixture.server.get("/packages?_col=name&_col=name&_col=section").text) == ["name", "section"])
    }

    @Test func theJSONAndTheCSVGiveTheChosenColumns() throws {
        let fixture = try TableFixture(Self.packages)
        let json = try TableFixture.json(fixture.server.get("/packages.json?_col=name&_col=installed_size&limit=2"))
        #expect(json["columns"] as? [String] == ["name", "installed_size"])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == 2 && Set(rows[0].keys) == ["name", "installed_size"] && rows[0]["installed_size"] as? Int == 100)
        #expect((json["next"] as? String)?.contains("_col=name&_col=installed_size&cursor=") == true)
        let without = try TableFixture.json(fixture.server.get("/packages.json?_nocol=depends&_nocol=description"))
        #expect(without["columns"] as? [String] == ["name", "version", "installed_size", "summary", "section"])
        // Without a choice, every column, in the table's order.
        let every = try TableFixture.json(fixture.server.get("/packages.json?limit=1"))
        #expect((every["columns"] as? [String])?.count == 7 && (every["columns"] as? [String])?[1] == "depends")
        let csv = try fixture.server.get("/packages.csv?_col=name&_col=installed_size")
        #expect(csv.status == 200)
        let lines = csv.text.split(separator: "\r\n")
        #expect(lines.count == 26 && lines[0] == "name,installed_size" && lines[1] == "pkg01,100")
        #expect(try fixture.server.get("/packages.csv?_nocol=depends").text.hasPrefix("name,version,description,installed_size,summary,section\r\n"))
    }

    @Test func anUnknownColumnIs400SayingWhich() throws {
        let fixture = try TableFixture(Self.packages)
        for (target, parameter) in [("/packages?_col=nmae", "_col"), ("/packages?_nocol=nmae", "_nocol")] {
            let page = try fixture.server.get(target)
            #expect(page.status == 400, "\(target)")
            #expect(page.text.contains("This list shows no column “nmae”, so “\(parameter)” cannot choose it."), "\(target)")
        }
        let json = try fixture.server.get("/packages.json?_col=nmae")
        #expect(json.status == 400 && json.text.contains("nmae"))
        #expect(try fixture.server.get("/packages.csv?_col=nmae").status == 400)
    }

    @Test func colAndNocolComeBeforeAFilterOfAColumnSoNamed() throws {
        let fixture = try TableFixture(
            #"CREATE TABLE t (id INTEGER PRIMARY KEY, "_col" TEXT, label TEXT); INSERT INTO t VALUES (1, 'a', 'one'), (2, 'b', 'two'); CREATE TABLE other (x);"#
        )
        // `_col=a` chooses a column: there is none named `a`.
        #expect(try fixture.server.get("/t?_col=a").status == 400)
        let filtered = try fixture.server.get("/t?_col__exact=a")
        #expect(filtered.status == 200 && Markup.matches(#"data-key="([^"]+)""#, in: filtered.text) == ["1"])
        // Links write the filter as `_col__exact`, never `_col`.
        #expect(filtered.text.contains(#"href="/t?_col__exact&#61;a&amp;sort&#61;label""#))
        #expect(Self.headers(try fixture.server.get("/t?_col=_col&_col=label").text) == ["_col", "label"])
    }

    @Test func thePickerIsAFormOfLabelledCheckboxesKeepingTheQuery() throws {
        let fixture = try TableFixture(Self.packages)
        let page = try fixture.server.get("/packages?sort=installed_size&_nocol=depends&limit=5")
        #expect(page.text.contains(#"<details class="filter-add column-picker">"#))
        #expect(page.text.contains(#"<form class="column-form" action="/packages" method="get">"#))
        let boxes = Markup.matches(#"<input type="checkbox" id="pick-column-\d" name="_col" value="([^"]+)""#, in: page.text)
        #expect(boxes == ["name", "depends", "version", "description", "installed_size", "summary", "section"])
        #expect(
            page.text.contains(
                #"<label class="column-choice" for="pick-column-2"><input type="checkbox" id="pick-column-2" name="_col" value="version" checked> version</label>"#))
        #expect(page.text.contains(#"<input type="checkbox" id="pick-column-1" name="_col" value="depends"> depends</label>"#))
        // The query is kept but for the columns (the form's checkboxes say them) and the cursor.
        let start = try #require(page.text.range(of: #"<form class="column-form""#))
        let end = try #require(page.text[start.upperBound...].range(of: "</form>"))
        let hidden = Markup.matches(#"<input type="hidden" name="([^"]+)""#, in: String(page.text[start.lowerBound..<end.lowerBound]))
        #expect(hidden == ["sort", "limit"])
    }

    @Test func configuredColumnsStillWin() throws {
        let fixture = try TableFixture(Self.packages, configuration: #"{"lists": {"packages": {"columns": ["name", "description", "installed_size"]}}}"#)
        let page = try fixture.server.get("/packages")
        // In the configured order, long text where it was put.
        #expect(Self.headers(page.text) == ["name", "description", "installed_size"])
        #expect(Markup.matches(#"name="_col" value="([^"]+)""#, in: page.text) == ["name", "description", "installed_size"])
        #expect(try fixture.server.get("/packages?_col=depends").status == 400)
        #expect(Self.headers(try fixture.server.get("/packages?_nocol=description").text) == ["name", "installed_size"])
    }

    @Test func theResponseCacheKeysOnTheChoice() throws {
        let fixture = try TableFixture(Self.packages, responseCacheBytes: 4 << 20)
        for _ in 0..<2 {
            #expect(Self.headers(try fixture.server.get("/packages?_col=name&_col=version").text) == ["name", "version"])
            #expect(Self.headers(try fixture.server.get("/packages?_col=name&_col=section").text) == ["name", "section"])
            #expect(Self.headers(try fixture.server.get("/packages").text).count == 7)
        }
    }
}
