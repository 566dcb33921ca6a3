/// A list's order: one column, ascending or descending, NULLs last either way,
/// ties broken by the table's key in the same direction.
public struct ListSort: Sendable, Hashable {
    /// The column's name (``TableDescription/Column/name``).
    public var column: String
    /// Whether larger values come first.
    public var descending: Bool

    /// Makes a sort.
    public init(column: String, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }

    /// The `sort` parameter's spelling: `COL`, or `-COL` descending.
    public var parameter: String { (descending ? "-" : "") + column }
}

/// Where a page starts: the last row shown, by its sort value (nil when the
/// list is in key order) and its key (one value per key expression).
public struct RowPosition: Sendable, Hashable {
    /// The last row's value of the sort column, with its storage class.
    public var sortValue: SQLValue?
    /// The last row's key values.
    public var key: [SQLValue]
    /// How many rows equal to the last one in every key value were shown, it
    /// included, where the key does not tell rows apart (a view paged by all
    /// its columns); 0 where it does.
    public var repeats: Int
    /// The last row's number in the list's order (1 for the first): the rows
    /// before the next page. Counted where the key does not tell rows apart,
    /// so that a cursor whose values would be too long can count rows instead
    /// (``RowCursor``, forms 3 and 4); nil where it is not counted.
    public var rowNumber: Int?
    /// The last row's rowid where it breaks the ties of the order: relevance ranked on the
    /// full-text side (``RowPageQuery/rankCut``); nil in any other order.
    public var rowid: Int64?

    /// Makes a position.
    public init(sortValue: SQLValue?, key: [SQLValue], repeats: Int = 0, rowNumber: Int? = nil, rowid: Int64? = nil) {
        self.sortValue = sortValue
        self.key = key
        self.repeats = repeats
        self.rowNumber = rowNumber
        self.rowid = rowid
    }
}

/// A condition a query adds to its `WHERE` clause: SQL text with `?`
/// parameters and the values bound to them, in order.
public struct SQLCondition: Sendable, Hashable {
    /// The SQL, with `?` for each value.
    public var sql: String
    /// The values, in the order of the `?`s.
    public var values: [SQLValue]

    /// Makes a condition.
    public init(_ sql: String, _ values: [SQLValue] = []) {
        self.sql = sql
        self.values = values
    }
}

/// The SQL of one keyset page (use-the-index-luke.com/no-offset): never
/// `OFFSET`, so every page costs the same at any depth wherever an index
/// serves the order.
///
/// With a sort column `s` and key `k1...kn`, a page is read in two ranges so
/// NULLs come last in both directions while an index on `s` serves both:
/// the non-NULL range, `s >= ? AND (s > ? OR (s = ? AND k > ?))` (`<=`, `<` descending) in
/// SQLite's own order of values (datatype3.html §4.1: numbers, then text by
/// the column's collation, then blobs), then the NULL range,
/// `s IS NULL AND k > ?`. The key comparison is written out column by column
/// (`k1 > ? OR (k1 IS ? AND (k2 > ? ...))`), NULL-safe, since a view's key
/// columns may hold NULL and a row value holding NULL compares as unknown.
///
/// PostgreSQL orders NULL last, so a key that may hold NULL is ordered
/// `NULLS FIRST` there (``SQLDialect/orderTerm(_:descending:nullable:)``);
/// where no key value may be NULL (a primary key) the position is a row
/// comparison instead, `(s, k1, …) > (?, ?, …)`, which a B-tree index on those
/// columns serves as one seek (functions-comparisons.html#ROW-WISE-COMPARISON).
package struct KeysetQuery {
    /// Which part of a sorted list a statement reads: the non-NULL or the NULL
    /// values of the sort column, or everything (a run of identical rows). In
    /// SQLite the non-NULL values after a position are two parts: the rest of the
    /// run of rows whose sort value is the position's (`tie`: `s IS ? AND k > ?`),
    /// then the values past it (`past`: `s > ?`; `<` descending). An index on `s`
    /// ends each entry with the rowid, so `tie` is one seek to the position; with
    /// `(s, k) > (?, ?)` or the `OR` form SQLite seeks on `s` alone and reads the
    /// run from its start, and a page deep in a run of 10,000 equal values cost 40 x
    /// the run's first (found measuring issue 18's flat costs). PostgreSQL serves the
    /// row comparison with one seek in an index on `(s, k)`, in one round trip.
    package enum Range { case nonNull, tie, past, null, all }

    package let table: TableDescription
    /// The sort column's SQL expression and direction; nil for key order.
    package let sort: (expression: String, descending: Bool)?
    /// The conditions of search and filters, joined with `AND`.
    package let conditions: [SQLCondition]
    /// Whether long values are read clamped (``clampLength``); an export reads them whole.
    package var clamped = true
    /// The `WITH` clause every statement starts with, which the sort expression reads (relevance
    /// order: ``RowPageQuery/relevance``); nil for none. Its sort value is never NULL.
    package var with: SQLCondition?
    /// Relevance ranked and cut on the full-text side (``RowPageQuery/rankCut``): the page's
    /// statement is ``rankCutStatement(_:after:limit:)``; nil for any other.
    package var rankCut: RankCut?
    /// Whether a ranked page takes only candidates whose row the table holds
    /// (``rankCutStatement(_:after:limit:)``): read again so where a page came out short.
    package var checksRankedRows = false

    /// Makes a query.
    package init(table: TableDescription, sort: (expression: String, descending: Bool)?, conditions: [SQLCondition]) {
        self.table = table
        self.sort = sort
        self.conditions = conditions
    }

    /// The query of `page`: its sort by the column's ``TableDescription/Column/orderSQL``,
    /// its search and filters, values clamped unless it reads them whole.
    /// - Parameter rankCut: `page`'s ``RowPageQuery/rankCut`` when the caller has made it already.
    package init(_ page: RowPageQuery, rankCut known: RankCut? = nil) {
        let table = page.table
        let sort = page.sort.flatMap { sort in
            table.columnIndex(sort.column).map { (table.columns[$0].orderSQL, sort.descending) }
        }
        if let cut = known ?? page.rankCut {
            self.init(table: table, sort: (RankCut.value, false), conditions: page.conditions)
            rankCut = cut
        } else if let relevance = page.relevance {
            self.init(table: table, sort: (relevance.expression, false), conditions: page.conditions)
            with = relevance.with
        } else {
            self.init(table: table, sort: sort, conditions: page.conditions)
        }
        clamped = !page.wholeValues
    }

    /// The ranges a page after `after` reads, in order: the non-NULL values of the
    /// sort column (in SQLite, after a non-NULL position: the rest of its run, then
    /// the values past it), then its NULLs (only those after a row whose sort value is NULL).
    package func ranges(after: RowPosition?) -> [Range] {
        // Relevance has no NULL: one statement, whose `WITH` is computed once.
        guard sort != nil, with == nil, rankCut == nil else { return [.nonNull] }
        guard let value = after?.sortValue else { return [.nonNull, .null] }
        if value.isNull { return [.null] }
        return table.dialect == .sqlite ? [.tie, .past, .null] : [.nonNull, .null]
    }

    /// The statement that reads the sort value (`sort`; NULL in key order) of the row of
    /// `table` whose key values are the parameters, NULL-safe, one value each; nil when
    /// `keyCount` is not the table's key's length.
    package static func position(in table: TableDescription, sort: ListSort?, keyCount: Int) -> (sql: String, sorted: Bool)? {
        let expressions = table.keyExpressions
        guard !expressions.isEmpty, expressions.count == keyCount else { return nil }
        let sortColumn = sort.flatMap { table.columnIndex($0.column) }.map { table.columns[$0].orderSQL }
        let conditions = expressions.map(table.dialect.isSame).joined(separator: " AND ")
        return ("SELECT \(sortColumn ?? "NULL") FROM \(table.sqlName) WHERE \(conditions) LIMIT 1", sortColumn != nil)
    }

    /// The statement that reads the sort value (when sorted) and the key values of
    /// the rows `numbers` (1 for the first) of the list in its order, search and
    /// filters applied, the sort column's NULLs last: where a cursor names a row
    /// by its number (``RowNumber``) because its values are too long to carry.
    /// `OFFSET`, so its cost grows with the numbers; the page after the row is
    /// read by value again (``statement(range:after:limit:offset:)``).
    package func rows(numbered numbers: ClosedRange<Int>) -> SQLCondition {
        var sql = (with?.sql ?? "") + "SELECT \(((sort.map { [$0.expression] } ?? []) + table.keyExpressions).joined(separator: ", ")) FROM \(table.sqlName)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ") }
        sql += " ORDER BY " + wholeOrder + " LIMIT ? OFFSET ?"
        let first = max(1, numbers.lowerBound)
        return SQLCondition(
            sql, (with?.values ?? []) + conditions.flatMap(\.values) + [.integer(Int64(max(0, numbers.upperBound - first + 1))), .integer(Int64(first - 1))])
    }

    /// The `ORDER BY` terms of the whole list in one statement (SQLite): the sort column's
    /// NULLs last, then the order of a page's ranges (``orderTerms(sortedAt:bySort:)``). A
    /// kept order (``KeptSortOrder``) is read in it, so it is SQLite's order by construction.
    package var wholeOrder: String {
        var order = orderTerms(sortedAt: 1, bySort: true)
        if let sort { order.insert("(\(sort.expression)) IS NULL", at: 0) }
        return order.joined(separator: ", ")
    }

    /// The most rowids one statement reads by (``rows(rowids:)``), well under SQLite's
    /// limit of bound parameters (32,766).
    package static let rowidListLimit = 10_000

    /// The statement that reads a page's columns (``selectList``) of the rows of a table whose
    /// key ends with its rowid whose rowids are `rowids`, in the list's order (``wholeOrder``).
    package func rows(rowids: [Int64]) -> SQLCondition {
        let placeholders = String(repeating: "?, ", count: max(0, rowids.count - 1)) + "?"
        let sql =
            "SELECT \(selectList) FROM \(table.sqlName) WHERE \(table.keyExpressions.last ?? "rowid") IN (\(placeholders)) ORDER BY \(wholeOrder)"
        return SQLCondition(sql, rowids.map { .integer($0) })
    }

    /// The statement that counts the rows of `table` that `filters` keep.
    package static func count(_ table: TableDescription, filters: [RowFilter]) -> SQLCondition {
        count(RowPageQuery(table: table, filters: filters))
    }

    /// The statement that counts the rows `query`'s search and filters keep: the page's own
    /// `WHERE` (``RowPageQuery/conditions``), so a count matches what the pages show.
    package static func count(_ query: RowPageQuery) -> SQLCondition {
        let conditions = query.conditions
        var sql = "SELECT count(*) FROM \(query.table.sqlName)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ") }
        return SQLCondition(sql, conditions.flatMap(\.values))
    }

    /// The statement that reads each value of `column` (as the page reads it) with how many
    /// rows `query`'s search and filters keep hold it, the most frequent first, ties by value,
    /// at most `limit` (a facet: one more than it shows, to know there are more).
    package static func facet(_ query: RowPageQuery, column: TableDescription.Column, limit: Int) -> SQLCondition {
        let conditions = query.conditions
        var sql = "SELECT \(column.readSQL), count(*) FROM \(query.table.sqlName)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ") }
        sql += " GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ?"
        return SQLCondition(sql, conditions.flatMap(\.values) + [.integer(Int64(limit))])
    }

    /// The statement that reads a `1` for each of the first `limit` rows `query`'s search and
    /// filters keep: a bounded count, stepped row by row so it knows how far it got at a deadline.
    package static func boundedCount(_ query: RowPageQuery, limit: Int) -> SQLCondition {
        let conditions = query.conditions
        var sql = "SELECT 1 FROM \(query.table.sqlName)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ") }
        return SQLCondition(sql + " LIMIT ?", conditions.flatMap(\.values) + [.integer(Int64(limit))])
    }

    /// The query of the run of rows `position` ends: equal to it in the sort value and
    /// every key value, NULL-safe (read with ``Range/all`` and an offset of the rows shown).
    package func run(endingAt position: RowPosition) -> KeysetQuery {
        var conditions = conditions
        if let sort { conditions.append(SQLCondition(table.dialect.isSame(sort.expression), [position.sortValue ?? .null])) }
        for (expression, value) in zip(table.keyExpressions, position.key) {
            conditions.append(SQLCondition(table.dialect.isSame(expression), [value]))
        }
        var run = KeysetQuery(table: table, sort: sort, conditions: conditions)
        run.clamped = clamped
        run.with = with
        return run
    }

    /// The most characters of a text value, or bytes of a blob, a page reads
    /// of a shown column: a page of 10 MB cells still answers within the time
    /// limit. The row's own page reads the whole value.
    package static let clampLength = 65_536

    /// The shown columns: each by name (a view whose column names repeat by `*`, so
    /// each keeps its own value). PostgreSQL reads a long text or blob as its first
    /// ``clampLength`` + 1 characters or bytes when `clamped` (one more than is
    /// kept, so a value that was cut can be told from one that fits), which spares
    /// the network the rest; SQLite's reader cuts it as it reads the row
    /// (`SQLiteStatement.appendValue(_:clampedTo:to:)`): in SQL that cost more than the query.
    package func shownColumns(clamped: Bool) -> String {
        clamped ? table.sql.clampedColumns : table.sql.columns
    }

    /// ``shownColumns(clamped:)`` of `table`, made (once per table: ``TableDescription``).
    static func shownColumns(of table: TableDescription, clamped: Bool) -> String {
        if table.dialect == .postgreSQL {
            return table.columns.map { column in
                let read = column.readSQL
                guard clamped else { return read }
                switch column.affinity {
                case .text: return "left(\(read), \(clampLength + 1))"
                case .blob: return "substring(\(read) FROM 1 FOR \(clampLength + 1))"
                default: return read
                }
            }.joined(separator: ", ")
        }
        let names = table.columns.map(\.sqlName)
        if table.kind == .view && Set(names).count < names.count { return "*" }
        return names.map(quoteIdentifier).joined(separator: ", ")
    }

    /// The select list of a page: the shown columns (``shownColumns(clamped:)``), the sort
    /// column's whole value (the cursor needs it exactly), then the key expressions.
    var selectList: String {
        var list = shownColumns(clamped: clamped)
        if let sort {
            list += ", "
            list += sort.expression
        }
        for key in table.keyExpressions {
            list += ", "
            list += key
        }
        return list
    }

    /// The statement for up to `limit` rows of `range` after `after` (nil: from the start).
    package func statement(range: Range, after: RowPosition?, limit: Int, offset: Int = 0) -> SQLCondition {
        if let rankCut { return rankCutStatement(rankCut, after: after, limit: limit) }
        var clauses = conditions
        let keys = table.keyExpressions
        let descending = sort?.descending ?? false
        let rowComparison = !table.keyIsNullable
        // Where the key is the rowid, it is compared as it is even where it is not a row value.
        let keyComparison = rowComparison || table.keyIsRowid
        if let sort {
            switch range {
            case .nonNull:
                if let after, let value = after.sortValue, !value.isNull, rowComparison {
                    clauses.append(Self.rowComparison([sort.expression] + keys, [value] + after.key, descending: descending))
                } else if let after, let value = after.sortValue, !value.isNull, with != nil {
                    // Relevance: no index to seek in, and each mention computes the value again.
                    let tie = keyAfter(keys, after.key, descending: false)
                    clauses.append(
                        SQLCondition("(\(sort.expression) > ? OR (\(sort.expression) = ? AND \(tie.sql)))", [value, value] + tie.values))
                } else if let after, let value = after.sortValue, !value.isNull {
                    let comparison = descending ? "<" : ">"
                    let tie = keyAfter(keys, after.key, descending: descending)
                    // The leading `s >= ?` (`<=` descending) says the same as the OR and lets
                    // SQLite seek in an index on the sort column instead of scanning it from
                    // its start to the position (found measuring the CSV export: the
                    // 1,000,000-row export by an indexed column took 10 × the key order's time).
                    clauses.append(
                        SQLCondition(
                            "\(sort.expression) \(comparison)= ? AND (\(sort.expression) \(comparison) ? OR (\(sort.expression) = ? AND \(tie.sql)))",
                            [value, value, value] + tie.values))
                } else {
                    clauses.append(SQLCondition("\(sort.expression) IS NOT NULL"))
                }
            case .tie:
                if let after, let value = after.sortValue, !value.isNull {
                    // `IS`, not `=`: the same for a non-NULL value and the same seek in an index,
                    // but SQLite 3.40 propagates an `=`'s value in place of the column into the
                    // rest of the query, where a view's key reads `typeof(s)` (1 and 1.0 are equal
                    // and two classes: `KeysetWalkTests` lost the 1.0 rows).
                    clauses.append(SQLCondition("\(sort.expression) IS ?", [value]))
                    clauses.append(
                        keyComparison
                            ? Self.rowComparison(keys, after.key, descending: descending)
                            : keyAfter(keys, after.key, descending: descending))
                } else {
                    clauses.append(SQLCondition("\(sort.expression) IS NOT NULL"))
                }
            case .past:
                if let after, let value = after.sortValue, !value.isNull {
                    clauses.append(SQLCondition("\(sort.expression) \(descending ? "<" : ">") ?", [value]))
                } else {
                    clauses.append(SQLCondition("\(sort.expression) IS NOT NULL"))
                }
            case .null:
                clauses.append(SQLCondition("\(sort.expression) IS NULL"))
                if let after, after.sortValue?.isNull == true {
                    clauses.append(
                        keyComparison
                            ? Self.rowComparison(keys, after.key, descending: descending)
                            : keyAfter(keys, after.key, descending: descending))
                }
            case .all:
                break
            }
        } else if let after {
            clauses.append(rowComparison ? Self.rowComparison(keys, after.key, descending: false) : keyAfter(keys, after.key, descending: false))
        }
        let order = orderTerms(sortedAt: table.columns.count + 1, bySort: range != .null && range != .all)
        var sql = (with?.sql ?? "") + "SELECT \(selectList) FROM \(table.sqlName)"
        if !clauses.isEmpty { sql += " WHERE " + clauses.map(\.sql).joined(separator: " AND ") }
        sql += " ORDER BY " + order.joined(separator: ", ") + " LIMIT ?"
        var values = (with?.values ?? []) + clauses.flatMap(\.values) + [.integer(Int64(limit))]
        if offset > 0 {
            // Only within a run of rows equal in every key value (never a page's depth).
            sql += " OFFSET ?"
            values.append(.integer(Int64(offset)))
        }
        return SQLCondition(sql, values)
    }

    /// The `ORDER BY` terms of a select list whose sort column (when the list is
    /// sorted) is at 1-based position `position`, the key expressions right after
    /// it: the sort column first when `bySort`, then the key, each in the sort's
    /// direction. PostgreSQL reads a bare name in ORDER BY as an output column's
    /// first (a shown `"price"::text` is named "price"): there the terms are the
    /// select list's positions.
    func orderTerms(sortedAt position: Int, bySort: Bool) -> [String] {
        let dialect = table.dialect
        let ordinal = dialect == .postgreSQL
        let descending = sort?.descending ?? false
        let firstKey = position + (sort == nil ? 0 : 1)
        var order = table.keyExpressions.enumerated().map { index, key in
            dialect.orderTerm(ordinal ? String(firstKey + index) : key, descending: descending, nullable: table.keyIsNullable)
        }
        if let sort, bySort {
            order.insert(dialect.orderTerm(ordinal ? String(position) : sort.expression, descending: descending, nullable: false), at: 0)
        }
        return order
    }

    /// The most key expressions compared one nested level each in SQLite
    /// (``keyAfter(_:_:descending:)``); beyond, one row value.
    static let nestedKeyLimit = 8

    /// The rows whose key comes after `values` in key order (`descending`:
    /// before), NULL-safe: in SQLite's order NULL is the smallest value.
    ///
    /// Written from the last column outwards, `k1 > ? OR (k1 IS ? AND (k2 > ? …))`,
    /// which an index on the key serves. In SQLite a key of more than
    /// ``nestedKeyLimit`` expressions is one row value instead,
    /// `(k1 IS NOT NULL, IFNULL(k1, 0), k2 IS NOT NULL, …) > (?, ?, ?, …)`: NULL
    /// before every value as in SQLite's order, the values compared as they are
    /// (a function's result has no affinity, and its collation is BINARY, as the
    /// key's), with no nesting. Nested, a view of 8 columns (16 expressions with
    /// their storage classes) overflowed SQLite's parser (found by QA: every page
    /// after the first was a 500); a view has no index to lose.
    func keyAfter(_ expressions: [String], _ values: [SQLValue], descending: Bool) -> SQLCondition {
        let dialect = table.dialect
        if dialect == .sqlite, expressions.count > Self.nestedKeyLimit {
            var terms: [String] = []
            var bound: [SQLValue] = []
            for (expression, value) in zip(expressions, values) {
                terms += ["\(expression) IS NOT NULL", "IFNULL(\(expression), 0)"]
                bound += [.integer(value.isNull ? 0 : 1), value.isNull ? .integer(0) : value]
            }
            let placeholders = bound.map { _ in "?" }.joined(separator: ", ")
            return SQLCondition("((\(terms.joined(separator: ", "))) \(descending ? "<" : ">") (\(placeholders)))", bound)
        }
        var rest: SQLCondition?
        // Built from the last column outwards: k_i beyond v_i, or k_i IS v_i and the rest beyond.
        for (expression, value) in zip(expressions, values).reversed() {
            let beyond: SQLCondition
            switch (value.isNull, descending) {
            case (true, false): beyond = SQLCondition("\(expression) IS NOT NULL")
            case (true, true): beyond = SQLCondition(dialect.never)
            case (false, false): beyond = SQLCondition("\(expression) > ?", [value])
            case (false, true): beyond = SQLCondition("(\(expression) < ? OR \(expression) IS NULL)", [value])
            }
            if let inner = rest {
                rest = SQLCondition(
                    "(\(beyond.sql) OR (\(dialect.isSame(expression)) AND \(inner.sql)))",
                    beyond.values + [value] + inner.values)
            } else {
                rest = beyond
            }
        }
        guard let rest else { return SQLCondition(dialect.never) }
        return SQLCondition("(\(rest.sql))", rest.values)
    }

    /// The rows after `values` (`descending`: before) as one row comparison,
    /// `(e1, e2, …) > (?, ?, …)`: only for expressions that hold no NULL.
    static func rowComparison(_ expressions: [String], _ values: [SQLValue], descending: Bool) -> SQLCondition {
        guard expressions.count > 1 else {
            return SQLCondition("\(expressions.first ?? "NULL") \(descending ? "<" : ">") ?", Array(values.prefix(1)))
        }
        let placeholders = values.map { _ in "?" }.joined(separator: ", ")
        return SQLCondition("(\(expressions.joined(separator: ", "))) \(descending ? "<" : ">") (\(placeholders))", values)
    }
}
