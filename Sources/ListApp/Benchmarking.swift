import ListState
import ListStore
import Mustache

/// The list page and the continuation fragment drawn as `ListRoute` draws them,
/// from rows fetched once, for `liststate-bench` (Benchmarks/): it times the
/// view context and the templates, not the query or the HTTP server.
///
/// Not used by the server; `package` so only this package's benchmark sees it.
package struct ListRenderBenchmark: Sendable {
    /// What is drawn.
    package enum Shape: Sendable {
        /// The whole HTML document (`GET /`).
        case page
        /// A run of `<li>`: rows and the next footer (`GET /?cursor=C` with `HX-Request`).
        case continuation
    }

    /// Why a benchmark could not be set up (the catalogue failed to answer).
    package struct SetupError: Error, CustomStringConvertible {
        /// What went wrong.
        package let description: String
    }

    let templates: PageTemplates
    let template: String
    let decision: Decision
    let request: ListRequest
    let records: [CharacterRecord]

    /// Fetches one page from `source` and decides its state, as a request would.
    /// - Parameters:
    ///   - source: The catalogue.
    ///   - shape: A full page or a continuation fragment.
    ///   - limit: Rows on the page (1...100).
    ///   - afterCodePoint: The cursor; nil for the first page (a continuation needs one).
    /// - Throws: `SetupError` when the templates do not load or the source fails.
    package init(source: any ListSource, shape: Shape, limit: Int, afterCodePoint: UInt32?) throws(SetupError) {
        do {
            templates = try PageTemplates()
        } catch {
            throw SetupError(description: "templates: \(error)")
        }
        let cursor = afterCodePoint.map(PageCursor.init(afterCodePoint:))
        request = ListRequest(cursor: cursor, limit: limit)
        var snapshot = ListSnapshot()
        snapshot.cursor = cursor?.encoded
        snapshot.isContinuation = shape == .continuation && cursor != nil
        switch source.page(PageRequest(cursor: cursor, limit: limit, filter: request.filter)) {
        case .success(let page):
            records = page.records
            snapshot.take(page)
        case .failure(let error):
            throw SetupError(description: "source: \(error)")
        }
        template = snapshot.isContinuation ? ListRoute.Shape.continuation.template : ListRoute.Shape.page.template
        decision = ListState.decide(snapshot)
    }

    /// The view context, as `ListRoute` builds it for every request.
    package func makeContext() -> MustacheValue {
        let view = ListView(decision: decision, request: request, records: records)
        return template == ListRoute.Shape.page.template ? view.pageContext : view.fragmentContext
    }

    /// Renders `context` with the page's template.
    /// - Returns: The bytes, empty if rendering failed (it cannot with the built-in templates).
    package func render(_ context: MustacheValue) -> [UInt8] {
        (try? templates.render(template, context).get()) ?? []
    }

    /// Builds the context and renders it: what a request pays after its query.
    package func renderResponseBody() -> [UInt8] {
        render(makeContext())
    }
}

/// The first page of a list over a table drawn as `TableRoute` draws it, from
/// rows read once, for `liststate-bench --table` (Benchmarks/): the view
/// context and the templates, not the query or the HTTP server, so its cost
/// stands next to ``ListRenderBenchmark``'s catalogue page.
package struct TableRenderBenchmark: Sendable {
    let templates: PageTemplates
    let list: ListDefinition
    let lists: TableLists
    let decision: Decision
    let page: RowPage

    /// Reads the first `limit` rows of list `name` of the database at `path` and decides their state.
    /// - Throws: `ListRenderBenchmark.SetupError` when the file, the list or the templates fail.
    package init(path: String, list name: String, limit: Int) throws(ListRenderBenchmark.SetupError) {
        do {
            templates = try PageTemplates()
            let source = DatabaseSource(path: path)
            lists = try TableLists.lists(of: [source])
        } catch {
            throw ListRenderBenchmark.SetupError(description: "\(path): \(error)")
        }
        guard let list = lists.list(named: name) else { throw ListRenderBenchmark.SetupError(description: "no list \(name)") }
        self.list = list
        switch list.source.page(RowPageQuery(table: list.table, limit: limit)) {
        case .success(let page):
            self.page = page
            decision = ListState.decide(ListSnapshot(rowsPerSection: [page.rows.count], hasMore: page.hasMore, nextCursor: "AQ"))
        case .failure(let error):
            throw ListRenderBenchmark.SetupError(description: "source: \(error)")
        }
    }

    /// Builds the page's context and renders it: what a request pays after its query.
    package func renderResponseBody() -> [UInt8] {
        var request = TableRequest()
        request.limit = page.rows.count
        let view = TableView(
            decision: decision, list: list, request: request, refusal: nil, page: page, language: .english,
            languageParameter: nil, lists: lists, templates: templates)
        let rendered = templates.renderForTable(
            "list", view.pageContext, list: TildeEncoding.encode(list.name), layout: list.layout)
        return (try? rendered.get()) ?? []
    }
}
