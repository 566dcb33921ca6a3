import ListState
import ListCatalogue
import ListDecision
import ListStore
import Mustache

/// The catalogue's list page and a continuation fragment drawn as `TableRoute`
/// draws them, from rows fetched once, for `liststate-bench` (Benchmarks/): it
/// times the view context and the templates, not the query or the HTTP server.
///
/// Part of the benchmark, not of the library: it reaches ListState through its `package` API.
struct ListRenderBenchmark: Sendable {
    /// What is drawn.
    enum Shape: Sendable {
        /// The whole HTML document (`GET /characters`).
        case page
        /// A run of `<li>`: rows and the next footer (`GET /characters?cursor=C` with `HX-Request`).
        case continuation
    }

    /// Why a benchmark could not be set up (the catalogue failed to answer).
    struct SetupError: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    let templates: PageTemplates
    let shape: ListFormat
    let decision: Decision
    let request: TableRequest
    let list: ListDefinition
    let lists: TableLists
    let page: RowPage
    /// A whole page's shared fields, as the server keeps them for the page's address
    /// (`SitePages.sharedContext(_:ownNames:make:)`); nil for a fragment, which shares none.
    let shared: MustacheSharedContext?

    /// Reads one page of the catalogue at `path` and decides its state, as a request would.
    /// - Parameters:
    ///   - path: The catalogue file.
    ///   - shape: A full page or a continuation fragment.
    ///   - limit: Rows on the page (1...100).
    ///   - afterCodePoint: Where the page starts; nil for the first page (a continuation needs one).
    /// - Throws: `SetupError` when the templates do not load or the source fails.
    init(path: String, shape: Shape, limit: Int, afterCodePoint: UInt32?) throws(SetupError) {
        do {
            list = try CatalogueList.definition(source: DatabaseSource(path: path), configuration: nil, basePath: "")
            lists = try TableLists([list])
            templates = try PageTemplates(listTemplates: list.templates)
        } catch {
            throw SetupError(description: "\(path): \(error)")
        }
        let after = afterCodePoint.map { RowPosition(sortValue: nil, key: [.integer(Int64($0))]) }
        var request = TableRequest()
        request.limit = limit
        var snapshot = ListSnapshot()
        if let after {
            request.start = .position(after)
            request.cursorText = RowCursor(after: after, rowid: nil, list: list.name, sort: nil).encoded
            snapshot.cursor = request.cursorText
        }
        snapshot.isContinuation = shape == .continuation && after != nil
        switch list.source.page(RowPageQuery(table: list.table, after: after, limit: limit)) {
        case .success(let page):
            self.page = page
            snapshot.take(page, of: list, sort: nil)
        case .failure(let error):
            throw SetupError(description: "source: \(error)")
        }
        self.request = request
        self.shape = snapshot.isContinuation ? .continuation : .page
        decision = ListDecision.decide(snapshot)
        let view = englishView(decision, list, request, page, lists, templates)
        shared = self.shape == .page ? MustacheSharedContext(view.pageSharedFields, ownNames: TableView.pageOwnNames) : nil
        // Drawn once, as the first request for the address draws it: later ones copy its sections.
        _ = renderResponseBody()
    }

    var view: TableView { englishView(decision, list, request, page, lists, templates) }

    /// The view context as `TableRoute` builds it for every request: a whole page's
    /// own fields (its shared ones are ``shared``), a fragment's whole context.
    func makeContext() -> MustacheValue {
        shape == .page ? .dictionary(view.pageOwnFields) : view.wholeFragmentContext
    }

    /// Renders `context` (``makeContext()``) with the page's template and shared fields.
    /// - Returns: The bytes, empty if rendering failed (it cannot with the built-in templates).
    func render(_ context: MustacheValue) -> [UInt8] {
        (try? templates.renderForTable(shape.template ?? "list", context, list: list, shared: shared).get()) ?? []
    }

    /// Builds the context and renders it: what a request pays after its query.
    func renderResponseBody() -> [UInt8] {
        render(makeContext())
    }

    /// Builds the whole context and renders it with nothing shared: what the first
    /// request for a page's address pays (and every request did before shared fields).
    func renderWholeResponseBody() -> [UInt8] {
        let context = shape == .page ? view.wholePageContext : view.wholeFragmentContext
        return (try? templates.renderForTable(shape.template ?? "list", context, list: list).get()) ?? []
    }

    /// The cursor of the first 20-row page's "Load more" link, and one 40 rows
    /// before the end of the catalogue at `path` (a full page of 20 still follows it).
    /// - Throws: `SetupError` when the catalogue cannot be read.
    static func cursors(path: String) throws(SetupError) -> (first: String, last: String) {
        let list: ListDefinition
        do {
            list = try CatalogueList.definition(source: DatabaseSource(path: path), configuration: nil, basePath: "")
        } catch {
            throw SetupError(description: "\(path): \(error)")
        }
        func cursor(_ position: RowPosition) -> String { RowCursor(after: position, rowid: nil, list: list.name, sort: nil).encoded }
        guard case .success(let first) = list.source.page(RowPageQuery(table: list.table, limit: 20)),
            let firstPosition = first.lastPosition(in: list.table, sort: nil)
        else { throw SetupError(description: "the catalogue has no second page") }
        // Walk the last planes in pages of 100 (keyset: each page costs the same) to the end.
        var keys = RowValues()
        var after: RowPosition? = RowPosition(sortValue: nil, key: [.integer(0xE0000)])
        while let position = after {
            guard case .success(let page) = list.source.page(RowPageQuery(table: list.table, after: position, limit: 100)) else {
                throw SetupError(description: "the catalogue failed while reading its end")
            }
            keys.append(contentsOf: page.keys)
            after = page.hasMore ? page.lastPosition(in: list.table, sort: nil) : nil
        }
        guard keys.count > 40 else { throw SetupError(description: "fewer than 41 characters after U+E0000") }
        return (cursor(firstPosition), cursor(RowPosition(sortValue: nil, key: Array(keys[keys.count - 41]))))
    }
}

/// The first page of a list over a table drawn as `TableRoute` draws it, from
/// rows read once, for `liststate-bench --table` (Benchmarks/): the view
/// context and the templates, not the query or the HTTP server, so its cost
/// stands next to ``ListRenderBenchmark``'s catalogue page.
struct TableRenderBenchmark: Sendable {
    let templates: PageTemplates
    let list: ListDefinition
    let lists: TableLists
    let decision: Decision
    let page: RowPage
    /// The page's shared fields, kept as the server keeps them for its address.
    let shared: MustacheSharedContext

    /// Reads the first `limit` rows of list `name` of the database at `path` and decides their state.
    /// - Throws: `ListRenderBenchmark.SetupError` when the file, the list or the templates fail.
    init(path: String, list name: String, limit: Int) throws(ListRenderBenchmark.SetupError) {
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
            decision = ListDecision.decide(ListSnapshot(rowsPerSection: [page.rows.count], hasMore: page.hasMore, nextCursor: "AQ"))
        case .failure(let error):
            throw ListRenderBenchmark.SetupError(description: "source: \(error)")
        }
        var request = TableRequest()
        request.limit = limit
        self.request = request
        shared = MustacheSharedContext(
            englishView(decision, list, request, page, lists, templates).pageSharedFields, ownNames: TableView.pageOwnNames)
        _ = renderResponseBody()
    }

    let request: TableRequest

    /// Builds the page's own fields and renders them with its shared ones: what a
    /// request for an address drawn before pays after its query.
    func renderResponseBody() -> [UInt8] {
        let view = englishView(decision, list, request, page, lists, templates)
        let rendered = templates.renderForTable("list", .dictionary(view.pageOwnFields), list: list, shared: shared)
        return (try? rendered.get()) ?? []
    }
}

/// The view both benchmarks draw: `decision` over `page` of `list`, in English, as
/// `TableRoute` makes it for a request that names no language.
private func englishView(
    _ decision: Decision, _ list: ListDefinition, _ request: TableRequest, _ page: RowPage, _ lists: TableLists,
    _ templates: PageTemplates
) -> TableView {
    TableView(
        decision: decision, list: list, request: request, refusal: nil, page: page, language: .english,
        languageParameter: nil, lists: lists, templates: templates)
}
