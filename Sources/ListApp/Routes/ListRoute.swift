import HTTPServer
import ListState
import ListStore

/// `GET /`: the list of characters as a full page, a region fragment or a
/// continuation fragment (DESIGN.md, "HTTP and HTMX" and "Markup shapes").
///
/// The route gathers facts into a `ListSnapshot`, asks `ListState.decide` what
/// to show, and renders that: it decides nothing itself.
struct ListRoute: Sendable {
    let application: ListApplication

    /// The kind of response a request asks for.
    enum Shape {
        /// A whole HTML document (no `HX-Request`, or a history restore).
        case page
        /// The whole `#list` element (a partial request without a cursor).
        case region
        /// A run of `<li>`: new rows and the next footer (a partial request with a cursor).
        case continuation

        /// The template that draws this shape.
        var template: String {
            switch self {
            case .page: "list"
            case .region: "list-region"
            case .continuation: "rows"
            }
        }
    }

    func respond(to request: Request) -> Response {
        let isPartial = request.headers["HX-Request"] == "true"
            && request.headers["HX-History-Restore-Request"] != "true"
        var snapshot = ListSnapshot()
        var records: [CharacterRecord] = []
        var listRequest: ListRequest?
        switch ListRequest.parse(request.queryItems.map { (name: $0.name, value: $0.value) }) {
        case .failure(let problem):
            snapshot.request = .badRequest(reason: problem.message)
            snapshot.isContinuation = isPartial && request.query("cursor") != nil
        case .success(let parsed):
            listRequest = parsed
            snapshot.cursor = parsed.cursor?.encoded
            snapshot.isContinuation = isPartial && parsed.cursor != nil
            snapshot.filters = Filters(
                query: parsed.filter.text,
                hasActiveFilter: parsed.filter.category != nil || parsed.filter.emojiOnly)
            let result = application.source.page(PageRequest(cursor: parsed.cursor, limit: parsed.limit, filter: parsed.filter))
            application.health.record(result)
            switch result {
            case .success(let page):
                records = page.records
                snapshot.rowsPerSection = [page.records.count]
                snapshot.hasMore = page.hasMore
                snapshot.nextCursor = page.nextCursor?.encoded
            case .failure(let error):
                snapshot.source = error.isTransient
                    ? .unavailable(retryAfterSeconds: application.configuration.retryAfterSeconds)
                    : .failed
            }
        }
        let shape: Shape = snapshot.isContinuation ? .continuation : (isPartial ? .region : .page)
        let decision = ListState.decide(snapshot)
        let view = ListView(decision: decision, request: listRequest, records: records)
        var context = view.context
        if shape == .page, case .dictionary(var values) = context {
            values["search"] = SearchFormView(request: listRequest).context
            context = .dictionary(values)
        }
        var response = application.render(shape.template, context, status: decision.status)
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary)
        response.headers.replaceOrAdd(name: "Cache-Control", value: ResponseHeaders.listCacheControl)
        if let seconds = decision.retryAfterSeconds { response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds)) }
        return response
    }
}
