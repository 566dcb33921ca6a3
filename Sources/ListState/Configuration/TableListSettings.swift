import ListStore

/// What the configuration file says of a list over a table, beside its
/// placeholders (docs/reference/configuration.md, "Lists over tables"):
///
/// ```json
/// { "lists": { "products": {
///     "title": "Products", "description": "Everything we sell.",
///     "columns": ["name", "price"], "labels": {"price": "Price (EUR)"},
///     "hiddenColumns": ["cost"], "searchColumns": ["name"], "sort": "-price", "layout": "list", "facets": ["size"],
///     "filters": {"cheaper": {"column": "price", "op": "lt", "label": "Cheaper than"},
///                 "size": {"column": "size", "values": ["S", "M", "L"]}}
/// }, "audit_log": { "hidden": true } } }
/// ```
///
/// Column names are checked against the table when the lists are read: a
/// name the table does not have stops the start, naming the key.
package struct TableListSettings: Sendable, Hashable {
    /// The title (the table's name when nil).
    package var title: String?
    /// A sentence for the index.
    package var description: String?
    /// Whether the table is left out: no list, no route.
    package var isHidden = false
    /// The order without `sort`: `COL` or `-COL`.
    package var sort: String?
    /// The columns a list page shows for each row, in order (the first 8 when nil).
    package var columns: [String]?
    /// Labels by column name.
    package var labels: [String: String] = [:]
    /// Columns never shown, sorted, filtered or searched (not part of the primary key).
    package var hiddenColumns: [String] = []
    /// The columns `q` matches as substrings (instead of the FTS table or the TEXT columns).
    package var searchColumns: [String]?
    /// A view's key: columns whose values tell its rows apart (all its columns when nil).
    package var key: [String]?
    /// `"table"` (the default) or `"list"`.
    package var layout: ListDefinition.Layout?
    /// The columns whose facets its first pages show (``ListDefinition/facetColumns``), in order.
    package var facets: [String] = []
    /// Named filters (``NamedFilter``), by parameter name.
    package var filters: [NamedFilter] = []

    /// Settings that change nothing.
    package init() {}

    /// The keys a list over a table may have beside the placeholder keys.
    static let keys = [
        "title", "description", "hidden", "sort", "columns", "labels", "hiddenColumns", "searchColumns", "key",
        "layout", "filters", "facets",
    ]
}
