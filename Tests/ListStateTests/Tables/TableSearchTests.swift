import Foundation
import ListStore
import Testing

@testable import ListState

/// `q` and column filters on lists over tables (Datasette's spelling), with
/// the noResults state, and hostile parameters that must not change the SQL.
@Suite struct TableSearchTests {
    static func keys(_ answer: HTTPTestClient.Answer) -> [String] {
        Markup.matches(#"data-key="([^"]+)""#, in: answer.text)
    }

    @Test func filtersUseDatasettesSpellingAndBindByAffinity() throws {
        let fixture = try TableFixture()
        let cases: [(String, [String])] = [
            ("price=1.5", ["1", "4", "6"]), ("price=1.50", ["1", "4", "6"]), ("price__gt=1.5", ["2", "5"]),
            ("price__gte=2", ["2", "5"]), ("price__lt=2", ["1", "4", "6"]), ("price__lte=1.5", ["1", "4", "6"]),
            ("maker__not=1", ["2", "5"]), ("name__contains=I", ["3", "4", "6"]), ("maker__in=2,9", ["2", "5"]),
            ("maker__isnull=1", ["3", "6"]), ("maker__isnull=0", ["1", "2", "4", "5", "7"]),
            ("price=1.5&maker=1", ["1", "4"]), ("id=10", []), ("name__contains=%25", []),
        ]
        for (query, expected) in cases {
            let page = try fixture.server.get("/products?" + query)
            #expect(page.status == 200, "\(query)")
            #expect(Self.keys(page) == expected, "\(query)")
        }
    }

    @Test func activeFiltersAreShownEachRemovable() throws {
        let fixture = try TableFixture()
        let page = try fixture.server.get("/products?price__gt=1&maker=2&utm_source=mail")
        #expect(page.text.contains("price &gt; 1"))
        #expect(page.text.contains("href=\"/products?maker&#61;2\""), "removing price keeps maker")
        #expect(page.text.contains("href=\"/products?price__gt&#61;1\""), "removing maker keeps price")
        #expect(!page.text.contains("utm_source"), "an unknown parameter is ignored, not a filter")
    }

    @Test func noResultsEchoesTheSearchAndOffersToClearIt() throws {
        let fixture = try TableFixture()
        let page = try fixture.server.get("/products?q=zzzz&maker=1")
        #expect(page.status == 200)
        #expect(page.text.contains("placeholder-noResults") && page.text.contains("zzzz"))
        #expect(page.text.contains("href=\"/products?maker&#61;1\""), "clearing the search keeps the filter")
        let filtered = try fixture.server.get("/products?maker=3")
        #expect(filtered.text.contains("No rows match these filters"))
        let json = try TableFixture.json(fixture.server.get("/products.json?q=zzzz"))
        #expect(json["state"] as? String == "noResults")
        let region = try fixture.server.get("/products?q=zzzz", headers: ["HX-Request": "true"])
        #expect(region.text.hasPrefix("<div id=\"list\""))
    }

    /// Found in the browser: after search as you type, the sort links and the
    /// filter chips (outside #list) kept the old address. A region fragment
    /// carries them out of band, and the title follows the search.
    @Test func aRegionFragmentCarriesTheControlsAndTheTitle() throws {
        let fixture = try TableFixture()
        let region = try fixture.server.get("/products?q=a&maker=1", headers: ["HX-Request": "true"])
        #expect(region.text.contains(#"<div id="list-controls" class="list-controls" hx-swap-oob="true">"#))
        #expect(region.text.contains(#"href="/products?q&#61;a&amp;maker&#61;1&amp;sort&#61;price""#))
        #expect(region.text.contains(#"href="/products?q&#61;a" title="#), "removing the filter keeps the search")
        #expect(region.text.contains("<title>“\u{2068}a\u{2069}” in products · ListState</title>"))
    }

    @Test func searchMatchesEveryWordAsASubstringOfTextColumns() throws {
        let fixture = try TableFixture()
        #expect(Self.keys(try fixture.server.get("/products?q=PE")) == ["2"])
        #expect(Self.keys(try fixture.server.get("/products?q=a+e")) == ["1", "2", "7"])
        #expect(Self.keys(try fixture.server.get("/products?q=%25")) == [])
        #expect(try fixture.server.get("/products?q=" + String(repeating: "a", count: 201)).status == 400)
    }

    @Test func searchUsesTheFullTextIndexThatIndexesTheTable() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO notes VALUES (1, 'the snowman melts'), (2, 'snow falls'), (3, 'a man');
            CREATE VIRTUAL TABLE notes_fts USING fts5 (body, content = 'notes', content_rowid = 'id');
            INSERT INTO notes_fts (notes_fts) VALUES ('rebuild');
            """)
        // Word prefixes, every word: "snow" finds snowman and snow; "man" does not find snowman
        // (in relevance order: compared as sets).
        #expect(Self.keys(try fixture.server.get("/notes?q=snow")).sorted() == ["1", "2"])
        #expect(Self.keys(try fixture.server.get("/notes?q=man")) == ["3"])
        #expect(Self.keys(try fixture.server.get("/notes?q=snow+melt")) == ["1"])
        #expect(Self.keys(try fixture.server.get("/notes?q=%22NEAR%22+OR")) == [])
        #expect(try fixture.server.get("/notes_fts").status == 404, "FTS tables are not lists")
    }

    /// Found by a break-it pass: a refused request (400) emptied the search box, so a
    /// reload or a reader without JavaScript lost the words. They are put back.
    @Test func aRefusedSearchKeepsItsWordsInTheBox() throws {
        let fixture = try TableFixture()
        for (address, words) in [
            ("/products?q=a+b+c+d+e+f+g+h+i", "a b c d e f g h i"), ("/products?q=pear&sort=nope", "pear"),
            ("/products?q=pear&limit=0", "pear"), ("/products?q=one%01two", "one\u{2401}two"),
        ] {
            let page = try fixture.server.get(address)
            #expect(page.status == 400 && page.text.contains(#"name="q" value="\#(words)""#), "\(address)")
        }
    }

    /// Found by a break-it pass: `content='notes'` for the table `Notes` was not taken
    /// for its index (SQLite's names are the same in any ASCII case): its search matched
    /// substrings ("man" found "snowman").
    @Test func aFullTextIndexNamesItsTableInAnyCase() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE Notes (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO Notes VALUES (1, 'the snowman melts'), (2, 'snow falls'), (3, 'a man');
            CREATE VIRTUAL TABLE notes_fts USING fts5 (body, content = 'notes', content_rowid = 'id');
            INSERT INTO notes_fts (notes_fts) VALUES ('rebuild');
            """)
        #expect(Self.keys(try fixture.server.get("/Notes?q=man")) == ["3"])
        #expect(Self.keys(try fixture.server.get("/Notes?q=snow")).sorted() == ["1", "2"])
    }

    /// Found by a break-it pass: FTS4's default tokenizer and FTS5's `ascii` fold only
    /// ASCII letters, and the search's words were folded by Unicode's rules: `Éclair`
    /// was searched as `éclair`, which they never index, so no spelling found the row.
    @Test func fullTextSearchFindsWordsOfOtherScriptsAsTyped() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO docs VALUES (1, 'Éclair au chocolat'), (2, 'ÉCOLE normale'), (3, 'Ωmega ΣΟΦΙΑ'), (4, 'éclair léger');
            CREATE VIRTUAL TABLE docs_fts USING fts4 (body, content="docs");
            INSERT INTO docs_fts (docs_fts) VALUES ('rebuild');
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO notes SELECT * FROM docs;
            CREATE VIRTUAL TABLE notes_fts USING fts5 (body, content = 'notes', content_rowid = 'id', tokenize = 'ascii');
            INSERT INTO notes_fts (notes_fts) VALUES ('rebuild');
            CREATE TABLE folded (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO folded SELECT * FROM docs;
            CREATE VIRTUAL TABLE folded_fts USING fts5 (body, content = 'folded', content_rowid = 'id');
            INSERT INTO folded_fts (folded_fts) VALUES ('rebuild');
            """)
        for list in ["docs", "notes"] {
            #expect(Self.keys(try fixture.server.get("/\(list)?q=%C3%89clair")) == ["1"], "\(list): Éclair")
            #expect(Self.keys(try fixture.server.get("/\(list)?q=%C3%A9clair")) == ["4"], "\(list): éclair")
            #expect(Self.keys(try fixture.server.get("/\(list)?q=%C3%89COLE")) == ["2"], "\(list): ÉCOLE")
            #expect(Self.keys(try fixture.server.get("/\(list)?q=%CE%A3%CE%9F%CE%A6")) == ["3"], "\(list): ΣΟΦ")
            #expect(Self.keys(try fixture.server.get("/\(list)?q=CHOCOLAT")) == ["1"], "\(list): ASCII in any case")
        }
        // FTS5's default tokenizer folds every letter itself.
        #expect(Self.keys(try fixture.server.get("/folded?q=%C3%A9clair")).sorted() == ["1", "4"])
        #expect(SearchWords.of("École école Écoles") == ["Écoles"])
    }

    @Test func aColumnNamedLikeAControlIsFilteredWithAnUnderscore() throws {
        let fixture = try TableFixture("CREATE TABLE t (q TEXT, sort INTEGER); INSERT INTO t VALUES ('a', 1), ('b', 2);")
        #expect(Self.keys(try fixture.server.get("/t?_q=b")) == ["2"])
        #expect(Self.keys(try fixture.server.get("/t?_sort__gt=1")) == ["2"])
        #expect(Self.keys(try fixture.server.get("/t?q=a")) == ["1"], "q is still the search")
        // Found by QA: with an operation the name is the column's, with or without the underscore.
        #expect(Self.keys(try fixture.server.get("/t?sort__gt=1")) == ["2"])
        #expect(Self.keys(try fixture.server.get("/t?q__in=b")) == ["2"])
        #expect(try fixture.server.get("/t?q__in=b&_q__in=a").status == 400, "one filter given twice")
    }

    @Test func badFiltersAre400() throws {
        let fixture = try TableFixture()
        #expect(try fixture.server.get("/products?price__isnull=2").status == 400)
        #expect(try fixture.server.get("/products?price=1&price=2").status == 400)
        let many = (0...RowFilter.maximumValues).map(String.init).joined(separator: ",")
        #expect(try fixture.server.get("/products?id__in=" + many).status == 400)
        let json = try TableFixture.json(fixture.server.get("/products.json?price__isnull=x"))
        #expect(json["status"] as? Int == 400 && (json["problem"] as? String)?.contains("price__isnull") == true)
    }

    /// Identifiers are always quoted and values always bound: nothing a
    /// request says changes the SQL's shape.
    @Test func hostileParametersNeverChangeTheSQL() throws {
        let fixture = try TableFixture()
        let hostile = ["'; DROP TABLE products; --", "\" OR 1=1 --", "a\u{0}b", String(repeating: "x", count: 10_000), "]", "`"]
        for text in hostile {
            let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            for query in [
                "q=\(encoded)", "sort=\(encoded)", "\(encoded)=1", "name=\(encoded)", "name__in=\(encoded),x",
                "name__contains=\(encoded)", "cursor=\(encoded)",
            ] {
                let answer = try fixture.server.get("/products?" + query)
                // 414: a 10 KB address is over the server's 8 KiB limit (issue 15), still our page.
                #expect([200, 400, 414].contains(answer.status), "\(query.prefix(60))")
                _ = try fixture.server.get("/" + TildeEncoding.encode(text) + "/" + TildeEncoding.encode(text))
            }
        }
        #expect(Self.keys(try fixture.server.get("/products?limit=100")).count == 7, "the table is intact")
    }
}

@Suite struct TableSlowSearchTests {
    /// A search that cannot finish within the query time limit says so, with
    /// no Retry-After (the same search soon would be as slow), never as "busy".
    @Test func aSearchPastTheTimeLimitSaysSo() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE n (x TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000) INSERT INTO n SELECT 'v' || i FROM c;
            CREATE VIEW pairs AS SELECT a.x AS x, b.x AS y FROM n a, n b;
            """, queryTimeLimit: 0.1)
        let page = try fixture.server.get("/pairs?q=zzz")
        #expect(page.status == 503 && page.header("retry-after") == nil)
        #expect(page.text.contains("did not finish within the time limit"))
        let json = try TableFixture.json(fixture.server.get("/pairs.json?q=zzz+yyy"))
        #expect(json["state"] as? String == "unavailable")
        #expect((json["problem"] as? String)?.contains("did not finish within the time limit") == true)
    }
}

/// Found by QA: a column without a declared type (a view's `count(*)`, an
/// untyped key) compared a filter's text with numbers, and row pages of
/// untyped keys were not found.
@Suite struct TableUntypedColumnTests {
    @Test func filtersAndKeysOfUntypedColumnsCompareAsNumbers() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE u (k PRIMARY KEY, v);
            INSERT INTO u VALUES (5, 'a'), (7, 'b'), (2.5, 'c'), ('x', 'd');
            CREATE VIEW counts AS SELECT v, count(*) AS n FROM u GROUP BY v;
            """)
        #expect(TableSearchTests.keys(try fixture.server.get("/u?k=5")) == ["5"])
        #expect(TableSearchTests.keys(try fixture.server.get("/u?k__gt=3")) == ["5", "7", "x"])
        #expect(TableSearchTests.keys(try fixture.server.get("/u?k__in=2.5,7")) == ["2~2E5", "7"])
        #expect(try TableFixture.json(fixture.server.get("/counts.json?n=1"))["rows"].map { ($0 as? [Any])?.count } == 4)
        #expect(try TableFixture.json(fixture.server.get("/counts.json?n__gt=1"))["rows"].map { ($0 as? [Any])?.count } == 0)
        for path in ["/u/5", "/u/7", "/u/2~2E5", "/u/x"] {
            #expect(try fixture.server.get(path).status == 200, "\(path)")
        }
        let other = try fixture.server.client.send("GET", "/u/05.json?lang=en")
        #expect(other.status == 308 && other.header("location") == "/u/5.json?lang=en")
        // Found by QA (second round): number-like text in an untyped key opens its own row.
        try fixture.write("INSERT INTO u VALUES ('3', 'text three'), ('01', 'text 01'), (1, 'int one')")
        for (path, v) in [("/u/3.json", "text three"), ("/u/01.json", "text 01"), ("/u/1.json", "int one")] {
            let row = try TableFixture.json(fixture.server.get(path))
            #expect((row["row"] as? [String: Any])?["v"] as? String == v, "\(path)")
        }
    }

    /// Found by QA: a CSV loaded without declared types holds `12` as text, and
    /// `version=12` (bound as the number) found nothing. `=`, `IN` and `!=` on a
    /// column of no affinity match a number-like value as the number and as the
    /// text; `__gt` and the like compare numbers.
    @Test func aNumberLikeFilterOnAnUntypedColumnMatchesTheTextToo() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE releases (version, name);
            INSERT INTO releases VALUES ('12', 'bookworm'), ('11', 'bullseye'), (12, 'number'), ('12.0', 'other text');
            """)
        func names(_ path: String) throws -> [String] {
            let json = try TableFixture.json(fixture.server.get(path))
            return (json["rows"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted()
        }
        #expect(try names("/releases.json?version=12") == ["bookworm", "number"])
        #expect(try names("/releases.json?version__in=11,12") == ["bookworm", "bullseye", "number"])
        #expect(try names("/releases.json?version__not=12") == ["bullseye", "other text"])
        #expect(try names("/releases.json?version=12.0") == ["number", "other text"], "12.0 is the number 12 and the text 12.0")
        #expect(try names("/releases.json?name=bookworm") == ["bookworm"])
    }
}

/// Found by QA: sorting and filtering by columns with awkward names, the key
/// order link of a list with a default sort, and long cursors of a view.
@Suite struct TableAwkwardNamesTests {
    @Test func aColumnNamedWithADashSortsAscending() throws {
        let fixture = try TableFixture(#"CREATE TABLE t ("-dash" INTEGER, "_q" TEXT, q TEXT); INSERT INTO t VALUES (2, 'a', 'x'), (1, 'b', 'y');"#)
        #expect(TableSearchTests.keys(try fixture.server.get("/t?sort=-dash")) == ["2", "1"])
        #expect(TableSearchTests.keys(try fixture.server.get("/t?_q=b")) == ["2"], "the column _q itself")
        let bad = try fixture.server.get("/t?sort=-nope")
        #expect(bad.status == 400 && bad.text.contains("no column “nope”"))
    }

    /// Found by a break-it pass: beside a column `_q`, the links of a filter on the column
    /// `q` wrote `_q__not=a`, a filter on `_q` (a walk by `next` gave a wrong row), and
    /// no spelling reached an exact filter on `q`. Links write `q__exact` and `q__not`.
    @Test func aFilterOnAColumnNamedLikeAControlBesideItsUnderscoredNameKeepsItsColumn() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, q TEXT, _q TEXT);
            INSERT INTO t VALUES (1, 'a', 'a'), (2, 'b', 'a'), (3, 'a', 'a'), (4, 'b', 'b'), (5, 'a', 'b'), (6, 'b', 'b');
            """)
        for (start, expected) in [("/t.json?q__not=a&limit=1", ["2", "4", "6"]), ("/t.json?q__exact=a&limit=1", ["1", "3", "5"])] {
            var keys: [String] = []
            var next: String? = start
            while let address = next, keys.count < 10 {
                let json = try TableFixture.json(fixture.server.get(address))
                keys += (json["rows"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? Int).map(String.init) }
                next = json["next"] as? String
            }
            #expect(keys == expected, "\(start)")
        }
        let page = try fixture.server.get("/t?q__exact=a&limit=1")
        #expect(page.text.replacingOccurrences(of: "&#61;", with: "=").contains("q__exact=a"), "the links keep the filter's column")
        #expect(TableSearchTests.keys(try fixture.server.get("/t?_q=b")) == ["4", "5", "6"], "_q is the column _q itself")
    }

    /// Found by a break-it pass: beside a column `cat`, the column `-cat`'s header
    /// linked to `sort=-cat`, which is `cat` descending, and nothing sorted `-cat`
    /// ascending. Links write a name's leading `-` tilde-encoded (`~2D`).
    @Test func aColumnNamedWithADashBesideItsRestSortsByItsOwnLinks() throws {
        let fixture = try TableFixture(
            #"CREATE TABLE t (id INTEGER PRIMARY KEY, "-cat" TEXT, cat TEXT); INSERT INTO t VALUES (1, 'b', 'x'), (2, 'a', 'z'), (3, 'c', 'y');"#)
        let page = try fixture.server.get("/t")
        #expect(page.text.contains(#"href="/t?sort&#61;%7E2Dcat""#), "the -cat header")
        #expect(page.text.contains(#"href="/t?sort&#61;cat""#), "the cat header")
        #expect(TableSearchTests.keys(try fixture.server.get("/t?sort=~2Dcat")) == ["2", "1", "3"])
        #expect(TableSearchTests.keys(try fixture.server.get("/t?sort=-~2Dcat")) == ["3", "1", "2"])
        #expect(TableSearchTests.keys(try fixture.server.get("/t?sort=-cat")) == ["2", "3", "1"], "cat descending")
        let sorted = try fixture.server.get("/t?sort=%7E2Dcat")
        #expect(sorted.text.contains(#"href="/t?sort&#61;-%7E2Dcat""#), "following it again reverses it")
    }

    /// Found by a break-it pass: a column whose name is empty linked its header to
    /// `sort=`, the key order, with no words. Its links write the name as `~`, and say `""`.
    @Test func aColumnWhoseNameIsEmptySortsByItsOwnLinks() throws {
        let fixture = try TableFixture(#"CREATE TABLE t (id INTEGER PRIMARY KEY, "" TEXT); INSERT INTO t VALUES (1, 'b'), (2, 'c'), (3, 'a');"#)
        let page = try fixture.server.get("/t")
        #expect(page.text.contains(#"href="/t?sort&#61;%7E""#), "the empty name's header")
        // Its header and sort link say `""`: a link needs words (the validator checks every page here).
        #expect(page.text.contains(#"href="/t?sort&#61;%7E">&quot;&quot;</a>"#))
        #expect(TableSearchTests.keys(try fixture.server.get("/t?sort=~")) == ["3", "1", "2"])
        let descending = try fixture.server.get("/t?sort=-~")
        #expect(TableSearchTests.keys(descending) == ["2", "1", "3"])
        #expect(descending.text.contains(#"aria-sort="descending""#))
        #expect(TableSearchTests.keys(try fixture.server.get("/t?sort=")) == ["1", "2", "3"], "key order")
    }

    @Test func keyOrderIsReachableWhereTheListHasADefaultSort() throws {
        let fixture = try TableFixture(configuration: #"{"lists": {"products": {"sort": "-price"}}}"#)
        let page = try fixture.server.get("/products")
        #expect(page.text.contains(#"<a href="/products?sort&#61;">Key order</a>"#))
        let keyOrder = try fixture.server.get("/products?sort=")
        #expect(TableSearchTests.keys(keyOrder).prefix(3) == ["1", "2", "3"])
        #expect(keyOrder.text.contains(#"aria-current="true">Key order</a>"#))
        let next = try #require(Markup.loadMoreHref(try fixture.server.get("/products?sort=&limit=2").text))
        #expect(next.contains("sort=&"))
        #expect(TableSearchTests.keys(try fixture.server.get(next)) == ["3", "4"])
    }

    @Test func aViewOfLongTextsWalksToItsEnd() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE posts (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 6)
            INSERT INTO posts SELECT i, printf('%.*c', 5000, char(96 + i)) FROM c;
            CREATE VIEW recent AS SELECT id, body FROM posts WHERE id > 1;
            """)
        var next: String? = "/recent.json?limit=2"
        var ids: [Int] = []
        while let path = next {
            let json = try TableFixture.json(fixture.server.get(path))
            #expect(json["status"] as? Int == 200, "\(path.prefix(80))")
            ids += (json["rows"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            next = json["next"] as? String
        }
        #expect(ids == [2, 3, 4, 5, 6])
    }
}
