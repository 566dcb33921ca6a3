import HTTPServer
import ListState
import ListStore

/// `GET /`: the list of characters as a full page, a region fragment or a
/// continuation fragment (DESIGN.md, "HTTP and HTMX" and "Markup shapes").
///
/// The route gathers facts into a `ListSnapshot` (with the list's configured
/// display flags, and `isPending` for a lazy list's first full page), asks
/// `ListState.decide` what to show, and renders that in the negotiated
/// language: it decides nothing itself.
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
            case .region: "region"
            case .continuation: "continuation"
            }
        }
    }

    func respond(to request: Request) -> Response {
        let isPartial = request.headers["HX-Request"] == "true"
            && request.headers["HX-History-Restore-Request"] != "true"
        let negotiated = Language.negotiate(parameter: request.query("lang"),
                                            acceptLanguage: request.headers["Accept-Language"])
        let list = application.characters
        var snapshot = ListSnapshot(display: list.display)
        var records: [CharacterRecord] = []
        var listRequest: ListRequest?
        var refusal: ListRequest.Reason?
        switch ListRequest.parse(request.queryItems.map { (name: $0.name, value: $0.value) }) {
        case .failure(let problem):
            refusal = problem.reason
            snapshot.request = .badRequest(reason: problem.message)
            snapshot.isContinuation = isPartial && request.query("cursor") != nil
        case .success(let parsed):
            listRequest = parsed
            snapshot.cursor = parsed.cursor?.encoded
            snapshot.isContinuation = isPartial && parsed.cursor != nil
            snapshot.filters = Filters(
                query: parsed.filter.text,
                hasActiveFilter: parsed.filter.category != nil || parsed.filter.emojiOnly)
            // A lazy list's first full page is the shell: the rows come with a partial request.
            snapshot.isPending = list.isLazy && !isPartial && parsed.cursor == nil && !parsed.wantsRowsAtOnce
            if !snapshot.isPending {
                let result = application.source.page(PageRequest(cursor: parsed.cursor, limit: parsed.limit, filter: parsed.filter))
                application.health.record(result)
                switch result {
                case .success(let page):
                    records = page.records
                    snapshot.take(page)
                case .failure(let error):
                    snapshot.source = error.isTransient
                        ? .unavailable(retryAfterSeconds: application.configuration.retryAfterSeconds)
                        : .failed
                }
            }
        }
        let shape: Shape = snapshot.isContinuation ? .continuation : (isPartial ? .region : .page)
        let decision = ListState.decide(snapshot)
        let view = ListView(decision: decision, request: listRequest, refusal: refusal, records: records,
                            language: negotiated.language, list: list, templates: application.templates,
                            languageParameter: negotiated.fromHeader ? nil : negotiated.language.tag)
        let context = shape == .page ? view.pageContext : view.fragmentContext
        var response = application.render(shape.template, context, status: decision.status)
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: negotiated.fromHeader))
        response.headers.replaceOrAdd(name: "Cache-Control", value: ResponseHeaders.listCacheControl)
        if let seconds = decision.retryAfterSeconds { response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds)) }
        return response
    }
}
