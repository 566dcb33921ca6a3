import ListStore

/// The columns a list page shows, in order (issue 46, "Columns chosen for reading"): the
/// label column, whose value is the link to the row's page (the row header), then the cells.
///
/// The rule: the columns the list offers (its configured `columns`, else all) less those
/// `_nocol` names, or those `_col` names in the order given; without `_col` and without
/// configured columns, short text and numbers before long text (``ColumnSample``), at most
/// ``RecordCells/listedColumns`` cells. The label column is the first of them that holds
/// short text, is not declared a number and refers to no other list (in the sample; before
/// one, of `TEXT` affinity);
/// the others are the cells, so no cell repeats the row's link.
struct ReadingColumns: Sendable, Equatable {
    /// The label column (index into the table's columns); nil when no shown column holds
    /// short text (the row header is then "Row" and the row's key).
    var label: Int?
    /// The cells' columns, in order.
    var cells: [Int]

    /// The label column and the cells, in the page's order.
    var all: [Int] { (label.map { [$0] } ?? []) + cells }
}

extension ListDefinition {
    /// The columns `_col` and `_nocol` may name: the configured ``shownColumns`` (they still
    /// win), else every column of the table.
    var offeredColumns: [Int] {
        shownColumns ?? Array(table.columns.indices)
    }

    /// The columns a page shows (``ReadingColumns``) for the columns a request chose
    /// (`chosen`, `_col`) and dropped (`dropped`, `_nocol`), by index, given the list's `sample`.
    func readingColumns(chosen: [Int], dropped: [Int], sample: ColumnSample.Measure?) -> ReadingColumns {
        let columns = table.columns
        let long = sample?.long ?? []
        // A column declared a number is never the label, whatever text its values came as (PostgreSQL's
        // `numeric` reads as exact text: its price became the row header).
        let isNumber = { (index: Int) in [.integer, .real, .numeric].contains(columns[index].affinity) }
        let isText = { (index: Int) in
            !isNumber(index) && (sample.map { $0.text.contains(index) } ?? (columns[index].affinity == .text))
        }
        var candidates = (chosen.isEmpty ? offeredColumns : chosen).filter { !dropped.contains($0) }
        let ordered = chosen.isEmpty && shownColumns == nil
        if ordered { candidates = candidates.filter { !long.contains($0) } + candidates.filter(long.contains) }
        let label = candidates.first { isText($0) && !long.contains($0) && columns[$0].reference == nil }
        var cells = candidates.filter { $0 != label }
        if ordered { cells = Array(cells.prefix(RecordCells.listedColumns)) }
        return ReadingColumns(label: label, cells: cells)
    }

    /// The columns the JSON and the CSV give for the columns a request chose and dropped:
    /// every column of the table when it named none, else as a page chooses them but in
    /// the offered or given order, none left out for its length.
    func exportedColumns(chosen: [Int], dropped: [Int]) -> [Int] {
        guard !chosen.isEmpty || !dropped.isEmpty else { return Array(table.columns.indices) }
        return (chosen.isEmpty ? offeredColumns : chosen).filter { !dropped.contains($0) }
    }
}
