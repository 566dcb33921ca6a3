import Foundation
import HTTPServer
import ListDecision
import ListStore
import Synchronization
import Testing

@testable import ListState

/// The list pipeline answered in process (`InProcessApp`, no socket) over rows in memory
/// (`InMemoryRowSource`): every state of the decision table, every format, a refusal, a
/// kept answer and the retry after a schema change. Each HTML answer is validated.
@Suite struct ListPipelineTests {
    /// The rows' columns and names: InMemoryListTests'.
    static let columns = InMemoryListTests.columns
    static let names = InMemoryListTests.names

    /// A source in front of another that counts its page reads and fails as told.
    final class ScriptedSource: RowSource {
        let rows: InMemoryRowSource
        private let state = Mutex<(pageReads: Int, failing: ListStoreError.Kind?, failOnce: Bool)>((0, nil, false))

        init(_ rows: InMemoryRowSource) { self.rows = rows }

        /// The rows' own, but no facets: it gives none (the default), so no page suggests
        /// any either, and its page reads are the pages' alone.
        var capabilities: RowSourceCapabilities {
            var capabilities = rows.capabilities
            capabilities.facets = false
            return capabilities
        }
        var pageReads: Int { state.withLock { $0.pageReads } }

        /// Fails every read with `kind` from now on (nil: none); `once`: the next read only.
        func fail(_ kind: ListStoreError.Kind?, once: Bool = false) {
            state.withLock {
                $0.failing = kind
                $0.failOnce = once
            }
        }

        /// The failure the script calls for now, if any (a failure once is then spent).
        private func failure() -> ListStoreError? {
            state.withLock { state in
                guard let kind = state.failing else { return nil }
                if state.failOnce { state.failing = nil }
                return ListStoreError(kind: kind, message: "scripted \(kind)")
            }
        }

        func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError> {
            state.withLock { $0.pageReads += 1 }
            if let error = failure() { return .failure(error) }
            return rows.page(query, continuing: start)
        }
        func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError> {
            if let error = failure() { return .failure(error) }
            return rows.row(address: address, startedAt: startedAt)
        }
        func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
            rows.count(filters: filters, until: deadline)
        }
        func dataVersion() -> Result<DataVersion?, ListStoreError> { rows.dataVersion() }
    }

    let app: InProcessApp
    let fruit: ScriptedSource

    /// Two lists: `fruit` (twelve rows, scripted) and `empty` (none), configured by `configure`.
    init(configure: (inout ListConfiguration) -> Void = { _ in }) throws {
        let rows: [[SQLValue]] = Self.names.enumerated().map { index, name in
            [.integer(Int64(index + 1)), .text(name), index % 4 == 3 ? .null : .real(Double(index % 5) + 0.5)]
        }
        fruit = ScriptedSource(try InMemoryRowSource(name: "fruit", columns: Self.columns, rows: rows))
        let empty = try InMemoryRowSource(name: "empty", columns: Self.columns, rows: [])
        let lists = [(fruit as any RowSource, fruit.rows.table), (empty, empty.table)].map { source, table in
            var list = ListDefinition(table: table, rows: source)
            configure(&list.configuration)
            return list
        }
        var configuration = AppConfiguration()
        configuration.retryAfterSeconds = 7
        app = try InProcessApp(tables: TableCatalog(TableLists(lists)), configuration: configuration)
    }

    static let partial = ["HX-Request": "true"]

    /// Rules 10 and 12: a page with more, its continuations, the last one's end of list.
    @Test func rowsThenContinuationsToTheEndOfTheList() throws {
        let page = try app.get("/fruit?limit=5")
        #expect(page.status == 200 && page.text.contains(">apple<") && !page.text.contains(">fig<"))
        let next = try #require(Markup.loadMoreHref(page.text))
        #expect(page.header("link") == "<\(next)>; rel=\"next\"")
        let second = try app.get(next, headers: Self.partial)
        #expect(second.status == 200 && second.text.hasPrefix("<tr") && second.text.contains(">fig<"))
        #expect(!second.text.contains("<th scope=\"col\""), "a continuation draws no header row")
        let third = try app.get(try #require(Markup.loadMoreHref(second.text)), headers: Self.partial)
        #expect(third.text.contains("pear") && third.text.contains("list-footer-end") && third.header("link") == nil)
    }

    /// Rule 11: every row on the first page, no footer.
    @Test func aSingleShortPageHasNoFooter() throws {
        let page = try app.get("/fruit?limit=20")
        #expect(page.status == 200 && page.text.contains("pear") && !page.text.contains("list-footer-load-more") && !page.text.contains("list-footer-end"))
    }

    /// Rule 6: a continuation after which no row is left ends the list, adding none.
    @Test func aContinuationWithNoRowsLeftEndsTheList() throws {
        let next = try #require(Markup.loadMoreHref(app.get("/fruit?limit=5").text))
        for id in 6...12 { #expect(fruit.rows.delete(key: [.integer(Int64(id))])) }
        let last = try app.get(next, headers: Self.partial)
        #expect(last.status == 200 && last.text.hasPrefix("<tr") && last.text.contains("list-footer-end"))
        #expect(!last.text.contains("class=\"row"))
    }

    /// Rule 4: a lazy list's first page is the shell; its rows come with the partial request it makes.
    @Test func aLazyListsShellThenItsRows() throws {
        let lazy = try ListPipelineTests { $0.isLazy = true }
        let shell = try lazy.app.get("/fruit")
        #expect(shell.status == 200 && shell.text.contains("placeholder-loading") && !shell.text.contains(">apple<"))
        let rows = try lazy.app.get("/fruit", headers: Self.partial)
        #expect(rows.status == 200 && rows.text.contains(">apple<"))
    }

    /// Rule 5: an empty list that shows no placeholder leaves its region empty.
    @Test func anEmptyListThatShowsNoPlaceholder() throws {
        let quiet = try ListPipelineTests { $0.display = DisplayFlags(shouldDisplay: false) }
        let page = try quiet.app.get("/empty")
        #expect(page.status == 200 && !page.text.contains("placeholder-noData") && page.text.contains("id=\"list\""))
    }

    /// Rule 9: a placeholder forced above the rows.
    @Test func aPlaceholderForcedAboveTheRows() throws {
        let forced = try ListPipelineTests { $0.display = DisplayFlags(forceDisplay: .loading) }
        let page = try forced.app.get("/fruit")
        #expect(page.status == 200 && page.text.contains("placeholder-loading") && page.text.contains(">apple<"))
    }

    /// Rule 8, the page and its JSON twin.
    @Test func noData() throws {
        let page = try app.get("/empty")
        #expect(page.status == 200 && page.text.contains("placeholder-noData"))
        #expect(try TableFixture.json(app.get("/empty.json"))["state"] as? String == "noData")
    }

    /// Rule 7: the query echoed, as a page and as a region (a search from the page).
    @Test func noResults() throws {
        let page = try app.get("/fruit?q=zebra")
        #expect(page.status == 200 && page.text.contains("placeholder-noResults") && page.text.contains("zebra"))
        let region = try app.get("/fruit?q=zebra", headers: Self.partial)
        #expect(region.status == 200 && region.text.hasPrefix("<div id=\"list\"") && region.text.contains("zebra"))
    }

    /// Rule 1: a refused request (400), as a page, a continuation's footer and JSON.
    @Test func refusals() throws {
        let page = try app.get("/fruit?limit=0")
        #expect(page.status == 400 && page.text.contains("placeholder-error"))
        let continuation = try app.get("/fruit?cursor=!!", headers: Self.partial)
        #expect(continuation.status == 400 && continuation.text.hasPrefix("<tr") && continuation.text.contains("list-footer-retry"))
        #expect(try app.get("/fruit.json?sort=nosuch").status == 400)
        #expect(try app.get("/fruit/99").status == 404 && app.get("/nosuch").status == 404)
    }

    /// Rules 3 and 2: a source unavailable (503 with Retry-After) or failed (500), as a
    /// page and as a continuation's retry footer, which keeps the rows on screen.
    @Test(arguments: [(ListStoreError.Kind.busy, 503), (.corrupt, 500)])
    func aFailingSource(kind: ListStoreError.Kind, status: Int) throws {
        let next = try #require(Markup.loadMoreHref(app.get("/fruit?limit=5").text))
        fruit.fail(kind)
        // Another address than the one read (an answer kept under the data version is given without a read).
        let page = try app.get("/fruit?limit=4")
        #expect(page.status == status)
        #expect(page.text.contains(status == 503 ? "placeholder-unavailable" : "placeholder-error"))
        #expect(page.header("retry-after") == (status == 503 ? "7" : nil))
        let continuation = try app.get(next, headers: Self.partial)
        #expect(continuation.status == status && continuation.text.hasPrefix("<tr") && continuation.text.contains("list-footer-retry"))
        let json = try TableFixture.json(app.get("/fruit.json"))
        #expect(json["status"] as? Int == status)
        fruit.fail(nil)
        #expect(try app.get("/fruit?limit=4").status == 200)
    }

    /// A list of rows alone is a source of its own to readiness and the log: named by the list.
    @Test func readinessNamesAFailingListOfRowsAlone() throws {
        #expect(try app.get("/-/readyz").status == 200)
        fruit.fail(.corrupt)
        #expect(try app.get("/fruit?limit=3").status == 500)
        let failing = try app.get("/-/readyz")
        #expect(failing.status == 503 && failing.text.contains("the data source fruit is failing"))
        fruit.fail(nil)
        #expect(try app.get("/fruit?limit=3").status == 200 && app.get("/-/readyz").status == 200)
    }

    /// A source that does not search: its page has no search box (the form keeps the
    /// refresh), and a search of it is refused (400), as a page and as JSON.
    @Test func aListWhoseSourceDoesNotSearch() throws {
        let source = try InMemoryRowSource(
            name: "plain", columns: Self.columns, rows: [[.integer(1), .text("apple"), .real(1)]],
            capabilities: RowSourceCapabilities(sortableColumns: ["id"], filterOperations: [:], searches: false))
        let app = try InProcessApp(tables: TableCatalog(TableLists([ListDefinition(table: source.table, rows: source)])))
        let page = try app.get("/plain")
        #expect(page.status == 200 && !page.text.contains("id=\"search-q\"") && page.text.contains("class=\"refresh\""))
        let searched = try app.get("/plain?q=apple")
        #expect(searched.status == 400 && searched.text.contains("This list cannot be searched."))
        #expect(try app.get("/plain.json?q=apple").status == 400)
        #expect(try app.get("/fruit?q=apple", headers: [:]).status == 404)
        #expect(try self.app.get("/fruit").text.contains("id=\"search-q\""), "a source that searches has the box")
    }

    /// Every format of the same list: JSON with `next`, CSV whole, a row's page and JSON.
    @Test func everyFormat() throws {
        let json = try TableFixture.json(app.get("/fruit.json?limit=3&sort=-price"))
        #expect((json["rows"] as? [[String: Any]])?.count == 3 && (json["next"] as? String)?.hasPrefix("/fruit.json?") == true)
        let csv = try app.get("/fruit.csv?sort=name")
        #expect(csv.status == 200 && csv.isComplete && csv.text.hasPrefix("id,name,price\r\n1,apple,0.5\r\n"))
        #expect(csv.text.split(separator: "\r\n").count == Self.names.count + 1)
        let row = try app.get("/fruit/3")
        #expect(row.status == 200 && row.text.contains("cherry"))
        let rowJSON = try TableFixture.json(app.get("/fruit/3.json"))
        #expect("\(rowJSON)".contains("cherry"))
    }

    /// A kept answer is given again without a read while the data version stands; a
    /// change of the rows moves the version and the next answer is read again.
    @Test func aKeptAnswerUntilTheRowsChange() throws {
        let first = try app.get("/fruit?limit=5")
        let reads = fruit.pageReads
        let again = try app.get("/fruit?limit=5")
        #expect(again.body == first.body && fruit.pageReads == reads, "kept: not read again")
        try fruit.rows.insert([.integer(0), .text("acai"), .real(1)])
        let changed = try app.get("/fruit?limit=5")
        #expect(fruit.pageReads == reads + 1 && changed.text.contains("acai"))
    }

    /// The schema changed under a read: the lists are read again and the read runs once more.
    @Test func aSchemaChangeIsReadAgain() throws {
        fruit.fail(.schemaChanged, once: true)
        let reads = fruit.pageReads
        let page = try app.get("/fruit.json?limit=2")
        #expect(page.status == 200 && fruit.pageReads == reads + 2)
    }
}
