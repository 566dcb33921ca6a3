/// What links of a list page need from its validated request, whatever the
/// list: the query items that reproduce it at another cursor, and the same
/// request without its search or its filters (`TableRequest`).
protocol ListQuery: Sendable {
    /// The `lang` parameter the request carries, or nil.
    var language: String? { get }
    /// The request's own cursor as text, or nil on a first page.
    var cursorText: String? { get }
    /// The query items of this request at `cursor` (its text; nil for the start), defaults left out.
    func queryItems(cursor: String?) -> [(name: String, value: String)]
    /// The same request without search text.
    var withoutSearch: Self { get }
    /// The same request without filters (search text kept).
    var withoutFilters: Self { get }
}
