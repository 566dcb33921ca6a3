import Foundation

/// Relevance order ranked and cut on the full-text side (issue 48): an FTS5 search with no
/// filter, literal or alternative ranks its matches (`bm25`), adds the label's tiers to the few
/// rows whose label starts with the search text (the label's ranges, by index), takes the
/// page's rows by (value, rowid) and joins only those to the table. The statement of
/// ``RowPageQuery/relevance`` joined every match to the table and sorted them all (`q=editor`,
/// 46,162 of 60,000 rows: 176 ms of SQLite's time, this one 85 ms, most of it `bm25` itself).
/// Ties break by the rowid (the cursor carries it: ``RowPosition/rowid``), and a row gets a
/// tier only from the label's ranges (as typed and in ASCII lower case), not from a match of
/// the label in another case found by the index.
package struct RankCut: Sendable, Hashable {
    /// The relevance value's column in the statement (the page's sort value).
    static let value = "liststate_value"

    /// The `WITH` clause whose `liststate_candidate(liststate_id, liststate_value)` is every
    /// matching row's rowid and relevance value.
    package var with: SQLCondition
    /// The table's rowid expression, qualified, that the full-text rowid is.
    package var rowid: String
}

extension RowPageQuery {
    /// The ranking on the full-text side of this page (``RankCut``): relevance order in SQLite's
    /// FTS5 with words only (a literal's text is matched in the table too), no filter and no
    /// ``searchAlternative``, on a table whose key tells rows apart; nil otherwise (the page
    /// reads ``relevance``'s statement).
    package var rankCut: RankCut? {
        guard ordersByRelevance, table.dialect == .sqlite, table.kind == .table, table.hasUniqueKey, filters.isEmpty,
            searchAlternative == nil, let search, Self.literals(search, for: table).isEmpty,
            case .fullText(let ftsTable, 5, let rowidColumn, _, _, _) = table.search
        else { return nil }
        let words = Self.words(search, for: table)
        let fts = quoteIdentifier(ftsTable)
        let rowid = table.sqlName + "." + (rowidColumn.map(quoteIdentifier) ?? table.rowidName ?? "rowid")
        var sql =
            "WITH liststate_rank(liststate_id, liststate_score) AS MATERIALIZED "
            + "(SELECT rowid, bm25(\(fts)) FROM \(fts) WHERE \(fts) MATCH ?), "
        var values: [SQLValue] = [.text(RowSearch.fullTextQuery(words, literals: [], version: 5))]
        if let label = labelMatch {
            // The rows of the label's ranges with their tier, computed as ``relevance`` does; where
            // the index finds the label, its matches whose label starts with the text, case aside.
            let column = table.sqlName + "." + quoteIdentifier(label.column)
            let prefix =
                labelInFullText
                ? SQLCondition("\(rowid) IN (SELECT liststate_id FROM liststate_rank) AND \(column) LIKE ? ESCAPE '\\'", [label.prefix])
                : labelPrefix(label)
            let spacing = Self.tierSpacing
            sql +=
                "liststate_tier(liststate_id, liststate_tier) AS (SELECT \(rowid), "
                + "CASE WHEN \(column) LIKE ? ESCAPE '\\' THEN -\(2 * spacing).0 "
                + "WHEN \(column) LIKE ? ESCAPE '\\' THEN -\(spacing).0 ELSE 0.0 END "
                + "FROM \(table.sqlName) WHERE \(prefix.sql)), "
                + "liststate_candidate(liststate_id, liststate_value) AS ("
                + "SELECT liststate_id, liststate_score FROM liststate_rank "
                + "WHERE liststate_id NOT IN (SELECT liststate_id FROM liststate_tier) UNION ALL "
                + "SELECT liststate_id, liststate_tier + coalesce((SELECT liststate_rank.liststate_score FROM liststate_rank "
                + "WHERE liststate_rank.liststate_id = liststate_tier.liststate_id), 0.0) FROM liststate_tier) "
            values += [label.exact, label.prefix] + prefix.values
        } else {
            sql += "liststate_candidate(liststate_id, liststate_value) AS (SELECT liststate_id, liststate_score FROM liststate_rank) "
        }
        return RankCut(with: SQLCondition(sql, values), rowid: rowid)
    }
}

extension KeysetQuery {
    /// The statement of up to `limit` rows after `after` in relevance order ranked on the
    /// full-text side: the candidates after the position, `value > ? OR (value = ? AND rowid > ?)`,
    /// cut to the page, then those rows of the table (by rowid), each with its value, key and
    /// rowid. The table is the outer query's only table, so its key expressions read as they
    /// do in any page (a bare `rowid` beside a subquery is no column in SQLite).
    func rankCutStatement(_ cut: RankCut, after: RowPosition?, limit: Int) -> SQLCondition {
        var sql =
            cut.with.sql
            + ", liststate_page(liststate_id, liststate_value) AS MATERIALIZED (SELECT liststate_id, liststate_value FROM liststate_candidate"
        var values = cut.with.values
        var clauses: [String] = []
        if let after, let value = after.sortValue, let rowid = after.rowid {
            clauses.append("(liststate_value > ? OR (liststate_value = ? AND liststate_id > ?))")
            values += [value, value, .integer(rowid)]
        }
        if checksRankedRows { clauses.append(Self.rowExists(cut, in: table)) }
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        sql += " ORDER BY liststate_value, liststate_id LIMIT ?) "
        values.append(.integer(Int64(limit)))
        return SQLCondition(sql + rankedRows(cut), values)
    }

    /// The statement of the rows `rowids` of a kept ranking (``KeptSortOrder``) with their
    /// relevance `values`, read as ``rankCutStatement(_:after:limit:)`` reads a page's.
    func keptRankingStatement(_ cut: RankCut, rowids: ArraySlice<Int64>, values: ArraySlice<Double>) -> SQLCondition {
        let rows = String(repeating: "(?, ?), ", count: max(0, rowids.count - 1)) + "(?, ?)"
        var bound: [SQLValue] = []
        bound.reserveCapacity(rowids.count * 2)
        for (rowid, value) in zip(rowids, values) { bound += [.integer(rowid), .real(value)] }
        return SQLCondition("WITH liststate_page(liststate_id, liststate_value) AS (VALUES \(rows)) " + rankedRows(cut), bound)
    }

    /// The `SELECT` of the rows `liststate_page(liststate_id, liststate_value)` names, each with
    /// its value, key and rowid, in (value, rowid) order.
    private func rankedRows(_ cut: RankCut) -> String {
        let valuePosition = table.columns.count + 1
        let rowidPosition = valuePosition + table.keyExpressions.count + 1
        return "SELECT \(shownColumns(clamped: clamped)), "
            + "(SELECT liststate_value FROM liststate_page WHERE liststate_id = \(cut.rowid)), "
            + "\(table.keyExpressions.joined(separator: ", ")), \(cut.rowid) FROM \(table.sqlName) "
            + "WHERE \(cut.rowid) IN (SELECT liststate_id FROM liststate_page) ORDER BY \(valuePosition), \(rowidPosition)"
    }

    /// The statement of every candidate of `cut` whose row `table` holds, its rowid and relevance
    /// value, in order: a search's whole ranking, to keep.
    static func wholeRanking(_ cut: RankCut, of table: TableDescription) -> SQLCondition {
        SQLCondition(
            cut.with.sql + "SELECT liststate_id, liststate_value FROM liststate_candidate WHERE \(rowExists(cut, in: table)) "
                + "ORDER BY liststate_value, liststate_id",
            cut.with.values)
    }

    /// That a candidate's row is in `table`: an external-content index may hold rows its table no
    /// longer does (a row deleted without its index entry), which a page would count and not show.
    static func rowExists(_ cut: RankCut, in table: TableDescription) -> String {
        "EXISTS (SELECT 1 FROM \(table.sqlName) WHERE \(cut.rowid) = liststate_id)"
    }
}
