/// One table or view of a database as a list reads it: its columns, its key
/// and how rows are told apart (https://www.sqlite.org/lang_createtable.html).
public struct TableDescription: Sendable, Hashable {
    /// Whether the source is a table or a view.
    public enum Kind: String, Sendable, Hashable {
        /// An ordinary (rowid) table.
        case table
        /// A `WITHOUT ROWID` table: its primary key is its only key.
        case withoutRowid
        /// A view: no rowid and no declared key.
        case view
    }

    /// One column.
    public struct Column: Sendable, Hashable {
        /// The column's name as declared (unique within the description: a
        /// view's repeated names get " (2)", " (3)"... after the first).
        public var name: String
        /// The name SQL reads it by (the declared one, before de-duplication).
        public var sqlName: String
        /// The declared type, as written ("" when none).
        public var declaredType: String
        /// The type affinity the declared type gives (datatype3.html §3.1).
        public var affinity: Affinity
        /// Its place in the primary key, 1-based, or 0 when it is not part of it.
        public var primaryKeyPosition: Int
        /// The table and column it refers to (a single-column foreign key), if any.
        public var reference: Reference?
        /// The SQL that reads the value to show, when not the quoted name (a
        /// PostgreSQL `numeric` as text, so it stays exact; an array as JSON).
        public var readExpression: String?
        /// The SQL that orders and compares the column, when not the quoted name
        /// (a PostgreSQL text column as `"c" COLLATE "C"`: code point order).
        public var orderExpression: String?
        /// Whether its values can be ordered (a PostgreSQL `json` or `xml` column cannot).
        public var isOrderable: Bool
        /// How the JSON twin writes its values beyond their storage class.
        public var valueFormat: ValueFormat

        /// Makes a column.
        public init(
            name: String, sqlName: String? = nil, declaredType: String = "", primaryKeyPosition: Int = 0,
            reference: Reference? = nil, affinity: Affinity? = nil, readExpression: String? = nil,
            orderExpression: String? = nil, isOrderable: Bool = true, valueFormat: ValueFormat = .plain
        ) {
            self.name = name
            self.sqlName = sqlName ?? name
            self.declaredType = declaredType
            self.affinity = affinity ?? Affinity(declaredType: declaredType)
            self.primaryKeyPosition = primaryKeyPosition
            self.reference = reference
            self.readExpression = readExpression
            self.orderExpression = orderExpression
            self.isOrderable = isOrderable
            self.valueFormat = valueFormat
        }

        /// The SQL that orders and compares the column (``orderExpression``, else the quoted name).
        public var orderSQL: String { orderExpression ?? quoteIdentifier(sqlName) }
        /// The SQL that reads the value to show (``readExpression``, else the quoted name).
        public var readSQL: String { readExpression ?? quoteIdentifier(sqlName) }
    }

    /// How a column's values are written to JSON beyond their storage class.
    public enum ValueFormat: String, Sendable, Hashable {
        /// As their storage class says (``SQLValue``).
        case plain
        /// Integers 0 and 1 that stand for false and true (a PostgreSQL `boolean`).
        case boolean
        /// Text that is a JSON document (a PostgreSQL `json`, `jsonb` or array), written as that JSON.
        case json
    }

    /// A single-column foreign key's target.
    public struct Reference: Sendable, Hashable {
        /// The referenced table.
        public var table: String
        /// The referenced column; nil for the referenced table's primary key.
        public var column: String?

        /// Makes a reference.
        public init(table: String, column: String?) {
            self.table = table
            self.column = column
        }
    }

    /// Type affinity (https://www.sqlite.org/datatype3.html §3.1).
    public enum Affinity: String, Sendable, Hashable {
        /// `INTEGER`: values stored as integers where they can be (a declared type with `INT`).
        case integer
        /// `TEXT`: numbers stored as text (`CHAR`, `CLOB`, `TEXT`).
        case text
        /// `BLOB`: values stored as given (`BLOB` or no declared type).
        case blob
        /// `REAL`: integers stored as reals (`REAL`, `FLOA`, `DOUB`).
        case real
        /// `NUMERIC`: text that looks like a number stored as one (any other declared type).
        case numeric

        /// The affinity of a declared type, by the five rules of §3.1 in order.
        public init(declaredType: String) {
            let type = declaredType.uppercased()
            if type.contains("INT") {
                self = .integer
            } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
                self = .text
            } else if type.contains("BLOB") || type.isEmpty {
                self = .blob
            } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
                self = .real
            } else {
                self = .numeric
            }
        }

        /// Whether values of this affinity are numbers (drawn right-aligned).
        public var isNumeric: Bool { self == .integer || self == .real || self == .numeric }
    }

    /// The stored fields, shared by copies until one of them changes (copy on
    /// write, ``CopyOnWriteBox``): a request copies its list's table into the query, the snapshot and
    /// the view, and a copy of every field retained and released each of their
    /// dozen references (callgrind: about 110 of the 2,000 reference counts of an
    /// uncached page).
    private struct Fields {
        let name: String
        let sqlName: String
        let dialect: SQLDialect
        let kind: Kind
        let columns: [Column]
        let rowidName: String?
        let configuredKey: [String]?
        let primaryKey: [Column]
        let referenceColumns: [Int]
        var sql: (columns: String, clampedColumns: String, keys: [String], keyIsRowid: Bool)
        var search: RowSearch
    }

    private var storage: CopyOnWriteBox<Fields>

    /// Changes the fields, copying them first when another description shares them.
    private mutating func mutate(_ change: (inout Fields) -> Void) {
        CopyOnWriteBox.mutate(&storage, change)
    }

    /// The table's or view's name.
    public var name: String { storage.fields.name }
    /// How SQL names it in `FROM`: the quoted name, schema-qualified on PostgreSQL; for
    /// a SQLite view over a compound `SELECT`, a subquery over the view that no `WHERE`
    /// is pushed into (``SchemaReader/compoundViewSource(_:)``).
    public var sqlName: String { storage.fields.sqlName }
    /// The SQL its source speaks.
    public var dialect: SQLDialect { storage.fields.dialect }
    /// What it is.
    public var kind: Kind { storage.fields.kind }
    /// Its columns in declaration order.
    public var columns: [Column] { storage.fields.columns }
    /// The name of the rowid for SQL (`rowid`, `_rowid_` or `oid`, whichever
    /// no column shadows), nil for views, `WITHOUT ROWID` tables, and rowid
    /// tables whose columns shadow all three.
    public var rowidName: String? { storage.fields.rowidName }
    /// Columns configured as a view's key (by name); nil to use every column.
    public var configuredKey: [String]? { storage.fields.configuredKey }
    /// The SQL of the parts every query of this table repeats, made once:
    /// the shown columns whole and clamped (`KeysetQuery.shownColumns`), the key
    /// expressions, and whether the key is the rowid (``keyIsRowid``).
    private(set) var sql: (columns: String, clampedColumns: String, keys: [String], keyIsRowid: Bool) {
        get { storage.fields.sql }
        set { mutate { $0.sql = newValue } }
    }
    /// How `q` is matched: the FTS table that indexes this one, else a
    /// substring match over the TEXT-affinity columns (all columns when none is).
    public var search: RowSearch {
        get { storage.fields.search }
        set { mutate { $0.search = newValue } }
    }

    /// Makes a description.
    public init(
        name: String, kind: Kind, columns: [Column], rowidName: String? = nil, configuredKey: [String]? = nil,
        search: RowSearch? = nil, sqlName: String? = nil, dialect: SQLDialect = .sqlite
    ) {
        let text = columns.filter { $0.affinity == .text }.map(\.sqlName)
        storage = CopyOnWriteBox(
            Fields(
                name: name, sqlName: sqlName ?? quoteIdentifier(name), dialect: dialect, kind: kind, columns: columns,
                rowidName: rowidName, configuredKey: configuredKey,
                primaryKey: columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition },
                referenceColumns: columns.indices.filter { columns[$0].reference != nil },
                sql: ("", "", [], false), search: search ?? .substring(columns: text.isEmpty ? columns.map(\.sqlName) : text)))
        let keys = keyExpressions
        sql = (
            KeysetQuery.shownColumns(of: self, clamped: false), KeysetQuery.shownColumns(of: self, clamped: true), keys,
            isRowid(keys)
        )
    }

    public static func == (lhs: TableDescription, rhs: TableDescription) -> Bool {
        lhs.name == rhs.name && lhs.sqlName == rhs.sqlName && lhs.dialect == rhs.dialect && lhs.kind == rhs.kind && lhs.columns == rhs.columns && lhs.rowidName == rhs.rowidName
            && lhs.configuredKey == rhs.configuredKey && lhs.search == rhs.search
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(columns)
    }

    /// The primary key's columns in key order (empty for views and tables
    /// without one); made once, as every row's address reads it.
    public var primaryKey: [Column] { storage.fields.primaryKey }

    /// The indices of the columns that refer to another table (``Column/reference``), in
    /// order; made once, as every page's read asks.
    public var referenceColumns: [Int] { storage.fields.referenceColumns }

    /// Whether the primary key is an alias of the rowid (a single column
    /// declared exactly `INTEGER PRIMARY KEY`, lang_createtable.html#rowid).
    public var primaryKeyIsRowid: Bool {
        // ASCII letters compared without case and without a copy (`uppercased()` made a
        // string for every page's statement).
        kind == .table && primaryKey.count == 1
            && primaryKey[0].declaredType.utf8.elementsEqual("INTEGER".utf8) { $0 & 0xDF == $1 }
    }

    /// The SQL expressions that order rows uniquely, in order: the primary
    /// key, then the rowid in a rowid table (its primary key columns may hold
    /// NULL); the rowid alone without a primary key; a view's configured key,
    /// else all its columns, each compared byte for byte and then by its
    /// storage class (`typeof`), rows equal in all of it counted in runs (``hasUniqueKey``).
    /// On PostgreSQL, the primary key's columns, or a view's (or a table's
    /// without a primary key) configured key, else all its columns, each by
    /// ``Column/orderSQL``, or, for one of a type with no ordering (`json`,
    /// `point`, `xml`), by its text (`::text COLLATE "C"`): left out, rows equal in
    /// the rest but for it counted as one run, which PostgreSQL returns in no
    /// set order, so a walk repeated and skipped rows (found by a break-it pass).
    public var keyExpressions: [String] {
        if !sql.keys.isEmpty { return sql.keys }
        if dialect == .postgreSQL {
            switch kind {
            case .view:
                if let configuredKey {
                    return configuredKey.map { name in columns.first { $0.sqlName == name }?.orderSQL ?? quoteIdentifier(name) }
                }
                return columns.map { column in
                    column.isOrderable ? column.orderSQL : "(\(quoteIdentifier(column.sqlName)))::text COLLATE \"C\""
                }
            case .table, .withoutRowid:
                return primaryKey.map(\.orderSQL)
            }
        }
        switch kind {
        case .withoutRowid:
            return primaryKey.map { quoteIdentifier($0.sqlName) }
        case .view:
            if let configuredKey { return configuredKey.map(quoteIdentifier) }
            return allValuesKey
        case .table:
            if primaryKeyIsRowid { return [quoteIdentifier(primaryKey[0].sqlName)] }
            // No name reaches the rowid: nothing else tells the rows apart (a primary key
            // of a rowid table may hold NULL twice).
            guard let rowidName else { return allValuesKey }
            return primaryKey.map { quoteIdentifier($0.sqlName) } + [rowidName]
        }
    }

    /// Every column compared byte for byte, so values a collation calls equal ('a' and
    /// 'A' under NOCASE) are two rows, and by its storage class, so 1 and 1.0 (equal in
    /// SQL) are too (found by QA: a run mixing them made a cursor that came back to itself).
    private var allValuesKey: [String] {
        columns.flatMap { column in
            let name = column.orderSQL
            return [name + " COLLATE BINARY", "typeof(\(name))"]
        }
    }

    /// Whether rows are told apart only by all their values (``keyExpressions``), so
    /// that identical rows can follow each other: a view without a configured key,
    /// and (SQLite) a rowid table without an `INTEGER PRIMARY KEY` whose columns
    /// shadow all three names of the rowid, `rowid`, `_rowid_` and `oid` (found by a
    /// break-it pass: such a table had no key, and every page answered 500).
    var isKeyedByAllValues: Bool {
        switch kind {
        case .view: configuredKey == nil
        case .table: dialect == .sqlite && rowidName == nil && !primaryKeyIsRowid
        case .withoutRowid: false
        }
    }

    /// Whether no two rows share a key: false for a list paged by all its
    /// values (``isKeyedByAllValues``), where identical rows may follow each
    /// other (a page then ends only where the key changes, so no copy is skipped).
    public var hasUniqueKey: Bool { !isKeyedByAllValues }

    /// Whether a key value may be NULL: ordered NULL first (``SQLDialect/orderTerm(_:descending:nullable:)``).
    /// A PostgreSQL primary key never holds NULL.
    var keyIsNullable: Bool { dialect == .sqlite || kind == .view }

    /// Whether the key is the rowid alone (an `INTEGER PRIMARY KEY`, or a rowid table
    /// without a primary key), which is never NULL: compared as it is, `k < ?` seeks in
    /// an index, where the NULL-safe `k < ? OR k IS NULL` does not.
    /// Made once (every page's statement asks: a quoted name made per request cost more
    /// than the rest of the statement's key clauses).
    var keyIsRowid: Bool { sql.keyIsRowid }

    /// Whether `keys` (``keyExpressions``) are the rowid alone.
    private func isRowid(_ keys: [String]) -> Bool {
        guard dialect == .sqlite, kind == .table, keys.count == 1 else { return false }
        if primaryKeyIsRowid { return keys[0] == quoteIdentifier(primaryKey[0].sqlName) }
        return primaryKey.isEmpty && keys[0] == rowidName
    }

    /// The columns that name a row in a detail URL, in order: the primary key
    /// (a rowid table's too; a row whose key holds NULL has no detail page);
    /// empty for a rowid table without one (the rowid names it, see
    /// ``addressedByRowid``) and for views.
    public var addressColumns: [Column] {
        kind == .view ? [] : primaryKey
    }

    /// Whether rows are addressed by their rowid (a rowid table without a primary key).
    public var addressedByRowid: Bool { kind == .table && primaryKey.isEmpty && rowidName != nil }

    /// This table as a configuration narrows it: `hidden` columns left out (never
    /// selected, shown, sorted, filtered or searched; the key keeps reading
    /// them), a view's `key` (column names), and the columns `q` matches.
    /// Names must be columns of the table (the caller checks).
    public func configured(hiding hidden: Set<String>, key: [String]? = nil, searchColumns: [String]? = nil) -> TableDescription {
        let kept = columns.filter { !hidden.contains($0.name) }
        var searched = searchColumns.map { names in kept.filter { names.contains($0.name) }.map(\.sqlName) }
        let hiddenSQL = Set(columns.filter { hidden.contains($0.name) }.map(\.sqlName.asciiLowercased))
        if searched == nil {
            switch search {
            case .substring(let names):
                searched = names.filter { !hiddenSQL.contains($0.asciiLowercased) }
            case .fullText(_, _, _, let indexed, _, _) where !hiddenSQL.isEmpty:
                // A full-text index over a hidden column would find rows by it, word by
                // word (found by a break-it pass): such a list searches its shown text
                // columns instead. SQLite names match in any ASCII case.
                if indexed?.contains(where: { hiddenSQL.contains($0.asciiLowercased) }) ?? true {
                    searched = kept.filter { $0.affinity == .text }.map(\.sqlName)
                }
            case .fullText, .textSearch:
                break
            }
        }
        // With no text column left (the only ones hidden), every shown column, as for a
        // table without text (an empty list of columns was a search no SQL could run).
        if searched?.isEmpty == true { searched = kept.map(\.sqlName) }
        var copy = TableDescription(
            name: name, kind: kind, columns: kept, rowidName: rowidName,
            configuredKey: key.map { names in names.compactMap { name in columns.first { $0.name == name }?.sqlName } },
            search: searched.map { .substring(columns: $0) } ?? search, sqlName: sqlName, dialect: dialect)
        // A list paged by all its values pages by those it shows: a key's values go to
        // every client in each cursor (found by a break-it pass: a view's hidden column
        // was in every `next`). Rows equal in them are one run, which no page splits.
        if key == nil, hidden.isEmpty || !isKeyedByAllValues { copy.sql.keys = sql.keys }
        return copy
    }

    /// The index of the column named `name`, nil when none is.
    public func columnIndex(_ name: String) -> Int? {
        columns.firstIndex { $0.name == name }
    }
}

/// `name` as an SQL identifier: in double quotes, inner quotes doubled
/// (lang_keywords.html), so no name can change a statement's shape.
public func quoteIdentifier(_ name: String) -> String {
    name.utf8.contains(UInt8(ascii: "\"")) ? "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : "\"" + name + "\""
}
