import ListStore
import Mustache

/// On a row's page: the rows of other lists that refer to it through a
/// single-column foreign key, as a count and a link to that list filtered
/// (`/orders?product=7`). Counted within one budget for the page
/// (``budgetSeconds``); a count that ran out says "many rows".
enum ReferringRows {
    /// Seconds all the counts of one row's page may take together.
    static let budgetSeconds = 0.3

    /// The context items (`label`, `count`, `href`) for the row of `list` with `address`;
    /// no `href` when the key holds what a request refuses (a control or an invisible
    /// formatting character: ``VisibleText/isAcceptableParameter(_:)``), whose filter
    /// would answer 400. None for a key text that is not UTF-8 (``SQLValue/textBytes(_:)``):
    /// a filter names a text, and the text it shows (U+FFFD in place of the bad bytes) is
    /// another value, whose rows were counted and linked as this row's (found by a break-it pass).
    static func items(
        to list: ListDefinition, address: [SQLValue], in lists: TableLists, words: TableWords,
        languageParameter: String?
    ) -> [MustacheValue] {
        guard address.count == 1, let value = address[0].plainText, !list.table.addressedByRowid else { return [] }
        if case .textBytes = address[0] { return [] }
        let target = list.table.addressColumns[0].sqlName
        let deadline = ContinuousClock.now + .milliseconds(Int(budgetSeconds * 1000))
        var items: [MustacheValue] = []
        for other in lists.lists where other.source === list.source {
            for column in other.table.columns {
                guard let reference = column.reference, reference.table == list.table.name,
                    (reference.column ?? target) == target
                else { continue }
                let filter = RowFilter(column: column.name, operation: .exact, value: value)
                let count: Int?
                if case .success(let counted) = other.rows.count(filters: [filter], until: deadline) {
                    count = counted
                } else {
                    count = nil
                }
                var item: MustacheFields = [
                    "label": .string("\(other.title) (\(other.label(column)))"), "count": .string(words.rowCount(count)),
                ]
                if VisibleText.isAcceptableParameter(value) {
                    var request = TableRequest(filters: [filter], language: languageParameter)
                    // A column named like one of that list's named filters is `_COL` there (found
                    // by a break-it pass: the link named the filter, which refused the key: 400).
                    for named in other.namedFilters { request.reservedNames.insert(named.name) }
                    item["href"] = .string(QueryString.link(other.path, request.queryItems(cursor: nil)))
                }
                items.append(.dictionary(item))
            }
        }
        return items
    }
}
