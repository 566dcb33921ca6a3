import HTTPServer
import ListDecision

/// The header fields ListState sets on its responses.
package enum ResponseHeaders {
    /// On every response, the server's own 400/404/405 included:
    /// - `Content-Security-Policy` (CSP Level 3): nothing by default
    ///   (`default-src 'none'`), then scripts, styles, images, fonts, fetches
    ///   and workers only from this origin, so no inline script or style can run;
    ///   `frame-ancestors 'none'` forbids framing; `form-action 'self'` keeps
    ///   the search form on this site.
    /// - `X-Content-Type-Options: nosniff` (WHATWG Fetch §3.5.2).
    /// - `Referrer-Policy: same-origin` (W3C Referrer Policy §3).
    package static let security: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    ]

    /// `Vary` of every list response: a page and a fragment share a URL, so no
    /// cache may serve one for the other (RFC 9110 §12.5.5; CASES C-06), and a
    /// partial request's `HX-Target` chooses between the region and a
    /// continuation (`ListFormat`); plus `Accept-Language` when the
    /// language came from it (no `lang` parameter named a language the server speaks).
    static func listVary(negotiatedFromHeader: Bool) -> String {
        negotiatedFromHeader
            ? "HX-Request, HX-History-Restore-Request, HX-Target, Accept-Language"
            : "HX-Request, HX-History-Restore-Request, HX-Target"
    }

    /// `Cache-Control` of list responses: always revalidate, so a stale state
    /// (an empty list that has rows now) is never served (CASES C-11).
    static let listCacheControl = "no-cache"

    /// Sets the header fields every list answer carries, the catalogue's and a
    /// table's alike (docs/design.md, "HTTP and HTMX"): `Vary`, `Cache-Control`,
    /// `Retry-After` when the decision gives a delay, and a strong `ETag` on a
    /// 200, kept or not, so a revalidation gets a 304.
    static func setListHeaders(on response: inout Response, decision: Decision, negotiatedFromHeader: Bool) {
        response.headers.replaceOrAdd(name: "Vary", value: listVary(negotiatedFromHeader: negotiatedFromHeader))
        // Rows kept from before while the source fails are for now only (RFC 5861's stale-if-error).
        response.headers.replaceOrAdd(name: "Cache-Control", value: decision.staleSince == nil ? listCacheControl : "no-store")
        if let seconds = decision.retryAfterSeconds { response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds)) }
        if response.status == 200 { response.headers.replaceOrAdd(name: "ETag", value: EntityTag.strong(for: response.body)) }
    }
}
