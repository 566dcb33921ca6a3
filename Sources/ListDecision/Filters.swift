/// The search query and filters narrowing a list.
///
/// An active query or filter turns an empty list into "no results" (table row 7)
/// rather than "no data" (row 8).
public struct Filters: Sendable, Hashable {
    /// The search text as the user typed it, or `nil` when there is no search.
    /// An empty string counts as no search.
    public var query: String?
    /// Whether any filter other than the query (a category, `emoji`, ...) narrows the list.
    public var hasActiveFilter: Bool

    /// Creates filters.
    ///
    /// - Parameters:
    ///   - query: The search text, or `nil` for none.
    ///   - hasActiveFilter: Whether another filter narrows the list.
    public init(query: String? = nil, hasActiveFilter: Bool = false) {
        self.query = query
        self.hasActiveFilter = hasActiveFilter
    }

    /// No query and no filter.
    public static let none = Filters()

    /// The query when it is non-empty, else `nil`: the text a "no results"
    /// placeholder or announcement echoes.
    public var activeQuery: String? {
        guard let query, !query.isEmpty else { return nil }
        return query
    }

    /// Whether a non-empty query or a filter narrows the list.
    public var isActive: Bool {
        activeQuery != nil || hasActiveFilter
    }
}
