import ListStore
import Mustache
import Testing

@testable import ListState

/// A table page's rows and cells: each field written straight into the page
/// (`id`, `key`, `caption`; a cell's `label`, `text`, `kind`) prints what its value
/// would, escaped as `{{field}}` escapes it, and a cell's text is the one
/// `RecordCells` makes for a value.
@Suite struct TableRowListTests {
    static let sql = """
        CREATE TABLE "odd <cells>" ("a&b" INTEGER PRIMARY KEY, "say ""hi"" now" TEXT, price REAL, n INTEGER, data BLOB, note);
        INSERT INTO "odd <cells>" VALUES
            (1, 'plain words', 1.5, -9223372036854775808, X'00FF', NULL),
            (2, '<b>&"''`=</b>', 0.1, 9223372036854775807, NULL, 'https://example.org/?a=1&b=2'),
            (3, 'tab	and ' || char(1) || ' control ' || char(8238), 1e300, 0, NULL, 12),
            (4, replace(hex(zeroblob(200)), '0', 'é'), -0.0, 7, X'', 'x'),
            (5, '', NULL, NULL, NULL, 2.5),
            (6, 'what? no', 123.45, 1, NULL, 'abcdefg'''),
            (7, 'abcdefgh=', 1e-5, 2, NULL, 'a>b'),
            (8, 'question?marks?', -0.25, 3, NULL, 'x`y');
        """

    /// The list's rows as a table page draws them.
    static func rows(_ fixture: TableFixture) throws -> TableRowList {
        let list = try #require(fixture.server.application.tables.lists.list(named: "odd <cells>"))
        let page = try list.source.page(RowPageQuery(table: list.table, limit: 10)).get()
        #expect(page.rows.count == 8)
        return TableRowList(
            page, of: list, columns: ReadingColumns(label: nil, cells: list.listedColumns), words: TableWords.shared(.english),
            lists: fixture.server.application.tables.lists, language: .english, languageParameter: "en")
    }

    /// What `{{name}}` (`escaped`) or `{{{name}}}` prints for row `index` of `list`.
    static func written(_ list: some MustacheList, _ index: Int, _ name: String, escaped: Bool) throws -> String {
        let field = try #require(list.field(named: name), "no field \(name)")
        return MustacheOutput.string { list.interpolate(at: index, field: field, escaped: escaped, into: &$0) }
    }

    /// Checks that every named field of every row writes what its value prints.
    static func checkWritten(_ list: some MustacheList, _ names: [String], _ what: String) throws {
        for index in 0..<list.count {
            for name in names {
                let field = try #require(list.field(named: name))
                let printed = MustacheOutput.string { $0.append(list.mustacheValue(at: index, field: field), escaped: false) }
                #expect(try written(list, index, name, escaped: false) == printed, "\(what) \(index): \(name)")
                #expect(
                    try written(list, index, name, escaped: true) == HTMLEscaping.escape(printed),
                    "\(what) \(index): \(name), escaped")
                if let truth = list.truthiness(at: index, field: field) {
                    #expect(truth == list.mustacheValue(at: index, field: field).isTruthy, "\(what) \(index): \(name), truthiness")
                }
            }
        }
    }

    @Test func writtenFieldsPrintTheirValues() throws {
        let fixture = try TableFixture(Self.sql)
        let rows = try Self.rows(fixture)
        try Self.checkWritten(rows, ["id", "key", "caption", "detailHref", "moreColumns", "rowHeader"], "row")
        let cellsField = try #require(rows.field(named: "cells"))
        for index in 0..<rows.count {
            guard case .list(let box) = rows.mustacheValue(at: index, field: cellsField) else {
                Issue.record("row \(index): cells are not a list")
                continue
            }
            let cells = try #require(box.list as? CellList)
            #expect(cells.count == 6)
            try Self.checkWritten(cells, ["label", "text", "kind", "href", "isNull", "isClamped"], "row \(index), cell")
        }
    }

    /// A row's `cells` section runs over the row's range of the page's cells: each
    /// cell there writes and says what it does in the row's own list.
    @Test func aRowsRangeOfThePagesCellsIsItsOwnCells() throws {
        let fixture = try TableFixture(Self.sql)
        let rows = try Self.rows(fixture)
        let cellsField = try #require(rows.field(named: "cells"))
        #expect(rows.sublist(at: 0, field: try #require(rows.field(named: "caption"))) == nil)
        for index in 0..<rows.count {
            let (box, range) = try #require(rows.sublist(at: index, field: cellsField))
            #expect(box === rows.cellsBox && range.count == rows.pageCells.columns)
            let own = CellList(rows.pageCells, rows: index..<index + 1)
            for (position, shared) in zip(0..<own.count, range) {
                for name in ["label", "text", "kind", "href", "isNull", "isClamped", "clampedNote"] {
                    let field = try #require(own.field(named: name))
                    for escaped in [false, true] {
                        #expect(
                            try Self.written(box.list, shared, name, escaped: escaped)
                                == Self.written(own, position, name, escaped: escaped), "row \(index), cell \(position): \(name)")
                    }
                    #expect(box.list.truthiness(at: shared, field: field) == own.truthiness(at: position, field: field))
                }
            }
        }
    }

    @Test func aCellsTextIsTheValueAsAPageShowsIt() throws {
        let fixture = try TableFixture(Self.sql)
        let rows = try Self.rows(fixture)
        let words = TableWords.of(.english)
        let width = rows.list.table.columns.count
        for (index, row) in rows.page.rows.enumerated() {
            let cells = CellList(rows.pageCells, rows: index..<index + 1)
            for position in 0..<cells.count {
                let value = row[rows.shownColumns[position]]
                let expected = RecordCells.text(
                    value, clamp: true, isClamped: rows.page.isClamped(row: index, column: rows.shownColumns[position], width: width),
                    words: words)
                #expect(try Self.written(cells, position, "text", escaped: false) == expected, "row \(index), cell \(position)")
                let column = rows.list.table.columns[rows.shownColumns[position]]
                let kind = RecordCells.kind(value, exactNumber: RecordCells.isExactNumber(column, of: rows.list.table))
                #expect(try Self.written(cells, position, "kind", escaped: false) == kind, "row \(index), cell \(position): kind")
                let isNull = try #require(cells.field(named: "isNull"))
                #expect(cells.mustacheValue(at: position, field: isNull).isTruthy == value.isNull, "row \(index), cell \(position): isNull")
            }
        }
        // The cases the page writes another way than a plain value: controls shown, a long text cut.
        let texts = try (0..<rows.count).map { try Self.written(CellList(rows.pageCells, rows: $0..<$0 + 1), 1, "text", escaped: true) }
        #expect(texts[1] == "&lt;b&gt;&amp;&quot;&#39;&#96;&#61;&lt;/b&gt;")
        #expect(texts[2].contains("\u{2401}") && texts[2].contains("[U+202E]"))
        #expect(texts[3].hasSuffix("…") && texts[3].unicodeScalars.count == RecordCells.clampedLength + 1)
        #expect(try Self.written(CellList(rows.pageCells, rows: 0..<1), 3, "text", escaped: true) == "-9223372036854775808")
        // Printable ASCII with a byte to escape in a whole word, in the bytes after the
        // last word, or only `?` (which the word-at-a-time check looks at twice).
        #expect(Array(texts[5...]) == ["what? no", "abcdefgh&#61;", "question?marks?"])
        let notes = try (5..<rows.count).map {
            try Self.written(CellList(rows.pageCells, rows: $0..<$0 + 1), 5, "text", escaped: true)
        }
        #expect(notes == ["abcdefg&#39;", "a&gt;b", "x&#96;y"])
        let prices = try (5..<rows.count).map {
            try Self.written(CellList(rows.pageCells, rows: $0..<$0 + 1), 2, "text", escaped: true)
        }
        #expect(prices == ["123.45", "1e-05", "-0.25"])
    }

    /// A row's caption, written from the page's bytes where its first text is short
    /// printable ASCII, is the one ``RecordCells/caption(_:key:words:)`` makes of the
    /// row's values: texts of spaces, empty and NULL passed over, others (markup,
    /// controls, other scripts, long texts, no text at all) as there.
    @Test func aRowsCaptionIsTheCaptionOfItsValues() throws {
        let long = String(repeating: "word ", count: 17)
        let fixture = try TableFixture(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, n INTEGER, a TEXT, b TEXT);
            INSERT INTO notes VALUES (1, 5, 'first words', 'x'), (2, 6, '   ', 'after spaces'), (3, NULL, '', 'after empty'),
                (4, 7, 'naïve', 'x'), (5, 8, '\(long)', 'x'), (6, 9, NULL, NULL), (7, 1, '<b>&amp;</b>', 'x'),
                (8, 2, 'tab' || char(9) || 'in', 'y'), (9, 3, ' x', 'y'), (10, 4, 'http://example.org/', 'z');
            """)
        let list = try #require(fixture.server.application.tables.lists.list(named: "notes"))
        let page = try list.source.page(RowPageQuery(table: list.table, limit: 20)).get()
        let rows = TableRowList(
            page, of: list, columns: ReadingColumns(label: nil, cells: list.listedColumns), words: TableWords.shared(.english),
            lists: fixture.server.application.tables.lists, language: .english, languageParameter: nil)
        #expect(rows.count == 10)
        for index in 0..<rows.count {
            let key = try Self.written(rows, index, "key", escaped: false)
            let expected = RecordCells.caption(Array(page.rows[index]), key: key, words: TableWords.of(.english))
            #expect(try Self.written(rows, index, "caption", escaped: false) == expected, "row \(index)")
        }
        #expect(try Self.written(rows, 1, "caption", escaped: false) == "after spaces")
        #expect(try Self.written(rows, 5, "caption", escaped: false) == "Row 6")
    }
}
