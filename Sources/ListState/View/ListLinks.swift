/// The links a list page offers, all keeping the list's search, filters, sort,
/// page size and language (`lang`, when the page was asked for in one).
struct ListLinks: Sendable {
    /// The validated request, or nil (a refused request: every link leads to the start).
    private let request: (any ListQuery)?
    /// The `lang` parameter links carry, or nil when the language was negotiated.
    let languageParameter: String?
    /// The path of the list these links lead within.
    let path: String
    /// The path prefix of the site (`AppConfiguration.basePath`), "" for none.
    let basePath: String

    /// The links of `request`; without one (a bad request), every link leads to
    /// the start, in `language` when it was asked for. Each link is built only
    /// when it is read (a page reads two or three of them).
    ///
    /// - Parameters:
    ///   - request: The validated request, or nil.
    ///   - language: The `lang` parameter to keep when there is no request.
    ///   - path: The list's path (`/NAME`, its base path included); nil for the site's start.
    ///   - basePath: The site's path prefix.
    init(request: (any ListQuery)?, language: String? = nil, path: String? = nil, basePath: String = "") {
        self.request = request
        self.languageParameter = request.map(\.language) ?? language
        self.path = path ?? basePath + "/"
        self.basePath = basePath
    }

    /// This page again (same cursor): reload, retry.
    var current: String {
        guard let request else { return Self.link(path, language: languageParameter) }
        return QueryString.link(path, request.queryItems(cursor: request.cursorText))
    }

    /// The first page of the same list.
    var start: String {
        guard let request else { return Self.link(path, language: languageParameter) }
        return QueryString.link(path, request.queryItems(cursor: nil))
    }

    /// The first page without the search text (filters kept).
    var withoutQuery: String {
        guard let request else { return start }
        return QueryString.link(path, request.withoutSearch.queryItems(cursor: nil))
    }

    /// The first page without filters (search text kept).
    var withoutFilters: String {
        guard let request else { return start }
        return QueryString.link(path, request.withoutFilters.queryItems(cursor: nil))
    }

    /// This page with `lazy=0`: the rows at once, for a lazy shell without JavaScript.
    var rowsAtOnce: String {
        let items = request?.queryItems(cursor: request?.cursorText) ?? (languageParameter.map { [("lang", $0)] } ?? [])
        return QueryString.link(path, items + [("lazy", "0")])
    }

    /// `path` with `lang` when given.
    static func link(_ path: String, language: String?) -> String {
        QueryString.link(path, language.map { [("lang", $0)] } ?? [])
    }

    /// A search for `text` from the start, in the same language.
    func search(_ text: String) -> String {
        QueryString.link(path, [("q", text)] + (languageParameter.map { [("lang", $0)] } ?? []))
    }

    /// The page after `cursor` (an encoded cursor from the decision).
    func page(after cursor: String) -> String {
        QueryString.link(path, (request?.queryItems(cursor: cursor)) ?? TableRequest(language: languageParameter).queryItems(cursor: cursor))
    }
}
