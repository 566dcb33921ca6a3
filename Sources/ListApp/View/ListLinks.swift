/// The links a list page offers, all keeping the list's search, filters, page
/// size and language.
struct ListLinks: Sendable, Hashable {
    /// The path the list lives at.
    static let listPath = "/"

    /// This page again (same cursor): reload, retry.
    var current: String
    /// The first page of the same list.
    var start: String
    /// The first page without the search text (filters kept).
    var withoutQuery: String
    /// This page with `lazy=0`: the rows at once, for a lazy shell without JavaScript.
    var rowsAtOnce: String

    /// The links of `request`; without one (a bad request), every link leads to `/`.
    init(request: ListRequest?) {
        guard let request else {
            current = Self.listPath
            start = Self.listPath
            withoutQuery = Self.listPath
            rowsAtOnce = Self.listPath + "?lazy=0"
            return
        }
        let cursor = request.cursor?.encoded
        current = QueryString.link(Self.listPath, request.queryItems(cursor: cursor))
        start = QueryString.link(Self.listPath, request.queryItems(cursor: nil))
        var cleared = request
        cleared.filter.text = nil
        withoutQuery = QueryString.link(Self.listPath, cleared.queryItems(cursor: nil))
        rowsAtOnce = QueryString.link(Self.listPath, request.queryItems(cursor: cursor) + [("lazy", "0")])
    }

    /// The page after `cursor` (an encoded cursor from the decision).
    func page(after cursor: String, of request: ListRequest?) -> String {
        QueryString.link(Self.listPath, (request ?? ListRequest()).queryItems(cursor: cursor))
    }
}
