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
