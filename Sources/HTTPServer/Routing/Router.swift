/// Maps a method and a path to a handler.
///
/// Patterns are `/`-separated: literal segments, `:name` captures of one
/// non-empty decoded segment, and an optional trailing `*` for the rest
/// (`/static/*`). Routes are tried in the order they were added; the first
/// whose pattern and method match wins.
///
/// Rules the router applies on its own:
/// - no pattern matches → ``notFound`` (404 by default; the app renders its own);
/// - a pattern matches but not the method → 405 with `Allow` (RFC 9110 §15.5.6);
/// - `HEAD` runs the `GET` handler; the server then sends its headers and no
///   body (RFC 9110 §9.3.2);
/// - `OPTIONS` on a known path → 204 with `Allow` (RFC 9110 §9.3.7), unless a
///   route handles OPTIONS itself.
public struct Router: Sendable {
    /// A route handler. It runs synchronously on one of the server's threads
    /// and may block (e.g. on a data source), occupying that thread.
    public typealias Handler = @Sendable (Request, RouteParameters) -> Response

    /// One registered route.
    struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: Handler
    }

    private var routes: [Route] = []

    /// Answers requests no pattern matches. Default: a plain-text 404.
    public var notFound: @Sendable (Request) -> Response = { _ in Response.status(404) }

    /// Creates an empty router.
    public init() {}

    /// Adds a route.
    /// - Parameters:
    ///   - method: The method it answers (`GET` also answers `HEAD`).
    ///   - pattern: The path pattern, e.g. `/chars/:codepoint`.
    ///   - handler: The handler.
    /// - Throws: ``HTTPServerError`` of kind `.invalidConfiguration` when the
    ///   pattern is malformed (no leading `/`, empty `:` name, `*` not last).
    public mutating func add(_ method: HTTPMethod, _ pattern: String, handler: @escaping Handler) throws(HTTPServerError) {
        guard let parsed = RoutePattern(pattern) else {
            throw HTTPServerError(.invalidConfiguration, "malformed route pattern: \(pattern)")
        }
        routes.append(Route(method: method, pattern: parsed, handler: handler))
    }

    /// Adds a `GET` (and so `HEAD`) route.
    /// - Parameters:
    ///   - pattern: The path pattern.
    ///   - handler: The handler.
    /// - Throws: As ``add(_:_:handler:)``.
    public mutating func get(_ pattern: String, handler: @escaping Handler) throws(HTTPServerError) {
        try add(.get, pattern, handler: handler)
    }

    /// Adds a `POST` route.
    /// - Parameters:
    ///   - pattern: The path pattern.
    ///   - handler: The handler.
    /// - Throws: As ``add(_:_:handler:)``.
    public mutating func post(_ pattern: String, handler: @escaping Handler) throws(HTTPServerError) {
        try add(.post, pattern, handler: handler)
    }

    /// Serves `files` for `GET`/`HEAD` under its prefix (a route
    /// `<prefix>*`).
    /// - Parameter files: The static file handler.
    /// - Throws: As ``add(_:_:handler:)`` (the prefix must start with `/`).
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
        return route(for: method, segments: target.pathSegments) != nil
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
        for candidate in routes where candidate.method == method || candidate.method == effective {
            if let parameters = candidate.pattern.match(segments) { return (candidate, parameters) }
        }
        return nil
    }

    /// Answers a request: the matching route's handler, a 405 with `Allow`, a
    /// 204 with `Allow` for OPTIONS, or ``notFound``.
    /// - Parameter request: The request.
    /// - Returns: The response (for HEAD, the GET response with its body; the
    ///   server omits the body on the wire).
    /// - Complexity: O(routes × segments) plus the handler.
    public func respond(to request: Request) -> Response {
        if let (route, parameters) = route(for: request.method, segments: request.pathSegments) {
            return route.handler(request, parameters)
        }
        let allowed = allowedMethods(segments: request.pathSegments)
        if allowed.isEmpty {
            return notFound(request)
        }
        if request.method == .options {
            return Response(status: 204, headers: ["Allow": allowed.joined(separator: ", ")])
        }
        var response = Response.status(405)
        response.headers.replaceOrAdd(name: "Allow", value: allowed.joined(separator: ", "))
        return response
    }
}
