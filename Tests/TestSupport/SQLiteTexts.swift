import ListStore

/// The first column of `sql`'s rows in the SQLite file at `path`, as text, read by SQLite
/// itself: a test's expected rows and order (a row whose first value is not text is left out).
public func sqliteTexts(_ sql: String, path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, readOnly: true)
    let statement = try connection.statement(sql)
    var texts: [String] = []
    while try statement.step() {
        if case .text(let text) = statement.value(0) { texts.append(text) }
    }
    return texts
}
