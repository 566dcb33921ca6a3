import ListStore
import Synchronization

/// The facets a first page of a list shows (issue 47, "Facets"): for each column asked for
/// (the list's ``ListDefinition/facetColumns``, then `_facet`'s), its values with how many
/// of the rows the page's search and filters keep hold each (``ListStore/ColumnFacet``), or
/// none when not counted within the budget; and the columns suggested as facets
/// (``FacetSuggestions``), offered as links that add `_facet`.
struct ListFacets: Sendable {
    /// One column's facet: its values, or nil when they were not counted in time.
    struct Shown: Sendable {
        /// The column (index into the table's columns).
        var column: Int
        var counted: ColumnFacet?
    }

    var shown: [Shown] = []
    /// The columns suggested, by index, none of them shown.
    var suggested: [Int] = []

    /// Whether the suggestions are still to be found (after the answer).
    var suggestionsPending = false

    /// Whether every facet was counted and the suggestions found (a page without them is not kept).
    var isComplete: Bool { !suggestionsPending && shown.allSatisfy { $0.counted != nil } }

    /// Whether there is anything to draw.
    var isEmpty: Bool { shown.isEmpty && suggested.isEmpty }
}

extension ListDefinition {
    /// The columns whose facets a first page of `request` shows: the configured ones
    /// (``facetColumns``, those it can facet), then those `_facet` asked for, each once.
    func facetColumns(for request: TableRequest) -> [Int] {
        let facetable = facetableColumns
        var columns = facetColumns.compactMap(table.columnIndex).filter(facetable.contains)
        for column in request.facetColumns where !columns.contains(column) { columns.append(column) }
        return columns
    }
}

/// The columns a list suggests as facets: those with few values, found in its first
/// ``sampleRows`` rows at most ``maximumValues`` distinct ones (and each value on average
/// twice), not a key column, not long text (``ColumnSample/threshold``), not a number
/// column whose values mostly differ. Found once per data version (within a page's budget)
/// and kept until the data changes.
final class FacetSuggestions: Sendable {
    /// The rows sampled.
    static let sampleRows = 1000
    /// The most distinct values a suggested column has among them.
    static let maximumValues = ColumnFacet.maximumValues
    /// The most columns suggested.
    static let maximumSuggested = 5

    private let kept = Mutex<(version: DataVersion, columns: [Int])?>(nil)

    /// The columns kept for `version`, if found.
    func columns(at version: DataVersion) -> [Int]? {
        kept.withLock { kept in kept.flatMap { $0.version == version ? $0.columns : nil } }
    }

    /// Keeps `columns` for `version`.
    func keep(_ columns: [Int], at version: DataVersion) {
        kept.withLock { $0 = (version, columns) }
    }

    /// The columns of `list` (among `candidates`) that `rows` (its first rows, every column)
    /// suggest, in the table's order.
    static func suggested(by rows: RowPage, of list: ListDefinition, among candidates: [Int]) -> [Int] {
        let table = list.table
        let width = table.columns.count
        let keyColumns = Set(table.columns.indices.filter { table.columns[$0].primaryKeyPosition > 0 })
        var distinct = [Set<SQLValue>](repeating: [], count: width)
        var lengths = [Int](repeating: 0, count: width)
        let count = rows.rows.count
        guard count > 1 else { return [] }
        for row in 0..<count {
            for column in candidates where distinct[column].count <= maximumValues {
                let value = rows.rows[row, column]
                distinct[column].insert(value)
                if case .text(let text) = value { lengths[column] += text.unicodeScalars.count }
            }
        }
        var suggested: [Int] = []
        for column in candidates where !keyColumns.contains(column) {
            let values = distinct[column].count
            // Few values, each on average at least twice (a number whose values mostly differ is a
            // measure, not a kind), short on average (a long text stopped counting past its cap).
            guard values >= 2, values <= maximumValues, values * 2 <= count,
                lengths[column] / count <= ColumnSample.threshold
            else { continue }
            suggested.append(column)
            if suggested.count == maximumSuggested { break }
        }
        return suggested
    }
}
