import Foundation

/// Relevance order (docs/design.md, "Search"): a search an index ranks, without a sort,
/// orders its rows by a tier, then the index's rank, then the key. The tier puts a row
/// whose label column is the search text first (0), then those whose label starts with
/// it (1), then the rest (2); the rank is FTS5's `bm25` (smaller is better) or PostgreSQL's
/// `ts_rank` negated. Both are one real, the page's sort value, `(tier - 2) × 1,000,000 + rank`
/// (a rank is far smaller than the tiers' spacing, and the last tier, most rows, keeps the
/// rank's every bit), so the keyset over (tier, rank, key) is the existing one over
/// (sort value, key): `v > ? OR (v = ? AND key > ?)`.
extension RowPageQuery {
    /// The spacing of the tiers in the relevance value.
    static let tierSpacing = 1_000_000

    /// Whether the rows come in relevance order: asked for (``relevanceOrder``), a search of
    /// some word or literal, an index that ranks (``RowSearch/ranks``: FTS5, a `tsvector`), no sort.
    public var ordersByRelevance: Bool {
        guard relevanceOrder, sort == nil, table.search.ranks, let search else { return false }
        return !Self.words(search, for: table).isEmpty || !Self.literals(search, for: table).isEmpty
    }

    /// The label column (SQL name) a full-text search matches too: ``labelColumn`` when the
    /// table has it, else the table's key when it is one text column; nil for a substring
    /// search (which matches its columns already).
    var searchedLabel: String? {
        if case .substring = table.search { return nil }
        if let labelColumn { return table.columns.contains { $0.sqlName == labelColumn } ? labelColumn : nil }
        guard table.primaryKey.count == 1, table.primaryKey[0].affinity == .text else { return nil }
        return table.primaryKey[0].sqlName
    }

    /// Whether the full-text index finds the label: an FTS5 index of the label column whose
    /// tokenizer finds every token a word starts (``RowSearch/fullText(table:version:rowidColumn:columns:findsPrefixes:)``).
    /// Its matches then hold every row whose label starts with the search text, so the label's
    /// tiers are read among them, not over the table (with no index on the label that read
    /// every row on every search page), and case aside, as `LIKE` compares.
    ///
    /// Only for a search of plain words, each a prefix query: a literal (`x-r`) is an exact phrase
    /// of the index, which a label starting with it (`x-rated`) need not hold.
    var labelInFullText: Bool {
        guard let label = searchedLabel, case .fullText(_, 5, _, let columns?, true, _) = table.search,
            Self.literals(search, for: table).isEmpty
        else { return false }
        return columns.contains { $0.asciiLowercased == label.asciiLowercased }
    }

    /// The label match of the search: its whole text, trimmed, as `LIKE` patterns for the
    /// label being it (case aside) and starting with it; nil without a label or a word.
    var labelMatch: (column: String, exact: SQLValue, prefix: SQLValue)? {
        guard let column = searchedLabel, let search else { return nil }
        let text = search.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.contains(where: SearchWords.isWordCharacter) else { return nil }
        let literal = RowFilter.likeLiteral(text)
        return (column, .text(literal), .text(literal + "%"))
    }

    /// The relevance value's SQL (no parameter: it is written in the select list, the
    /// `WHERE` and the `ORDER BY`) and the `WITH` clause it reads (the search's values, and
    /// in SQLite each match's `bm25`, which only the full-text query itself can call, computed
    /// once per statement and looked up by rowid); nil unless ``ordersByRelevance``.
    package var relevance: (with: SQLCondition, expression: String)? {
        guard ordersByRelevance, let search else { return nil }
        let words = Self.words(search, for: table)
        let literals = Self.literals(search, for: table)
        let label = labelMatch
        let dialect = table.dialect
        let spacing = Self.tierSpacing
        var tier = "0.0"
        if let label {
            let column = table.sqlName + "." + quoteIdentifier(label.column)
            let matches = dialect == .sqlite ? "\(column) LIKE" : "CAST(\(column) AS text) ILIKE"
            tier =
                "CASE WHEN \(matches) (SELECT liststate_exact FROM liststate_search) ESCAPE '\\' THEN -\(2 * spacing).0 "
                + "WHEN \(matches) (SELECT liststate_prefix FROM liststate_search) ESCAPE '\\' THEN -\(spacing).0 ELSE \(tier) END"
        }
        let values: [SQLValue] = [label?.exact ?? .null, label?.prefix ?? .null]
        switch table.search {
        case .fullText(let ftsTable, _, let rowidColumn, _, _, let phrases):
            let fts = quoteIdentifier(ftsTable)
            let rowid = table.sqlName + "." + (rowidColumn.map(quoteIdentifier) ?? table.rowidName ?? "rowid")
            let with = SQLCondition(
                "WITH liststate_search(liststate_exact, liststate_prefix) AS (SELECT ?, ?), "
                    + "liststate_rank(liststate_id, liststate_score) AS MATERIALIZED "
                    + "(SELECT rowid, bm25(\(fts)) FROM \(fts) WHERE \(fts) MATCH ?) ",
                values + [.text(RowSearch.fullTextQuery(words, literals: literals, version: 5, phrases: phrases))])
            let rank = "coalesce((SELECT liststate_score FROM liststate_rank WHERE liststate_id = \(rowid)), 0.0)"
            return (with, "(\(tier) + \(rank))")
        case .textSearch(let column):
            let with = SQLCondition(
                "WITH liststate_search(liststate_exact, liststate_prefix, liststate_query) AS "
                    + "(SELECT CAST(? AS text), CAST(? AS text), to_tsquery(?)) ",
                values + [.text(RowSearch.textSearchQuery(words, literals: literals))])
            let rank = "ts_rank(\(table.sqlName).\(quoteIdentifier(column)), (SELECT liststate_query FROM liststate_search))"
            return (with, "(CAST(\(tier) AS float8) - CAST(\(rank) AS float8))")
        case .substring:
            return nil
        }
    }
}
