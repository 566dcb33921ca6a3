import Foundation
import HTTPServer
import ListDecision
import ListStore
import Mustache

/// The ListState web application: its routes over the lists served, drawn
/// with the page templates.
///
/// Routes:
/// - `GET /NAME`, `/NAME.json`, `/NAME.csv`, `/NAME/KEY`, `/NAME/KEY.json`: a list,
///   its JSON twin and CSV, a row's page and its JSON (`TableRoute`).
/// - `GET /`: the one list (with `<link rel="canonical">` to `/NAME`), or the index of them all.
/// - `GET /static/*`: the stylesheet, scripts and images (built-in, or the override folder).
/// - `GET /-/placeholders.css`: the stylesheet generated at start from the placeholder configuration.
/// - `GET /-/states`: with `--dev` only, every state of every kind side by side (`GalleryRoute`).
/// - `GET /-/offline`: the offline page the service worker keeps (`OfflineRoute`).
/// - `GET /sw.js`: the service worker (`ServiceWorkerRoute`).
/// - `GET /-/livez`: 200 while the process runs; never touches the source.
/// - `GET /-/readyz`: 200 when the last query succeeded, 503 when it failed or
///   once ``beginDraining()`` was called; the sources are checked without waiting
///   on them, at most twice a second, and a lock on a healthy one is no failure
///   (``SourceHealth/readinessFailure(checkingWith:)``); never waits on the source.
/// - a list's former addresses (``ListDefinition/formerDetailPrefix``): 308 to its rows' pages.
/// - anything else: the not-found page (404), through the decision module.
package final class ListApplication: Sendable {
    /// The lists served, as they stand at each request.
    package let tables: TableCatalog
    /// The configuration it was made with.
    package let configuration: AppConfiguration
    let templates: PageTemplates
    let stylesheet: PlaceholderStylesheet
    let health: SourceHealth
    /// Rendered list answers kept for reuse under their database's `DataVersion`;
    /// nil when the configuration keeps none.
    let responseCache: ResponseCache<TableRoute.CacheKey>?
    /// The version of the bundle a browser may keep (`BuildVersion`): pages
    /// carry it (`build` in every page context) to register the service worker.
    let build: String
    /// How the site draws its answers; what the routes hold instead of the application.
    let site: SitePages
    /// Which lists' requests are first tried on the connection's thread (``ConnectionThreadAttempts``).
    let connectionThreadAttempts = ConnectionThreadAttempts()

    /// Loads the templates (strictly: a broken template is an error here, never
    /// a half page later), checks the list configurations against the templates
    /// and static files, generates the placeholder stylesheet, and draws every
    /// kind of page once.
    ///
    /// - Parameters:
    ///   - tables: The lists: users' tables and views, lists made in Swift (their own templates
    ///     too, ``ListDefinition/templates``).
    ///   - configuration: Templates, static files, lists.
    ///   - log: Receives one line per data-source incident and per page that could not be
    ///     drawn (standard error by default).
    /// - Throws: `AppError` naming the template file, line and column, or the
    ///   configuration file and key at fault.
    package init(
        tables: TableCatalog, configuration: AppConfiguration = AppConfiguration(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws(AppError) {
        self.tables = tables
        let log = log ?? { logError($0) }
        self.health = SourceHealth(log: log)
        self.configuration = configuration
        var listTemplates: [String: String] = [:]
        for list in tables.lists.lists { listTemplates.merge(list.templates) { first, _ in first } }
        self.templates = try PageTemplates(overrideDirectory: configuration.templatesDirectory, listTemplates: listTemplates)
        // The catalog has checked the names of lists (a hidden one has no list, but may be configured).
        try Self.check(configuration, templates: templates)
        let served = Set(tables.lists.lists.map { TildeEncoding.encode($0.name) })
        if let folder = templates.listFolders.keys.sorted().first(where: { !served.contains($0) }) {
            throw AppError.cannotReadTemplates(
                (configuration.templatesDirectory ?? "") + "/lists/" + folder,
                reason: "there is no list named “\(TildeEncoding.decode(Substring(folder)) ?? folder)” "
                    + "(a list's folder is its name, tilde-encoded)")
        }
        self.stylesheet = PlaceholderStylesheet(lists: configuration.lists)
        self.build = BuildVersion.of(stylesheetTag: stylesheet.entityTag, configuration: configuration, listTemplates: listTemplates)
        self.responseCache = configuration.responseCacheBytes > 0 ? ResponseCache(byteLimit: configuration.responseCacheBytes) : nil
        self.site = SitePages(
            templates: templates, catalog: tables, basePath: configuration.basePath, build: build,
            clientTimeoutSeconds: configuration.clientTimeoutSeconds, log: log)
        try rehearse()
    }

    /// Renders every shape of answer once for each set of templates the lists are
    /// drawn with, before the server takes a request, so a template set that parses
    /// but cannot render (a partial that includes itself without end, a layout that
    /// is its own parent) stops the start instead of failing every request with a 500.
    /// - Throws: `AppError.cannotRender` naming the template and the fault.
    private func rehearse() throws(AppError) {
        var drawn: Set<ListLibraries.Key> = []
        let lists = tables.lists
        for list in lists.lists {
            // Lists drawn with the same templates are rehearsed once (a file may hold 10,000 tables).
            let key = templates.libraryKey(for: list)
            guard drawn.insert(key).inserted else { continue }
            let snapshots = [
                ListSnapshot(rowsPerSection: [0], hasMore: true, nextCursor: "AQ"),
                ListSnapshot(rowsPerSection: [0], filters: Filters(query: "x")),
                ListSnapshot(request: .notFound),
            ]
            for snapshot in snapshots {
                let view = TableView(
                    decision: ListDecision.decide(snapshot), list: list, request: TableRequest(), refusal: nil,
                    page: RowPage(rows: [], keys: [], hasMore: false), language: .english, languageParameter: nil,
                    lists: lists, templates: templates)
                for (template, context) in [
                    ("list", view.pageContext), ("region", view.fragmentContext),
                    ("continuation", view.continuationContext), ("message", view.pageContext),
                ] {
                    if case .failure(let error) = templates.renderForTable(template, context, list: list) {
                        throw AppError.cannotRender(template, reason: "\(error)")
                    }
                }
            }
            // The pages above have no rows: a row and a detail page are drawn on their own,
            // with nothing in them, so a partial that includes itself is still found.
            for template in ["row", list.detailTemplate] {
                if case .failure(let error) = templates.renderForTable(template, .dictionary(MustacheFields()), list: list) {
                    throw AppError.cannotRender(template, reason: "\(error)")
                }
            }
        }
        // Every layout's shared row too, used or not: the same folder serves the next database.
        for (layout, library) in templates.tableLibraries.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            do {
                _ = try library.render("row", .dictionary(MustacheFields()))
            } catch {
                throw AppError.cannotRender("row (\(layout.rawValue) layout)", reason: "\(error)")
            }
        }
        let site = SiteView(decision: ListDecision.decide(ListSnapshot(request: .notFound)), templates: templates)
        if case .failure(let error) = templates.render("message", site.pageContext) {
            throw AppError.cannotRender("message", reason: "\(error)")
        }
    }

    /// Refuses configurations whose values are out of range or name an image or a
    /// partial that does not exist (the lists' names were checked when they were read).
    private static func check(_ configuration: AppConfiguration, templates: PageTemplates) throws(AppError) {
        let file = configuration.configurationFile
        let staticFiles = BuiltInResources.staticFiles
        for list in configuration.lists {
            let prefix = "lists.\(list.name)"
            if let problem = list.problems().first {
                throw .configuration(
                    ConfigurationError(
                        file: file, key: problem.key.isEmpty ? prefix : "\(prefix).\(problem.key)",
                        message: problem.message))
            }
            for (kind, placeholder) in list.placeholders.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let key = "\(prefix).placeholders.\(kind.rawValue)"
                if case .custom(let image) = placeholder.image {
                    let onDisk =
                        configuration.staticDirectory.map {
                            FileManager.default.isReadableFile(atPath: $0 + "/" + image.path)
                        } ?? false
                    guard onDisk || staticFiles[image.path] != nil else {
                        throw .configuration(
                            ConfigurationError(
                                file: file, key: "\(key).image.src",
                                message: "there is no static file “\(image.path)” (built in, or in --static)"))
                    }
                }
                if let partial = placeholder.partial, !templates.contains(partial) {
                    throw .configuration(
                        ConfigurationError(
                            file: file, key: "\(key).partial",
                            message: "there is no template “\(partial).mustache” (built in, or in --templates)"))
                }
                // Drawn once with no values: a partial that includes itself whatever the data
                // says stops here, not at every placeholder it was to draw (found by a break-it pass).
                if let partial = placeholder.partial, case .failure(let error) = templates.render(partial, .dictionary([:])) {
                    throw .configuration(
                        ConfigurationError(
                            file: file, key: "\(key).partial", message: "“\(partial).mustache” cannot be drawn: \(error)"))
                }
            }
        }
    }

    /// The router with every route.
    package func makeRouter() -> Router {
        var router = Router()
        router.basePath = configuration.basePath
        let staticFiles = StaticFiles(
            prefix: "/static/", overrideDirectory: configuration.staticDirectory,
            builtIn: BuiltInResources.staticFiles,
            cacheControl: configuration.staticCacheControl)
        do {
            try router.get(PlaceholderStylesheet.path) { [stylesheet, configuration] request, _ in
                Response.representation(
                    stylesheet.bytes, entityTag: stylesheet.entityTag,
                    contentType: "text/css; charset=utf-8",
                    cacheControl: configuration.staticCacheControl, for: request)
            }
            let offline = OfflineRoute(site: site)
            try router.get(OfflineRoute.path) { request, _ in offline.respond(to: request) }
            let worker = ServiceWorkerRoute()
            try router.get(ServiceWorkerRoute.path) { request, _ in worker.respond(to: request) }
            if configuration.isDevelopment {
                let gallery = GalleryRoute(site: site)
                try router.get("/-/states") { request, _ in gallery.respond(to: request) }
            }
            let operations = OperationsRoute(settings: configuration.settings)
            try router.get(OperationsRoute.settingsPath) { _, _ in operations.settingsResponse() }
            try router.get(OperationsRoute.versionsPath) { _, _ in OperationsRoute.versionsResponse() }
            try router.get("/-/livez") { _, _ in Response.text("ok\n") }
            try router.get("/-/readyz") { [health, tables] _, _ in
                if health.isDraining {
                    var response = Response.text("draining: the server is stopping\n", status: 503)
                    response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
                    return response
                }
                if tables.isMissingLists {
                    return Response.text("a database's lists cannot be read yet (is its server up?)\n", status: 503)
                }
                // Each source once (one without lists too), without waiting on a lock. Operators
                // read the answer: the source's name and the failure's own words, never SQL.
                guard let failure = health.readinessFailure(checking: tables.sources) else {
                    // Another service down is not this instance's fault: ready, and said so.
                    guard let degraded = health.degraded else { return Response.text("ready\n") }
                    return Response.text("ready (degraded: the data source \(degraded.source) is failing: \(degraded.error.message))\n")
                }
                return Response.text("the data source \(failure.source) is failing: \(failure.error.message)\n", status: 503)
            }
            try router.addStaticFiles(staticFiles)
            for list in tables.lists.lists where list.formerDetailPrefix != nil { try addFormerRoutes(to: &router, list: list) }
            try TableRoute.add(to: &router, application: self)
        } catch {
            // The patterns above are constants; a malformed one is a programming error caught by the tests.
            assertionFailure("\(error)")
        }
        router.notFound = { [site] request in site.notFound(request) }
        return router
    }

    /// The former addresses of `list`'s rows (``ListDefinition/formerDetailPrefix``):
    /// `PREFIX/KEY` is sent to the row's page with a 308, the query kept; a key
    /// the list cannot read is a 404.
    private func addFormerRoutes(to router: inout Router, list: ListDefinition) throws(HTTPServerError) {
        guard let prefix = list.formerDetailPrefix else { return }
        try router.get(prefix + ":key") { [site] request, parameters in
            let segment = Substring(parameters["key"] ?? "")
            guard let address = list.addressFormat?.former?(segment) ?? list.address(segment: segment),
                let path = list.detailPath(address: address)
            else {
                return site.notFound(request)
            }
            let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
            var response = Response.text("Moved to \(path)\n", status: 308)
            response.headers.replaceOrAdd(name: "Location", value: path + query)
            return response
        }
    }

    /// Marks the application as draining (the process is stopping):
    /// `/-/readyz` answers 503 from now on, so a load balancer stops sending
    /// traffic while requests in flight finish. Idempotent; ``endDraining()`` undoes it.
    package func beginDraining() {
        health.beginDraining()
    }

    /// Marks the application as serving again: a library's server started after a stop
    /// (``ListServer/start(host:port:)``) is ready, not draining.
    package func endDraining() {
        health.endDraining()
    }

    /// Whether ``beginDraining()`` was called.
    package var isDraining: Bool { health.isDraining }

    /// Sets what the server needs from the application: the security headers
    /// on every response, and the page for an address that cannot be read or
    /// is too large (414, 431).
    package func configure(_ server: inout Server.Configuration) {
        server.defaultHeaders = ResponseHeaders.security
        server.malformedTarget = { [self] headers, target in malformedTarget(headers, target: target) }
        server.refusedForSize = { [self] status, headers, target in
            malformedTarget(headers, target: target, reason: status == 414 ? .addressTooLong : .headersTooLarge, status: status)
        }
    }

    /// The answer to an address the server cannot decode, or (with `reason`)
    /// a request it refused for its size: a 400 with the error placeholder, as
    /// a page or (for a partial request) a region fragment, decided like every
    /// other state (QA found a bare "400 Bad Request" here); for a JSON twin's
    /// address (a path ending `.json`), the JSON error; for a CSV address (`.csv`),
    /// plain text, as the CSV's other problems.
    /// - Parameter status: 400, or 414/431 for a request refused for its size.
    func malformedTarget(
        _ headers: HTTPHeaders, target: String? = nil,
        reason: ListRequest.Reason = .malformedAddress, status: Int = 400
    ) -> Response {
        let negotiated = Language.negotiate(parameter: nil, acceptLanguage: headers["Accept-Language"])
        let fullPath = target.flatMap { $0.split(separator: "?", maxSplits: 1).first }.map(String.init) ?? ""
        let path = fullPath.hasPrefix(configuration.basePath + "/") ? String(fullPath.dropFirst(configuration.basePath.count)) : fullPath
        // The format as a list's route reads it; the query cannot be read, so a cursor is looked for in the raw target.
        let format = ListFormat(path: path, headers: headers, hasCursor: target?.contains("cursor=") == true)
        var snapshot = ListSnapshot(request: .badRequest(reason: UIStrings.english.reason(reason)))
        snapshot.isContinuation = format == .continuation
        let decision = ListDecision.decide(snapshot)
        var response: Response
        let list = format == .continuation ? TableRoute.list(segment: String(path.dropFirst()), format: format, in: tables.lists) : nil
        switch (format, list) {
        case (.json, _), (.rowJSON, _):
            // Found by QA: `/NAME.json?q=%FF` answered with an HTML page.
            return TableRoute.jsonProblem(
                status: status, state: "error",
                problem: UIStrings.of(negotiated.language).reason(reason))
        case (.csv, _):
            // Found by a break-it pass: `/NAME.csv?q=%zz` answered with an HTML page; a CSV
            // address's other problems before its first byte are plain text (README).
            return TableRoute.textProblem(status: status, UIStrings.english.reason(reason) + "\n")
        case (.continuation, let list?):
            // A continuation refused before it reached its list's route: the footer it
            // replaces, in the list's own layout, says so and offers to start over (found by
            // QA: a region fragment in the footer's place put a second #list inside the table).
            let view = TableView(
                decision: decision, list: list, request: nil, refusal: reason, page: nil, language: negotiated.language,
                languageParameter: nil, lists: tables.lists, templates: templates)
            response = site.render("continuation", view.continuationContext, status: decision.status, list: list)
        case (.continuation, nil), (.region, _):
            let view = site.siteView(decision: decision, language: negotiated.language, languageParameter: nil, refusal: reason)
            response = site.render(format.template ?? "region", view.fragmentContext, status: decision.status)
        case (.page, _), (.rowPage, _):
            let view = site.siteView(decision: decision, language: negotiated.language, languageParameter: nil, refusal: reason)
            response = site.render("message", view.pageContext, status: decision.status)
        }
        response.status = status
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: true))
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
        return response
    }

}
