/// Maps a method and a path to a handler.
///
/// Patterns are `/`-separated: literal segments, `:name` captures of one
/// non-empty decoded segment, and an optional trailing `*` for the rest
/// (`/static/*`). Routes are tried in the order they were added; the first
/// whose pattern and method match wins.
///
/// Rules the router applies on its own:
/// - no pattern matches → ``notFound`` (404 by default; the app renders its own),
///   but a GET of a path with a trailing `/` that matches without it → 308 there;
/// - a pattern matches but not the method → 405 with `Allow` (RFC 9110 §15.5.6);
/// - `HEAD` runs the `GET` handler; the server then sends its headers and no
///   body (RFC 9110 §9.3.2);
/// - `OPTIONS` on a known path → 204 with `Allow` (RFC 9110 §9.3.7) and
///   ``preflightHeaders``, unless a route handles OPTIONS itself.
public struct Router: Sendable {
    /// A route handler. It runs synchronously; a handler added with
    /// `mayBlock: true` may block (e.g. on a data source) and then runs on a
    /// worker thread (see ``answer(_:)``), the others on the connection's thread.
    public typealias Handler = @Sendable (Request, RouteParameters) -> Response

    /// A handler that decides itself, in one pass over the request, whether it
    /// answers now (`.now`) or on a worker (`.onWorker`, carrying what it found
    /// so far: nothing is parsed twice).
    public typealias AnswerHandler = @Sendable (Request, RouteParameters) -> Answer

    /// One registered route.
    struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: Handler
        /// Whether the handler may block.
        var mayBlock = false
        var answering: AnswerHandler?
    }

    private var routes: [Route] = []

    /// Header fields added to the 204 that answers `OPTIONS` on a known path, given
    /// the request: a CORS preflight's answer (WHATWG Fetch, "CORS-preflight fetch":
    /// `Access-Control-Allow-Origin`, `-Methods`, `-Headers`, `-Max-Age`) for the
    /// addresses the application shares with other origins; empty for the others.
    /// Default: none.
    public var preflightHeaders: @Sendable (Request) -> HTTPHeaders = { _ in HTTPHeaders() }

    /// Answers requests no pattern matches. Default: a plain-text 404.
    public var notFound: @Sendable (Request) -> Response = { _ in Response.status(404) }

    /// The path prefix every route lives under, behind a reverse proxy that
    /// passes the whole path (`/lists`: the route `/static/*` answers
    /// `/lists/static/…`); empty for none. A request outside it is not found;
    /// the prefix alone (`/lists`) is redirected (308) to the prefix and `/`.
    /// Set it with ``BasePath``'s normalized text (no trailing `/`).
    public var basePath = ""

    /// Creates an empty router.
    public init() {}

    /// Adds a route.
    /// - Parameters:
    ///   - method: The method it answers (`GET` also answers `HEAD`).
    ///   - pattern: The path pattern, e.g. `/chars/:codepoint`.
    ///   - handler: The handler.
    /// - Throws: ``HTTPServerError`` of kind `.invalidConfiguration` when the
    ///   pattern is malformed (no leading `/`, empty `:` name, `*` not last).
    ///   - mayBlock: Whether the handler may block (it then runs on a worker thread).
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, mayBlock: Bool = false,
        handler: @escaping Handler
    ) throws(HTTPServerError) {
        guard let parsed = RoutePattern(pattern) else {
            throw HTTPServerError(.invalidConfiguration, "malformed route pattern: \(pattern)")
        }
        routes.append(Route(method: method, pattern: parsed, handler: handler, mayBlock: mayBlock))
    }

    /// Adds a `GET` (and so `HEAD`) route.
    /// - Parameters:
    ///   - pattern: The path pattern.
    ///   - mayBlock: Whether the handler may block (it then runs on a worker thread).
    ///   - handler: The handler.
    /// - Throws: As ``add(_:_:mayBlock:handler:)``.
    public mutating func get(
        _ pattern: String, mayBlock: Bool = false,
        handler: @escaping Handler
    ) throws(HTTPServerError) {
        try add(.get, pattern, mayBlock: mayBlock, handler: handler)
    }

    /// Adds a `POST` route.
    /// - Parameters:
    ///   - pattern: The path pattern.
    ///   - handler: The handler.
    /// - Throws: As ``add(_:_:mayBlock:handler:)``.
    public mutating func post(_ pattern: String, handler: @escaping Handler) throws(HTTPServerError) {
        try add(.post, pattern, handler: handler)
    }

    /// Serves `files` for `GET`/`HEAD` under its prefix (a route
    /// `<prefix>*`).
    /// - Parameter files: The static file handler.
    /// - Throws: As ``add(_:_:mayBlock:handler:)`` (the prefix must start with `/`).
    public mutating func addStaticFiles(_ files: StaticFiles) throws(HTTPServerError) {
        var prefix = files.prefix
        if !prefix.hasSuffix("/") { prefix += "/" }
        try add(.get, prefix + "*") { request, parameters in
            files.respond(to: request, path: parameters.remainder)
        }
    }

    /// The registered routes as `(method, pattern)` in order, e.g. for a
    /// checker that verifies every link in the markup hits a route.
    public var routePatterns: [(method: HTTPMethod, pattern: String)] {
        routes.map { ($0.method, $0.pattern.text) }
    }

    /// Whether a request with this method and raw path would reach a route
    /// handler (not ``notFound`` nor 405). `HEAD` counts as `GET`.
    /// - Parameters:
    ///   - method: The method.
    ///   - path: A raw path (percent-encoded, no query), e.g. `/chars/U%2B41`.
    /// - Returns: `false` also when the path does not decode.
    /// - Complexity: O(routes × segments).
    public func matches(method: HTTPMethod, path: String) -> Bool {
        guard let target = RequestTarget(parsing: path) else { return false }
        var segments = target.pathSegments
        if !basePath.isEmpty {
            let prefix = basePath.split(separator: "/").map(String.init)
            guard segments.count > prefix.count, Array(segments.prefix(prefix.count)) == prefix else { return false }
            segments.removeFirst(prefix.count)
        }
        return route(for: method, segments: segments) != nil
    }

    /// The methods allowed on a path: those of every matching route, plus
    /// `HEAD` where `GET` is, plus `OPTIONS`; empty when no pattern matches.
    /// - Parameter segments: The decoded path segments.
    /// - Returns: Method tokens in a stable order.
    func allowedMethods(segments: [String]) -> [String] {
        var methods: [String] = []
        for route in routes where route.pattern.match(segments) != nil {
            if !methods.contains(route.method.rawValue) { methods.append(route.method.rawValue) }
            if route.method == .get, !methods.contains("HEAD") { methods.append("HEAD") }
        }
        if !methods.isEmpty, !methods.contains("OPTIONS") { methods.append("OPTIONS") }
        return methods
    }

    private func route(for method: HTTPMethod, segments: [String]) -> (Route, RouteParameters)? {
        let effective: HTTPMethod = method == .head ? .get : method
        // By index: only the route that matches is copied (a copy of each route tried,
        // its pattern and handlers retained and released, cost every request: perf).
        for index in routes.indices where routes[index].method == method || routes[index].method == effective {
            if let parameters = routes[index].pattern.match(segments) { return (routes[index], parameters) }
        }
        return nil
    }

    /// Adds a `GET` route whose handler decides where it answers (``AnswerHandler``).
    /// - Throws: As ``add(_:_:mayBlock:handler:)``.
    public mutating func get(_ pattern: String, answer: @escaping AnswerHandler) throws(HTTPServerError) {
        try add(.get, pattern, mayBlock: true) { request, parameters in answer(request, parameters).respondHere() }
        routes[routes.count - 1].answering = answer
    }

    /// Answers a request: the matching route's handler, a 405 with `Allow`, a
    /// 204 with `Allow` for OPTIONS, or ``notFound``.
    /// - Parameter request: The request.
    /// - Returns: The response (for HEAD, the GET response with its body; the
    ///   server omits the body on the wire).
    /// - Complexity: O(routes × segments) plus the handler.
    public func respond(to request: Request) -> Response {
        answer(request).respondHere()
    }

    /// Answers a request as ``respond(to:)`` does, but leaves the handler of
    /// a route added with `mayBlock: true` to be run on a worker.
    /// - Parameter request: The request.
    /// - Returns: The answer.
    public func answer(_ request: Request) -> Answer {
        guard !basePath.isEmpty else { return answerInside(request) }
        if request.path == basePath {
            let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
            var response = Response.text("Moved to \(basePath)/\n", status: 308)
            response.headers.replaceOrAdd(name: "Location", value: basePath + "/" + query)
            return .now(response)
        }
        guard let inside = request.removingPathPrefix(basePath) else { return .now(notFound(request)) }
        return answerInside(inside)
    }

    /// ``answer(_:)`` of a request whose path is inside ``basePath`` (taken off).
    private func answerInside(_ request: Request) -> Answer {
        if let (route, parameters) = route(for: request.method, segments: request.pathSegments) {
            guard route.mayBlock else { return .now(route.handler(request, parameters)) }
            if let answering = route.answering { return answering(request, parameters) }
            let handler = route.handler
            return .onWorker { handler(request, parameters) }
        }
        return .now(unrouted(request))
    }

    /// A 308 to the address without its trailing slashes (`/products/?q=x` →
    /// `/products?q=x`, under ``basePath``) for a GET or HEAD that no route takes
    /// where one takes the address without them; nil otherwise. Found by a break-it
    /// pass: `/characters/` was a 404 page.
    private func trailingSlashRedirect(_ request: Request) -> Response? {
        // A backslash stays a 404: `Location: /\evil.example` reads as `//evil.example`
        // in a browser, another site (found by a break-it pass).
        guard request.method == .get || request.method == .head, request.pathSegments.last == "",
            request.target.hasPrefix("/"), !request.target.contains("\\")
        else { return nil }
        var segments = request.pathSegments
        while segments.count > 1, segments.last == "" { segments.removeLast() }
        guard segments.last != "", route(for: .get, segments: segments) != nil else { return nil }
        let query = request.target.firstIndex(of: "?").map { request.target[$0...] } ?? ""
        var path = request.target[..<(request.target.firstIndex(of: "?") ?? request.target.endIndex)]
        while path.hasSuffix("/") { path = path.dropLast() }
        let location = basePath + path + query
        var response = Response.text("Moved to \(location)\n", status: 308)
        response.headers.replaceOrAdd(name: "Location", value: location)
        return response
    }

    /// The answer when no route's handler takes the request: 404, 405 or OPTIONS.
    private func unrouted(_ request: Request) -> Response {
        let allowed = allowedMethods(segments: request.pathSegments)
        if allowed.isEmpty {
            return trailingSlashRedirect(request) ?? notFound(request)
        }
        if request.method == .options {
            var headers = preflightHeaders(request)
            headers.replaceOrAdd(name: "Allow", value: allowed.joined(separator: ", "))
            return Response(status: 204, headers: headers)
        }
        var response = Response.status(405)
        response.headers.replaceOrAdd(name: "Allow", value: allowed.joined(separator: ", "))
        return response
    }
}
