/// Reads the tables and views of a database as ``TableDescription``s, through
/// SQLite's table-valued pragma functions (pragma.html#pragfunc), every name
/// bound as a parameter, never spliced into the SQL.
enum SchemaReader {
    /// Every table and view a list can show, in name order (byte order).
    /// Left out: SQLite's own tables (`sqlite_*`), virtual tables (FTS and
    /// others: their rows belong to another table) and their shadow tables.
    /// - Throws: `ListStoreError` as a query fails.
    static func tables(_ connection: SQLiteConnection) throws(ListStoreError) -> [TableDescription] {
        let list = try connection.statement(
            "SELECT name, type, wr FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'view') ORDER BY name")
        defer { list.reset() }
        var found: [(name: String, type: String, withoutRowid: Bool)] = []
        while try list.step() {
            let name = list.text(0)
            if name.lowercased().hasPrefix("sqlite_") { continue }
            found.append((name, list.text(1), list.int(2) != 0))
        }
        var tables: [TableDescription] = []
        tables.reserveCapacity(found.count)
        for entry in found {
            let kind: TableDescription.Kind = entry.type == "view" ? .view : entry.withoutRowid ? .withoutRowid : .table
            tables.append(try describe(entry.name, kind: kind, connection))
        }
        return tables.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }

    /// The description of one table or view.
    static func describe(_ name: String, kind: TableDescription.Kind,
                         _ connection: SQLiteConnection) throws(ListStoreError) -> TableDescription {
        let columnsStatement = try connection.statement("SELECT name, type, pk, hidden FROM pragma_table_xinfo(?1)")
        try columnsStatement.bind(values: [.text(name)])
        var columns: [TableDescription.Column] = []
        var seen: [String: Int] = [:]
        while try columnsStatement.step() {
            guard columnsStatement.int(3) != 1 else { continue }  // hidden columns of virtual tables
            let sqlName = columnsStatement.text(0)
            var shown = sqlName
            if let count = seen[sqlName] {
                seen[sqlName] = count + 1
                shown = "\(sqlName) (\(count + 1))"
            } else {
                seen[sqlName] = 1
            }
            columns.append(TableDescription.Column(
                name: shown, sqlName: sqlName, declaredType: columnsStatement.text(1),
                primaryKeyPosition: kind == .view ? 0 : columnsStatement.int(2)))
        }
        columnsStatement.reset()
        if kind != .view {
            let keys = try connection.statement(
                "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq")
            try keys.bind(values: [.text(name)])
            var byID: [Int: [(table: String, from: String, to: String?)]] = [:]
            while try keys.step() {
                byID[keys.int(0), default: []].append((keys.text(1), keys.text(2),
                                                       keys.value(3).isNull ? nil : keys.text(3)))
            }
            keys.reset()
            for parts in byID.values where parts.count == 1 {
                if let index = columns.firstIndex(where: { $0.sqlName == parts[0].from }) {
                    columns[index].reference = TableDescription.Reference(table: parts[0].table, column: parts[0].to)
                }
            }
        }
        let names = Set(columns.map { $0.sqlName.lowercased() })
        let rowid = kind == .table ? ["rowid", "_rowid_", "oid"].first { !names.contains($0) } : nil
        return TableDescription(name: name, kind: kind, columns: columns, rowidName: rowid)
    }

    /// `PRAGMA schema_version`: changes with every change to the schema.
    static func schemaVersion(_ connection: SQLiteConnection) throws(ListStoreError) -> Int {
        let statement = try connection.statement("PRAGMA schema_version")
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : 0
    }
}
