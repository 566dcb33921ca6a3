import ListStore

/// A PostgreSQL connection as ``ListStore/KeysetReader`` reads through it: each statement's
/// result comes whole (`PQexecParams`), within the request's deadline.
struct PostgreSQLKeysetConnection: KeysetConnection {
    let connection: PostgreSQLConnection
    let deadline: ContinuousClock.Instant

    /// A database server's rows carry no file.
    var fileIdentity: FileIdentity? { nil }

    func appendRows(
        of sql: SQLCondition, to page: inout RowPage, _ layout: KeysetRowLayout, budget: inout ByteBudget?
    ) throws(ListStoreError) {
        let result = try connection.query(sql.sql, sql.values, deadline: deadline)
        guard result.columnCount == layout.resultWidth else {
            throw ListStoreError(kind: .schemaChanged, message: "the view's columns changed", sql: sql.sql)
        }
        let width = layout.width
        for values in result.rows where budget?.isSpent != true {
            var row = Array(values[0..<width])
            if layout.clamped {
                for index in row.indices where RowPage.clamp(&row[index]) { page.clamped.insert(page.rows.count * width + index) }
            }
            for value in row { budget?.spend(value) }
            if layout.sorted { page.sortValues.append(values[width]) }
            page.rows.append(row)
            page.keys.append(values[(width + (layout.sorted ? 1 : 0))...])
        }
    }
}
