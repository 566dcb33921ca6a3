/// How a list's `q` is matched (``TableDescription/search``).
public enum RowSearch: Sendable, Hashable {
    /// Through an FTS5 or FTS4 table that indexes the list's table (its
    /// `content=` names it): the FTS rowid is the table's `rowidColumn`
    /// (`content_rowid=`, else the rowid); `columns` are the columns it indexes, as
    /// its declaration names them (nil when they could not be read).
    case fullText(table: String, version: Int, rowidColumn: String?, columns: [String]?)
    /// Through a PostgreSQL `tsvector` column of the table (its SQL name): each
    /// word a prefix lexeme, all required, read with the server's
    /// `default_text_search_config` (textsearch-controls.html), so a GIN index
    /// on the column serves it.
    case textSearch(column: String)
    /// A case-insensitive substring match of every word over these columns (their SQL names).
    case substring(columns: [String])
}

extension RowSearch {
    /// The condition that every word of `words` matches.
    package func condition(_ words: [String], in table: TableDescription) -> SQLCondition {
        switch self {
        case .fullText(let ftsTable, let version, let rowidColumn, _):
            let rowid = rowidColumn.map(quoteIdentifier) ?? table.rowidName ?? "rowid"
            // FTS5 takes "word"* (a quoted prefix term); FTS4 takes "word*".
            let match =
                version == 5
                ? SearchWords.fts5Expression(words)
                : words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "") + "*\"" }.joined(separator: " ")
            return SQLCondition(
                "\(rowid) IN (SELECT rowid FROM \(quoteIdentifier(ftsTable)) WHERE \(quoteIdentifier(ftsTable)) MATCH ?)",
                [.text(match)])
        case .textSearch(let column):
            // The words are letters and digits only (`SearchWords`): nothing in them is tsquery syntax.
            let query = words.map { "'" + $0 + "':*" }.joined(separator: " & ")
            return SQLCondition("\(quoteIdentifier(column)) @@ to_tsquery(?)", [.text(query)])
        case .substring(let columns):
            var parts: [String] = []
            var values: [SQLValue] = []
            for word in words {
                parts.append("(" + columns.map { table.dialect.matches(quoteIdentifier($0)) }.joined(separator: " OR ") + ")")
                values += columns.map { _ in .text("%" + RowFilter.likeLiteral(word) + "%") }
            }
            return SQLCondition(parts.isEmpty ? table.dialect.always : parts.joined(separator: " AND "), values)
        }
    }
}
