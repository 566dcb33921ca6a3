import Foundation
import Testing

@testable import ListState

/// `lists.NAME` in the configuration file for lists over tables: titles,
/// columns shown and their labels, hidden lists and columns, search columns,
/// the default sort, a view's key, placeholders and lazy loading.
@Suite struct TableConfigurationTests {
    static let configuration = """
        { "lists": {
            "products": { "title": "Products", "description": "Everything we sell.", "sort": "-price",
                          "columns": ["name", "price"], "labels": {"price": "Price (EUR)"},
                          "hiddenColumns": ["data"], "searchColumns": ["name"],
                          "placeholders": { "noResults": { "title": "Nothing called “{query}”" } } },
            "empty": { "hidden": true },
            "cheap": { "key": ["name"], "lazy": true }
        } }
        """

    @Test func titlesColumnsLabelsAndTheDefaultSortApply() throws {
        let fixture = try TableFixture(configuration: Self.configuration)
        let index = try fixture.server.get("/")
        #expect(index.text.contains("<a href=\"/products\" dir=\"auto\">Products</a>") && index.text.contains("Everything we sell."))
        #expect(!index.text.contains("href=\"/empty\""))
        let page = try fixture.server.get("/products")
        #expect(Markup.matches(#"data-key="([^"]+)""#, in: page.text).prefix(2) == ["5", "2"], "sorted by -price")
        #expect(page.text.contains(#"data-label="Price (EUR)""#) && !page.text.contains(#"data-label="maker""#))
        let json = try TableFixture.json(fixture.server.get("/products.json"))
        #expect(json["columns"] as? [String] == ["id", "name", "price", "maker"], "a hidden column is never shown")
        #expect(try fixture.server.get("/products?sort=data").status == 400)
        #expect(
            Markup.matches(#"data-key="([^"]+)""#, in: try fixture.server.get("/products?data__isnull=1").text).count == 7,
            "a hidden column is no filter")
        let search = try fixture.server.get("/products?q=zzz")
        #expect(search.text.contains("Nothing called"))
        #expect(try fixture.server.get("/empty").status == 404)
    }

    @Test func aViewTakesAKeyAndALazyListShowsItsShellFirst() throws {
        let fixture = try TableFixture(configuration: Self.configuration)
        let shell = try fixture.server.get("/cheap")
        #expect(shell.text.contains("placeholder-loading") && shell.text.contains("hx-trigger=\"load\""))
        #expect(shell.text.contains("lazy&#61;0"))
        let rows = try fixture.server.get("/cheap?lazy=0")
        #expect(Markup.matches(#"data-key="([^"]+)""#, in: rows.text) == ["apple", "kiwi", "lime"])
        let region = try fixture.server.get("/cheap", headers: ["HX-Request": "true"])
        #expect(region.text.contains("data-key=\"apple\""))
    }

    /// Found by a break-it pass: a view keyed by a column whose values repeat showed
    /// 400 of its 5,000 rows, then its end. Where rows of a page (or its last and the
    /// next) share the key, the answer is the error placeholder (500), the log names
    /// the list and its key, and the source stays healthy.
    @Test func aViewKeyThatRepeatsIsAnError() throws {
        let fixture = try TableFixture(
            TableFixture.shop + "CREATE VIEW by_maker AS SELECT maker, name FROM products;",
            configuration: #"{"lists": {"by_maker": {"key": ["maker"]}}}"#)
        let page = try fixture.server.get("/by_maker?limit=2")
        #expect(page.status == 500 && page.text.contains("placeholder-error"))
        let json = try TableFixture.json(fixture.server.get("/by_maker.json?limit=2"))
        #expect(json["state"] as? String == "error" && json["next"] is NSNull)
        #expect(fixture.incidents.lines.withLock { $0 }.contains { $0.contains("share the values of its configured key (maker)") })
        #expect(try fixture.server.get("/products").status == 200, "other lists of the source answer")
        #expect(try fixture.server.get("/-/readyz").status == 200, "the source is healthy")
    }

    /// Found by a break-it pass: a misspelt table setting was told of five keys, none of
    /// them the one meant, and a sort by a hidden column said the table had no such column.
    @Test(arguments: [
        (#"{"lists": {"products": {"hiddenColumn": ["data"]}}}"#, "hiddenColumns, searchColumns"),
        (#"{"lists": {"products": {"hiddenColumns": ["data"], "sort": "-data"}}}"#, "“data” is hidden"),
    ])
    func aMistakeIsToldInTheWordsThatFixIt(_ json: String, _ words: String) {
        do {
            _ = try TableFixture(configuration: json)
            Issue.record("\(json) was taken")
        } catch {
            #expect("\(error)".contains(words), "\(error)")
        }
    }

    @Test(arguments: [
        (#"{"lists": {"nope": {"title": "x"}}}"#, "lists.nope"),
        (#"{"lists": {"products": {"columns": ["nope"]}}}"#, "lists.products.columns"),
        (#"{"lists": {"products": {"hiddenColumns": ["id"]}}}"#, "lists.products.hiddenColumns"),
        (#"{"lists": {"products": {"key": ["id"]}}}"#, "lists.products.key"),
        (#"{"lists": {"products": {"sort": "-nope"}}}"#, "lists.products.sort"),
        (#"{"lists": {"products": {"columns": "name"}}}"#, "lists.products.columns"),
        (#"{"lists": {"products": {"colour": "red"}}}"#, "lists.products.colour"),
        // Found by a break-it pass: these were taken, then answered 500 or filtered by nothing.
        (#"{"lists": {"cheap": {"key": []}}}"#, "lists.cheap.key"),
        (#"{"lists": {"products": {"searchColumns": []}}}"#, "lists.products.searchColumns"),
        (#"{"lists": {"products": {"hiddenColumns": ["data"], "filters": {"d": {"column": "data"}}}}}"#, "lists.products.filters.d.column"),
        (#"{"lists": {"products": {"title": " "}}}"#, "lists.products.title"),
        // Found by a third break-it pass: taken silently (no column shown, or one shown twice).
        (#"{"lists": {"products": {"columns": []}}}"#, "lists.products.columns"),
        (#"{"lists": {"products": {"facets": ["nope"]}}}"#, "lists.products.facets"),
        (#"{"lists": {"products": {"facets": ["price", "price"]}}}"#, "lists.products.facets"),
        (#"{"lists": {"products": {"facets": ["data"], "hiddenColumns": ["data"]}}}"#, "lists.products.facets"),
        (#"{"lists": {"products": {"columns": ["name", "name"]}}}"#, "lists.products.columns"),
        (#"{"lists": {"products": {"searchColumns": ["name", "name"]}}}"#, "lists.products.searchColumns"),
        (#"{"lists": {"cheap": {"key": ["id", "id"]}}}"#, "lists.cheap.key"),
        // Found by a break-it pass: a key sends its values to every client in each cursor,
        // and a view with no column left answered 500 to every request.
        (#"{"lists": {"cheap": {"key": ["price"], "hiddenColumns": ["price"]}}}"#, "lists.cheap.key"),
        (#"{"lists": {"cheap": {"hiddenColumns": ["name", "price"]}}}"#, "lists.cheap.hiddenColumns"),
        // Found by a break-it pass: a NUL reached <title>; empty texts made an empty heading,
        // a link without a name and a label of nothing, which the markup checker refuses.
        (#"{"lists": {"products": {"title": "a\u0000b"}}}"#, "lists.products.title"),
        (#"{"lists": {"products": {"description": "x\u202eY"}}}"#, "lists.products.description"),
        (#"{"lists": {"products": {"labels": {"name": "  "}}}}"#, "lists.products.labels.name"),
        (#"{"lists": {"products": {"filters": {"f": {"column": "name", "label": ""}}}}}"#, "lists.products.filters.f.label"),
        (#"{"lists": {"products": {"endOfList": ""}}}"#, "lists.products.endOfList"),
        (#"{"lists": {"empty": {"placeholders": {"noData": {"title": ""}}}}}"#, "lists.empty.placeholders.noData.title"),
        (
            #"{"lists": {"empty": {"placeholders": {"noData": {"title": {"en": "ok", "zh-Hans": "\u0085"}}}}}}"#,
            "lists.empty.placeholders.noData.title.zh-Hans"
        ),
        (#"{"lists": {"empty": {"placeholders": {"noData": {"button": {"label": ""}}}}}}"#, "lists.empty.placeholders.noData.button.label"),
        // Found by a break-it pass: a name that reads as a column filter took its parameter;
        // no value made every use a 400; a value given twice was taken silently.
        (#"{"lists": {"products": {"filters": {"price__gt": {"column": "name"}}}}}"#, "lists.products.filters.price__gt"),
        (#"{"lists": {"products": {"filters": {"f": {"column": "name", "values": []}}}}}"#, "lists.products.filters.f.values"),
        (#"{"lists": {"products": {"filters": {"f": {"column": "name", "values": ["a", "a"]}}}}}"#, "lists.products.filters.f.values[1]"),
    ])
    func aSettingThatNamesNothingStopsTheStart(_ json: String, _ key: String) {
        do {
            _ = try TableFixture(configuration: json)
            Issue.record("\(json) was taken")
        } catch {
            #expect("\(error)".contains("test.json") && "\(error)".contains(key), "\(error)")
        }
    }
}

/// Found by a break-it pass: a hidden column stays out of every search.
@Suite struct TableHiddenSearchTests {
    /// A full-text index over a hidden column found rows by it, word by word: such a
    /// list searches its shown text columns instead. An index over shown columns only
    /// still serves it.
    @Test func aFullTextIndexOverAHiddenColumnIsNotUsed() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT, bio TEXT);
            INSERT INTO authors VALUES (1, 'Ada Lovelace', 'SECRET salary 99999'), (2, 'Alan Turing', 'public record');
            CREATE VIRTUAL TABLE authors_fts USING fts5 (name, "bio", content = 'authors', content_rowid = 'id');
            INSERT INTO authors_fts (authors_fts) VALUES ('rebuild');
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, secret TEXT);
            INSERT INTO notes VALUES (1, 'snowman', 'hidden words'), (2, 'snow', 'more');
            CREATE VIRTUAL TABLE notes_fts USING fts4 (title, content="notes");
            INSERT INTO notes_fts (notes_fts) VALUES ('rebuild');
            """,
            configuration: #"{"lists": {"authors": {"hiddenColumns": ["bio"]}, "notes": {"hiddenColumns": ["secret"]}}}"#)
        for address in ["/authors?q=SECRET", "/authors?q=99999", "/authors.json?q=salary", "/authors.csv?q=SECRET"] {
            let answer = try fixture.server.get(address)
            #expect(answer.status == 200 && !answer.text.contains("Ada"), "\(address)")
        }
        #expect(TableSearchTests.keys(try fixture.server.get("/authors?q=Turing")) == ["2"])
        // The index over shown columns only: prefix words as before ("snow" finds snowman).
        #expect(TableSearchTests.keys(try fixture.server.get("/notes?q=snow")) == ["1", "2"])
        #expect(TableSearchTests.keys(try fixture.server.get("/notes?q=hidden")) == [])
    }

    /// With its only text column hidden, a list searched an empty list of columns: 500.
    @Test func aListWhoseTextColumnsAreHiddenSearchesWhatItShows() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, manager_id INTEGER);
            INSERT INTO employees VALUES (1, 'Emp one', NULL), (2, 'Emp two', 1), (12, 'Emp three', 1);
            """,
            configuration: #"{"lists": {"employees": {"hiddenColumns": ["name"]}}}"#)
        let search = try fixture.server.get("/employees?q=Emp")
        #expect(search.status == 200 && TableSearchTests.keys(search).isEmpty)
        #expect(TableSearchTests.keys(try fixture.server.get("/employees?q=2")) == ["2", "12"])
    }
}

/// Found by a break-it pass: `forceDisplay: "noResults"` on a page without filters
/// offered "Clear the filters", a link back to the same page.
@Suite struct TableForcedPlaceholderTests {
    @Test func aForcedNoResultsOffersToClearOnlyFiltersThatAreThere() throws {
        let fixture = try TableFixture(configuration: #"{"lists": {"products": {"forceDisplay": "noResults"}}}"#)
        let plain = try fixture.server.get("/products")
        #expect(plain.status == 200 && plain.text.contains("placeholder-noResults") && plain.text.contains("apple"))
        #expect(!plain.text.contains("Clear the filters"), "no button that leads back here")
        let filtered = try fixture.server.get("/products?maker=1")
        #expect(filtered.text.contains("Clear the filters"), "with a filter, clearing it leads somewhere")
    }
}

/// Found by a break-it pass: a view paged by all its columns paged by its hidden
/// ones too, so each cursor (the JSON's `next`, the `Link` header, "Load more")
/// carried the hidden values to every client. It pages by its shown columns; rows
/// equal in them are one run, which a page never splits.
@Suite struct TableHiddenKeyTests {
    static let secrets = ["123-45-6789", "987-65-4321", "555-55-5555", "111-11-1111"]

    @Test func aViewsHiddenColumnsStayOutOfItsCursors() throws {
        let fixture = try TableFixture(
            """
            CREATE TABLE acct (id INTEGER PRIMARY KEY, user TEXT, ssn TEXT);
            INSERT INTO acct VALUES (1, 'ann', '123-45-6789'), (2, 'ann', '987-65-4321'), (3, 'bob', '555-55-5555'),
                (4, 'cat', '111-11-1111');
            CREATE VIEW users AS SELECT user, ssn FROM acct;
            """,
            configuration: #"{"lists": {"users": {"hiddenColumns": ["ssn"]}, "acct": {"hidden": true}}}"#)
        var users: [String] = []
        var address: String? = "/users.json?limit=1"
        while let next = address, users.count < 10 {
            let answer = try fixture.server.get(next)
            #expect(answer.status == 200, "\(next)")
            let json = try TableFixture.json(answer)
            users += (json["rows"] as? [[String: Any]] ?? []).compactMap { $0["user"] as? String }
            address = json["next"] as? String
            for cursor in [address, answer.header("link")].compactMap({ $0 }) {
                let decoded = Self.decodedCursors(in: cursor)
                #expect(!Self.secrets.contains { secret in decoded.contains { $0.contains(secret) } }, "\(cursor)")
            }
            let page = try fixture.server.get(next.replacingOccurrences(of: ".json", with: ""))
            #expect(!Self.secrets.contains { secret in Self.decodedCursors(in: page.text).contains { $0.contains(secret) } })
        }
        #expect(users == ["ann", "ann", "bob", "cat"], "every row once, in order")
    }

    /// Every `cursor=` value in `text`, decoded from base64url as far as it decodes.
    static func decodedCursors(in text: String) -> [String] {
        text.components(separatedBy: "cursor=").dropFirst().map { part in
            var value = String(part.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            value = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while value.count % 4 != 0 { value += "=" }
            return Data(base64Encoded: value).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}

/// `--templates DIR` with `lists/NAME/row.mustache` and `detail.mustache`:
/// a list's own rows and row page; other lists keep the shared ones.
@Suite struct TableTemplateTests {
    @Test func aListsOwnRowAndDetailTemplates() throws {
        let fixture = try TableFixture(
            configuration: #"{"lists": {"products": {"layout": "list"}}}"#,
            templates: [
                "lists/products/row.mustache":
                    #"<li class="row record product" id="{{id}}" data-key="{{key}}"><a href="{{detailHref}}">{{values.name}}</a> costs {{#values.price}}{{values.price}}{{/values.price}}{{^values.price}}nothing{{/values.price}}</li>"#,
                "lists/products/detail.mustache": #"{{<layout}}{{$content}}<h1 class="product">{{values.name}}</h1>{{/content}}{{/layout}}"#,
            ])
        let page = try fixture.server.get("/products?limit=3")
        #expect(page.text.contains(#"<a href="/products/1">apple</a> costs 1.5</li>"#))
        #expect(page.text.contains(#"<a href="/products/3">fig</a> costs nothing</li>"#))
        let detail = try fixture.server.get("/products/2")
        #expect(detail.text.contains(#"<h1 class="product">pear</h1>"#))
        #expect(try fixture.server.get("/makers").text.contains("record-caption"), "other lists keep the shared row")
    }

    /// Found by a break-it pass: a row template whose partials nest as deep as the data
    /// goes failed at request time with a 500 that still named a next page (`Link`).
    @Test func aRowTemplateThatFailsOnTheDataOffersNoNextPage() throws {
        let fixture = try TableFixture(
            templates: [
                "lists/products/row.mustache": #"<tr class="row"><td>{{#values.name}}{{> loop}}{{/values.name}}</td></tr>"#,
                "loop.mustache": "{{#values.name}}x{{> loop}}{{/values.name}}",
            ])
        let page = try fixture.server.get("/products?limit=2")
        #expect(page.status == 500 && page.header("link") == nil)
        #expect(fixture.incidents.lines.withLock { $0 }.contains { $0.contains("partials nested deeper than 64 levels") })
        #expect(try fixture.server.get("/makers").status == 200, "other lists draw")
        // The error state, drawn with the shared templates (found by a break-it pass: a bare
        // text/plain 500, which a partial request swapped in as the list).
        #expect(page.header("content-type")?.hasPrefix("text/html") == true)
        #expect(page.text.contains("placeholder-error") && page.text.contains(#"id="search-q""#))
        let region = try fixture.server.get("/products?limit=2", headers: ["HX-Request": "true", "HX-Target": "list"])
        #expect(region.status == 500 && region.text.hasPrefix(#"<div id="list""#) && region.text.contains("placeholder-error"))
        let first = try TableFixture().server.get("/products?limit=2")
        let next = try #require(Markup.loadMoreHref(first.text))
        let more = try fixture.server.get(next, headers: ["HX-Request": "true", "HX-Target": "list-footer"])
        #expect(more.status == 500 && more.text.hasPrefix("<tr") && more.text.contains("list-footer-retry"), "\(more.status) \(more.text.prefix(300))")
        #expect(more.text.contains("cursor&#61;"), "the retry asks for the same next page")
    }

    /// A row page that the list's own detail template cannot draw: the error page, not a bare 500.
    @Test func aDetailTemplateThatFailsOnTheDataAnswersTheErrorPage() throws {
        let fixture = try TableFixture(
            templates: [
                "lists/products/detail.mustache": "<p>{{#caption}}{{> loop}}{{/caption}}</p>",
                "loop.mustache": "{{#caption}}x{{> loop}}{{/caption}}",
            ])
        let row = try fixture.server.get("/products/1")
        #expect(row.status == 500 && row.header("content-type")?.hasPrefix("text/html") == true)
        #expect(row.text.contains("placeholder-error"))
    }

    @Test func aFolderOfNoListOrAnUnknownTemplateStopsTheStart() {
        #expect(throws: AppError.self) { _ = try TableFixture(templates: ["lists/nope/row.mustache": "<li></li>"]) }
        #expect(throws: AppError.self) { _ = try TableFixture(templates: ["lists/products/footer.mustache": "<li></li>"]) }
    }
}

/// Found by QA: a table named with capitals, `_` or spaces could not be configured.
@Suite struct TableConfigurationNameTests {
    @Test func anyTablesNameCanBeConfigured() throws {
        let fixture = try TableFixture(
            "CREATE TABLE \"Big Things\" (x TEXT); CREATE TABLE big_packages (x TEXT);",
            configuration: ##"{"lists": {"Big Things": {"title": "Big", "placeholders": {"noData": {"background": "#fff8e1"}}}, "big_packages": {"title": "Packages"}}}"##)
        let page = try fixture.server.get("/Big~20Things")
        #expect(page.text.contains("ls-_42ig_20_54hings-noData"))
        let css = try fixture.server.get("/-/placeholders.css")
        #expect(css.text.contains(".ls-_42ig_20_54hings-noData"))
        #expect(try fixture.server.get("/").text.contains(">Packages</a>"))
    }
}

/// `{{{html}}}` in placeholder.mustache is the only unescaped output: it
/// carries the server's own render of a configured partial, in which the
/// request's words (the search echoed) and a user's data are escaped by the
/// engine; a `<script>` in either never reaches the page as markup.
@Suite struct TablePlaceholderPartialTests {
    @Test func aCustomPartialEscapesTheSearchAndTheData() throws {
        let fixture = try TableFixture(
            #"CREATE TABLE t (x TEXT); CREATE TABLE "<script>alert(1)</script>" (y TEXT);"#,
            configuration: #"{"lists": {"t": {"placeholders": {"noResults": {"partial": "my-empty"}, "noData": {"partial": "my-empty"}}}}}"#,
            templates: ["my-empty.mustache": #"<p class="mine">{{title}}</p>"#])
        let page = try fixture.server.get("/t?q=%3Cscript%3Ealert(1)%3C/script%3E")
        #expect(page.text.contains(#"<p class="mine">"#))
        #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !page.text.contains("<script>alert"))
        let index = try fixture.server.get("/")
        #expect(!index.text.contains("<script>alert"), "a table's name is escaped")
    }

    /// Found by a break-it pass: a placeholder partial that includes itself was taken,
    /// and every page it was to draw logged the failure and showed the built-in one.
    @Test func aPartialThatIncludesItselfStopsTheStart() {
        do {
            _ = try TableFixture(
                "CREATE TABLE t (x TEXT);",
                configuration: #"{"lists": {"t": {"placeholders": {"noResults": {"partial": "my-empty"}}}}}"#,
                templates: ["my-empty.mustache": "<div>{{title}} {{> my-empty}}</div>"])
            Issue.record("the partial was taken")
        } catch {
            #expect("\(error)".contains("lists.t.placeholders.noResults.partial") && "\(error)".contains("my-empty"), "\(error)")
        }
    }
}
