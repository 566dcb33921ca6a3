import Testing

@testable import ListStore

@Suite struct SchemaReaderTests {
    @Test func describesKeysAndLeavesOutInternalTables() throws {
        let database = try TestDatabase(rows: 12)
        defer { database.remove() }
        let tables = try DatabaseSource(path: database.path).tables().get()
        // FTS5 tables and their shadow tables (items_search_data, …) and sqlite_* are not lists.
        #expect(!tables.contains { $0.name.hasPrefix("items_search") || $0.name.hasPrefix("sqlite_") })
        let byName = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        let items = try #require(byName["items"])
        #expect(items.kind == .table && items.primaryKeyIsRowid && items.keyExpressions == ["\"id\""])
        let pairs = try #require(byName["pairs"])
        #expect(pairs.kind == .withoutRowid && pairs.keyExpressions == ["\"part\"", "\"n\""])
        let codes = try #require(byName["codes"])
        #expect(codes.kind == .table && !codes.primaryKeyIsRowid && codes.keyExpressions == ["\"code\"", "rowid"])
        let loose = try #require(byName["loose"])
        #expect(loose.addressedByRowid && loose.keyExpressions == ["rowid"])
        let view = try #require(byName["grouped"])
        #expect(
            view.kind == .view && view.keyExpressions == ["\"grp\" COLLATE BINARY", "typeof(\"grp\")", "\"label\" COLLATE BINARY", "typeof(\"label\")"] && !view.hasUniqueKey
                && view.addressColumns.isEmpty)
        #expect(items.columns.map(\.affinity) == [.integer, .integer, .blob, .text, .integer])
    }

    /// A column declared exactly `INTEGER PRIMARY KEY`, in any letter case, is the rowid
    /// (lang_createtable.html#rowid); `INT PRIMARY KEY` and other spellings are not; the
    /// key is then the rowid alone, compared as it is (``TableDescription/keyIsRowid``).
    @Test(arguments: [("integer", true), ("Integer", true), ("INTEGER", true), ("INT", false), ("INTEGERS", false), ("BIGINT", false)])
    func onlyIntegerPrimaryKeyInAnyCaseIsTheRowid(declared: String, isRowid: Bool) throws {
        let database = try TestDatabase(rows: 1)
        defer { database.remove() }
        try database.write("CREATE TABLE k (id \(declared) PRIMARY KEY, v TEXT); CREATE TABLE r (v TEXT)")
        let tables = try DatabaseSource(path: database.path).tables().get()
        let table = try #require(tables.first { $0.name == "k" })
        #expect(table.primaryKeyIsRowid == isRowid && table.keyIsRowid == isRowid, "\(declared)")
        #expect(table.keyExpressions == (isRowid ? ["\"id\""] : ["\"id\"", "rowid"]), "\(declared)")
        #expect(try #require(tables.first { $0.name == "r" }).keyIsRowid)
    }

    @Test func findsARowidNameNoColumnShadows() throws {
        let database = try TestDatabase(rows: 4)
        defer { database.remove() }
        try database.write("CREATE TABLE shadowing (rowid TEXT, oid TEXT);")
        let table = try #require(try DatabaseSource(path: database.path).tables().get().first { $0.name == "shadowing" })
        #expect(table.rowidName == "_rowid_")
    }

    /// Found by a break-it pass: SQLite's names are the same in any ASCII case, but
    /// a foreign key written `REFERENCES parent(code)` to a table declared `Parent(Code)`
    /// gave its cells no link (only the exact spelling found the list). A reference
    /// names the table and column as they are declared.
    @Test func aReferenceNamesTheTableAndColumnAsDeclared() throws {
        let database = try TestDatabase(rows: 4)
        defer { database.remove() }
        try database.write(
            """
            CREATE TABLE Parent (Code TEXT PRIMARY KEY, v TEXT);
            CREATE TABLE refs (id INTEGER PRIMARY KEY, exact TEXT REFERENCES Parent(Code), colcase TEXT REFERENCES Parent(code),
                tblcase TEXT REFERENCES parent(Code), bothcase TEXT REFERENCES PARENT(CODE), implicit TEXT REFERENCES pArEnT,
                missing TEXT REFERENCES nowhere(x), badcolumn TEXT REFERENCES parent(absent));
            """)
        let refs = try #require(try DatabaseSource(path: database.path).tables().get().first { $0.name == "refs" })
        let references = Dictionary(uniqueKeysWithValues: refs.columns.map { ($0.name, $0.reference) })
        for name in ["exact", "colcase", "tblcase", "bothcase"] {
            #expect(references[name] == TableDescription.Reference(table: "Parent", column: "Code"), "\(name)")
        }
        #expect(references["implicit"] == TableDescription.Reference(table: "Parent", column: nil))
        #expect(references["missing"] == TableDescription.Reference(table: "nowhere", column: "x"))
        #expect(references["badcolumn"] == TableDescription.Reference(table: "Parent", column: "absent"))
    }

    @Test(arguments: [
        ("INTEGER", TableDescription.Affinity.integer), ("VARCHAR(10)", .text), ("", .blob),
        ("DOUBLE PRECISION", .real), ("DECIMAL(5,2)", .numeric), ("CHARINT", .integer),
    ])
    func affinityFollowsTheFiveRules(_ declared: String, _ affinity: TableDescription.Affinity) {
        #expect(TableDescription.Affinity(declaredType: declared) == affinity)
    }

    /// The columns an FTS5 index finds rows by: not those declared `UNINDEXED`, whatever a
    /// quoted name holds.
    @Test func anFTS5DeclarationsIndexedColumnsLeaveOutTheUnindexedOnes() throws {
        let declaration = try #require(
            VirtualTableDeclaration(
                #"CREATE VIRTUAL TABLE f USING fts5 (a, b UNINDEXED, "c unindexed d", [e f] unindexed, tokenize = 'trigram')"#))
        #expect(declaration.columns == ["a", "b", "c unindexed d", "e f"])
        #expect(declaration.indexedColumns == ["a", "c unindexed d"])
        #expect(declaration.options["tokenize"] == "trigram")
    }

    /// Whose `word*` finds every token a word starts: the word tokenizers with no option that moves
    /// the words' bounds (found by a tester: `tokenchars` and `separators` were taken for plain `unicode61`).
    @Test(
        arguments: [
            (nil, true), ("unicode61", true), ("ascii", true), ("unicode61 remove_diacritics 2", true), ("porter unicode61", false),
            ("trigram", false), ("unicode61 tokenchars '-'", false), ("unicode61 separators x", false), ("'unicode61' 'tokenchars' '-'", false),
        ] as [(String?, Bool)])
    func anFTS5TokenizerFindsPrefixesOnlyWhereItSplitsWordsAsASearchDoes(_ tokenizer: String?, _ finds: Bool) {
        #expect(SchemaReader.findsPrefixes(tokenizer: tokenizer) == finds)
    }
}
