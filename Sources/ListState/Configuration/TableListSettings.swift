import ListStore

/// What the configuration file says of a list over a table, beside its
/// placeholders (docs/reference/configuration.md, "Lists over tables"):
///
/// ```json
/// { "lists": { "products": {
///     "title": "Products", "description": "Everything we sell.",
///     "columns": ["name", "price"], "labels": {"price": "Price (EUR)"},
///     "hiddenColumns": ["cost"], "searchColumns": ["name"], "sort": "-price", "layout": "list",
///     "filters": {"cheaper": {"column": "price", "op": "lt", "label": "Cheaper than"},
///                 "size": {"column": "size", "values": ["S", "M", "L"]}}
/// }, "audit_log": { "hidden": true } } }
/// ```
///
/// Column names are checked against the table when the lists are read: a
/// name the table does not have stops the start, naming the key.
public struct TableListSettings: Sendable, Hashable {
    /// The title (the table's name when nil).
    public var title: String?
    /// A sentence for the index.
    public var description: String?
    /// Whether the table is left out: no list, no route.
    public var isHidden = false
    /// The order without `sort`: `COL` or `-COL`.
    public var sort: String?
    /// The columns a list page shows for each row, in order (the first 8 when nil).
    public var columns: [String]?
    /// Labels by column name.
    public var labels: [String: String] = [:]
    /// Columns never shown, sorted, filtered or searched (not part of the primary key).
    public var hiddenColumns: [String] = []
    /// The columns `q` matches as substrings (instead of the FTS table or the TEXT columns).
    public var searchColumns: [String]?
    /// A view's key: columns whose values tell its rows apart (all its columns when nil).
    public var key: [String]?
    /// `"table"` (the default) or `"list"`.
    public var layout: ListDefinition.Layout?
    /// Named filters (``NamedFilter``), by parameter name.
    public var filters: [NamedFilter] = []

    /// Settings that change nothing.
    public init() {}

    /// The keys a list over a table may have beside the placeholder keys.
    static let keys = [
        "title", "description", "hidden", "sort", "columns", "labels", "hiddenColumns", "searchColumns", "key",
        "layout", "filters",
    ]
}
