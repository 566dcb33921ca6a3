extension SQLiteConnection: KeysetConnection {
    /// Steps the statement and reads each value in place into the page's storage
    /// (``SQLiteStatement/appendValue(_:clampedTo:keepingStoredText:to:)``): no
    /// `SQLValue` is made for a shown value.
    package func appendRows(
        of sql: SQLCondition, to page: inout RowPage, _ layout: KeysetRowLayout, budget: inout ByteBudget?
    ) throws(ListStoreError) {
        let statement = try statement(sql.sql)
        defer { statement.reset() }
        try statement.bind(values: sql.values)
        let columns = Int(statement.columnCount)
        guard columns == layout.resultWidth else {
            throw ListStoreError(kind: .schemaChanged, message: "the view's columns changed", sql: sql.sql)
        }
        let width = layout.width
        let limit = layout.clamped ? RowPage.clampLength : nil
        // The columns read no further than a page shows (``ShownPrefix``), by index.
        var shownCharacters = [Int?](repeating: nil, count: width)
        if let shown = layout.shownPrefix {
            for column in shown.columns where column < width { shownCharacters[column] = shown.characters }
        }
        while budget?.isSpent != true, try statement.step() {
            for index in 0..<width {
                // A column that refers to a key is read as stored: its link names that key.
                let read = statement.appendValue(
                    Int32(index), clampedTo: limit,
                    keepingStoredText: !layout.references.isEmpty && layout.references.contains(index),
                    shownCharacters: shownCharacters[index], to: &page.rows)
                if read.clamped { page.clamped.insert(page.rows.count * width + index) }
                budget?.spend(length: read.length)
            }
            var next = width
            if layout.sorted {
                page.sortValues.append(statement.keyValue(Int32(next)))
                next += 1
            }
            page.rows.endRow(width: width)
            let keyEnd = layout.readsRowid ? columns - 1 : columns
            for index in next..<keyEnd { page.keys.appendValue(statement.keyValue(Int32(index))) }
            page.keys.endRow(width: keyEnd - next)
            if layout.readsRowid {
                guard case .integer(let rowid) = statement.keyValue(Int32(keyEnd)) else {
                    throw ListStoreError(kind: .schemaChanged, message: "a full-text rowid is not an integer", sql: sql.sql)
                }
                page.rowids.append(rowid)
            }
        }
    }
}
