import HTTPServer

extension TableRoute {
    /// What a list request asks for, read from it once (docs/design.md, "The way a
    /// request flows"): the kept answer's key and the answer made on a cache miss
    /// both start from this value, so a request is negotiated and shaped once.
    struct Ask: Sendable {
        /// Whether the JSON twin (`/NAME.json`) was asked for.
        var json: Bool
        /// The list's own address when `/` shows it (`<link rel="canonical">`); nil at `/NAME`.
        var canonical: String?
        /// The HTML shape (``Shape``); `.page` for JSON.
        var shape: Shape
        /// The page language and whether `Accept-Language` chose it (RFC 9110 §12.5.4).
        var negotiated: (language: Language, fromHeader: Bool)

        /// Reads `request`'s `lang`, `Accept-Language`, `cursor` and htmx headers.
        init(_ request: Request, json: Bool, canonical: String?) {
            self.json = json
            self.canonical = canonical
            shape = json ? .page : Shape(request, hasCursor: request.query("cursor") != nil)
            negotiated = Language.negotiate(parameter: request.query("lang"), acceptLanguage: request.headers["Accept-Language"])
        }

        /// The `lang` parameter links carry: the language when the request named it, else nil.
        var languageParameter: String? { negotiated.fromHeader ? nil : negotiated.language.tag }
    }
}
