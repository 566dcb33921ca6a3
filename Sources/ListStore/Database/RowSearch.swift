/// How a list's `q` is matched (``TableDescription/search``).
public enum RowSearch: Sendable, Hashable {
    /// Through an FTS5 or FTS4 table that indexes the list's table (its
    /// `content=` names it): the FTS rowid is the table's `rowidColumn`
    /// (`content_rowid=`, else the rowid); `columns` are the columns it indexes, as
    /// its declaration names them (nil when they could not be read); `findsPrefixes`
    /// whether it finds every token that starts with a word (`word*`: FTS5's default
    /// `unicode61` and its `ascii` tokenizers), so every row whose indexed text starts with it;
    /// `matchesPhrases` whether it matches a phrase (not FTS5's `detail=none` or `detail=column`,
    /// which keep no positions: a literal's tokens are then each required, its text still matched).
    case fullText(
        table: String, version: Int, rowidColumn: String?, columns: [String]?, findsPrefixes: Bool = false, matchesPhrases: Bool = true)
    /// Through a PostgreSQL `tsvector` column of the table (its SQL name): each
    /// word a prefix lexeme, all required, read with the server's
    /// `default_text_search_config` (textsearch-controls.html), so a GIN index
    /// on the column serves it.
    case textSearch(column: String)
    /// A case-insensitive substring match of every word over these columns (their SQL names).
    case substring(columns: [String])
}

extension RowSearch {
    /// The condition that every word of `words` and every literal of `literals` matches.
    /// A literal (`g++`) is its tokens as an exact phrase of the index and its text as a
    /// case-insensitive substring of one of the searched columns (``literalColumns(in:label:)``)
    /// or of `label`, the list's label column (its SQL name).
    package func condition(
        _ words: [String], literals: [SearchLiteral] = [], label: String? = nil, in table: TableDescription
    ) -> SQLCondition {
        var condition: SQLCondition
        switch self {
        case .fullText(let ftsTable, let version, let rowidColumn, _, _, let phrases):
            let rowid = rowidColumn.map(quoteIdentifier) ?? table.rowidName ?? "rowid"
            condition = SQLCondition(
                "\(rowid) IN (SELECT rowid FROM \(quoteIdentifier(ftsTable)) WHERE \(quoteIdentifier(ftsTable)) MATCH ?)",
                [.text(Self.fullTextQuery(words, literals: literals, version: version, phrases: phrases))])
        case .textSearch(let column):
            condition = SQLCondition(
                "\(quoteIdentifier(column)) @@ to_tsquery(?)", [.text(Self.textSearchQuery(words, literals: literals))])
        case .substring(let columns):
            var parts: [String] = []
            var values: [SQLValue] = []
            for word in words {
                parts.append("(" + columns.map { table.dialect.matches(quoteIdentifier($0)) }.joined(separator: " OR ") + ")")
                values += columns.map { _ in .text("%" + RowFilter.likeLiteral(word) + "%") }
            }
            return SQLCondition(parts.isEmpty ? table.dialect.always : parts.joined(separator: " AND "), values)
        }
        let columns = literalColumns(in: table, label: label)
        for literal in literals where !columns.isEmpty {
            let pattern = SQLValue.text("%" + RowFilter.likeLiteral(literal.text) + "%")
            condition.sql += " AND (" + columns.map { table.dialect.matches(quoteIdentifier($0)) }.joined(separator: " OR ") + ")"
            condition.values += columns.map { _ in pattern }
        }
        return condition
    }

    /// The columns a literal's text is looked for in (their SQL names): those the full-text
    /// index covers, else (a `tsvector`, whose sources are unknown) every text column, and
    /// the label column; each once, each a column of `table`.
    func literalColumns(in table: TableDescription, label: String?) -> [String] {
        var names: [String]
        switch self {
        case .fullText(_, _, _, let columns, _, _): names = columns ?? []
        case .textSearch: names = table.columns.filter { $0.affinity == .text }.map(\.sqlName)
        case .substring(let columns): names = columns
        }
        if let label { names.append(label) }
        var kept: [String] = []
        for name in names where !kept.contains(name) && table.columns.contains(where: { $0.sqlName == name }) { kept.append(name) }
        return kept
    }

    /// The `MATCH` text of a full-text search: FTS5 takes "word"* (a quoted prefix term),
    /// FTS4 "word*"; either takes "a b" as an exact phrase (a literal's tokens).
    static func fullTextQuery(_ words: [String], literals: [SearchLiteral], version: Int, phrases: Bool = true) -> String {
        guard version != 5 else { return SearchWords.fts5Expression(words, literals: literals, phrases: phrases) }
        return
            (words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "") + "*\"" }
            + literals.map { "\"" + $0.tokens.joined(separator: " ") + "\"" }).joined(separator: " ")
    }

    /// The `tsquery` of a text search: each word a prefix lexeme, each literal its tokens as
    /// an exact phrase, all required. Words and tokens are letters and digits only
    /// (``SearchWords``): nothing in them is tsquery syntax.
    static func textSearchQuery(_ words: [String], literals: [SearchLiteral]) -> String {
        (words.map { "'" + $0 + "':*" } + literals.map { "(" + $0.tokens.map { "'" + $0 + "'" }.joined(separator: " <-> ") + ")" })
            .joined(separator: " & ")
    }

    /// Whether the search orders rows by relevance when no sort is asked for: FTS5's
    /// `bm25` and PostgreSQL's `ts_rank`; FTS4 and a substring search have no rank.
    public var ranks: Bool {
        switch self {
        case .fullText(_, let version, _, _, _, _): version == 5
        case .textSearch: true
        case .substring: false
        }
    }
}
