import HTTPServer
import ListDecision
import ListStore
import Mustache

/// The routes of every list (users' tables and views, the catalogue):
///
/// - `GET /NAME`: the list as a full page, a region fragment (`HX-Request`)
///   or a continuation fragment (`HX-Request` with a cursor).
/// - `GET /NAME.json`: its JSON twin, the same decision (`TableJSON`).
/// - `GET /NAME.csv`: the whole list as CSV, streamed (`respondWithCSV`).
/// - `GET /NAME/KEY`, `GET /NAME/KEY.json`: one row (404 with the notFound placeholder when it is gone).
/// - `GET /`: the one list (with `<link rel="canonical">`) or the index of all.
///
/// Names and keys are tilde-encoded (`TildeEncoding`). Every state comes from
/// `ListDecision.decide`; a request's walk is one pass: parse, read, decide, draw.
struct TableRoute: Sendable {
    /// The lists, as they stand at each request.
    let catalog: TableCatalog
    /// How the site draws its answers (templates, not-found page).
    let site: SitePages
    /// Answers kept under their database's version; nil when none are kept.
    let responseCache: ResponseCache<CacheKey>?
    /// Where each query's outcome is recorded (`/-/readyz`): a kept answer's and a CSV export's later pieces.
    let health: SourceHealth
    /// Runs the source for every format: the schema-change retry, failures' meaning, health.
    let reader: ListReader
    /// The origin `--cors` lets read the JSON twins (`*` for any), or nil.
    let corsOrigin: String?
    /// The `Retry-After` of a 503, in seconds.
    let retryAfterSeconds: Int
    /// Which list requests are tried on the connection's thread first (with
    /// `--workers 0` a request a worker would take runs there anyway).
    let attempts: ConnectionThreadAttempts
    /// How long a count of a list's matching rows may run (``AppConfiguration/countBudgetSeconds``).
    let countBudget: Duration
    /// The share of a first page's read time its count may add (``AppConfiguration/countShareOfPage``).
    let countShare: Double
    /// Counts kept under their data version, by list, filters and search.
    let counts = VersionedTallies<RowCount>(capacity: 4096)
    /// Facets kept under their data version, by list, filters, search and column.
    let facetCache = VersionedTallies<ColumnFacet>(capacity: 2048)
    /// The counts a first page left unfinished, finished after its answer.
    let deferredCounts = DeferredTallies()

    /// The route over `application`'s lists, with the parts of it the answers need
    /// (taken once here: no answer calls back into the application).
    init(_ application: ListApplication) {
        catalog = application.tables
        site = application.site
        responseCache = application.responseCache
        health = application.health
        corsOrigin = application.configuration.corsOrigin
        retryAfterSeconds = application.configuration.retryAfterSeconds
        attempts = application.connectionThreadAttempts
        countBudget = .microseconds(Int64(max(0, application.configuration.countBudgetSeconds) * 1_000_000))
        countShare = max(0, application.configuration.countShareOfPage)
        reader = ListReader(catalog: catalog, health: health, retryAfterSeconds: retryAfterSeconds)
    }

    /// Adds the routes to `router` (after every route of ours, so `/static/…`
    /// and `/-/…` are never taken for lists; their names are reserved too).
    static func add(to router: inout Router, application: ListApplication) throws(HTTPServerError) {
        let route = TableRoute(application)
        let index = TableIndexRoute(site: application.site)
        router.preflightHeaders = { route.preflightHeaders(for: $0) }
        try router.get("/") { request, _ in
            let lists = route.catalog.lists
            if lists.lists.count == 1, let only = lists.lists.first, !route.catalog.isMissingLists {
                return route.answer(ListAsk(request, list: only, canonical: only.path), in: lists, to: request)
            }
            if lists.lists.isEmpty, route.catalog.isMissingLists {
                // No list yet, and a database's lists cannot be read: unavailable, not "no tables" (found by QA).
                return .now(route.site.listsUnavailable(request, retryAfterSeconds: route.retryAfterSeconds))
            }
            return .onWorker { index.respond(to: request, lists: lists) }
        }
        try router.get("/:list") { request, parameters in
            let segment = parameters["list"] ?? ""
            let lists = route.catalog.lists
            let format = ListFormat(path: segment, headers: request.headers, hasCursor: request.query("cursor") != nil)
            guard let list = Self.list(segment: segment, format: format, in: lists) else {
                switch format {
                case .csv: return .now(TableRoute.textProblem(status: 404, "There is no list at this address.\n"))
                default:
                    // A twin's 404 is shared as its 200 is: a script following `next` through a
                    // list dropped meanwhile reads the answer (found by a break-it pass).
                    return .now(route.sharingJSON(route.notFound(request, format: format), with: request, format: format))
                }
            }
            let ask = ListAsk(request, list: list, format: format)
            switch format {
            case .csv: return .onWorker { route.respondWithCSV(ask, to: request) }
            default: return route.answer(ask, in: lists, to: request)
            }
        }
        try router.get("/:list/:key", mayBlock: true) { request, parameters in
            let key = parameters["key"] ?? ""
            return route.sharingJSON(
                route.respondWithRow(to: request, listSegment: parameters["list"] ?? "", keySegment: key),
                with: request, format: ListFormat(rowKey: key))
        }
    }

    /// The longest next-page address sent in a `Link` header, in bytes.
    static let maximumLinkHeader = 4096

    /// The list named by a path segment in `format` (`NAME`, `NAME.json`, `NAME.csv`: its suffix off).
    static func list(segment: String, format: ListFormat, in lists: TableLists) -> ListDefinition? {
        guard let name = TildeEncoding.decode(segment.dropLast(format.suffix.utf8.count)) else { return nil }
        return lists.list(named: name)
    }

    /// Answers a list request: a kept answer at once when the database's
    /// version (``DataVersion``, probed without waiting on a lock) finds one;
    /// else an attempt on the connection's thread (``attempts``); else on a
    /// worker (``respondWithList``). A successful answer is kept under that
    /// version. The query is validated once, on a miss, and a worker takes it
    /// as the attempt left it. The CORS header is added to a JSON twin's either way.
    func answer(_ ask: ListAsk, in lists: TableLists, to request: Request) -> Answer {
        var key: CacheKey?
        if let cache = responseCache, case .success(let version?) = ask.list.rows.dataVersion() {
            let found = CacheKey(ask, of: lists, version: version)
            if let kept = cache.response(for: found) {
                health.record(Result<Void, ListStoreError>.success(()), of: ask.list.source)
                return .now(sharingJSON(kept.evaluatingConditions(of: request), with: request, format: ask.format))
            }
            key = found
        }
        let validated = ask.validated()
        // The filter form's page is sent on to the address its filter's own parameter writes.
        if case .success(let valid) = validated, valid.usedFilterForm, ask.format == .page {
            let location = QueryString.link(ask.list.path, valid.queryItems(cursor: nil))
            var response = Response.text("See \(location)\n", status: 303)
            response.headers.replaceOrAdd(name: "Location", value: location)
            return .now(response)
        }
        // One flag of the declaration read; the cast is made only for a source that awaits.
        if ask.list.awaits, let rows = ask.list.rows as? SuspendingRowSource, case .success(let valid) = validated,
            !Self.isShell(ask, valid)
        {
            // A source that suspends: awaited within its deadline, no thread held meanwhile.
            return .suspending { [self, key] in
                let query = self.query(ask.list, valid, startedAt: request.received)
                let readStarted = ContinuousClock.now
                let result = await AwaitedRead.result(until: rows.deadline(from: request.received), late: rows.late) {
                    await rows.awaitedPage(query, continuing: valid.start)
                }
                // The count, when the page asks for one: awaited too, within its share of the page's time.
                var tally = PageTally.none
                if case .success(let page?) = result, self.countsRows(ask, valid) {
                    tally = await self.awaitedCount(ask.list, valid, rows, query, page: page, readCost: .now - readStarted)
                }
                let read = reader.read(ask, validated) { _, _ in result }
                return sharingJSON(
                    written(read, of: ask, validated, in: lists, to: request, cacheKey: key, tally: tally), with: request,
                    format: ask.format)
            }
        }
        if let answered = respondWithList(ask, validated, in: lists, to: request, cacheKey: key, attemptWork: attempts.work) {
            return .now(sharingJSON(answered, with: request, format: ask.format))
        }
        return .onWorker { [self, key] in
            sharingJSON(respondWithList(ask, validated, in: lists, to: request, cacheKey: key), with: request, format: ask.format)
        }
    }

    /// The list page, fragment or JSON answer.
    /// - Parameters:
    ///   - ask: What the request asks for, read once (``ListAsk``).
    ///   - validated: Its query validated against `ask.list` (``ListAsk/validated()``).
    ///   - cacheKey: Where to keep a successful answer read from the key's file; nil keeps none.
    func respondWithList(
        _ ask: ListAsk, _ validated: Result<TableRequest, ListRefusal>, in lists: TableLists, to request: Request,
        cacheKey: CacheKey? = nil
    ) -> Response {
        // Without an attempt limit every outcome is an answer.
        respondWithList(ask, validated, in: lists, to: request, cacheKey: cacheKey, attemptWork: nil) ?? Response.status(500)
    }

    /// ``respondWithList(_:_:in:to:cacheKey:)``, or, with `attemptWork`, an
    /// attempt (``ListStore/RowPageQuery/attemptWork``): nil when the query met a lock,
    /// ran past its work, needs a row looked up for its cursor or met a changed
    /// schema, so that a worker answers instead (and requests of the list with the same
    /// ``TableRequest/queryShape`` are left to workers for a while when the attempt ran past
    /// its work: ``ConnectionThreadAttempts``).
    func respondWithList(
        _ ask: ListAsk, _ validated: Result<TableRequest, ListRefusal>, in lists: TableLists, to request: Request,
        cacheKey: CacheKey? = nil, attemptWork: Int?
    ) -> Response? {
        // An attempt's shape: the list and what decides its query's cost (``TableRequest/queryShape``).
        var attemptShape = ""
        if attemptWork != nil, case .success(let valid) = validated, !Self.isShell(ask, valid) {
            attemptShape = ask.list.name + "\u{2}" + valid.queryShape
            if !ask.list.answersWithoutBlocking || !valid.startsWithoutLookUp || !attempts.mayAttempt(attemptShape) {
                return nil
            }
        }
        let read: ListRead<RowPage?>
        let readStarted = ContinuousClock.now
        if case .success(let valid) = validated, Self.isShell(ask, valid) {
            // A lazy list's first full page is the shell, read from nothing: the rows come with a partial request.
            read = ListRead(outcome: .read(RowPage(rows: [], keys: [], hasMore: false)))
        } else {
            read = reader.read(ask, validated, isAttempt: attemptWork != nil) { ask, valid in
                self.read(ask.list, valid, format: ask.format, startedAt: request.received, attemptWork: attemptWork)
            }
        }
        if attemptWork != nil, case .failed(_, let error) = read.outcome {
            if error.kind == .timedOut { attempts.leaveToWorkers(attemptShape) }
            return nil
        }
        // The count, then the facets, together within one share of the page's read time (an
        // attempt's within its work too); what they leave is finished after the answer.
        var tally = PageTally.none
        if read.retry == nil, case .success(let valid) = validated, case .read(let page?) = read.outcome {
            let deadline = ContinuousClock.now + min(countBudget, (ContinuousClock.now - readStarted) * countShare)
            if countsRows(ask, valid) { tally = count(ask.list, valid, page: page, until: deadline, attemptWork: attemptWork) }
            // A facet reads at least the rows the count reads: none is tried where the count was not finished.
            prepareFacets(ask, valid, page: page, until: tally.isSettled ? deadline : nil, attemptWork: attemptWork)
        }
        return written(read, of: ask, validated, in: lists, to: request, cacheKey: cacheKey, tally: tally)
    }

    /// The answer to `read`, the read of `ask` under `validated`, kept under `cacheKey`
    /// when it succeeded; after a schema change, the answer to the second try, not kept
    /// (its key names the file as it was).
    /// - Parameter tally: The count above the rows, as far as the request counted it.
    private func written(
        _ read: ListRead<RowPage?>, of ask: ListAsk, _ validated: Result<TableRequest, ListRefusal>, in lists: TableLists,
        to request: Request, cacheKey: CacheKey?, tally: PageTally = .none
    ) -> Response {
        if let retry = read.retry {
            return write(read.outcome, of: retry.ask, retry.request, in: retry.lists, to: request, cacheKey: nil, tally: tally)
        }
        return write(read.outcome, of: ask, try? validated.get(), in: lists, to: request, cacheKey: cacheKey, tally: tally)
    }

    /// Whether `valid`, a request of `ask`'s list, shows a count above its rows: a first page
    /// (page, region or JSON; a continuation never counts again) of a list whose source counts.
    func countsRows(_ ask: ListAsk, _ valid: TableRequest) -> Bool {
        guard countBudget > .zero, valid.start == nil, ask.list.capabilities.counts, !Self.isShell(ask, valid) else { return false }
        return ask.format == .page || ask.format == .region || ask.format == .json
    }

    /// The key of `valid`'s tallies: its count in ``counts``, and (before the column) its facets
    /// in ``facetCache``: the list, the search and the filters.
    static func tallyKey(_ list: ListDefinition, _ valid: TableRequest) -> String {
        var key = list.name + "\u{1}" + (valid.query.map { "q" + $0 } ?? "")
        for filter in valid.filters { key += "\u{1}\(filter.column)\u{2}\(filter.operation.rawValue)\u{2}\(filter.values.joined(separator: "\u{3}"))" }
        return key
    }

    /// How many rows `valid`'s search and filters keep, for its first `page`: the page's own
    /// rows when it is the whole list, else kept under the data version, else counted until
    /// `deadline` (the page's share, ``countShare``; and within `attemptWork`) and kept when exact. A
    /// count left unfinished is finished after the answer (``deferredCounts``, within
    /// ``countBudget``) and the page meanwhile shows only a lower bound that reached
    /// ``ListStore/RowCount/bound`` ("more than 10,000"), and is not kept.
    private func count(
        _ list: ListDefinition, _ valid: TableRequest, page: RowPage, until deadline: ContinuousClock.Instant, attemptWork: Int?
    ) -> PageTally {
        guard page.hasMore else { return PageTally(count: RowCount(page.rows.count)) }
        let version = try? list.rows.dataVersion().get()
        let key = Self.tallyKey(list, valid)
        if let version, let kept = counts.value(for: key, version: version) { return PageTally(count: kept) }
        var query = matchingQuery(list, valid)
        query.attemptWork = attemptWork
        let counted = try? list.rows.count(query, until: deadline).get()
        if let counted, !counted.isLowerBound {
            if let version { counts.store(counted, for: key, version: version) }
            return PageTally(count: counted)
        }
        guard version != nil else { return PageTally(count: counted.flatMap(Self.shownBound)) }
        query.attemptWork = nil
        let (rows, budget, whole) = (list.rows, countBudget, query)
        counts.finishLater(key, on: deferredCounts, of: rows) {
            guard case .success(let counted?) = rows.count(whole, until: ContinuousClock.now + budget) else { return nil }
            return counted.isLowerBound ? Self.shownBound(counted) : counted
        }
        return PageTally(count: counted.flatMap(Self.shownBound), isSettled: false)
    }

    /// ``count(_:_:page:until:attemptWork:)`` for a source that suspends (``SuspendingRowSource``).
    private func awaitedCount(
        _ list: ListDefinition, _ valid: TableRequest, _ rows: SuspendingRowSource, _ query: RowPageQuery, page: RowPage,
        readCost: Duration
    ) async -> PageTally {
        guard page.hasMore else { return PageTally(count: RowCount(page.rows.count)) }
        let key = Self.tallyKey(list, valid)
        let version = try? rows.dataVersion().get()
        if let version, let kept = counts.value(for: key, version: version) { return PageTally(count: kept) }
        let deadline = min(rows.deadline(from: query.startedAt), ContinuousClock.now + min(countBudget, readCost * countShare))
        let counted = try? await AwaitedRead.result(until: deadline) { await rows.awaitedCount(query) }.get()
        if let counted, !counted.isLowerBound {
            if let version { counts.store(counted, for: key, version: version) }
            return PageTally(count: counted)
        }
        guard version != nil else { return PageTally(count: counted.flatMap(Self.shownBound)) }
        let budget = countBudget
        counts.finishLater(key, on: deferredCounts, of: rows) {
            guard case .success(let counted?) = await AwaitedRead.result(until: .now + budget, { await rows.awaitedCount(query) })
            else { return nil }
            return counted.isLowerBound ? Self.shownBound(counted) : counted
        }
        return PageTally(count: counted.flatMap(Self.shownBound), isSettled: false)
    }

    /// What `valid`'s count and facets read: its search and filters (the pages' own `WHERE`).
    func matchingQuery(_ list: ListDefinition, _ valid: TableRequest) -> RowPageQuery {
        RowPageQuery(
            table: list.table, search: valid.query, searchAlternative: list.searchAlternative(for: valid.query), filters: valid.filters,
            labelColumn: valid.query == nil ? nil : list.searchLabelColumn)
    }

    /// A count cut short, as a page shows it: only a lower bound that reached the bounded count's
    /// end ("more than 10,000"); one cut earlier says less than the finished count soon will.
    private static func shownBound(_ counted: RowCount) -> RowCount? {
        counted.value >= RowCount.bound ? RowCount(RowCount.bound, isLowerBound: true) : nil
    }

    /// Whether `valid` asks for a lazy list's shell: its first full page, drawn without rows.
    static func isShell(_ ask: ListAsk, _ valid: TableRequest) -> Bool {
        ask.list.configuration.isLazy && ask.format == .page && valid.start == nil && !valid.wantsRowsAtOnce
    }

    /// The page, fragment or JSON answer to `outcome`, the read of `ask` under `parsed`
    /// (nil when refused) over `lists`, kept under `cacheKey` when it succeeded.
    private func write(
        _ outcome: ListRead<RowPage?>.Outcome, of ask: ListAsk, _ parsed: TableRequest?, in lists: TableLists,
        to request: Request, cacheKey: CacheKey?, tally: PageTally = .none
    ) -> Response {
        let list = ask.list
        var snapshot = ListSnapshot(display: list.configuration.display)
        snapshot.isContinuation = ask.format == .continuation
        var refusal: ListRefusal?
        var page: RowPage?
        var searchTimeLimit: Int?
        var orderChanged = false
        if let valid = parsed {
            snapshot.cursor = valid.cursorText
            snapshot.filters = Filters(query: valid.query, hasActiveFilter: !valid.filters.isEmpty)
            snapshot.isPending = Self.isShell(ask, valid)
        }
        switch outcome {
        case .refused(let refused):
            refusal = refused
            snapshot.request = .badRequest(reason: refused.message)
        case .read(let found?):
            page = found
            if let valid = parsed {
                // In relevance order the cursor carries the ranks' version (``ListStore/RowPage/rankVersion``),
                // else the data version: ranks move with any write. A page read from another file than the
                // version names (replaced meanwhile) carries none (0).
                var version: UInt64?
                if valid.relevance {
                    let read = found.rankVersion == nil ? (try? list.rows.dataVersion().get()) ?? nil : nil
                    version = found.rankVersion ?? read.flatMap { $0.identity == found.fileIdentity ? $0.digest : nil } ?? 0
                }
                snapshot.take(found, of: list, sort: valid.sort, relevanceVersion: version)
                orderChanged = valid.orderVersion.map { $0 != version } ?? false
            }
        case .read(nil):
            // A source's own continuation is forgotten or another search's; a row's position, the row gone.
            var reason = ListRequest.Reason.positionGone
            if case .continuation? = parsed?.start { reason = .continuationGone }
            refusal = ListRefusal(reason: reason, searchAsGiven: parsed?.searchAsGiven)
            snapshot.request = .badRequest(reason: UIStrings.english.reason(reason))
        case .failed(.unreadableValue, _):
            refusal = ListRefusal(reason: .unreadableValue, searchAsGiven: parsed?.searchAsGiven)
            snapshot.request = .badRequest(reason: UIStrings.english.reason(.unreadableValue))
        case .failed(.searchTooSlow(let timeLimit), _):
            snapshot.source = .unavailable(retryAfterSeconds: nil)
            searchTimeLimit = max(1, Int(timeLimit.rounded()))
        case .failed(.source(let status), _):
            snapshot.source = status
        case .failed(.notFound, _):
            snapshot.request = .notFound
        case .gone, .unread:
            // The list went with a schema change (a list's read always reads).
            return notFound(request, format: ask.format, asked: ask)
        }
        let decision = ListDecision.decide(snapshot)
        let view = TableView(
            decision: decision, list: list, request: parsed, refusal: refusal?.reason, page: page,
            language: ask.language, languageParameter: ask.languageParameter,
            lists: lists, templates: site.templates)
        // `/` names the list's own address for the same request; a refused request names none (found by QA).
        view.canonical = parsed.flatMap { valid in ask.canonical.map { QueryString.link($0, valid.queryItems(cursor: valid.cursorText)) } }
        view.searchTimeLimit = searchTimeLimit
        // The data changed since the walk's first page: this page is in the new order (issue 47).
        if orderChanged, let parsed { view.restartHref = QueryString.link(list.path + ask.format.suffix, parsed.queryItems(cursor: nil)) }
        if decision.body.showsRows { view.count = tally.count }
        // The facets kept (``prepareFacets(_:_:page:until:attemptWork:)`` counted them or left them to later).
        if let parsed, decision.body.showsRows { view.facets = facets(ask, parsed, page: page) }
        view.refusedQuery = refusal?.searchAsGiven.map { VisibleText.escape($0.prefix(scalars: ListRequest.maximumQueryLength)) }
        // The next page's address in the asked format, made once: the footer, the JSON `next` and `Link`.
        if case .loadMore(let cursor) = decision.footer, let parsed {
            view.next = QueryString.link(list.path + ask.format.suffix, parsed.queryItems(cursor: cursor))
        }
        var response = ask.format.writer?.write(view, site: site) ?? drawingFailed(ask, in: lists, request: parsed)
        // A page that could not be drawn (a list's own template failed) offers no next page.
        // A next page's address longer than ``maximumLinkHeader`` (many long filters, or a
        // view's cursor made by an earlier version, which carried long texts) is left to the
        // page and the JSON `next`: libmicrohttpd could not fit it among the header fields and
        // closed the connection (found by QA).
        if let next = view.next, response.status == decision.status, next.utf8.count <= Self.maximumLinkHeader {
            response.headers.replaceOrAdd(name: "Link", value: "<\(next)>; rel=\"next\"")
        }
        ResponseHeaders.setListHeaders(on: &response, decision: decision, negotiatedFromHeader: ask.languageFromHeader)
        // A count or facets still being finished: the next visit's answer differs, so this one is for now
        // only (no validator that a revalidation would find stale, found by headers.py: a 200, not a 304).
        let isSettled = tally.isSettled && (view.facets?.isComplete ?? true)
        if !isSettled {
            response.headers.remove(name: "ETag")
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        }
        // A region the filter form asked for: the history gets the filter's own address (htmx, `HX-Push-Url`).
        if let parsed, parsed.usedFilterForm, ask.format == .region {
            response.headers.replaceOrAdd(name: "HX-Push-Url", value: QueryString.link(list.path, parsed.queryItems(cursor: nil)))
        }
        // Kept only when the rows came from the very file the key's version describes.
        if let cacheKey, response.status == 200, let page, page.fileIdentity == cacheKey.version.identity, page.readAt == nil,
            isSettled, let cache = responseCache
        {
            cache.store(response, for: cacheKey)
        }
        return response.evaluatingConditions(of: request)
    }

    /// The page `parsed` asks for, one call to the list's row source (``ListStore/RowSource``):
    /// nil when its cursor names a row (by rowid, key or number) that is gone.
    /// - Parameter attemptWork: See ``ListStore/RowPageQuery/attemptWork``.
    private func read(
        _ list: ListDefinition, _ parsed: TableRequest, format: ListFormat, startedAt: ContinuousClock.Instant, attemptWork: Int? = nil
    ) -> Result<RowPage?, ListStoreError> {
        var query = query(list, parsed, startedAt: startedAt, attemptWork: attemptWork)
        query.shownPrefix = shownPrefix(of: list, format: format)
        return list.rows.page(query, continuing: parsed.start)
    }

    /// What a page of `list` in `format` shows of its texts (``ListStore/ShownPrefix``): an HTML
    /// page drawn by the shared cells shows at most ``RecordCells/clampedLength`` characters of a
    /// cell, 80 of a caption, and reads one more to know a text was cut; nil for any other
    /// (JSON gives values whole, a list's own templates may show more). The columns that make a
    /// row's address are read as they are (its link names them); so is every column until the
    /// list's columns were measured (``ColumnSample``: it counts a text's length).
    private func shownPrefix(of list: ListDefinition, format: ListFormat) -> ShownPrefix? {
        guard format == .page || format == .region || format == .continuation, site.templates.drawsSharedCells(list),
            list.columnSample.isMeasured
        else { return nil }
        var columns = Set(list.table.columns.indices)
        if let address = list.addressColumnIndices { columns.subtract(address) }
        return ShownPrefix(characters: RecordCells.clampedLength + 1, columns: columns)
    }

    /// What `parsed` asks of `list`'s rows: the order, filters, search and limit.
    private func query(
        _ list: ListDefinition, _ parsed: TableRequest, startedAt: ContinuousClock.Instant, attemptWork: Int? = nil
    ) -> RowPageQuery {
        RowPageQuery(
            table: list.table, sort: parsed.sort, limit: parsed.limit, search: parsed.query,
            searchAlternative: list.searchAlternative(for: parsed.query), filters: parsed.filters, startedAt: startedAt,
            attemptWork: attemptWork, labelColumn: parsed.query == nil ? nil : list.searchLabelColumn, relevanceOrder: parsed.relevance)
    }

    /// The headers every answer of these routes carries, then the conditional request evaluated.
    func finish(
        _ response: Response, decision: Decision, negotiated: (language: Language, fromHeader: Bool),
        request: Request
    ) -> Response {
        var response = response
        ResponseHeaders.setListHeaders(on: &response, decision: decision, negotiatedFromHeader: negotiated.fromHeader)
        return response.evaluatingConditions(of: request)
    }

    /// The answer when `list`'s own templates cannot draw what was asked (partials
    /// nested as deep as its data, say; the fault is logged): the error state (500)
    /// as a failing source gives it for `request` (nil: the list's first page), a page,
    /// region or continuation footer in the request's language, drawn with the
    /// templates of the list's layout, none of its own. Found by a break-it pass: a
    /// bare `text/plain` 500, which a partial request swapped in as the list.
    func drawingFailed(_ ask: ListAsk, in lists: TableLists, request: TableRequest?) -> Response {
        let list = ask.list
        var snapshot = ListSnapshot(display: list.configuration.display)
        snapshot.isContinuation = ask.format == .continuation
        snapshot.cursor = request?.cursorText
        snapshot.source = .failed
        let decision = ListDecision.decide(snapshot)
        let view = TableView(
            decision: decision, list: list, request: request, refusal: nil, page: nil, language: ask.language,
            languageParameter: ask.languageParameter, lists: lists, templates: site.templates)
        let context =
            switch ask.format {
            case .continuation: view.continuationContext
            case .region: view.fragmentContext
            default: view.pageContext
            }
        return site.render(ask.format.template ?? "list", context, status: decision.status, forTable: true, list: list, listsOwn: false)
    }

    /// A 404: the not-found page (or its JSON).
    /// While a database's lists cannot be read (``TableCatalog/isMissingLists``) it is
    /// a 503 with `Retry-After` instead: the address may name one of them.
    /// - Parameter asked: The list request as read (its list gone meanwhile), whose format
    ///   and language the page takes; nil for an address that names no list.
    func notFound(_ request: Request, format: ListFormat, asked: ListAsk? = nil) -> Response {
        let json = format.isJSON
        if catalog.isMissingLists {
            guard json else {
                guard let asked else { return site.listsUnavailable(request, retryAfterSeconds: retryAfterSeconds) }
                return site.listsUnavailable(
                    isPartial: asked.format == .region || asked.format == .continuation, language: asked.language,
                    languageFromHeader: asked.languageFromHeader, retryAfterSeconds: retryAfterSeconds)
            }
            var response = Self.jsonProblem(
                status: 503, state: "unavailable", problem: "The data source cannot be reached just now. Try again shortly.")
            response.headers.replaceOrAdd(name: "Retry-After", value: String(retryAfterSeconds))
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            return response
        }
        guard json else {
            guard let asked else { return site.notFound(request) }
            return site.notFound(asked.format, language: asked.language, languageFromHeader: asked.languageFromHeader)
        }
        return Self.jsonProblem(status: 404, state: "notFound", problem: "There is no list or row at this address.")
    }

    /// A JSON answer that names no list: `{"status", "state", "problem"}`
    /// (docs/list.schema.json, `noListAnswer`).
    static func jsonProblem(status: Int, state: String, problem: String) -> Response {
        var json = JSONWriter()
        json.raw("{")
        json.key("status")
        json.raw(String(status))
        json.raw(", ")
        json.key("state")
        json.string(state)
        json.raw(", ")
        json.key("problem")
        json.string(problem)
        json.raw("}\n")
        var response = Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: json.bytes)
        response.headers.replaceOrAdd(name: "Cache-Control", value: ResponseHeaders.listCacheControl)
        return response
    }
}
