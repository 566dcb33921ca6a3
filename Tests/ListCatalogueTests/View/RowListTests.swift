import ListStore
import Mustache
import Testing

@testable import ListCatalogue
@testable import ListState
@testable import ListStore

/// The rows of a page: each field written straight into the page prints what its
/// value would, escaped as `{{field}}` escapes it.
@Suite struct RowListTests {
    static let fieldNames = [
        "id", "glyph", "glyphStyle", "codePoint", "name", "category", "categoryName", "age",
        "ageLabel", "isEmoji", "emojiLabel", "detailHref", "key",
    ]

    /// A record as the catalogue stores it, from the runtime's Unicode data.
    static func record(_ value: UInt32, age: String = "1.1", isEmoji: Bool = false) throws -> CharacterRecord {
        let scalar = try #require(Unicode.Scalar(value))
        return CharacterRecord(
            codePoint: value, name: scalar.properties.name ?? "UNNAMED",
            generalCategory: ListCatalogue.GeneralCategory.code(scalar.properties.generalCategory),
            age: age, isEmoji: isEmoji, isEmojiPresentation: isEmoji)
    }

    /// What `{{name}}` (escaped) or `{{{name}}}` prints for row `index`.
    static func written(_ rows: RowList, _ index: Int, _ name: String, escaped: Bool) throws -> String {
        let field = try #require(rows.field(named: name), "no field \(name)")
        return MustacheOutput.string { rows.interpolate(at: index, field: field, escaped: escaped, into: &$0) }
    }

    @Test(arguments: [Language.english, .traditionalChinese], [nil, "zh-Hant"] as [String?])
    func writtenFieldsPrintTheirValues(_ language: Language, _ lang: String?) throws {
        let records = try [
            Self.record(0x2603), Self.record(0x0301), Self.record(0x202E), Self.record(0x3C),
            Self.record(0x1F600, age: "6.1", isEmoji: true), Self.record(0x115F), Self.record(0x41, age: ""),
        ]
        let rows = RowList(records, language: language, languageParameter: lang)
        #expect(rows.count == records.count)
        for index in records.indices {
            for name in Self.fieldNames {
                let field = try #require(rows.field(named: name))
                let value = rows.mustacheValue(at: index, field: field)
                let printed = MustacheOutput.string { $0.append(value, escaped: false) }
                #expect(try Self.written(rows, index, name, escaped: false) == printed, "\(name) of row \(index)")
                #expect(
                    try Self.written(rows, index, name, escaped: true) == HTMLEscaping.escape(printed),
                    "\(name) of row \(index), escaped")
            }
        }
    }

    @Test func fieldsOfASnowmanInTraditionalChinese() throws {
        let rows = RowList([try Self.record(0x2603)], language: .traditionalChinese, languageParameter: "zh-Hant")
        func field(_ name: String) throws -> String { try Self.written(rows, 0, name, escaped: false) }
        #expect(try field("id") == "char-2603")
        #expect(try field("codePoint") == "U+2603")
        #expect(try field("glyph") == "\u{2603}" && field("glyphStyle") == "character")
        #expect(try field("category") == "So")
        #expect(try field("categoryName") == CatalogueWords.of(.traditionalChinese).categoryNames["So"])
        #expect(try field("ageLabel") == CatalogueWords.of(.traditionalChinese).unicodeVersion("1.1"))
        #expect(try field("detailHref") == "/characters/U+2603?lang=zh-Hant")
        #expect(try Self.written(rows, 0, "detailHref", escaped: true) == "/characters/U+2603?lang&#61;zh-Hant")
        #expect(try field("isEmoji") == "false")
        let wide = RowList([try Self.record(0x1F600, age: "6.1", isEmoji: true), try Self.record(0x41)])
        #expect(try Self.written(wide, 0, "detailHref", escaped: false) == "/characters/" + CodePointAddress(codePoint: 0x1F600).canonicalSegment)
        #expect(try Self.written(wide, 1, "detailHref", escaped: false) == "/characters/" + CodePointAddress(codePoint: 0x41).canonicalSegment)
        #expect(try Self.written(wide, 1, "codePoint", escaped: false) == "U+0041")
        #expect(try Self.written(wide, 0, "id", escaped: false) == RowList.elementID(0x1F600))
        #expect(rows.field(named: "missing") == nil && rows.field(named: "") == nil)
    }

    /// A row's texts are copied as they are only when escaping would change none of
    /// them (a table drawn as characters may have any name): a row with one byte to
    /// escape, next to rows with none, prints every field as its value escaped.
    @Test func aRowWithMarkupInItsTextsIsEscaped() throws {
        let marked = CharacterRecord(
            codePoint: 0x41, name: "A <b>&'\"`=", generalCategory: "Lu", age: "1=1", isEmoji: false,
            isEmojiPresentation: false)
        let rows = RowList([try Self.record(0x2603), marked, try Self.record(0x42)])
        #expect(try Self.written(rows, 1, "name", escaped: true) == "A &lt;b&gt;&amp;&#39;&quot;&#96;&#61;")
        #expect(try Self.written(rows, 1, "age", escaped: true) == "1&#61;1")
        #expect(try Self.written(rows, 1, "ageLabel", escaped: true) == "Unicode 1&#61;1")
        #expect(try Self.written(rows, 1, "name", escaped: false) == "A <b>&'\"`=")
        #expect(try Self.written(rows, 2, "name", escaped: true) == "LATIN CAPITAL LETTER B")
    }

    @Test func markupCharactersAndMarksAreDrawnSafely() throws {
        let rows = RowList([try Self.record(0x3C), try Self.record(0x0301), try Self.record(0x41, age: "")])
        #expect(try Self.written(rows, 0, "glyph", escaped: true) == "&lt;")
        #expect(try Self.written(rows, 1, "glyph", escaped: true) == "\u{25CC}\u{0301}")
        #expect(try Self.written(rows, 1, "glyphStyle", escaped: true) == "mark")
        #expect(try Self.written(rows, 2, "age", escaped: true) == "?")
        #expect(try Self.written(rows, 2, "ageLabel", escaped: true) == "Unicode ?")
    }

    @Test func rowsRenderThroughTheRowTemplateAsAnArrayOfDictionariesWould() throws {
        let records = try [Self.record(0x2603), Self.record(0x1F600, age: "6.1", isEmoji: true), Self.record(0x3C)]
        let rows = RowList(records, language: .simplifiedChinese, languageParameter: "zh-Hans")
        let dictionaries: [MustacheValue] = try records.indices.map { index in
            var fields = MustacheFields()
            for name in Self.fieldNames {
                fields[name] = rows.mustacheValue(at: index, field: try #require(rows.field(named: name)))
            }
            return .dictionary(fields)
        }
        let list = try CatalogueList.definition(
            source: DatabaseSource(path: TestCatalogue.full.path), configuration: nil, basePath: "")
        let templates = try PageTemplates(listTemplates: list.templates)
        let asList = try templates.renderForTable("rows", ["rows": .list(rows)], list: list).get()
        let asArray = try templates.renderForTable("rows", ["rows": .array(dictionaries)], list: list).get()
        #expect(String(decoding: asList, as: UTF8.self) == String(decoding: asArray, as: UTF8.self))
        #expect(String(decoding: asList, as: UTF8.self).contains(#"<span class="emoji">"#))
    }

    /// The catalogue's rows are made from the page's values, without a record per
    /// row: they print what the same records print, a row whose code point is
    /// not one is left out, and a value that is not text prints its plain text.
    @Test func rowsMadeFromAPagePrintWhatTheirRecordsPrint() throws {
        let list = try CatalogueList.definition(
            source: DatabaseSource(path: TestCatalogue.full.path), configuration: nil, basePath: "")
        let records = try [
            Self.record(0x2603), Self.record(0x0301), Self.record(0x1F600, age: "6.1", isEmoji: true), Self.record(0x3C),
            Self.record(0x41, age: ""), Self.record(0x115F), Self.record(0x20),
        ]
        func row(_ record: CharacterRecord) -> [SQLValue] {
            list.table.columns.map { column in
                switch column.name {
                case "code_point": .integer(Int64(record.codePoint))
                case "name": .text(record.name)
                case "category": .text(record.generalCategory)
                case "age": .text(record.age)
                case "is_emoji": .integer(record.isEmoji ? 1 : 0)
                case "is_emoji_presentation": .integer(record.isEmojiPresentation ? 1 : 0)
                default: .null
                }
            }
        }
        var notACodePoint = row(records[0])
        notACodePoint[try #require(list.table.columnIndex("code_point"))] = .integer(0x110000)
        var numberAsAge = row(records[0])
        numberAsAge[try #require(list.table.columnIndex("age"))] = .integer(7)
        let values = records.map(row) + [notACodePoint, numberAsAge]
        let page = RowPage(rows: RowValues(values), keys: RowValues(values.map { _ in [] }), hasMore: false)
        let presenter = try #require(list.presenter)
        let fromPage = try #require(
            presenter.rows(page, of: list, language: .traditionalChinese, languageParameter: "zh-Hant") as? RowList)
        var expected = records
        expected.append(records[0])
        expected[expected.count - 1].age = "7"
        let fromRecords = RowList(expected, language: .traditionalChinese, languageParameter: "zh-Hant", listPath: list.path)
        #expect(fromPage.count == expected.count)
        for index in expected.indices {
            for name in Self.fieldNames {
                for escaped in [false, true] {
                    #expect(
                        try Self.written(fromPage, index, name, escaped: escaped)
                            == Self.written(fromRecords, index, name, escaped: escaped), "\(name) of row \(index)")
                }
            }
        }
        #expect(try Self.written(fromPage, 4, "age", escaped: false) == "?")
        #expect(try Self.written(fromPage, 1, "glyphStyle", escaped: false) == "mark")
    }

    /// Rows made from a page read its texts where the page keeps them: they keep
    /// them after the page is gone, and a change to the page's values afterwards
    /// (rows removed, others appended) copies them first, leaving the rows printing
    /// what they printed.
    @Test func rowsMadeFromAPageKeepTheirTextsWhenThePageChangesOrGoes() throws {
        let list = try CatalogueList.definition(
            source: DatabaseSource(path: TestCatalogue.full.path), configuration: nil, basePath: "")
        func row(_ codePoint: Int64, _ name: String) -> [SQLValue] {
            list.table.columns.map { column in
                switch column.name {
                case "code_point": .integer(codePoint)
                case "name": .text(name)
                case "category": .text("So")
                case "age": .text("1.1")
                default: .integer(0)
                }
            }
        }
        func rows(of values: RowValues) throws -> RowList {
            let page = RowPage(rows: values, keys: RowValues(values.map { _ in [] }), hasMore: false)
            let presenter = try #require(list.presenter)
            return try #require(presenter.rows(page, of: list, language: .english, languageParameter: nil) as? RowList)
        }
        var values = RowValues([row(0x2603, "SNOWMAN"), row(0x2604, "COMET")])
        let changed = try rows(of: values)
        values.removeRows(from: 0)
        values.append(row(0x41, "OVERWRITTEN <NAME>"))
        let gone = try rows(of: RowValues([row(0x2603, "SNOWMAN \(Int.random(in: 1...9))")]))
        _ = RowValues([row(0x41, String(repeating: "X", count: 4096))])
        #expect(try Self.written(changed, 0, "name", escaped: true) == "SNOWMAN")
        #expect(try Self.written(changed, 1, "name", escaped: true) == "COMET")
        #expect(try Self.written(changed, 1, "categoryName", escaped: true) == "Other Symbol")
        #expect(try Self.written(gone, 0, "name", escaped: true).hasPrefix("SNOWMAN "))
        #expect(try Self.written(gone, 0, "age", escaped: true) == "1.1")
    }

    /// A row's texts are HTML-escaped where they need it, whether the name,
    /// category and age are one after the other in the page (the catalogue's
    /// columns) or apart, with another column's text between them.
    @Test(arguments: [false, true])
    func textsReadInPlaceAreEscaped(apart: Bool) throws {
        let name: SQLValue = .text("AMPERSAND & <SIGN>")
        let values = RowValues(
            apart
                ? [[name, .text("<b>note</b>"), .text("Po"), .text("1.1")]]
                : [[name, .text("Po"), .text("1.1"), .text("<b>note</b>")]])
        var storage = RowList.Storage(capacity: 1, page: values)
        values.withUnsafeValues { values in
            storage.appendRow(
                codePoint: 0x26, name: 0, category: apart ? 2 : 1, age: apart ? 3 : 2, isEmoji: false, of: values)
        }
        let rows = RowList(storage)
        #expect(try Self.written(rows, 0, "name", escaped: true) == "AMPERSAND &amp; &lt;SIGN&gt;")
        #expect(try Self.written(rows, 0, "name", escaped: false) == "AMPERSAND & <SIGN>")
        #expect(try Self.written(rows, 0, "category", escaped: true) == "Po")
        #expect(try Self.written(rows, 0, "ageLabel", escaped: true) == "Unicode 1.1")
        #expect(try Self.written(rows, 0, "glyph", escaped: true) == "&amp;")
    }
}
