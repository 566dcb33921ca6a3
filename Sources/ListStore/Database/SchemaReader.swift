import Foundation

/// Reads the tables and views of a database as ``TableDescription``s, through
/// SQLite's table-valued pragma functions (pragma.html#pragfunc), every name
/// bound as a parameter, never spliced into the SQL.
enum SchemaReader {
    /// Every table and view a list can show, in name order (byte order).
    /// Left out: SQLite's own tables (`sqlite_*`), virtual tables (FTS and
    /// others: their rows belong to another table) and their shadow tables.
    /// A table or view whose columns cannot be read (a view over a table
    /// since dropped) is left out, and `unreadable` is told its name and why.
    ///
    /// Read in one transaction, so every statement sees the same schema: read a
    /// statement at a time, a view dropped and created again in separate commits (a
    /// migration without a transaction) could be listed by one statement and gone for
    /// the next, and was served as a list of no columns, every page a 500 (found by a
    /// break-it pass). A table or view of no columns is left out all the same.
    /// - Throws: `ListStoreError` as a query fails.
    static func tables(
        _ connection: SQLiteConnection,
        unreadable: (_ name: String, _ reason: String) -> Void = { _, _ in }
    ) throws(ListStoreError) -> [TableDescription] {
        try connection.execute("BEGIN")
        do {
            let tables = try readTables(connection, unreadable: unreadable)
            try connection.execute("COMMIT")
            return tables
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// ``tables(_:unreadable:)`` within its transaction.
    private static func readTables(
        _ connection: SQLiteConnection, unreadable: (_ name: String, _ reason: String) -> Void
    ) throws(ListStoreError) -> [TableDescription] {
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
            do {
                let table = try describe(entry.name, kind: kind, connection)
                guard !table.columns.isEmpty else {
                    unreadable(entry.name, "it has no columns")
                    continue
                }
                tables.append(table)
            } catch  where error.kind == .other || error.kind == .schemaChanged {
                // Found by QA: one view over a dropped table stopped the whole file from being served.
                unreadable(entry.name, error.message)
            }
        }
        let searches = try fullTextSearches(connection)
        for index in tables.indices {
            if let search = searches[tables[index].name.asciiLowercased] { tables[index].search = search }
        }
        return tables.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }

    /// The FTS5 and FTS4 tables that index another table (an external-content
    /// table, `content=NAME`: fts5.html §4.4.3, fts3.html §6.2.2), by that table's name
    /// with its ASCII letters in lower case: SQLite finds `content='mixed'` for the table
    /// `Mixed` (found by a break-it pass: such an index was not used).
    static func fullTextSearches(_ connection: SQLiteConnection) throws(ListStoreError) -> [String: RowSearch] {
        let statement = try connection.statement(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
        defer { statement.reset() }
        var searches: [String: RowSearch] = [:]
        while try statement.step() {
            guard let declaration = VirtualTableDeclaration(statement.text(1)),
                let version = ["fts5": 5, "fts4": 4][declaration.module],
                let content = declaration.options["content"]?.asciiLowercased, !content.isEmpty, searches[content] == nil
            else { continue }
            searches[content] = .fullText(
                table: statement.text(0), version: version,
                rowidColumn: version == 5 ? declaration.options["content_rowid"] : nil,
                columns: version == 5 ? declaration.indexedColumns : declaration.columns,
                findsPrefixes: version == 5 && Self.findsPrefixes(tokenizer: declaration.options["tokenize"]),
                // `detail=none` and `detail=column` keep no positions: FTS5 refuses phrases there.
                matchesPhrases: version != 5 || !["none", "column"].contains(declaration.options["detail"]?.asciiLowercased ?? "full"))
        }
        return searches
    }

    /// Whether an FTS5 index of `tokenizer` (its `tokenize` option) splits words where a search
    /// does (``SearchWords``), so that `word*` finds every token starting with a word: the
    /// default `unicode61`, or `ascii`, with no option but `remove_diacritics`. Not `trigram`
    /// (pieces of three characters or more), `porter` (stems may be shorter than the word), nor
    /// `tokenchars`, `separators` or `categories`, which move the words' bounds.
    static func findsPrefixes(tokenizer: String?) -> Bool {
        guard let tokenizer else { return true }
        let words = tokenizer.split(whereSeparator: \.isWhitespace).map { $0.asciiLowercased }
        guard let name = words.first, name == "unicode61" || name == "ascii" else { return false }
        let options = words.dropFirst()
        return options.count % 2 == 0
            && stride(from: options.startIndex, to: options.endIndex, by: 2).allSatisfy { options[$0] == "remove_diacritics" }
    }

    /// The description of one table or view.
    static func describe(
        _ name: String, kind: TableDescription.Kind,
        _ connection: SQLiteConnection
    ) throws(ListStoreError) -> TableDescription {
        let columnsStatement = try connection.statement("SELECT name, type, pk, hidden FROM pragma_table_xinfo(?1)")
        try columnsStatement.bind(values: [.text(name)])
        var columns: [TableDescription.Column] = []
        var seen: [String: Int] = [:]
        var hasGeneratedColumn = false
        while try columnsStatement.step() {
            guard columnsStatement.int(3) != 1 else { continue }  // hidden columns of virtual tables
            if columnsStatement.int(3) >= 2 { hasGeneratedColumn = true }  // 2, 3: generated (virtual, stored)
            let sqlName = columnsStatement.text(0)
            var shown = sqlName
            if let count = seen[sqlName] {
                seen[sqlName] = count + 1
                shown = "\(sqlName) (\(count + 1))"
            } else {
                seen[sqlName] = 1
            }
            columns.append(
                TableDescription.Column(
                    name: shown, sqlName: sqlName, declaredType: columnsStatement.text(1),
                    primaryKeyPosition: kind == .view ? 0 : columnsStatement.int(2)))
        }
        columnsStatement.reset()
        // A generated column's expression is compiled into every statement that reads the
        // table: one calling a function this process lacks (the program that made the file
        // registered it) fails here, and the table is left out as a view that cannot be
        // read is (found by a break-it pass: it was served, and every page was a 500).
        if hasGeneratedColumn { try connection.execute("SELECT * FROM \(quoteIdentifier(name)) LIMIT 0") }
        if kind != .view {
            let keys = try connection.statement(
                "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq")
            try keys.bind(values: [.text(name)])
            var byID: [Int: [(table: String, from: String, to: String?)]] = [:]
            while try keys.step() {
                byID[keys.int(0), default: []].append(
                    (
                        keys.text(1), keys.text(2),
                        keys.value(3).isNull ? nil : keys.text(3)
                    ))
            }
            keys.reset()
            for parts in byID.values where parts.count == 1 {
                if let index = columns.firstIndex(where: { sameName($0.sqlName, parts[0].from) }) {
                    columns[index].reference = try declaredReference(table: parts[0].table, column: parts[0].to, connection)
                }
            }
        }
        let names = Set(columns.map { $0.sqlName.lowercased() })
        let rowid = kind == .table ? ["rowid", "_rowid_", "oid"].first { !names.contains($0) } : nil
        var source: String?
        if kind == .view, try isCompound(view: name, connection) {
            source = compoundViewSource(name)
            // Compared and ordered without the column's affinity, as `ORDER BY` orders them.
            for index in columns.indices { columns[index].orderExpression = "+" + quoteIdentifier(columns[index].sqlName) }
        }
        return TableDescription(name: name, kind: kind, columns: columns, rowidName: rowid, sqlName: source)
    }

    /// Where a page reads a view over a compound `SELECT` (`UNION ALL` and the others,
    /// at any depth): a subquery with a `LIMIT`, into which SQLite pushes no `WHERE` term
    /// (optoverview.html §11, the push-down optimization's rule that the subquery have no
    /// `LIMIT`). Pushed into the compound's arms, a page's conditions read each arm's
    /// values before the compound gives them its left-most arm's affinity: in SQLite
    /// 3.40 `typeof(p)` said `integer` in the `WHERE` for a row the page read as `real`
    /// (`SELECT p FROM prices UNION ALL SELECT 0 FROM gifts`), so the run of equal rows
    /// after a cursor came out empty, and paging ended after 21 of 52 rows (found by a
    /// break-it pass). Read through the subquery, every condition, the order and the
    /// values a page shows see the same values; the arms' indexes no longer serve a
    /// page's conditions.
    ///
    /// The view's columns are compared as `+column` (``TableDescription/Column/orderExpression``),
    /// an expression without affinity (datatype3.html §3.2): such a view may hold a text
    /// that reads as a number in a column of REAL affinity (`'0'` from an untyped arm),
    /// which `ORDER BY` puts among the texts but a comparison with the column turned
    /// into the number, so a cursor after it found it again or skipped rows.
    static func compoundViewSource(_ name: String) -> String {
        "(SELECT * FROM \(quoteIdentifier(name)) LIMIT -1)"
    }

    /// Whether reading the view `name` runs a compound `SELECT` (its query plan has a
    /// `COMPOUND QUERY` step, wherever the compound is in the view's definition).
    private static func isCompound(view name: String, _ connection: SQLiteConnection) throws(ListStoreError) -> Bool {
        let plan = try connection.statement("EXPLAIN QUERY PLAN SELECT * FROM \(quoteIdentifier(name))")
        defer { plan.reset() }
        while try plan.step() {
            if plan.text(3).hasPrefix("COMPOUND") { return true }
        }
        return false
    }

    /// A foreign key's target as its table and column are declared: SQLite's names
    /// are the same in any ASCII case (`REFERENCES parent(code)` names `Parent(Code)`),
    /// and the lists and their columns are found by their declared names (found by a
    /// break-it pass: only the exact spelling got a link). A table or column that does
    /// not exist is kept as written.
    private static func declaredReference(
        table: String, column: String?, _ connection: SQLiteConnection
    ) throws(ListStoreError) -> TableDescription.Reference {
        let tables = try connection.statement(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE ORDER BY name = ?1 DESC LIMIT 1")
        defer { tables.reset() }
        try tables.bind(values: [.text(table)])
        let declaredTable = try tables.step() ? tables.text(0) : table
        guard let column else { return TableDescription.Reference(table: declaredTable, column: nil) }
        let columns = try connection.statement(
            "SELECT name FROM pragma_table_info(?1) WHERE name = ?2 COLLATE NOCASE ORDER BY name = ?2 DESC LIMIT 1")
        defer { columns.reset() }
        try columns.bind(values: [.text(declaredTable), .text(column)])
        let declaredColumn = try columns.step() ? columns.text(0) : column
        return TableDescription.Reference(table: declaredTable, column: declaredColumn)
    }

    /// Whether two SQLite names are the same (ASCII letters in any case, as SQLite compares them).
    private static func sameName(_ a: String, _ b: String) -> Bool {
        func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { folded($0) == folded($1) }
    }

    /// `PRAGMA schema_version`: changes with every change to the schema.
    static func schemaVersion(_ connection: SQLiteConnection) throws(ListStoreError) -> Int {
        let statement = try connection.statement("PRAGMA schema_version")
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : 0
    }
}

/// The module and `key=value` options of a `CREATE VIRTUAL TABLE` statement
/// (lang_createvtab.html), quotes removed from the values.
struct VirtualTableDeclaration {
    /// The module's name, lower-case (`fts5`).
    var module: String
    /// The options given as `key = value`, keys lower-case.
    var options: [String: String] = [:]
    /// The columns: each argument that is no option, by its first word, quotes
    /// removed (`body UNINDEXED` is `body`).
    var columns: [String] = []
    /// The columns an FTS5 index finds rows by: ``columns`` but those declared `UNINDEXED`.
    var indexedColumns: [String] = []

    init?(_ sql: String) {
        guard let using = sql.range(of: "USING", options: .caseInsensitive),
            let open = sql[using.upperBound...].firstIndex(of: "("),
            let close = sql.lastIndex(of: ")"), open < close
        else { return nil }
        module = sql[using.upperBound..<open].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var arguments: [String] = []
        var current = ""
        var quote: Character?
        for character in sql[sql.index(after: open)..<close] {
            if let open = quote {
                current.append(character)
                if character == (open == "[" ? "]" : open) { quote = nil }
            } else if character == "," {
                arguments.append(current)
                current = ""
            } else {
                if "'\"`[".contains(character) { quote = character }
                current.append(character)
            }
        }
        arguments.append(current)
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else {
                if let column = Self.firstWord(argument) {
                    columns.append(column)
                    if !Self.isUnindexed(argument) { indexedColumns.append(column) }
                }
                continue
            }
            let key = parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            options[key] = Self.unquoted(parts[1].trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The first word of a column's declaration, quotes removed (a quoted name may hold spaces).
    static func firstWord(_ argument: String) -> String? {
        let text = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = text.first else { return nil }
        let closing: Character? = ["'": "'", "\"": "\"", "`": "`", "[": "]"][first]
        guard let closing else { return text.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        // The quoted name runs to its closing quote that is not doubled.
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            if text[index] == closing {
                let next = text.index(after: index)
                if closing != "]", next < text.endIndex, text[next] == closing {
                    index = text.index(after: next)
                    continue
                }
                return unquoted(String(text[...index]))
            }
            index = text.index(after: index)
        }
        return unquoted(text)
    }

    /// Whether a column's declaration says `UNINDEXED` after its name (a quoted name may hold the word).
    static func isUnindexed(_ argument: String) -> Bool {
        let text = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        let closing: Character? = text.first.flatMap { ["'": "'", "\"": "\"", "`": "`", "[": "]"][$0] }
        let rest = closing.flatMap { quote in text.dropFirst().lastIndex(of: quote).map { text[text.index(after: $0)...] } } ?? text.drop { !$0.isWhitespace }
        return rest.split(whereSeparator: \.isWhitespace).contains { $0.asciiLowercased == "unindexed" }
    }

    /// `text` without one pair of surrounding quotes ('', "", ``, []), inner doubled quotes undone.
    static func unquoted(_ text: String) -> String {
        guard let first = text.first, let last = text.last, text.count >= 2 else { return text }
        let pairs: [Character: Character] = ["'": "'", "\"": "\"", "`": "`", "[": "]"]
        guard pairs[first] == last else { return text }
        let inner = String(text.dropFirst().dropLast())
        return first == "[" ? inner : inner.replacingOccurrences(of: String([first, first]), with: String(first))
    }
}
