import ListStore
import Mustache

/// The rows of a page of a list over a table as `table-row.mustache` sees
/// them: one `MustacheList` for the page, no dictionary per row or cell.
///
/// Fields of each row: `id` (the element id), `key` (`data-key`: the detail
/// path's key segment, else the key's values; empty for a view paged by all its
/// columns, which has no key), `caption`, `detailHref` (nil
/// without a row page), `moreColumns` (nil when every column is shown),
/// `cells` (a ``CellList``; its section runs over the row's range of ``cellsBox``), `values` (the row's values by column name, for a
/// list's own `row.mustache`: `{{values.price}}`), `rowHeader` (the page's, on
/// every row: the label column's label, ``ReadingColumns``). The caption is the row's
/// value in the label column (else "Row" and its key), and no cell repeats it. Fields of each cell: `label`, `text`, `kind`
/// (the storage class), `isNull`, `isClamped`, `clampedNote` (words saying
/// the row's page shows all of a cut value), `href` (see `RecordCells`).
final class TableRowList: MustacheList {
    let list: ListDefinition
    let page: RowPage
    /// The page language's words, by reference (a copy retained each of them: ``SharedWords``).
    let words: SharedWords<TableWords>
    let lists: TableLists
    /// Per row: its element id (``TableView/elementIDHash(_:ordinal:)``) and where its
    /// texts are in ``rowTexts``.
    let rowFacts: [RowFacts]
    /// Every row's key text, caption and detail path segment, as UTF-8, one after the
    /// other: written from here, a row's three strings were retained and released for
    /// each print (perf).
    let rowTexts: ByteBuffer
    /// What a row's detail link is made of around its segment: the list's path and `/`,
    /// and `?lang=…` or "" (written around the segment, not joined into a string per row).
    let detailPrefix: String
    let detailSuffix: String
    /// Whether ``detailPrefix`` or ``detailSuffix`` has a byte HTML escapes (a
    /// `?lang=…` suffix with more parameters has `&`).
    let detailAffixesNeedEscaping: Bool
    /// The page's `rowHeader`, printed on every row (the card layout's label of the caption),
    /// and whether it has a byte HTML escapes.
    let rowHeader: String
    let rowHeaderNeedsEscaping: Bool
    /// The columns shown per row (indices into the table's columns).
    let shownColumns: [Int]
    let moreColumns: String?
    /// The table's column count.
    let width: Int
    /// Every shown cell of the page, with its text, label and link (``PageCells``).
    let pageCells: PageCells
    /// All of ``pageCells`` as one list, boxed once: each row's `cells` section runs
    /// over its range of it (``sublist(at:field:)``) rather than over a list boxed for
    /// each row (an allocation, a plan looked up and a value made and destroyed a row).
    let cellsBox: MustacheListBox

    init(
        _ page: RowPage, of list: ListDefinition, columns: ReadingColumns, words: SharedWords<TableWords>, lists: TableLists,
        language: Language, languageParameter: String?
    ) {
        self.list = list
        self.page = page
        self.words = words
        self.lists = lists
        let suffix = QueryString.link("", languageParameter.map { [("lang", $0)] } ?? [])
        var facts: [RowFacts] = []
        facts.reserveCapacity(page.rows.count)
        let rowTexts = ByteBuffer(capacity: page.rows.count * 48)
        let addressColumns = list.addressColumnIndices
        detailPrefix = list.path + "/"
        detailSuffix = suffix
        detailAffixesNeedEscaping = HTMLEscaping.needsEscaping(detailPrefix + suffix)
        rowHeader = columns.label.map { list.label(list.table.columns[$0], in: language) } ?? words.words.rowHeader
        rowHeaderNeedsEscaping = HTMLEscaping.needsEscaping(rowHeader)
        let labelColumn = columns.label
        // A view paged by all its columns has no key to give: `data-key` is empty there
        // (found by QA: it carried every value of the row, 96 % of a page of long texts).
        let hasKey = list.table.hasUniqueKey
        // Where the row's texts start in `rowTexts`.
        var rowStart = 0
        // Each row's values and key read in place, each made as an `SQLValue` only where
        // it is read (a row view per row retained the values; a `String` per text was made).
        page.rows.withUnsafeValues { rowValues in
            page.keys.withUnsafeValues { keyValues in
                for index in 0..<min(page.rows.count, page.keys.count) {
                    let row = rowValues.row(index)
                    let key = keyValues.row(index)
                    let segment = list.detailSegment(row: row, key: key, columns: addressColumns)
                    let keyText = segment ?? TableView.keyText(key)
                    if hasKey { rowTexts.append(keyText) }
                    let keyEnd = Int32(rowTexts.count)
                    if let labelColumn {
                        if let caption = RecordCells.plainCaption(row, column: labelColumn) {
                            rowTexts.append(caption)
                        } else {
                            rowTexts.append(RecordCells.caption(CollectionOfOne(row[labelColumn]), key: keyText, words: words.words))
                        }
                    } else if let caption = RecordCells.plainCaption(row) {
                        rowTexts.append(caption)
                    } else {
                        rowTexts.append(RecordCells.caption(row, key: keyText, words: words.words))
                    }
                    let captionEnd = Int32(rowTexts.count)
                    if let segment { rowTexts.append(segment) }
                    facts.append(
                        RowFacts(
                            idHash: TableView.elementIDHash(key, ordinal: index < page.ordinals.count ? page.ordinals[index] : 1),
                            keyEnd: keyEnd, captionEnd: captionEnd, segmentEnd: Int32(rowTexts.count),
                            hasDetailPage: segment != nil,
                            textsNeedEscaping: HTMLEscaping.needsEscaping(rowTexts[rowStart..<rowTexts.count])))
                    rowStart = rowTexts.count
                }
            }
        }
        self.rowFacts = facts
        self.rowTexts = rowTexts
        let shownColumns = columns.cells
        self.shownColumns = shownColumns
        width = list.table.columns.count
        let hidden = width - columns.all.count
        moreColumns = hidden > 0 ? words.words.moreColumns(hidden) : nil
        var cells: [PageCells.Cell] = []
        var links: [String] = []
        cells.reserveCapacity(page.rows.count * shownColumns.count)
        let texts = ByteBuffer(capacity: page.rows.count * shownColumns.count * 16)
        let bytes = words.words.bytes
        let table = list.table
        var columns: [ShownColumn] = []
        var targets: [ListDefinition?] = []
        columns.reserveCapacity(shownColumns.count)
        targets.reserveCapacity(shownColumns.count)
        // Each column's facts read in place (a copy of a column retained and released its dozen references).
        table.columns.withUnsafeBufferPointer { all in
            for index in shownColumns {
                let reference = all[index].reference
                targets.append(reference.flatMap { RecordCells.referenceTarget($0, lists: lists) })
                columns.append(
                    ShownColumn(
                        index: index, hasReference: reference != nil,
                        isExactNumber: RecordCells.isExactNumber(affinity: all[index].affinity, of: table),
                        format: all[index].valueFormat))
            }
        }
        // The values row after row, read in place by index (a row view per value checked
        // its row and retained the array).
        let tableWidth = width
        let blank = words.words.blank
        // The cut cells as flags, set once: a page that reads texts no further than it shows
        // (``ListStore/ShownPrefix``) cuts many, and each cell looked itself up in the set.
        var cut = [Bool]()
        if !page.clamped.isEmpty {
            cut = [Bool](repeating: false, count: page.rows.count * tableWidth)
            for cell in page.clamped where cell < cut.count { cut[cell] = true }
        }
        page.rows.withUnsafeValues { values in
            for rowIndex in 0..<page.rows.count {
                for (position, column) in columns.enumerated() {
                    let isCut = !cut.isEmpty && cut[rowIndex * tableWidth + column.index]
                    cells.append(
                        Self.cell(
                            values[rowIndex * tableWidth + column.index], of: column, isCut: isCut,
                            target: column.hasReference ? targets[position] : nil, languageSuffix: suffix, bytes: bytes,
                            blank: blank, texts: texts, links: &links))
                }
            }
        }
        pageCells = PageCells(
            columns: shownColumns.count,
            labels: shownColumns.map { PrintedText(list.label(table.columns[$0], in: language)) }, cells: cells, texts: texts, links: links,
            clampedNote: words.words.clamped)
        cellsBox = MustacheListBox(CellList(pageCells, rows: 0..<page.rows.count))
    }

    /// One row's element id and the ends of its texts in ``TableRowList/rowTexts``
    /// (its key text starts where the row before it ends; then its caption, then its
    /// detail path segment).
    struct RowFacts {
        let idHash: UInt64
        let keyEnd, captionEnd, segmentEnd: Int32
        /// Whether the row has a page (a detail segment; nil without a row page).
        let hasDetailPage: Bool
        /// Whether any of the row's texts has a byte HTML escapes (most rows' have
        /// none: their texts are then copied as they are).
        let textsNeedEscaping: Bool
    }

    /// Where row `index`'s key text, caption and detail segment are in ``rowTexts``.
    private func textRanges(_ index: Int) -> (key: Range<Int>, caption: Range<Int>, segment: Range<Int>) {
        let start = index == 0 ? 0 : Int(rowFacts[index - 1].segmentEnd)
        let facts = rowFacts[index]
        return (start..<Int(facts.keyEnd), Int(facts.keyEnd)..<Int(facts.captionEnd), Int(facts.captionEnd)..<Int(facts.segmentEnd))
    }

    /// What the cells of a shown column read of it, as plain values (no column,
    /// reference or target retained and released for each cell).
    private struct ShownColumn {
        /// The column's index in the table.
        let index: Int
        let hasReference: Bool
        let isExactNumber: Bool
        let format: TableDescription.ValueFormat
    }

    /// The cell of `stored` in `column`: its text appended to `texts`, its link (if any)
    /// to `links`. A number, NULL and a short printable ASCII text that is no web
    /// address, in a column of plain values without a reference (most cells), are
    /// written from the page's values; any other value is made as an `SQLValue` first.
    private static func cell(
        _ stored: RowValues.Value, of column: ShownColumn, isCut: Bool, target: ListDefinition?, languageSuffix: String,
        bytes: (Int) -> String, blank: String, texts: ByteBuffer, links: inout [String]
    ) -> PageCells.Cell {
        if column.format == .plain, !column.hasReference, !isCut {
            /// The cell just written, whole and without a link.
            func whole(_ kind: RecordCells.CellKind, isNull: Bool = false, needsEscaping: Bool = false) -> PageCells.Cell {
                PageCells.Cell(
                    kind: kind, isNull: isNull, isCut: false, isClamped: false, link: -1, textEnd: Int32(texts.count),
                    textNeedsEscaping: needsEscaping)
            }
            // Digits, a number's `.`, `e`, `-` and `+`, `NaN`, `Infinity` and the dash of
            // NULL have no byte HTML escapes (the cell tests check it).
            switch stored {
            case .integer(let number):
                texts.append(decimal: number)
                return whole(.integer)
            case .real(let number):
                texts.append(SQLValue.shortestText(number))
                return whole(.real)
            case .null:
                texts.append(RecordCells.nullText)
                return whole(.null, isNull: true)
            // A web address starts with `h` (``RecordCells/isWebAddress(_:)``): a link, made below.
            case .text(let utf8) where utf8.first != UInt8(ascii: "h"):
                if let needsEscaping = texts.appendIfPrintableASCIINeedsEscaping(utf8, maximumBytes: RecordCells.clampedLength) {
                    return whole(column.isExactNumber ? .real : .text, needsEscaping: needsEscaping)
                }
            default:
                break
            }
        }
        // A text that is no link (a web address starts with `http`): only what it shows is
        // walked and copied (``CharacterCut``).
        if column.format == .plain, !column.hasReference, case .text(let utf8) = stored, !utf8.starts(with: "http".utf8) {
            let start = texts.count
            let end = CharacterCut.end(of: utf8, after: RecordCells.clampedLength)
            let shown = end.map { UnsafeBufferPointer(rebasing: utf8[..<$0]) } ?? utf8
            if !texts.appendIfPrintableASCII(shown, maximumBytes: .max) {
                texts.append(VisibleText.escape(String(decoding: shown, as: UTF8.self)))
            }
            let isClamped = isCut || end != nil
            if isClamped { texts.append("…") }
            return PageCells.Cell(
                kind: column.isExactNumber ? .real : .text, isNull: false, isCut: isCut, isClamped: isClamped, link: -1,
                textEnd: Int32(texts.count), textNeedsEscaping: HTMLEscaping.needsEscaping(texts[start..<texts.count]))
        }
        let value = stored.value
        var link: Int32 = -1
        if RecordCells.mayLink(value, hasReference: column.hasReference),
            let href = RecordCells.href(value, target: target, languageSuffix: languageSuffix)
        {
            link = Int32(links.count)
            links.append(href)
        }
        let start = texts.count
        appendText(of: value, isCut: isCut, format: column.format, bytes: bytes, to: texts)
        // A link whose text shows nothing has no name to read out (WCAG 2.4.4): it says it is blank.
        if link >= 0, !VisibleText.showsSomething(texts.string(start..<texts.count)) {
            texts.removeAll(from: start)
            texts.append(blank)
        }
        return PageCells.Cell(
            kind: RecordCells.cellKind(value, exactNumber: column.isExactNumber), isNull: value.isNull, isCut: isCut,
            isClamped: isCut || RecordCells.needsClamp(value), link: link, textEnd: Int32(texts.count),
            textNeedsEscaping: HTMLEscaping.needsEscaping(texts[start..<texts.count]))
    }

    /// Appends the text a list page shows of a cell's `value`
    /// (``RecordCells/text(_:clamp:isClamped:bytes:format:)``, clamped): an integer's
    /// digits and a short printable ASCII text straight from the value.
    private static func appendText(
        of value: SQLValue, isCut: Bool, format: TableDescription.ValueFormat, bytes: (Int) -> String, to texts: ByteBuffer
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
        case .id: .string(MustacheOutput.string { TableView.writeElementID(rowFacts[index].idHash, into: &$0) })
        case .key: .string(rowTexts.string(textRanges(index).key))
        case .caption: .string(rowTexts.string(textRanges(index).caption))
        case .detailHref:
            rowFacts[index].hasDetailPage
                ? .string(detailPrefix + rowTexts.string(textRanges(index).segment) + detailSuffix) : .null
        case .moreColumns: moreColumns.map { .string($0) } ?? .null
        case .cells: .list(CellList(pageCells, rows: index..<index + 1))
        case .values: .dictionary(RecordCells.values(page.rows[index], of: list))
        // The page's `rowHeader` on each row too: a row template that names it is then
        // planned whole (every name the row's), not read tag by tag down the context stack.
        case .rowHeader: .string(rowHeader)
        case nil: .null
        }
    }

    /// The truthiness of every field but `cells` and `values` (a list and a dictionary),
    /// said without making the value: `{{#detailHref}}` on every row.
    func truthiness(at index: Int, field: Int) -> Bool? {
        switch Field(rawValue: field) {
        case .id: true
        case .key: !textRanges(index).key.isEmpty
        case .caption: !textRanges(index).caption.isEmpty
        case .detailHref: rowFacts[index].hasDetailPage
        case .moreColumns: moreColumns.map { !$0.isEmpty } ?? false
        case .rowHeader: !rowHeader.isEmpty
        case .cells, .values: nil
        case nil: false
        }
    }

    /// Row `index`'s `cells` as its range of the page's cells (``cellsBox``).
    func sublist(at index: Int, field: Int) -> (list: MustacheListBox, rows: Range<Int>)? {
        guard field == Field.cells.rawValue else { return nil }
        let first = index * pageCells.columns
        return (cellsBox, first..<first + pageCells.columns)
    }

    /// Every field but `cells` and `values` is written straight into the page, without
    /// a value around it (a detail link in its three parts: escaping is byte by byte).
    func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        let textsEscaped = escaped && rowFacts[index].textsNeedEscaping
        switch Field(rawValue: field) {
        case .id: TableView.writeElementID(rowFacts[index].idHash, into: &output)
        case .key: output.append(utf8: rowTexts[textRanges(index).key], escaped: textsEscaped)
        case .caption: output.append(utf8: rowTexts[textRanges(index).caption], escaped: textsEscaped)
        case .detailHref:
            guard rowFacts[index].hasDetailPage else { return }
            output.append(detailPrefix, escaped: escaped && detailAffixesNeedEscaping)
            output.append(utf8: rowTexts[textRanges(index).segment], escaped: textsEscaped)
            output.append(detailSuffix, escaped: escaped && detailAffixesNeedEscaping)
        case .moreColumns: output.append(moreColumns ?? "", escaped: escaped)
        case .rowHeader: output.append(rowHeader, escaped: escaped && rowHeaderNeedsEscaping)
        default: output.append(mustacheValue(at: index, field: field), escaped: escaped)
        }
    }
}

/// The field numbers of a `MustacheList` whose fields are the cases of `F`, by the
/// cases' names (``TableRowList``, its cells, a ``RowPresenter``'s rows).
package func fieldNumbers<F: CaseIterable & RawRepresentable>(_ type: F.Type) -> [String: Int] where F.RawValue == Int {
    Dictionary(uniqueKeysWithValues: F.allCases.map { ("\($0)", $0.rawValue) })
}
