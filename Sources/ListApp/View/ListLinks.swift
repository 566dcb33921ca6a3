/// The links a list page offers, all keeping the list's search, filters, page
/// size and language (`lang`, when the page was asked for in one).
struct ListLinks: Sendable, Hashable {
    /// The path the list lives at.
    static let listPath = "/"

    /// The validated request, or nil (a refused request: every link leads to the start).
    private let request: ListRequest?
    /// The `lang` parameter links carry, or nil when the language was negotiated.
    let languageParameter: String?

    /// The links of `request`; without one (a bad request), every link leads to
    /// the start, in `language` when it was asked for. Each link is built only
    /// when it is read (a page reads two or three of them).
    ///
    /// - Parameters:
    ///   - request: The validated request, or nil.
    ///   - language: The `lang` parameter to keep when there is no request.
    init(request: ListRequest?, language: String? = nil) {
        self.request = request
        self.languageParameter = request.map(\.language) ?? language
    }

    /// This page again (same cursor): reload, retry.
    var current: String {
        guard let request else { return Self.listPath(language: languageParameter) }
        return QueryString.link(Self.listPath, request.queryItems(cursor: request.cursor?.encoded))
    }

    /// The first page of the same list.
    var start: String {
        guard let request else { return Self.listPath(language: languageParameter) }
        return QueryString.link(Self.listPath, request.queryItems(cursor: nil))
    }

    /// The first page without the search text (filters kept).
    var withoutQuery: String {
        guard var cleared = request else { return start }
        cleared.filter.text = nil
        return QueryString.link(Self.listPath, cleared.queryItems(cursor: nil))
    }

    /// The first page without filters (search text kept).
    var withoutFilters: String {
        guard var unfiltered = request else { return start }
        unfiltered.filter.category = nil
        unfiltered.filter.emojiOnly = false
        return QueryString.link(Self.listPath, unfiltered.queryItems(cursor: nil))
    }

    /// This page with `lazy=0`: the rows at once, for a lazy shell without JavaScript.
    var rowsAtOnce: String {
        let items = request?.queryItems(cursor: request?.cursor?.encoded) ?? (languageParameter.map { [("lang", $0)] } ?? [])
        return QueryString.link(Self.listPath, items + [("lazy", "0")])
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
