import HTTPServer
import ListState
import ListStore

/// `GET /`: the list of characters as a full page, a region fragment or a
/// continuation fragment (docs/design.md, "HTTP and HTMX" and "Markup shapes").
///
/// The route gathers facts into a `ListSnapshot` (with the list's configured
/// display flags, and `isPending` for a lazy list's first full page), asks
/// `ListState.decide` what to show, and renders that in the negotiated
/// language: it decides nothing itself.
struct ListRoute: Sendable {
    let application: ListApplication
    /// The catalogue.
    let source: any ListSource
    /// Confirms the catalogue's version for response-cache hits.
    let versionProbe: VersionProbe

    /// The kind of response a request asks for.
    enum Shape: Hashable, Sendable {
        /// A whole HTML document (no `HX-Request`, or a history restore).
        case page
        /// The whole `#list` element (a partial request without a cursor).
        case region
        /// A run of `<li>`: new rows and the next footer (a partial request with
        /// a cursor, for the footer it replaces).
        case continuation

        /// The shape `request` asks for: a page unless partial (``isPartial(_:)``);
        /// a partial request with a cursor asks for a continuation, unless it
        /// names `#list` as its target (`HX-Target: list`, sent by htmx and by
        /// our script): a placeholder's "Try again" on a page that starts at a
        /// cursor replaces the whole region, so it gets the region (found in use,
        /// issue 15: a run of rows in place of `#list` destroyed the list).
        /// A request without `HX-Target` keeps the older rule.
        init(_ request: Request, hasCursor: Bool) {
            guard ListRoute.isPartial(request) else {
                self = .page
                return
            }
            self = hasCursor && request.headers["HX-Target"] != "list" ? .continuation : .region
        }

        /// The template that draws this shape.
        var template: String {
            switch self {
            case .page: "list"
            case .region: "region"
            case .continuation: "continuation"
            }
        }
    }

    /// What a kept answer is kept under: everything the answer depends on.
    struct CacheKey: Hashable, Sendable {
        var shape: Shape
        var request: ListRequest
        var language: Language
        /// Whether `Accept-Language` chose the language (`Vary` and links differ).
        var languageFromHeader: Bool
        /// The data as it stands: a change of the catalogue is a new key.
        var version: ContentVersion
        /// The search text's exact UTF-8: `String` equality (in `request`) takes
        /// canonically equivalent texts as equal (U+2126 OHM SIGN and U+03A9),
        /// but the page echoes the very characters asked for (found by QA).
        var exactText: [UInt8]?

        /// The key of `request` as it is drawn: its shape, in the negotiated language, at `version`.
        init(
            _ request: ListRequest, shape: Shape, negotiated: (language: Language, fromHeader: Bool),
            version: ContentVersion
        ) {
            self.shape = shape
            self.request = request
            language = negotiated.language
            languageFromHeader = negotiated.fromHeader
            self.version = version
            exactText = request.filter.text.map { Array($0.utf8) }
        }
    }

    /// Answers a list request.
    ///
    /// A successful answer carries a strong `ETag` (so `If-None-Match` gets a
    /// 304) and is kept (`ResponseCache`) under the request, its language and
    /// shape and the source's `ContentVersion`. Before a kept answer is
    /// served the version is asked again, which takes the same lock a query
    /// takes: a held lock, a missing or corrupt file still reach the request
    /// as docs/design.md's fault table says, never a stale 200.
    /// - Parameters:
    ///   - parsed: The request's list parameters, parsed by ``answer(to:)``.
    ///   - negotiated: Its language, and whether `Accept-Language` chose it.
    ///   - known: The source's version ``answer(to:)`` confirmed without
    ///     waiting (nil: this asks again, waiting on a lock as a query does).
    func respond(
        to request: Request, parsed: Result<ListRequest, ListRequest.Problem>,
        negotiated: (language: Language, fromHeader: Bool), known: ContentVersion?
    ) -> Response {
        let list = application.characters
        let shape = Shape(request, hasCursor: request.query("cursor") != nil)
        var snapshot = ListSnapshot(display: list.display)
        var records: [CharacterRecord] = []
        var listRequest: ListRequest?
        var refusal: ListRequest.Reason?
        var cacheKey: CacheKey?
        var readFrom: FileIdentity?
        switch parsed {
        case .failure(let problem):
            refusal = problem.reason
            snapshot.request = .badRequest(reason: problem.message)
            snapshot.isContinuation = shape == .continuation
        case .success(let parsed):
            listRequest = parsed
            snapshot.cursor = parsed.cursor?.encoded
            snapshot.isContinuation = shape == .continuation
            snapshot.filters = Filters(
                query: parsed.filter.text,
                hasActiveFilter: parsed.filter.category != nil || parsed.filter.emojiOnly)
            // A lazy list's first full page is the shell: the rows come with a partial request.
            snapshot.isPending = isPendingShell(parsed, isPartial: Self.isPartial(request))
            if !snapshot.isPending {
                var result: Result<Page, ListStoreError>?
                if let cache = application.responseCache {
                    let version =
                        known.map { Result<ContentVersion?, ListStoreError>.success($0) }
                        ?? source.contentVersion(waiting: true, startedAt: request.received)
                    switch version {
                    case .success(let version?):
                        let key = CacheKey(parsed, shape: shape, negotiated: negotiated, version: version)
                        if let kept = cache.response(for: key) {
                            application.health.record(Result<Void, ListStoreError>.success(()))
                            return kept.evaluatingConditions(of: request)
                        }
                        cacheKey = key
                    case .success(nil):
                        break
                    case .failure(let error):
                        // The fault a query would meet now: no second wait on the same lock.
                        result = .failure(error)
                    }
                }
                let fetched =
                    result
                    ?? source.page(
                        PageRequest(cursor: parsed.cursor, limit: parsed.limit, filter: parsed.filter, startedAt: request.received))
                application.health.record(fetched)
                switch fetched {
                case .success(let page):
                    records = page.records
                    readFrom = page.fileIdentity
                    snapshot.take(page)
                case .failure(let error):
                    snapshot.source =
                        error.isTransient
                        ? .unavailable(retryAfterSeconds: application.configuration.retryAfterSeconds)
                        : .failed
                }
            }
        }
        let decision = ListState.decide(snapshot)
        var view = ListView(
            decision: decision, request: listRequest, refusal: refusal, records: records,
            language: negotiated.language, list: list, templates: application.templates,
            languageParameter: negotiated.fromHeader ? nil : negotiated.language.tag,
            basePath: application.configuration.basePath)
        view.twinPath = application.catalogueList?.path
        let context = shape == .page ? view.pageContext : view.fragmentContext
        var response = application.render(shape.template, context, status: decision.status)
        ResponseHeaders.setListHeaders(on: &response, decision: decision, negotiatedFromHeader: negotiated.fromHeader)
        if response.status == 200 {
            // Kept only when the rows came from the very file the key's version
            // describes (found by QA: a connection opened before a replacement was
            // noticed reads the old file while the path already has the new one).
            if let cacheKey, cacheKey.version.identity == readFrom, let cache = application.responseCache {
                cache.store(response, for: cacheKey)
            }
        }
        return response.evaluatingConditions(of: request)
    }

    /// Answers a list request in one pass over it: its parameters parsed and
    /// its language negotiated once. A refusal or the shell of a lazy list
    /// (neither reads the source), or a kept answer whose version the source
    /// confirms without waiting on a lock, is answered now; anything else on
    /// a worker thread, which goes on from what was found here (a version
    /// confirmed here is not asked again; a held lock is waited on there, as a
    /// query does).
    func answer(to request: Request) -> Answer {
        let parsed = ListRequest.parse(request.queryItems.map { (name: $0.name, value: $0.value) })
        let negotiated = Language.negotiate(
            parameter: request.query("lang"),
            acceptLanguage: request.headers["Accept-Language"])
        guard case .success(let valid) = parsed, !isPendingShell(valid, isPartial: Self.isPartial(request)) else {
            return .now(respond(to: request, parsed: parsed, negotiated: negotiated, known: nil))
        }
        var known: ContentVersion?
        if let cache = application.responseCache, case .success(let version?) = versionProbe.version(startedAt: request.received) {
            let key = CacheKey(valid, shape: Shape(request, hasCursor: valid.cursor != nil), negotiated: negotiated, version: version)
            if let kept = cache.response(for: key) {
                application.health.record(Result<Void, ListStoreError>.success(()))
                return .now(kept.evaluatingConditions(of: request))
            }
            known = version
        }
        return .onWorker { [self, known] in respond(to: request, parsed: parsed, negotiated: negotiated, known: known) }
    }

    /// Whether the request is partial (`HX-Request`, and not a history restore, which wants the page).
    static func isPartial(_ request: Request) -> Bool {
        request.headers["HX-Request"] == "true" && request.headers["HX-History-Restore-Request"] != "true"
    }

    /// Whether the answer is a lazy list's shell: its first full page, whose rows come with a partial request.
    func isPendingShell(_ parsed: ListRequest, isPartial: Bool) -> Bool {
        application.characters.isLazy && !isPartial && parsed.cursor == nil && !parsed.wantsRowsAtOnce
    }
}
