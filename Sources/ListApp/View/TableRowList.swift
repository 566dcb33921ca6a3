import ListStore
import Mustache

/// The rows of a page of a list over a table as `table-row.mustache` sees
/// them: one `MustacheList` for the page, no dictionary per row or cell.
///
/// Fields of each row: `id` (the element id), `key` (`data-key`: the detail
/// path's key segment, else the key's values; empty for a view paged by all its
/// columns, which has no key), `caption`, `detailHref` (nil
/// without a row page), `moreColumns` (nil when every column is shown),
/// `cells` (a ``CellList``), `values` (the row's values by column name, for a
/// list's own `row.mustache`: `{{values.price}}`), `rowHeader` (the page's, on
/// every row). Fields of each cell: `label`, `text`, `kind`
/// (the storage class), `isNull`, `isClamped`, `clampedNote` (words saying
/// the row's page shows all of a cut value), `href` (see `RecordCells`).
final class TableRowList: MustacheList {
    let list: ListDefinition
    let page: RowPage
    let words: TableWords
    let lists: TableLists
    /// Per row: element id (``TableView/elementIDHash(_:ordinal:)``), key text, caption,
    /// the detail path's key segment (nil without a row page).
    let idHashes: [UInt64]
    let keys: [String]
    let captions: [String]
    let detailSegments: [String?]
    /// What a row's detail link is made of around its segment: the list's path and `/`,
    /// and `?lang=…` or "" (written around the segment, not joined into a string per row).
    let detailPrefix: String
    let detailSuffix: String
    /// The columns shown per row (indices into the table's columns).
    let shownColumns: [Int]
    let moreColumns: String?
    /// The table's column count.
    let width: Int
    /// Each shown column's label (by position among the shown columns).
    let labels: [PrintedText]
    /// Every shown cell of the page, row by row (`row * shownColumns.count + position`):
    /// what `kind` and `href` print, whether it is NULL or cut, and where its text ends
    /// in ``cellTexts``.
    let cells: [Cell]
    /// Every shown cell's `text` as UTF-8, one after the other in the order of
    /// ``cells``: made once from the cell's value while the page's values are read
    /// for the cells anyway, and copied from here when printed. Written from the value
    /// at each print, every cell read its value a second time (an enum with a string
    /// to retain) and checked its text again: the 20-row page of an 8-column table
    /// took 496 K instructions to draw (callgrind, `liststate-bench --table`).
    let cellTexts: TextBuffer
    /// The links of the cells that have one (``Cell/link``).
    let cellLinks: [String]

    /// What a page keeps of one cell: plain data, so a page's cells are one array
    /// with nothing in it to retain or release.
    struct Cell {
        var kind: RecordCells.CellKind
        var isNull: Bool
        /// Whether the source cut the value (``RowPage/clampLength``).
        var isCut: Bool
        /// Whether the cell shows a cut value (the source cut it, or it is longer than a list page shows).
        var isClamped: Bool
        /// The cell's link in ``cellLinks``; -1 for none.
        var link: Int32
        /// Where the cell's text ends in ``cellTexts`` (it starts where the cell before it ends).
        var textEnd: Int32
    }

    init(_ page: RowPage, of list: ListDefinition, words: TableWords, lists: TableLists, languageParameter: String?) {
        self.list = list
        self.page = page
        self.words = words
        self.lists = lists
        let suffix = QueryString.link("", languageParameter.map { [("lang", $0)] } ?? [])
        var ids: [UInt64] = []
        var keys: [String] = []
        var captions: [String] = []
        var segments: [String?] = []
        ids.reserveCapacity(page.rows.count)
        keys.reserveCapacity(page.rows.count)
        captions.reserveCapacity(page.rows.count)
        segments.reserveCapacity(page.rows.count)
        let addressColumns = list.addressColumnIndices
        detailPrefix = list.path + "/"
        detailSuffix = suffix
        // A view paged by all its columns has no key to give: `data-key` is empty there
        // (found by QA: it carried every value of the row, 96 % of a page of long texts).
        let hasKey = list.table.hasUniqueKey
        for (index, (row, key)) in zip(page.rows, page.keys).enumerated() {
            let segment = list.detailSegment(row: row, key: key, columns: addressColumns)
            let keyText = segment ?? TableView.keyText(key)
            ids.append(TableView.elementIDHash(key, ordinal: index < page.ordinals.count ? page.ordinals[index] : 1))
            keys.append(hasKey ? keyText : "")
            captions.append(RecordCells.caption(row, key: keyText, words: words))
            segments.append(segment)
        }
        self.idHashes = ids
        self.keys = keys
        self.captions = captions
        self.detailSegments = segments
        let shownColumns = list.listedColumns
        self.shownColumns = shownColumns
        width = list.table.columns.count
        let hidden = width - shownColumns.count
        moreColumns = hidden > 0 ? words.moreColumns(hidden) : nil
        var cells: [Cell] = []
        var links: [String] = []
        cells.reserveCapacity(page.rows.count * shownColumns.count)
        let texts = TextBuffer(capacity: page.rows.count * shownColumns.count * 16)
        let bytes = words.bytes
        let table = list.table
        let references = shownColumns.map { table.columns[$0].reference }
        let targets = references.map { $0.flatMap { RecordCells.referenceTarget($0, lists: lists) } }
        let exactNumbers = shownColumns.map { RecordCells.isExactNumber(table.columns[$0], of: table) }
        let formats = shownColumns.map { table.columns[$0].valueFormat }
        labels = list.listedLabels
        // The values row after row, read by index (a row view per value checked its row and retained the array).
        let values = page.rows.values
        let rowWidth = page.rows.width
        for rowIndex in 0..<page.rows.count {
            for (position, index) in shownColumns.enumerated() {
                let value = values[rowIndex * rowWidth + index]
                let isCut = page.isClamped(row: rowIndex, column: index, width: width)
                var link: Int32 = -1
                if RecordCells.mayLink(value, hasReference: references[position] != nil),
                    let href = RecordCells.href(value, target: targets[position], languageSuffix: suffix)
                {
                    link = Int32(links.count)
                    links.append(href)
                }
                Self.appendText(of: value, isCut: isCut, format: formats[position], bytes: bytes, to: texts)
                cells.append(
                    Cell(
                        kind: RecordCells.cellKind(value, exactNumber: exactNumbers[position]), isNull: value.isNull,
                        isCut: isCut, isClamped: isCut || RecordCells.needsClamp(value), link: link,
                        textEnd: Int32(texts.count)))
            }
        }
        self.cells = cells
        cellTexts = texts
        cellLinks = links
    }

    /// Appends the text a list page shows of a cell's `value`
    /// (``RecordCells/text(_:clamp:isClamped:bytes:format:)``, clamped): an integer's
    /// digits and a short printable ASCII text straight from the value.
    private static func appendText(
        of value: SQLValue, isCut: Bool, format: TableDescription.ValueFormat, bytes: (Int) -> String, to texts: TextBuffer
    ) {
        if format == .plain {
            switch value {
            case .integer(let number):
                texts.append(decimal: number)
                return
            case .text(let text) where !isCut:
                if texts.appendIfPrintableASCII(text, maximumBytes: RecordCells.clampedLength) { return }
            default:
                break
            }
        }
        texts.append(RecordCells.text(value, clamp: true, isClamped: isCut, bytes: bytes, format: format))
    }

    var count: Int { page.rows.count }

    enum Field: Int, CaseIterable {
        case id, key, caption, detailHref, moreColumns, cells, values, rowHeader
        static let byName = fieldNumbers(Field.self)
    }

    func field(named key: String) -> Int? { Field.byName[key] }

    /// Every page's rows have the same fields: the row template is planned once per library.
    static var fieldsAreTheTypes: Bool { true }

    func mustacheValue(at index: Int, field: Int) -> MustacheValue {
        switch Field(rawValue: field) {
        case .id: .string(MustacheOutput.string { TableView.writeElementID(idHashes[index], into: &$0) })
        case .key: .string(keys[index])
        case .caption: .string(captions[index])
        case .detailHref: detailSegments[index].map { .string(detailPrefix + $0 + detailSuffix) } ?? .null
        case .moreColumns: moreColumns.map { .string($0) } ?? .null
        case .cells: .list(CellList(rows: self, row: index))
        case .values: .dictionary(RecordCells.values(page.rows[index], of: list))
        // The page's `rowHeader` on each row too: a row template that names it is then
        // planned whole (every name the row's), not read tag by tag down the context stack.
        case .rowHeader: .string(words.rowHeader)
        case nil: .null
        }
    }

    /// The truthiness of every field but `cells` and `values` (a list and a dictionary),
    /// said without making the value: `{{#detailHref}}` on every row.
    func truthiness(at index: Int, field: Int) -> Bool? {
        switch Field(rawValue: field) {
        case .id: true
        case .key: !keys[index].isEmpty
        case .caption: !captions[index].isEmpty
        case .detailHref: detailSegments[index] != nil
        case .moreColumns: moreColumns.map { !$0.isEmpty } ?? false
        case .rowHeader: !words.rowHeader.isEmpty
        case .cells, .values: nil
        case nil: false
        }
    }

    /// Every field but `cells` and `values` is written straight into the page, without
    /// a value around it (a detail link in its three parts: escaping is byte by byte).
    func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        switch Field(rawValue: field) {
        case .id: TableView.writeElementID(idHashes[index], into: &output)
        case .key: output.append(keys[index], escaped: escaped)
        case .caption: output.append(captions[index], escaped: escaped)
        case .detailHref:
            guard let segment = detailSegments[index] else { return }
            output.append(detailPrefix, escaped: escaped)
            output.append(segment, escaped: escaped)
            output.append(detailSuffix, escaped: escaped)
        case .moreColumns: output.append(moreColumns ?? "", escaped: escaped)
        case .rowHeader: output.append(words.rowHeader, escaped: escaped)
        default: output.append(mustacheValue(at: index, field: field), escaped: escaped)
        }
    }

    /// The cells of one row. A struct of two words: it fits the existential's
    /// inline buffer, so a row's cells cost one allocation (the list's box), where
    /// a class cost two (callgrind: /items 851 K → 838 K instructions).
    struct CellList: MustacheList {
        let rows: TableRowList
        /// The page's index of the row's first cell.
        let first: Int

        init(rows: TableRowList, row: Int) {
            self.rows = rows
            self.first = row * rows.shownColumns.count
        }

        var count: Int { rows.shownColumns.count }

        /// Every row's cells have the same fields: the body is planned once per library.
        static var fieldsAreTheTypes: Bool { true }

        enum Field: Int, CaseIterable {
            case label, text, kind, isNull, isClamped, href, clampedNote
            static let byName = fieldNumbers(Field.self)
        }

        func field(named key: String) -> Int? { Field.byName[key] }

        func mustacheValue(at position: Int, field: Int) -> MustacheValue {
            let cell = first + position
            switch Field(rawValue: field) {
            case .label: return .string(rows.labels[position].text)
            case .text: return .string(rows.text(cell: cell))
            case .kind: return .string(rows.cells[cell].kind.name.description)
            case .isNull: return .bool(rows.cells[cell].isNull)
            case .isClamped: return .bool(rows.cells[cell].isClamped)
            case .href: return rows.link(cell: cell).map { .string($0) } ?? .null
            case .clampedNote: return .string(rows.words.clamped)
            case nil: return .null
            }
        }

        /// Every field's truthiness, said without making the value: `{{#href}}` twice
        /// and `{{#isClamped}}` once in every cell.
        func truthiness(at position: Int, field: Int) -> Bool? {
            let cell = first + position
            switch Field(rawValue: field) {
            case .label: return !rows.labels[position].text.isEmpty
            case .text: return !rows.textRange(cell: cell).isEmpty
            case .kind: return true
            case .isNull: return rows.cells[cell].isNull
            case .isClamped: return rows.cells[cell].isClamped
            case .href:
                let link = rows.cells[cell].link
                return link >= 0 && !rows.cellLinks[Int(link)].isEmpty
            case .clampedNote: return !rows.words.clamped.isEmpty
            case nil: return false
            }
        }

        /// `label`, `kind` and a cell's `text` are written straight into the page
        /// (every cell of every row has them), without a value around them.
        func interpolate(at position: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
            let cell = first + position
            switch Field(rawValue: field) {
            case .label: rows.labels[position].write(escaped: escaped, into: &output)
            case .text: rows.writeText(cell: cell, escaped: escaped, into: &output)
            case .kind: output.append(literal: rows.cells[cell].kind.name)
            default: output.append(mustacheValue(at: position, field: field), escaped: escaped)
            }
        }
    }

    /// The link of `cell`, if it has one.
    func link(cell: Int) -> String? {
        let index = cells[cell].link
        return index < 0 ? nil : cellLinks[Int(index)]
    }

    /// Where the text of `cell` is in ``cellTexts``.
    func textRange(cell: Int) -> Range<Int> {
        Int(cell == 0 ? 0 : cells[cell - 1].textEnd)..<Int(cells[cell].textEnd)
    }

    /// The text `cell` shows (``RecordCells/text(_:clamp:isClamped:bytes:format:)``, clamped).
    func text(cell: Int) -> String {
        cellTexts.string(textRange(cell: cell))
    }

    /// Writes ``text(cell:)``, HTML-escaped when `escaped`.
    func writeText(cell: Int, escaped: Bool, into output: inout MustacheOutput) {
        output.append(utf8: cellTexts[textRange(cell: cell)], escaped: escaped)
    }
}

/// The field numbers of a `MustacheList` whose fields are the cases of `F`, by the
/// cases' names (``TableRowList``, its cells, the catalogue's ``RowList``).
func fieldNumbers<F: CaseIterable & RawRepresentable>(_ type: F.Type) -> [String: Int] where F.RawValue == Int {
    Dictionary(uniqueKeysWithValues: F.allCases.map { ("\($0)", $0.rawValue) })
}
