import HTTPServer
import ListDecision
import Mustache
import Synchronization

/// How the site draws its answers, as one plain value the routes hold (so no
/// route calls back into ``ListApplication``): templates rendered into
/// responses with what every context carries (the base path; on whole pages the
/// bundle's version and the client timeout), and the pages of no list (not
/// found, the offline page) in the words and placeholders of the list at `/`.
struct SitePages: Sendable {
    /// The parsed templates.
    let templates: PageTemplates
    /// The lists served, as they stand at each request (the list at `/` gives its words).
    let catalog: TableCatalog
    /// The site's path prefix (`--base-path`), "" for none.
    let basePath: String
    /// The version of the bundle a browser may keep (``BuildVersion``).
    let build: String
    /// How long a page's partial request waits for its answer, in seconds (`--client-timeout`).
    let clientTimeoutSeconds: Double
    /// Receives a line for a page that could not be drawn (the application's incident log).
    var log: @Sendable (String) -> Void = { logError($0) }
    /// The shared fields of first pages, by what they depend on (``TableView/sharedContextKey``).
    let sharedContexts = SharedContexts()

    /// The list `/` shows: the only one, when exactly one is served; nil for the index.
    var homeList: ListDefinition? {
        let lists = catalog.lists.lists
        return lists.count == 1 ? lists.first : nil
    }

    /// The not-found answer, decided like every other state, in the request's
    /// language: a whole page, or for a partial request (`HX-Request: true`) a
    /// region fragment holding the placeholder, so a client that swaps it into
    /// `#list` gets a placeholder, not a document. A next page's request (a list
    /// renamed or dropped while it was scrolled) gets the region too, sent on to
    /// `#list` (`HX-Retarget`, `HX-Reswap`; htmx's response headers): swapped into
    /// the footer, the region put a second `#list` and a placeholder inside the
    /// table (found by a break-it pass), and a footer of the right layout cannot be
    /// drawn for a list that is gone.
    func notFound(_ request: Request) -> Response {
        let negotiated = Self.negotiate(request)
        let format = ListFormat.html(request.headers, hasCursor: request.query("cursor") != nil)
        return notFound(format, language: negotiated.language, languageFromHeader: negotiated.fromHeader)
    }

    /// ``notFound(_:)`` for a request already read (a list's ``ListAsk``): in its
    /// format (a region for a region or a continuation, else a page) and language.
    func notFound(_ format: ListFormat, language: Language, languageFromHeader fromHeader: Bool) -> Response {
        let decision = ListDecision.decide(ListSnapshot(request: .notFound))
        let view = pageView(language: language, fromHeader: fromHeader, decision: decision)
        let isPartial = format == .region || format == .continuation
        var response =
            isPartial
            ? render("region", view.fragmentContext, status: decision.status)
            : render("message", view.pageContext, status: decision.status)
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: fromHeader))
        if format == .continuation {
            response.headers.replaceOrAdd(name: "HX-Retarget", value: "#list")
            response.headers.replaceOrAdd(name: "HX-Reswap", value: "outerHTML")
        }
        return response
    }

    /// The page for an address that may name a list of a database whose lists
    /// cannot be read now (``TableCatalog/isMissingLists``): unavailable, 503 with `Retry-After`.
    func listsUnavailable(_ request: Request, retryAfterSeconds: Int) -> Response {
        let negotiated = Self.negotiate(request)
        return listsUnavailable(
            isPartial: ListFormat.isPartial(request.headers), language: negotiated.language,
            languageFromHeader: negotiated.fromHeader, retryAfterSeconds: retryAfterSeconds)
    }

    /// ``listsUnavailable(_:retryAfterSeconds:)`` for a request already read (a list's ``ListAsk``).
    /// - Parameter isPartial: Whether a fragment was asked for (a region or a continuation).
    func listsUnavailable(isPartial: Bool, language: Language, languageFromHeader fromHeader: Bool, retryAfterSeconds: Int) -> Response {
        let decision = ListDecision.decide(ListSnapshot(source: .unavailable(retryAfterSeconds: retryAfterSeconds)))
        let view = pageView(language: language, fromHeader: fromHeader, decision: decision)
        var response =
            isPartial
            ? render("region", view.fragmentContext, status: decision.status)
            : render("message", view.pageContext, status: decision.status)
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: fromHeader))
        response.headers.replaceOrAdd(name: "Retry-After", value: String(retryAfterSeconds))
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    /// The view of a page that is not a list page (not found, the offline page,
    /// their failures) in the language `request` asks for.
    /// - Returns: The view, and whether `Accept-Language` chose the language (so `Vary` must name it).
    func pageView(for request: Request, decision: Decision) -> (view: SiteView, languageFromHeader: Bool) {
        let negotiated = Self.negotiate(request)
        return (pageView(language: negotiated.language, fromHeader: negotiated.fromHeader, decision: decision), negotiated.fromHeader)
    }

    /// The view of such a page in `language` (`fromHeader`: `Accept-Language` chose it, so links carry no `lang`).
    func pageView(language: Language, fromHeader: Bool, decision: Decision) -> SiteView {
        siteView(decision: decision, language: language, languageParameter: fromHeader ? nil : language.tag)
    }

    /// The language a request that is no list's asks for, and whether `Accept-Language` chose it.
    static func negotiate(_ request: Request) -> (language: Language, fromHeader: Bool) {
        Language.negotiate(parameter: request.query("lang"), acceptLanguage: request.headers["Accept-Language"])
    }

    /// The view of a page of the site: in the words and placeholders of the list at `/`
    /// when there is one (``homeList``), else those of lists over tables.
    func siteView(
        decision: Decision, language: Language, languageParameter: String?, refusal: ListRequest.Reason? = nil
    ) -> SiteView {
        let home = homeList
        return SiteView(
            decision: decision, refusal: refusal, language: language, languageParameter: languageParameter,
            configuration: home?.configuration ?? ListConfiguration(""), words: home?.words ?? .rows,
            templates: templates, basePath: basePath)
    }

    /// The fields whole pages for `key` share (``TableView/sharedContextKey``), with what
    /// every whole page carries (``render(_:_:status:forTable:list:shared:)``): made by
    /// `make` the first time, then kept with the sections drawn from them.
    /// - Parameter ownNames: Every name the pages' own fields may hold (``Mustache/MustacheSharedContext/ownNames``).
    func sharedContext(_ key: String, ownNames: Set<String>, make: () -> MustacheFields) -> MustacheSharedContext {
        if let kept = sharedContexts.context(for: key) { return kept }
        var fields = make()
        addSiteFields(to: &fields, wholePage: true)
        let context = MustacheSharedContext(fields, ownNames: ownNames)
        sharedContexts.keep(context, for: key)
        return context
    }

    /// Adds what every context carries: the base path; on whole pages the bundle's version and the client timeout.
    private func addSiteFields(to fields: inout MustacheFields, wholePage: Bool) {
        // Every template may write a path of ours: the site's prefix is at the root of each context.
        if !basePath.isEmpty { fields["basePath"] = .string(basePath) }
        if wholePage {
            fields["build"] = .string(build)
            fields["clientTimeout"] = .string(String(Int((clientTimeoutSeconds * 1000).rounded())))
        }
    }

    /// Renders a template into an HTML response; a rendering fault (which the
    /// strict load makes very unlikely) becomes a plain 500 with no detail
    /// (``renderIfDrawn(_:_:status:forTable:list:listsOwn:shared:)`` lets the caller answer it).
    /// Every context gets `basePath` (the site's path prefix, when it has one); whole pages
    /// (every template but the two fragments) also get `build` and `clientTimeout`;
    /// `forTable` draws with a table list's row and controls partials, and
    /// `list` with that list's own row and detail templates where it has them
    /// (with `listsOwn` false, with its layout's only). With
    /// `shared` (``sharedContext(_:ownNames:make:)``, which carries the site's fields), `context`
    /// is the rest of the page's fields.
    func render(
        _ template: String, _ context: MustacheValue, status: Int, forTable: Bool = false,
        list: ListDefinition? = nil, listsOwn: Bool = true, shared: MustacheSharedContext? = nil
    ) -> Response {
        renderIfDrawn(template, context, status: status, forTable: forTable, list: list, listsOwn: listsOwn, shared: shared)
            ?? Response.text("Internal Server Error\n", status: 500)
    }

    /// ``render(_:_:status:forTable:list:listsOwn:shared:)``, or nil when the templates cannot
    /// draw it (partials nested deeper than a render allows, say); the fault is logged.
    func renderIfDrawn(
        _ template: String, _ context: MustacheValue, status: Int, forTable: Bool = false,
        list: ListDefinition? = nil, listsOwn: Bool = true, shared: MustacheSharedContext? = nil
    ) -> Response? {
        var context = context
        if let shared, case .dictionary(let own) = context {
            // Apart, the two must read as one root: no name in both; and the page's own names
            // must be the ones promised, or no section is kept (debug builds check both).
            assert(own.allSatisfy { shared.fields[$0.name] == nil }, "a page's own and shared fields share a name")
            assert(own.allSatisfy { shared.ownNames?.contains($0.name) ?? true }, "a page's own field is not in ownNames")
        }
        if shared == nil, case .dictionary(var fields) = context {
            addSiteFields(to: &fields, wholePage: template != "region" && template != "continuation")
            context = .dictionary(fields)
        }
        let rendered =
            if let list, !listsOwn {
                templates.renderForLayout(template, context, of: list)
            } else if let list {
                templates.renderForTable(template, context, list: list, shared: shared)
            } else if forTable {
                templates.renderForTables(template, context)
            } else {
                templates.render(template, context)
            }
        switch rendered {
        case .success(let body):
            return Response.html(body, status: status)
        case .failure(let error):
            log("rendering \(template) failed: \(error)")
            return nil
        }
    }
}

/// The shared fields of whole first pages (``SitePages/sharedContext(_:ownNames:make:)``), at most
/// ``limit`` of them: when full, all are let go (addresses come and go; the cost of
/// making one again is one page's fields).
final class SharedContexts: Sendable {
    /// The most kept at once.
    static let limit = 64

    private let contexts = Mutex<[String: MustacheSharedContext]>([:])

    func context(for key: String) -> MustacheSharedContext? {
        contexts.withLock { $0[key] }
    }

    func keep(_ context: MustacheSharedContext, for key: String) {
        contexts.withLock { contexts in
            if contexts.count >= Self.limit { contexts.removeAll(keepingCapacity: true) }
            contexts[key] = context
        }
    }
}
