import Foundation
import TestSupport
import Testing

@testable import ListState
@testable import ListStore

/// Facets on a list's first page (issue 47): `_facet`, each value with its rows under the
/// page's search and filters and a link that adds or removes its filter, in the page, the
/// region and the JSON twin; suggested facets; "more than 30"; "not counted in time" past
/// the budget; links that keep `_facet`. Every page is validated by TestServer.
@Suite struct ListFacetTests {
    /// Packages: a few sections (and NULLs), three priorities, 40 sizes, a column named `_facet`.
    static let sql = """
        CREATE TABLE pkgs (id INTEGER PRIMARY KEY, name TEXT, section TEXT, priority TEXT, size INTEGER, _facet TEXT);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 600)
        INSERT INTO pkgs SELECT x, 'pkg ' || x || CASE WHEN x % 4 = 0 THEN ' editor' ELSE '' END,
            CASE WHEN x % 11 = 0 THEN NULL ELSE 's' || (x * x % 7) END,
            CASE x % 3 WHEN 0 THEN 'optional' WHEN 1 THEN 'required' ELSE 'extra' END, x % 40,
            CASE x % 2 WHEN 0 THEN 'even' ELSE 'odd' END FROM n;
        """

    /// A share of the page's time that leaves facets the count's whole budget on the request
    /// path, so a first visit shows them (the default finishes them after the answer).
    static let wholeBudget = 1_000.0

    /// SQLite's own GROUP BY of `column` under `condition`, as `[value text or nil: rows]`.
    static func grouped(_ fixture: TableFixture, _ column: String, where condition: String) throws -> [String?: Int] {
        let connection = try fixture.writer()
        let statement = try connection.statement("SELECT \(column), count(*) FROM pkgs WHERE \(condition) GROUP BY \(column)")
        defer { statement.reset() }
        var values: [String?: Int] = [:]
        while try statement.step() { values[statement.value(0).plainText] = statement.int(1) }
        return values
    }

    /// A JSON facet's values as `[value text or nil: rows]`.
    static func counts(_ facet: [String: Any]) -> [String?: Int] {
        var counts: [String?: Int] = [:]
        for value in facet["values"] as? [[String: Any]] ?? [] {
            let text: String? = (value["value"] as? String) ?? (value["value"] as? Int).map(String.init)
            counts[text] = value["count"] as? Int
        }
        return counts
    }

    /// The facets of a JSON answer, by column.
    static func facets(_ json: [String: Any]) -> [String: [String: Any]] {
        var facets: [String: [String: Any]] = [:]
        for facet in json["facets"] as? [[String: Any]] ?? [] { facets[facet["column"] as? String ?? ""] = facet }
        return facets
    }

    @Test func facetsCountTheRowsTheSearchAndFiltersKeep() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let searched = "(name LIKE '%editor%' OR section LIKE '%editor%' OR priority LIKE '%editor%' OR _facet LIKE '%editor%')"
        for (query, condition) in [
            ("", "1"), ("priority=optional", "priority = 'optional'"), ("q=editor", searched),
            ("q=editor&priority=optional", searched + " AND priority = 'optional'"),
        ] {
            let json = try TableFixture.json(fixture.server.get("/pkgs.json?limit=5&_facet=section&_facet=priority&" + query))
            let facets = Self.facets(json)
            #expect((json["facets"] as? [[String: Any]])?.map { $0["column"] as? String } == ["section", "priority"], "\(query)")
            for column in ["section", "priority"] {
                let facet = try #require(facets[column], "\(query)")
                #expect(Self.counts(facet) == (try Self.grouped(fixture, column, where: condition)), "\(column) where \(condition)")
                #expect(facet["truncated"] as? Bool == false)
                // The most frequent first.
                let rows = (facet["values"] as? [[String: Any]] ?? []).compactMap { $0["count"] as? Int }
                #expect(rows == rows.sorted(by: >), "\(column) \(query)")
            }
            // The page and the region draw them, open (asked for), each value with its rows.
            for headers in [[:], ["HX-Request": "true"]] {
                let page = try fixture.server.get("/pkgs?limit=5&_facet=section&_facet=priority&" + query, headers: headers)
                #expect(page.text.contains("<details class=\"list-facets\" open>"), "\(query)")
                let sectionRows = (facets["section"]?["values"] as? [[String: Any]] ?? []).compactMap { $0["count"] as? Int }
                let drawn = Markup.matches(#"<span class="list-facet-count">([0-9,]+)</span>"#, in: page.text)
                #expect(drawn.prefix(sectionRows.count).map { $0.replacingOccurrences(of: ",", with: "") } == sectionRows.map(String.init))
            }
        }
    }

    /// A value's link adds its filter (the NULL value `__isnull=1`); the filtered value's link
    /// removes it; every link keeps the search, the sort, `_col` and `_facet`, and no cursor.
    @Test func valueLinksAddAndRemoveTheirFilter() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let base = "/pkgs.json?q=pkg&sort=-size&_col=name&_col=section&_facet=section"
        let json = try TableFixture.json(fixture.server.get(base))
        let values = try #require(Self.facets(json)["section"]?["values"] as? [[String: Any]])
        #expect(values.count == 5)  // s0, s1, s2, s4 (squares mod 7) and NULL
        for value in values {
            let href = try #require(value["href"] as? String)
            #expect(value["selected"] as? Bool == false)
            #expect(href.hasPrefix("/pkgs?") && !href.contains("cursor="))
            for kept in ["q=pkg", "sort=-size", "_col=name", "_col=section", "_facet=section"] { #expect(href.contains(kept), "\(href)") }
            let text = value["value"] as? String
            #expect(href.contains(text.map { "section=" + $0 } ?? "section__isnull=1"), "\(href)")
            // Followed (as JSON), the page keeps only that value's rows, and its link takes the filter away.
            let followed = try TableFixture.json(fixture.server.get(href.replacingOccurrences(of: "/pkgs?", with: "/pkgs.json?")))
            #expect(followed["count"] as? Int == value["count"] as? Int, "\(href)")
            let selected = try #require((Self.facets(followed)["section"]?["values"] as? [[String: Any]])?.first)
            #expect(selected["selected"] as? Bool == true && selected["count"] as? Int == value["count"] as? Int)
            #expect(selected["href"] as? String == "/pkgs?q=pkg&sort=-size&_col=name&_col=section&_facet=section")
            let page = try fixture.server.get(href)
            #expect(page.text.contains("aria-current=\"true\""))
        }
    }

    /// `_facet` is read before any filter: a column named `_facet` is filtered as `_facet__exact`
    /// and faceted by name; a column the list does not offer is a 400 naming it.
    @Test func facetIsAControlAndNamesAnOfferedColumn() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let json = try TableFixture.json(fixture.server.get("/pkgs.json?_facet=_facet&_facet__exact=odd"))
        let facet = try #require(Self.facets(json)["_facet"])
        #expect(Self.counts(facet) == ["odd": 300])
        #expect(json["count"] as? Int == 300)
        let value = try #require((facet["values"] as? [[String: Any]])?.first)
        #expect(value["selected"] as? Bool == true && value["href"] as? String == "/pkgs?_facet=_facet")
        let unknown = try fixture.server.get("/pkgs.json?_facet=nope")
        #expect(unknown.status == 400)
        let problem = try TableFixture.json(unknown)["problem"] as? String ?? ""
        #expect(problem.contains("nope") && problem.contains("_facet"), "\(problem)")
        #expect(try fixture.server.get("/pkgs?_facet=nope").status == 400)
        // Repeated, a facet is shown once.
        let twice = try TableFixture.json(fixture.server.get("/pkgs.json?_facet=priority&_facet=priority"))
        #expect((twice["facets"] as? [[String: Any]])?.count == 1)
    }

    @Test func aColumnWithManyValuesSaysSo() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let json = try TableFixture.json(fixture.server.get("/pkgs.json?_facet=size"))
        let facet = try #require(Self.facets(json)["size"])
        #expect(facet["truncated"] as? Bool == true)
        #expect((facet["values"] as? [Any])?.count == 30)
        let page = try fixture.server.get("/pkgs?_facet=size")
        #expect(page.text.contains("More than 30 values: the 30 most frequent are shown."))
    }

    /// Past the budget a facet is "not counted in time" (never a wait), and the answer is not kept.
    @Test func aFacetPastItsBudgetIsNotCounted() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, t TEXT, k TEXT);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000)
            INSERT INTO big SELECT x, 'word ' || x, 'k' || (x % 5) FROM n;
            """, countBudgetSeconds: 0.001, countShareOfPage: Self.wholeBudget)
        let started = ContinuousClock.now
        let json = try TableFixture.json(fixture.server.get("/big.json?t__contains=word&_facet=k"))
        let facet = try #require(Self.facets(json)["k"])
        #expect(facet["values"] is NSNull && facet["truncated"] as? Bool == false)
        #expect(ContinuousClock.now - started < .seconds(1))
        let page = try fixture.server.get("/big?t__contains=word&_facet=k")
        #expect(page.text.contains("Not counted in time."))
    }

    /// The next page, the JSON twin and the CSV keep `_facet`; a later page shows no facets.
    @Test func linksKeepTheFacets() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let page = try fixture.server.get("/pkgs?limit=5&_facet=section")
        let next = try #require(Markup.loadMoreHref(page.text))
        #expect(next.contains("_facet=section"))
        #expect(page.text.contains("/pkgs.json?limit&#61;5&amp;_facet&#61;section"))
        #expect(page.text.contains("/pkgs.csv?_facet&#61;section"))
        let json = try TableFixture.json(fixture.server.get("/pkgs.json?limit=5&_facet=section"))
        let nextJSON = try #require(json["next"] as? String)
        #expect(nextJSON.contains("_facet=section"))
        let later = try TableFixture.json(fixture.server.get(nextJSON))
        #expect((later["facets"] as? [Any])?.isEmpty == true)
        let continuation = try fixture.server.get(next, headers: ["HX-Request": "true"])
        #expect(!continuation.text.contains("list-facets"))
        #expect(try fixture.server.get("/pkgs.csv?_facet=section").status == 200)
    }

    /// The response cache keys on the whole query: a page with `_facet` is another answer.
    @Test func theResponseCacheVariesOnFacets() throws {
        let fixture = try TableFixture(Self.sql, responseCacheBytes: 1 << 20, countShareOfPage: Self.wholeBudget)
        let plain = try fixture.server.get("/pkgs.json")
        let faceted = try fixture.server.get("/pkgs.json?_facet=priority")
        #expect(Self.facets(try TableFixture.json(plain)).isEmpty)
        #expect(Self.facets(try TableFixture.json(faceted))["priority"] != nil)
        #expect(try fixture.server.get("/pkgs.json").body == plain.body)
        #expect(try fixture.server.get("/pkgs.json?_facet=priority").body == faceted.body)
        #expect((fixture.server.application.responseCache?.usage.entries ?? 0) >= 2)
    }

    /// Columns with few values are suggested (not the key, not a number of many values, not
    /// the unique names); a suggestion's link adds `_facet`; the fold is closed unless asked.
    @Test func fewValuedColumnsAreSuggested() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let page = try fixture.server.get("/pkgs?q=pkg")
        #expect(page.text.contains("<details class=\"list-facets\">"))
        let suggested = Markup.matches(#"<a href="([^"]*)" aria-label="Show the values of [^"]*">"#, in: page.text).map(Markup.unescape)
        #expect(suggested == ["/pkgs?q=pkg&_facet=section", "/pkgs?q=pkg&_facet=priority", "/pkgs?q=pkg&_facet=_facet"])
        // A column shown is not suggested again.
        let faceted = try fixture.server.get("/pkgs?_facet=section")
        let rest = Markup.matches(#"aria-label="Show the values of ([^"]*)""#, in: faceted.text)
        #expect(rest == ["priority", "_facet"])
    }

    @Test func facetsSpeakThePageLanguage() throws {
        let fixture = try TableFixture(Self.sql, countShareOfPage: Self.wholeBudget)
        let simplified = try fixture.server.get("/pkgs?_facet=priority&lang=zh-Hans")
        #expect(simplified.text.contains("<summary>分面</summary>"))
        #expect(simplified.text.contains("aria-label=\"optional，200 行\""))
        let traditional = try fixture.server.get("/pkgs?_facet=priority&priority=extra&lang=zh-Hant")
        #expect(traditional.text.contains("<summary>分面</summary>"))
        #expect(traditional.text.contains("aria-label=\"去掉篩選條件 priority：extra\""))
        let english = try fixture.server.get("/pkgs?_facet=priority")
        #expect(english.text.contains("aria-label=\"optional, 200 rows\""))
    }

    /// A list's configured facets come first; a source that does not facet ignores `_facet`
    /// with the note an unknown parameter gets.
    @Test func configuredFacetsAndASourceThatCannotFacet() async throws {
        let names = ["apple", "banana", "cherry", "date", "elder", "fig", "grape"]
        let fruit = try InMemoryRowSource(
            name: "fruit", columns: InMemoryListTests.columns,
            rows: names.enumerated().map { [.integer(Int64($0 + 1)), .text($1), .real(Double($0 % 2))] })
        var list = ListDefinition("fruit", rows: fruit)
        list.facetColumns = [fruit.table.columns[2].name]
        var declared = fruit.capabilities
        declared.facets = false
        let plain = try InMemoryRowSource(
            name: "plain", columns: InMemoryListTests.columns, rows: [[.integer(1), .text("a"), .real(1)]], capabilities: declared)
        let other = ListDefinition("plain", rows: plain)
        var configuration = AppConfiguration()
        configuration.countShareOfPage = Self.wholeBudget
        let server = try TestServer(tables: TableCatalog(TableLists([list, other])), configuration: configuration)
        try await onOwnThread {
            let column = fruit.table.columns[2].name
            let json = try TableFixture.json(server.get("/fruit.json?limit=2&_facet=" + fruit.table.columns[1].name))
            #expect((json["facets"] as? [[String: Any]])?.map { $0["column"] as? String } == [column, fruit.table.columns[1].name])
            let facet = try #require(Self.facets(json)[column])
            #expect((facet["values"] as? [[String: Any]])?.compactMap { $0["count"] as? Int } == [4, 3])
            _ = try server.get("/fruit?limit=2")
            let ignored = try TableFixture.json(server.get("/plain.json?_facet=" + column))
            #expect(ignored["status"] as? Int == 200 && ignored["ignored"] as? [String] == ["_facet"])
            #expect((ignored["facets"] as? [Any])?.isEmpty == true)
            let page = try server.get("/plain?_facet=" + column)
            #expect(page.text.contains("ignored-parameters") && !page.text.contains("list-facets"))
            #expect(page.text.contains("plain cannot count its values by column, so “_facet” was ignored."))
        }
    }

    /// The configuration file's `facets`: shown first, open or not as asked, before `_facet`'s.
    @Test func theConfigurationFileNamesFacets() throws {
        let fixture = try TableFixture(
            Self.sql, configuration: #"{"lists": {"pkgs": {"facets": ["priority", "section"]}}}"#, countShareOfPage: Self.wholeBudget)
        let json = try TableFixture.json(fixture.server.get("/pkgs.json?_facet=_facet&_facet=priority"))
        #expect((json["facets"] as? [[String: Any]])?.map { $0["column"] as? String } == ["priority", "section", "_facet"])
        let page = try fixture.server.get("/pkgs")
        #expect(page.text.contains("<details class=\"list-facets\">") && page.text.contains("aria-label=\"optional, 200 rows\""))
        // The links keep only what the request asked for: no `_facet` for a configured facet.
        #expect(page.text.contains("href=\"/pkgs?priority&#61;optional\""))
    }

    /// By default a facet gets the count's share of the page's own read time: one not counted
    /// then is finished after the answer, and a later visit finds it (that page not kept meanwhile).
    @Test func aFacetNotCountedInThePagesShareIsFinishedAfterTheAnswer() throws {
        let fixture = try TableFixture(Self.sql, responseCacheBytes: 1 << 20, countShareOfPage: 0)
        let first = try TableFixture.json(fixture.server.get("/pkgs.json?_facet=section"))
        #expect(Self.facets(first)["section"]?["values"] is NSNull)
        var counted: [String: Any]?
        for _ in 0..<200 where counted == nil {
            let json = try TableFixture.json(fixture.server.get("/pkgs.json?_facet=section"))
            if let facet = Self.facets(json)["section"], !(facet["values"] is NSNull) { counted = facet } else { Thread.sleep(forTimeInterval: 0.02) }
        }
        let facet = try #require(counted, "the facet was never finished")
        #expect(Self.counts(facet) == (try Self.grouped(fixture, "section", where: "1")))
    }
}
