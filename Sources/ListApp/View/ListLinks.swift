/// The links a list page offers, all keeping the list's search, filters, page
/// size and language (`lang`, when the page was asked for in one).
struct ListLinks: Sendable, Hashable {
    /// The path the list lives at.
    static let listPath = "/"

    /// The `lang` parameter links carry, or nil when the language was negotiated.
    var languageParameter: String?
    /// This page again (same cursor): reload, retry.
    var current: String
    /// The first page of the same list.
    var start: String
    /// The first page without the search text (filters kept).
    var withoutQuery: String
    /// The first page without filters (search text kept).
    var withoutFilters: String
    /// This page with `lazy=0`: the rows at once, for a lazy shell without JavaScript.
    var rowsAtOnce: String

    /// The links of `request`; without one (a bad request), every link leads to
    /// the start, in `language` when it was asked for.
    ///
    /// - Parameters:
    ///   - request: The validated request, or nil.
    ///   - language: The `lang` parameter to keep when there is no request.
    init(request: ListRequest?, language: String? = nil) {
        guard let request else {
            languageParameter = language
            let start = Self.listPath(language: language)
            current = start
            self.start = start
            withoutQuery = start
            withoutFilters = start
            rowsAtOnce = QueryString.link(Self.listPath, (language.map { [("lang", $0)] } ?? []) + [("lazy", "0")])
            return
        }
        languageParameter = request.language
        let cursor = request.cursor?.encoded
        current = QueryString.link(Self.listPath, request.queryItems(cursor: cursor))
        start = QueryString.link(Self.listPath, request.queryItems(cursor: nil))
        var cleared = request
        cleared.filter.text = nil
        withoutQuery = QueryString.link(Self.listPath, cleared.queryItems(cursor: nil))
        var unfiltered = request
        unfiltered.filter.category = nil
        unfiltered.filter.emojiOnly = false
        withoutFilters = QueryString.link(Self.listPath, unfiltered.queryItems(cursor: nil))
        rowsAtOnce = QueryString.link(Self.listPath, request.queryItems(cursor: cursor) + [("lazy", "0")])
    }

    /// The start of the list, with `lang` when given.
    static func listPath(language: String?) -> String {
        QueryString.link(listPath, language.map { [("lang", $0)] } ?? [])
    }

    /// A search for `text` from the start, in the same language.
    func search(_ text: String) -> String {
        QueryString.link(Self.listPath, [("q", text)] + (languageParameter.map { [("lang", $0)] } ?? []))
    }

    /// The page after `cursor` (an encoded cursor from the decision).
    func page(after cursor: String, of request: ListRequest?) -> String {
        QueryString.link(Self.listPath, (request ?? ListRequest(language: languageParameter)).queryItems(cursor: cursor))
    }
}
