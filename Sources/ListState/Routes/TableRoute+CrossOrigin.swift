import HTTPServer

/// Reading the JSON twins from other origins (`--cors`; WHATWG Fetch, "CORS protocol").
extension TableRoute {
    /// `response` with the CORS header that lets another origin read it
    /// (WHATWG Fetch, "CORS protocol"), when it answers a JSON twin's address
    /// (its 304 too: found by QA) and `--cors` names that origin or `*`:
    /// `Access-Control-Allow-Origin` (the request's `Origin` with `Vary: Origin`
    /// for a named one), and `Access-Control-Expose-Headers: Link, ETag`: a script
    /// reads the next page's address and the tag to revalidate with (found by a break-it
    /// pass: only the CORS-safelisted fields were readable). A plain GET needs no
    /// preflight; one that sends `If-None-Match` does (``preflightHeaders(for:)``).
    func sharingJSON(_ response: Response, with request: Request, format: ListFormat) -> Response {
        guard let allowed = corsOrigin, format.isJSON else { return response }
        var response = response
        if allowed == "*" {
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: "*")
        } else {
            let vary = response.headers["Vary"].map { $0 + ", Origin" } ?? "Origin"
            response.headers.replaceOrAdd(name: "Vary", value: vary)
            guard request.headers["Origin"] == allowed else { return response }
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: allowed)
        }
        response.headers.replaceOrAdd(name: "Access-Control-Expose-Headers", value: "Link, ETag")
        return response
    }

    /// The CORS fields of the 204 that answers a preflight (`OPTIONS` with
    /// `Access-Control-Request-Method`; WHATWG Fetch, "CORS-preflight fetch") for a
    /// JSON twin that `--cors` shares with the request's `Origin`: a GET or HEAD that
    /// sends `If-None-Match` or `If-Match` (a revalidation) is allowed, and the browser
    /// may keep the answer 600 seconds. Empty for any other request (a page, another
    /// method, another origin: the browser then refuses the request, as it should).
    /// Found by a break-it pass: a cross-origin `fetch` revalidating with its ETag failed,
    /// since the preflight's 204 allowed nothing.
    func preflightHeaders(for request: Request) -> HTTPHeaders {
        var headers = HTTPHeaders()
        guard let allowed = corsOrigin,
            ListFormat(path: request.pathSegments.last ?? "", headers: request.headers, hasCursor: false).isJSON,
            let method = request.headers["Access-Control-Request-Method"], method == "GET" || method == "HEAD"
        else { return headers }
        if allowed == "*" {
            headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: "*")
        } else {
            headers.replaceOrAdd(name: "Vary", value: "Origin")
            guard request.headers["Origin"] == allowed else { return headers }
            headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: allowed)
        }
        headers.replaceOrAdd(name: "Access-Control-Allow-Methods", value: "GET, HEAD")
        headers.replaceOrAdd(name: "Access-Control-Allow-Headers", value: "If-None-Match, If-Match")
        headers.replaceOrAdd(name: "Access-Control-Max-Age", value: "600")
        return headers
    }
}
