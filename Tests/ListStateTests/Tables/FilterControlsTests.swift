import Foundation
import ListStore
import Testing

@testable import ListState

/// Filters a reader can see and make (issue 46, item 3): a parameter that names no column
/// is said on the page and in the JSON, a range's value that is no number is a 400 saying
/// so, and a form adds a filter by column, operation and value, with or without JavaScript.
@Suite struct FilterControlsTests {
    static let packages = """
        CREATE TABLE packages (name TEXT PRIMARY KEY, section TEXT, installed_size INTEGER, score REAL, released DATE);
        INSERT INTO packages VALUES ('g++', 'devel', 40, 1.5, '2023-01-02'), ('vim', 'editors', 3900, 2, '2022-05-01'),
            ('nano', 'editors', 2800, NULL, '2024-03-03'), ('zsh', 'shells', 2500, 0.5, '2021-11-11');
        CREATE TABLE other (x);
        """

    static func names(_ answer: HTTPTestClient.Answer) throws -> [String] {
        (try TableFixture.json(answer)["rows"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// The `<p>` of the note on ignored parameters, its text unescaped.
    static func notes(_ text: String) -> [String] {
        guard let start = text.range(of: #"<div class="ignored-parameters" role="note">"#),
            let end = text[start.upperBound...].range(of: "</div>")
        else { return [] }
        return Markup.matches("<p>([^<]*)</p>", in: String(text[start.upperBound..<end.lowerBound])).map(Markup.unescape)
    }

    @Test func aParameterThatNamesNoColumnIsNotedAndThePageServes() throws {
        let fixture = try TableFixture(Self.packages)
        let page = try fixture.server.get("/packages?secton=editors")
        #expect(page.status == 200 && Markup.matches(#"data-key="([^"]+)""#, in: page.text).count == 4)
        #expect(Self.notes(page.text) == ["“secton” is not a column of packages, so it was ignored."])
        #expect(Self.notes(try fixture.server.get("/packages?secton=editors&lang=zh-Hans").text) == ["“secton”不是packages的列，已忽略。"])
        #expect(Self.notes(try fixture.server.get("/packages?secton=editors&lang=zh-Hant").text) == ["「secton」不是packages的欄，已忽略。"])
        // Each name once, in order; a column, a control and a tracking parameter are never named.
        let many = try fixture.server.get("/packages?b=1&section=editors&a=2&b=3&utm_source=mail&fbclid=x&gclid=y&limit=2")
        #expect(many.status == 200 && Self.notes(many.text).count == 2 && Self.notes(many.text)[0].hasPrefix("“b”"))
        #expect(Self.notes(try fixture.server.get("/packages?utm_campaign=x&msclkid=y").text).isEmpty)
        #expect(Self.notes(try fixture.server.get("/packages").text).isEmpty)
        // The region a partial request swaps in carries the note with the controls.
        let region = try fixture.server.get("/packages?secton=1", headers: ["HX-Request": "true"])
        #expect(Self.notes(region.text) == ["“secton” is not a column of packages, so it was ignored."])
    }

    @Test func theJSONNamesTheIgnoredParameters() throws {
        let fixture = try TableFixture(Self.packages)
        let json = try TableFixture.json(fixture.server.get("/packages.json?secton=editors&utm_medium=x&zz=1"))
        #expect(json["status"] as? Int == 200 && json["ignored"] as? [String] == ["secton", "zz"])
        #expect(try TableFixture.json(fixture.server.get("/packages.json"))["ignored"] as? [String] == [])
    }

    /// A kept first page's controls are shared with its address's other requests
    /// (``TableView/sharedContextKey``): the note is never shared with a page without it.
    @Test func aKeptPageDoesNotLendItsNote() throws {
        let fixture = try TableFixture(Self.packages, responseCacheBytes: 1 << 20)
        #expect(Self.notes(try fixture.server.get("/packages?secton=1").text).count == 1)
        #expect(Self.notes(try fixture.server.get("/packages").text).isEmpty)
        #expect(Self.notes(try fixture.server.get("/packages?secton=1").text).count == 1)
    }

    @Test func aRangeOverNumbersTakesOnlyANumber() throws {
        let fixture = try TableFixture(Self.packages)
        let page = try fixture.server.get("/packages?installed_size__gt=abc")
        #expect(page.status == 400 && page.text.contains("placeholder-error"))
        #expect(Markup.unescape(page.text).contains("“abc” is not a number, so “installed_size__gt” cannot compare with it."))
        let json = try TableFixture.json(fixture.server.get("/packages.json?score__lte=1.5x"))
        #expect(json["status"] as? Int == 400 && json["state"] as? String == "error")
        #expect(json["problem"] as? String == "“1.5x” is not a number, so “score__lte” cannot compare with it.")
        #expect(try fixture.server.get("/packages.csv?installed_size__lt=x").status == 400)
        let chinese = try fixture.server.get("/packages?installed_size__gt=abc&lang=zh-Hant")
        #expect(chinese.status == 400 && Markup.unescape(chinese.text).contains("「abc」不是數字"))
        // Numbers in every spelling SQLite reads; a date (NUMERIC affinity) and a text column compare as before.
        #expect(try Self.names(fixture.server.get("/packages.json?installed_size__gt=2800&sort=name")) == ["vim"])
        #expect(try Self.names(fixture.server.get("/packages.json?installed_size__lt=2.5e3")) == ["g++"])
        #expect(try Self.names(fixture.server.get("/packages.json?score__gte=.6&sort=name")) == ["g++", "vim"])
        #expect(try Self.names(fixture.server.get("/packages.json?released__gt=2023-06-01")) == ["nano"])
        #expect(try Self.names(fixture.server.get("/packages.json?section__gt=editors")) == ["zsh"])
        #expect(try fixture.server.get("/packages.json?installed_size=abc").status == 200, "exact compares any value")
    }

    @Test(arguments: ["1", "-2", "+3.5", "0.5", ".5", "5.", "1e3", "2E-4", "Infinity", "-Infinity"])
    func numbers(_ text: String) {
        #expect(TableRequest.isNumber(text))
    }

    @Test(arguments: ["", "abc", "1x", "0x10", "1e", "e3", ".", "-", "1.2.3", "NaN", "inf", "1 2", " 7 "])
    func notNumbers(_ text: String) {
        #expect(!TableRequest.isNumber(text))
    }

    @Test func trackingParametersAreNamed() {
        for name in ["utm_source", "utm_anything", "fbclid", "gclid", "msclkid", "mc_eid"] { #expect(TrackingParameters.isTracking(name), "\(name)") }
        for name in ["secton", "utm", "source", "clid"] { #expect(!TrackingParameters.isTracking(name), "\(name)") }
    }

    /// The form, drawn beside the active filters: a GET form to the list that keeps the
    /// request's parameters and offers the table's columns and every operation.
    @Test func theFormOffersTheColumnsAndKeepsTheQuery() throws {
        let fixture = try TableFixture(Self.packages)
        let page = try fixture.server.get("/packages?section=editors&sort=name&limit=5").text
        let form = try #require(page.range(of: #"<form class="filter-form""#).map { String(page[$0.lowerBound...]) })
        let body = String(form[..<(form.range(of: "</form>")?.upperBound ?? form.endIndex)])
        #expect(body.contains(##"action="/packages" method="get" hx-get="/packages" hx-target="#list""##))
        #expect(page.range(of: "active-filters")!.lowerBound < page.range(of: "filter-form")!.lowerBound, "beside the active filters")
        let hidden = Markup.matches(#"<input type="hidden" name="([^"]+)""#, in: body)
        #expect(hidden == ["section", "sort", "limit"])
        #expect(Markup.matches(#"<option value="([^"]+)">"#, in: body).prefix(5) == ["name", "section", "installed_size", "score", "released"])
        #expect(Markup.matches(#"<option value="([a-z]+)">"#, in: body).suffix(9) == RowFilter.Operation.allCases.map(\.rawValue))
        for (id, name) in [("filter-column", "_filter_column"), ("filter-op", "_filter_op"), ("filter-value", "_filter_value")] {
            #expect(body.contains(#"<label for="\#(id)">"#) && body.contains(#"id="\#(id)" name="\#(name)""#), "\(id)")
        }
        #expect(try fixture.server.get("/packages?lang=zh-Hans").text.contains("<summary>添加筛选条件</summary>"))
    }

    /// Without JavaScript the form's page is sent on to the filter's own address; with htmx
    /// the region answers at once and names that address for the history.
    @Test func theFormAddsAFilter() throws {
        let fixture = try TableFixture(Self.packages)
        let moved = try fixture.server.get("/packages?section=editors&_filter_column=installed_size&_filter_op=gt&_filter_value=3000")
        #expect(moved.status == 303 && moved.header("location") == "/packages?section=editors&installed_size__gt=3000")
        let page = try fixture.server.get(try #require(moved.header("location")))
        #expect(Markup.matches(#"data-key="([^"]+)""#, in: page.text) == ["vim"])
        let region = try fixture.server.get(
            "/packages?_filter_column=section&_filter_op=exact&_filter_value=shells", headers: ["HX-Request": "true"])
        #expect(region.status == 200 && region.header("hx-push-url") == "/packages?section=shells")
        #expect(Markup.matches(#"data-key="([^"]+)""#, in: region.text) == ["zsh"])
        #expect(try Self.names(fixture.server.get("/packages.json?_filter_column=score&_filter_op=isnull&_filter_value=")) == ["nano"])
        // An empty column adds nothing; an unknown column or operation, a repeated filter or a bad number is a 400.
        #expect(try Self.names(fixture.server.get("/packages.json?_filter_column=&_filter_op=exact&_filter_value=")).count == 4)
        #expect(try fixture.server.get("/packages?_filter_column=nope&_filter_value=1").status == 400)
        #expect(try fixture.server.get("/packages?_filter_column=name&_filter_op=like&_filter_value=1").status == 400)
        #expect(try fixture.server.get("/packages?section=a&_filter_column=section&_filter_value=b").status == 400)
        #expect(try fixture.server.get("/packages?_filter_column=installed_size&_filter_op=gt&_filter_value=x").status == 400)
    }

    /// Only what the list's source declares: the columns it filters and their operations
    /// (a range only on a column it sorts by).
    @Test func theFormOffersOnlyWhatTheSourceDeclares() throws {
        let fixture = try TableFixture(Self.packages)
        var list = try #require(fixture.server.application.tables.lists.list(named: "packages"))
        list.rows = ListCapabilitiesTests.Declaring(
            base: SQLRowSource(database: list.source, table: list.table),
            capabilities: RowSourceCapabilities(
                sortableColumns: ["name"], filterOperations: ["name": [.exact, .gt], "section": [.in, .lt]], searches: true))
        let server = try TestServer(tables: TableCatalog(TableLists([list])))
        let page = try server.get("/packages").text
        let body = try #require(page.range(of: #"<form class="filter-form""#).map { String(page[$0.lowerBound...]) })
        #expect(Markup.matches(#"<option value="([^"]+)">"#, in: body) == ["name", "section", "exact", "gt", "in"])
    }
}
