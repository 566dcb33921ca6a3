import ListStore

/// Reads the tables and views a PostgreSQL database serves as lists, from its
/// system catalogs (catalogs.html): ordinary, partitioned and foreign tables,
/// views and materialized views of the served schemas that the user may
/// `SELECT` from, with the columns it may read (a grant on some columns only
/// shows those: found by QA; a partition shows through its parent, not as a list of its own).
///
/// - A table with a primary key is paged by it (``TableDescription/Kind/withoutRowid``:
///   the key is the address of its rows' pages).
/// - A view, and a table without a primary key, is paged by all its orderable
///   columns (``TableDescription/Kind/view``; a `key` in the configuration names better ones).
/// - A `tsvector` column is the table's search (``ListStore/RowSearch/textSearch(column:)``),
///   not one of its columns; without one, `q` is a substring match of its text columns.
/// - Each column is read as ``PostgreSQLTypes`` says, and ordered by code point
///   where it holds text (``PostgreSQLTypes/orderExpression(_:collation:databaseIsC:)``).
/// - A list is named by its table; a name that two served schemas share is
///   written `schema.table` for both.
enum PostgreSQLSchema {
    /// The served schemas as SQL: `schemas` when given, else the ones on `search_path`.
    static func schemaCondition(_ schemas: [String]?) -> SQLCondition {
        guard let schemas else { return SQLCondition("n.nspname = ANY(current_schemas(false))") }
        return SQLCondition("n.nspname = ANY(?::text[])", [.text(arrayLiteral(schemas))])
    }

    /// `texts` as a PostgreSQL array literal (arrays.html#ARRAYS-IO): each element quoted, `"` and `\` escaped.
    static func arrayLiteral(_ texts: [String]) -> String {
        "{"
            + texts.map { text in
                var quoted = "\""
                for character in text {
                    if character == "\"" || character == "\\" { quoted.append("\\") }
                    quoted.append(character)
                }
                return quoted + "\""
            }.joined(separator: ",") + "}"
    }

    /// A number that changes with any change to the served schemas' tables, views, columns and keys:
    /// the catalog rows' transaction ids (`xmin`, a new one for every row a DDL statement writes), hashed.
    static func version(_ connection: PostgreSQLConnection, schemas: [String]?, deadline: ContinuousClock.Instant) throws(ListStoreError) -> Int {
        let schema = schemaCondition(schemas)
        let sql = """
            WITH served AS (SELECT c.oid, c.xmin FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
            WHERE \(schema.sql) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')) \
            SELECT md5(coalesce(string_agg(part, ',' ORDER BY part), '')) FROM (\
            SELECT 'c' || oid::text || ':' || xmin::text AS part FROM served \
            UNION ALL SELECT 'a' || a.attrelid::text || '.' || a.attnum::text || ':' || a.xmin::text \
            FROM pg_attribute a JOIN served s ON s.oid = a.attrelid WHERE a.attnum > 0 \
            UNION ALL SELECT 'k' || k.oid::text || ':' || k.xmin::text FROM pg_constraint k JOIN served s ON s.oid = k.conrelid \
            UNION ALL SELECT 'r' || r.oid::text || ':' || r.xmin::text FROM pg_rewrite r JOIN served s ON s.oid = r.ev_class\
            ) parts
            """
        let rows = try connection.query(sql, schema.values, deadline: deadline)
        guard case .text(let hash)? = rows.rows.first?.first else { return 0 }
        return Int(truncatingIfNeeded: UInt64(hash.prefix(15), radix: 16) ?? 0)
    }

    /// Every table and view of the served schemas, in name order.
    static func tables(
        _ connection: PostgreSQLConnection, schemas: [String]?, deadline: ContinuousClock.Instant,
        skipped: (String, String) -> Void
    ) throws(ListStoreError) -> [TableDescription] {
        let schema = schemaCondition(schemas)
        let relations = try connection.query(
            """
            SELECT c.oid::bigint, n.nspname::text, c.relname::text, c.relkind::text FROM pg_class c \
            JOIN pg_namespace n ON n.oid = c.relnamespace \
            WHERE \(schema.sql) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition \
            AND has_any_column_privilege(c.oid, 'SELECT') ORDER BY c.relname, n.nspname
            """, schema.values, deadline: deadline
        ).rows
        if let schemas {
            // A schema named that is not there (a typo) serves nothing: said, not silent (found by QA).
            let present = try connection.query(
                "SELECT nspname::text FROM pg_namespace WHERE nspname = ANY(?::text[])", [.text(arrayLiteral(schemas))],
                deadline: deadline
            ).rows.compactMap { $0.first?.plainText }
            for missing in schemas where !present.contains(missing) { skipped("schema " + missing, "there is no such schema") }
        }
        guard !relations.isEmpty else { return [] }
        let oids = relations.compactMap { if case .integer(let oid) = $0[0] { oid } else { nil } }
        let oidArray = SQLValue.text("{" + oids.map(String.init).joined(separator: ",") + "}")
        let collation = try connection.query(
            "SELECT datcollate::text, coalesce(to_jsonb(d) ->> 'datlocprovider', 'c') FROM pg_database d WHERE datname = current_database()",
            [], deadline: deadline
        ).rows.first
        let databaseIsC =
            collation.map { row in
                ["C", "POSIX"].contains(row[0].plainText ?? "") && row[1].plainText == "c"
            } ?? false
        let columns = try connection.query(
            """
            SELECT a.attrelid::bigint, a.attname::text, format_type(a.atttypid, a.atttypmod), \
            b.oid::bigint, b.typcategory::text, b.typtype::text, \
            CASE WHEN a.attcollation = 0 THEN NULL ELSE coalesce(co.collname::text, '') END, \
            (b.typcategory IN ('S', 'E', 'A') OR EXISTS (SELECT 1 FROM pg_operator o \
            WHERE o.oprname = '<' AND o.oprleft = b.oid AND o.oprright = b.oid)), a.attnum \
            FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid \
            JOIN pg_type b ON b.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END \
            LEFT JOIN pg_collation co ON co.oid = a.attcollation AND a.attcollation <> 100 \
            WHERE a.attrelid = ANY(?::oid[]) AND a.attnum > 0 AND NOT a.attisdropped \
            AND has_column_privilege(a.attrelid, a.attnum, 'SELECT') \
            ORDER BY a.attrelid, a.attnum
            """, [oidArray], deadline: deadline
        ).rows
        let constraints = try connection.query(
            """
            SELECT k.conrelid::bigint, k.contype::text, k.conkey::text, fc.relname::text, fa.attname::text \
            FROM pg_constraint k LEFT JOIN pg_class fc ON fc.oid = k.confrelid \
            LEFT JOIN pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = k.confkey[1] \
            WHERE k.conrelid = ANY(?::oid[]) AND (k.contype = 'p' OR (k.contype = 'f' AND cardinality(k.conkey) = 1))
            """, [oidArray], deadline: deadline
        ).rows

        var columnsByTable: [Int64: [TableDescription.Column]] = [:]
        // A tsvector column is the table's search index, not data: searched, not shown.
        var textSearchColumns: [Int64: String] = [:]
        // Column numbers (attnum) count dropped columns too: keys name columns by number.
        var numbersByTable: [Int64: [Int16]] = [:]
        for row in columns {
            guard case .integer(let table) = row[0], let name = row[1].plainText, case .integer(let type) = row[3] else { continue }
            if type == PostgreSQLTypes.tsvector {
                if textSearchColumns[table] == nil { textSearchColumns[table] = name }
                continue
            }
            let kind = PostgreSQLTypes.Kind(
                type: UInt32(truncatingIfNeeded: type), category: row[4].plainText ?? "", typeType: row[5].plainText ?? "")
            columnsByTable[table, default: []].append(
                PostgreSQLTypes.column(
                    name: name, declaredType: row[2].plainText ?? "", kind: kind,
                    collation: row[6].isNull ? nil : row[6].plainText, databaseIsC: databaseIsC,
                    isOrderable: row[7] == .integer(1)))
            if case .integer(let number) = row[8] { numbersByTable[table, default: []].append(Int16(truncatingIfNeeded: number)) }
        }
        var primaryKeys: [Int64: [Int16]] = [:]
        var references: [Int64: [Int16: TableDescription.Reference]] = [:]
        for row in constraints {
            guard case .integer(let table) = row[0], let keys = row[2].plainText else { continue }
            let numbers = keys.split(whereSeparator: { "{},".contains($0) }).compactMap { Int16($0) }
            if row[1].plainText == "p" {
                primaryKeys[table] = numbers
            } else if let target = row[3].plainText, let number = numbers.first {
                references[table, default: [:]][number] = TableDescription.Reference(table: target, column: row[4].plainText)
            }
        }

        var counts: [String: Int] = [:]
        for relation in relations { counts[relation[2].plainText ?? "", default: 0] += 1 }
        var tables: [TableDescription] = []
        var named: Set<String> = []
        for relation in relations {
            guard case .integer(let oid) = relation[0], let schemaName = relation[1].plainText, let name = relation[2].plainText
            else { continue }
            guard var columns = columnsByTable[oid], !columns.isEmpty else {
                skipped(name, "it has no columns")
                continue
            }
            for (index, number) in (numbersByTable[oid] ?? []).enumerated() where index < columns.count {
                if let position = primaryKeys[oid]?.firstIndex(of: number) { columns[index].primaryKeyPosition = position + 1 }
                columns[index].reference = references[oid]?[number]
            }
            let isView = ["v", "m"].contains(relation[3].plainText ?? "")
            let kind: TableDescription.Kind = isView || primaryKeys[oid] == nil ? .view : .withoutRowid
            let textColumns = columns.filter { $0.affinity == .text && $0.readExpression == nil }.map(\.sqlName)
            let listName = (counts[name] ?? 0) > 1 ? schemaName + "." + name : name
            // A table named like another's qualified name (`a.same` beside schema a's `same`): the
            // first keeps it (found by QA: the clash stopped every later reading of the schema).
            guard named.insert(listName).inserted else {
                skipped(schemaName + "." + name, "its list name “\(listName)” is another table's; rename one")
                continue
            }
            tables.append(
                TableDescription(
                    name: listName, kind: kind, columns: columns,
                    search: textSearchColumns[oid].map { .textSearch(column: $0) }
                        ?? .substring(columns: textColumns.isEmpty ? columns.map(\.sqlName) : textColumns),
                    sqlName: quoteIdentifier(schemaName) + "." + quoteIdentifier(name), dialect: .postgreSQL))
        }
        return tables
    }
}
