import HTTPServer

/// `GET /sw.js`: the service worker (the built-in `Static/sw.js`), served at
/// the root so its scope is the whole site (docs/design.md, "HTTP and HTMX").
///
/// `Cache-Control: no-cache` makes the browser revalidate it on every update
/// check, so a new server version reaches the clients; its cache names carry
/// the version the pages register it with (`/sw.js?v=BUILD`, see
/// `ListApplication.build`).
struct ServiceWorkerRoute: Sendable {
    /// The route's path.
    static let path = "/sw.js"

    /// The script's bytes.
    let script: [UInt8]
    /// The strong entity tag of the script.
    let entityTag: String

    /// Makes the route over the built-in script.
    init(script: [UInt8] = BuiltInResources.staticFiles["sw.js"] ?? []) {
        self.script = script
        self.entityTag = "\"sw-\(BuildVersion.digest([script]))\""
    }

    /// The script, 304 when `If-None-Match` names its entity tag, or 412 when
    /// `If-Match` does not (``HTTPServer/Response/evaluatingConditions(of:)``).
    func respond(to request: Request) -> Response {
        let headers: HTTPHeaders = [
            "ETag": entityTag, "Cache-Control": "no-cache", "Content-Type": "text/javascript; charset=utf-8",
        ]
        return Response(status: 200, headers: headers, body: script).evaluatingConditions(of: request)
    }
}
