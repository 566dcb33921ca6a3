import Foundation
import HTTPServer
import ListState
import ListStore
import Mustache

/// The ListState web application: its routes over a `ListSource`, drawn with
/// the page templates.
///
/// Routes:
/// - `GET /`: the character list (page, region fragment or continuation; see `ListRoute`)
///   when the catalogue is served; else the one table list, or the index of them (`TableRoute`).
/// - `GET /char/:codepoint`: one character's page (see `CharacterRoute`), with the catalogue.
/// - `GET /NAME`, `/NAME.json`, `/NAME/KEY`, `/NAME/KEY.json`: a list over a table or view,
///   its JSON twin, a row's detail page and its JSON (`TableRoute`).
/// - `GET /static/*`: the stylesheet, scripts and images (built-in, or the override folder).
/// - `GET /-/placeholders.css`: the stylesheet generated at start from the placeholder configuration.
/// - `GET /-/states`: with `--dev` only, every state of every kind side by side (`GalleryRoute`).
/// - `GET /-/offline`: the offline page the service worker keeps (`OfflineRoute`).
/// - `GET /sw.js`: the service worker (`ServiceWorkerRoute`).
/// - `GET /-/livez`: 200 while the process runs; never touches the source.
/// - `GET /-/readyz`: 200 when the last query succeeded, 503 when it failed or
///   once ``beginDraining()`` was called; never waits on the source.
/// - anything else: the not-found page (404), through the decision module.
public final class ListApplication: Sendable {
    /// The names of the lists this application serves.
    public static let listNames = ["characters"]

    /// The catalogue's data source; nil when only tables are served.
    public let source: (any ListSource)?
    /// The lists over users' tables and views (none when only the catalogue is served).
    public let tables: TableCatalog
    /// The configuration it was made with.
    public let configuration: AppConfiguration
    /// The configuration of the character list (built-in unless configured).
    public let characters: ListConfiguration
    let templates: PageTemplates
    let stylesheet: PlaceholderStylesheet
    let health: SourceHealth
    /// Rendered list answers kept for reuse; nil when the configuration keeps none.
    let responseCache: ResponseCache<ListRoute.CacheKey>?
    /// Rendered answers of the lists over tables kept for reuse, under the
    /// database's `DataVersion`; nil when the configuration keeps none or the catalogue is served.
    let tableCache: ResponseCache<TableRoute.CacheKey>?
    /// Confirms the catalogue's version for response-cache hits; nil without a catalogue.
    let versionProbe: VersionProbe?
    /// The version of the bundle a browser may keep (`BuildVersion`): pages
    /// carry it (`build` in every page context) to register the service worker.
    let build: String

    /// Loads the templates (strictly: a broken template is an error here, never
    /// a half page later), checks the list configurations against the templates
    /// and static files, and generates the placeholder stylesheet.
    ///
    /// - Parameters:
    ///   - source: The catalogue's data source, or nil to serve only `tables`.
    ///   - tables: The lists over users' tables and views.
    ///   - configuration: Templates, static files, lists.
    ///   - log: Receives one line per data-source incident (standard error by default).
    /// - Throws: `AppError` naming the template file, line and column, or the
    ///   configuration file and key at fault.
    public init(
        source: (any ListSource)?, tables: TableCatalog = TableCatalog(), configuration: AppConfiguration = AppConfiguration(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws(AppError) {
        self.source = source
        self.tables = tables
        self.health = SourceHealth(log: log ?? { logError($0) })
        self.configuration = configuration
        self.templates = try PageTemplates(overrideDirectory: configuration.templatesDirectory)
        // The catalog has checked the names of lists over tables (a hidden one has no list, but may be configured).
        try Self.check(configuration, templates: templates, listNames: source == nil ? nil : Self.listNames)
        let served = Set(tables.lists.lists.map { TildeEncoding.encode($0.name) })
        if let folder = templates.listLibraries.keys.sorted().first(where: { !served.contains($0) }) {
            throw AppError.cannotReadTemplates(
                (configuration.templatesDirectory ?? "") + "/lists/" + folder,
                reason: "there is no list named “\(TildeEncoding.decode(Substring(folder)) ?? folder)” "
                    + "(a list's folder is its name, tilde-encoded)")
        }
        self.characters = configuration.lists.last { $0.name == "characters" } ?? ListConfiguration("characters")
        self.stylesheet = PlaceholderStylesheet(lists: configuration.lists)
        self.build = BuildVersion.of(stylesheetTag: stylesheet.entityTag, configuration: configuration)
        // With the catalogue and its list's twins both served, each cache has half the budget.
        let both = source != nil && !tables.isEmpty
        let budget = both ? configuration.responseCacheBytes / 2 : configuration.responseCacheBytes
        self.responseCache = budget > 0 && source != nil ? ResponseCache(byteLimit: budget) : nil
        self.tableCache = budget > 0 && (source == nil || both) ? ResponseCache(byteLimit: budget) : nil
        self.versionProbe = source.map { VersionProbe(source: $0) }
        try rehearse()
    }

    /// Renders every shape of answer once with sample data before the server
    /// takes a request, so a template set that parses but cannot render (a
    /// partial that includes itself without end, a layout that is its own
    /// parent) stops the start instead of failing every request with a 500.
    /// - Throws: `AppError.cannotRender` naming the template and the fault.
    private func rehearse() throws(AppError) {
        let sample = CharacterRecord(
            codePoint: 0x2603, name: "SNOWMAN", generalCategory: "So", age: "1.1",
            isEmoji: true, isEmojiPresentation: false)
        let snapshots: [(ListSnapshot, [CharacterRecord])] = [
            (ListSnapshot(rowsPerSection: [1], hasMore: true, nextCursor: "AQAAJgM"), [sample]),
            (ListSnapshot(rowsPerSection: [0], filters: Filters(query: "x")), []),
            (ListSnapshot(request: .notFound), []),
        ]
        for (snapshot, records) in snapshots {
            let view = ListView(
                decision: ListState.decide(snapshot), request: ListRequest(), records: records,
                list: characters, templates: templates)
            for (template, context) in [
                ("list", view.pageContext), ("region", view.fragmentContext),
                ("continuation", view.fragmentContext), ("message", view.pageContext),
            ] {
                if case .failure(let error) = templates.render(template, context) {
                    throw AppError.cannotRender(template, reason: "\(error)")
                }
            }
        }
    }

    /// Refuses configurations whose values are out of range or name an image or a
    /// partial that does not exist.
    /// - Parameter listNames: The names of the lists served (a name the configuration gives must be one);
    ///   nil when they were checked already.
    private static func check(
        _ configuration: AppConfiguration, templates: PageTemplates,
        listNames: [String]?
    ) throws(AppError) {
        let file = configuration.configurationFile
        let staticFiles = BuiltInResources.staticFiles
        for list in configuration.lists {
            let prefix = "lists.\(list.name)"
            if let listNames, !listNames.contains(list.name) {
                throw .configuration(
                    ConfigurationError(
                        file: file, key: prefix,
                        message: "there is no list named “\(list.name)” (lists: \(listNames.prefix(20).joined(separator: ", ")))"))
            }
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
            }
        }
    }

    /// The router with every route.
    public func makeRouter() -> Router {
        var router = Router()
        router.basePath = configuration.basePath
        let staticFiles = StaticFiles(
            prefix: "/static/", overrideDirectory: configuration.staticDirectory,
            builtIn: BuiltInResources.staticFiles,
            cacheControl: configuration.staticCacheControl)
        do {
            if let source, let versionProbe {
                let list = ListRoute(application: self, source: source, versionProbe: versionProbe)
                let character = CharacterRoute(application: self, source: source)
                try router.get("/") { request, _ in list.answer(to: request) }
                try router.get(CharacterRoute.pattern, mayBlock: true) { request, parameters in
                    character.respond(to: request, segment: parameters["codepoint"] ?? "")
                }
            }
            try router.get(PlaceholderStylesheet.path) { [stylesheet, configuration] request, _ in
                Response.representation(
                    stylesheet.bytes, entityTag: stylesheet.entityTag,
                    contentType: "text/css; charset=utf-8",
                    cacheControl: configuration.staticCacheControl, for: request)
            }
            let offline = OfflineRoute(application: self)
            try router.get(OfflineRoute.path) { request, _ in offline.respond(to: request) }
            let worker = ServiceWorkerRoute()
            try router.get(ServiceWorkerRoute.path) { request, _ in worker.respond(to: request) }
            if configuration.isDevelopment {
                let gallery = GalleryRoute(application: self)
                try router.get("/-/states") { request, _ in gallery.respond(to: request) }
            }
            let operations = OperationsRoute(settings: configuration.settings)
            try router.get(OperationsRoute.settingsPath) { _, _ in operations.settingsResponse() }
            try router.get(OperationsRoute.versionsPath) { _, _ in OperationsRoute.versionsResponse() }
            try router.get("/-/livez") { _, _ in Response.text("ok\n") }
            try router.get("/-/readyz") { [health] _, _ in
                if health.isDraining {
                    var response = Response.text("draining: the server is stopping\n", status: 503)
                    response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
                    return response
                }
                return health.failure == nil ? Response.text("ready\n") : Response.text("the data source is failing\n", status: 503)
            }
            try router.addStaticFiles(staticFiles)
            if source != nil, let twin = catalogueList { try addCatalogueListRoutes(to: &router, list: twin) }
            if source == nil || !tables.isEmpty { try TableRoute.add(to: &router, application: self) }
        } catch {
            // The patterns above are constants; a malformed one is a programming error caught by the tests.
            assertionFailure("\(error)")
        }
        router.notFound = { [self] request in notFound(request) }
        return router
    }

    /// The catalogue's list over its file (``CatalogueList``), when it is served beside the catalogue's pages.
    var catalogueList: ListDefinition? {
        source == nil ? nil : tables.lists.list(named: CatalogueList.name)
    }

    /// The catalogue list's addresses that lead to the catalogue's pages: `/characters`
    /// to `/` and `/characters/KEY` (a code point) to its character's page, both 308
    /// with the query kept; its JSON twin, CSV and rows' JSON stay with the lists' route.
    private func addCatalogueListRoutes(to router: inout Router, list: ListDefinition) throws(HTTPServerError) {
        let rows = TableRoute(application: self, catalog: tables)
        @Sendable func moved(_ request: Request, to path: String) -> Response {
            let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
            var response = Response.text("Moved to \(path)\n", status: 308)
            response.headers.replaceOrAdd(name: "Location", value: path + query)
            return response
        }
        let base = configuration.basePath
        try router.get("/" + TildeEncoding.encode(list.name)) { request, _ in moved(request, to: base + "/") }
        try router.get("/" + TildeEncoding.encode(list.name) + "/:key", mayBlock: true) { [self] request, parameters in
            let key = parameters["key"] ?? ""
            guard !key.hasSuffix(".json") else {
                return rows.sharingJSON(
                    rows.respondWithRow(to: request, listSegment: TildeEncoding.encode(list.name), keySegment: key),
                    with: request, isJSON: true)
            }
            guard let value = UInt32(key), String(value) == key, value <= 0x10FFFF else { return notFound(request) }
            return moved(request, to: base + CodePointAddress(codePoint: value).path)
        }
    }

    /// Marks the application as draining (the process is stopping):
    /// `/-/readyz` answers 503 from now on, so a load balancer stops sending
    /// traffic while requests in flight finish. Idempotent; cannot be undone.
    public func beginDraining() {
        health.beginDraining()
    }

    /// Whether ``beginDraining()`` was called.
    public var isDraining: Bool { health.isDraining }

    /// The not-found answer, decided like every other state, in the request's
    /// language: a whole page, or for a partial request (`HX-Request: true`) a
    /// region fragment holding the placeholder, so a client that swaps it into
    /// `#list` gets a placeholder, not a document.
    func notFound(_ request: Request) -> Response {
        let decision = ListState.decide(ListSnapshot(request: .notFound))
        let (view, fromHeader) = pageView(for: request, decision: decision)
        let isPartial = request.headers["HX-Request"] == "true" && request.headers["HX-History-Restore-Request"] != "true"
        var response =
            isPartial
            ? render("region", view.fragmentContext, status: decision.status)
            : render("message", view.pageContext, status: decision.status)
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: fromHeader))
        return response
    }

    /// Sets what the server needs from the application: the security headers
    /// on every response, and the page for an address that cannot be read or
    /// is too large (414, 431).
    public func configure(_ server: inout Server.Configuration) {
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
    /// address (a path ending `.json`), the JSON error.
    /// - Parameter status: 400, or 414/431 for a request refused for its size.
    func malformedTarget(
        _ headers: HTTPHeaders, target: String? = nil,
        reason: ListRequest.Reason = .malformedAddress, status: Int = 400
    ) -> Response {
        let negotiated = Language.negotiate(parameter: nil, acceptLanguage: headers["Accept-Language"])
        let fullPath = target.flatMap { $0.split(separator: "?", maxSplits: 1).first }.map(String.init) ?? ""
        let path = fullPath.hasPrefix(configuration.basePath + "/") ? String(fullPath.dropFirst(configuration.basePath.count)) : fullPath
        if source == nil || !tables.isEmpty, path.hasSuffix(".json") {
            // Found by QA: `/NAME.json?q=%FF` answered with an HTML page.
            return TableRoute.jsonProblem(
                status: status, state: "error",
                problem: UIStrings.rows(negotiated.language).reason(reason))
        }
        let isPartial = headers["HX-Request"] == "true" && headers["HX-History-Restore-Request"] != "true"
        let isContinuation = isPartial && headers["HX-Target"] != "list" && target?.contains("cursor=") == true
        var snapshot = ListSnapshot(request: .badRequest(reason: UIStrings.english.reason(reason)))
        snapshot.isContinuation = isContinuation
        let decision = ListState.decide(snapshot)
        var response: Response
        if isContinuation, let list = TableRoute.list(segment: String(path.dropFirst()), in: tables.lists)?.0 {
            // A continuation refused before it reached its list's route: the footer it
            // replaces, in the list's own layout, says so and offers to start over (found by
            // QA: a region fragment in the footer's place put a second #list inside the table).
            let view = TableView(
                decision: decision, list: list, request: nil, refusal: reason, page: nil, language: negotiated.language,
                languageParameter: nil, lists: tables.lists, templates: templates)
            response = render("continuation", view.fragmentContext, status: decision.status, list: list)
        } else {
            let view = ListView(
                decision: decision, request: nil, refusal: reason, records: [], language: negotiated.language,
                list: characters, templates: templates, hasListRegion: false, speaksOfRows: source == nil,
                basePath: configuration.basePath)
            let template = isContinuation ? "continuation" : isPartial ? "region" : "message"
            response = render(template, template == "message" ? view.pageContext : view.fragmentContext, status: decision.status)
        }
        response.status = status
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: true))
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
        return response
    }

    /// The view of a page that is not a list page (not found, a character's
    /// page, their failures): the layout's words, language and offline
    /// templates, in the language `request` asks for.
    /// - Returns: The view, and whether `Accept-Language` chose the language (so `Vary` must name it).
    func pageView(for request: Request, decision: Decision) -> (view: ListView, languageFromHeader: Bool) {
        let negotiated = Language.negotiate(
            parameter: request.query("lang"),
            acceptLanguage: request.headers["Accept-Language"])
        let view = ListView(
            decision: decision, request: nil, records: [], language: negotiated.language,
            list: characters, templates: templates, hasListRegion: false,
            languageParameter: negotiated.fromHeader ? nil : negotiated.language.tag, speaksOfRows: source == nil,
            basePath: configuration.basePath)
        return (view, negotiated.fromHeader)
    }

    /// Renders a template into an HTML response; a rendering fault (which the
    /// strict load makes very unlikely) becomes a plain 500 with no detail.
    /// Every context gets `basePath` (the site's path prefix, when it has one); whole pages
    /// (every template but the two fragments) also get `build` and `clientTimeout`;
    /// `forTable` draws with a table list's row and controls partials, and
    /// `list` with that list's own row and detail templates where it has them.
    func render(
        _ template: String, _ context: MustacheValue, status: Int, forTable: Bool = false,
        list: ListDefinition? = nil
    ) -> Response {
        var context = context
        if case .dictionary(var fields) = context {
            // Every template may write a path of ours: the site's prefix is at the root of each context.
            if !configuration.basePath.isEmpty { fields["basePath"] = .string(configuration.basePath) }
            if template != "region", template != "continuation" {
                fields["build"] = .string(build)
                fields["clientTimeout"] = .string(String(Int((configuration.clientTimeoutSeconds * 1000).rounded())))
            }
            context = .dictionary(fields)
        }
        let rendered =
            forTable || list != nil
            ? templates.renderForTable(
                template, context, list: list.map { TildeEncoding.encode($0.name) },
                layout: list?.layout ?? .list)
            : templates.render(template, context)
        switch rendered {
        case .success(let body):
            return Response.html(body, status: status)
        case .failure(let error):
            logError("rendering \(template) failed: \(error)")
            return Response.text("Internal Server Error\n", status: 500)
        }
    }
}
