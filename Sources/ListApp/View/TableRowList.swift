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
    /// Per row: element id, key text, caption, detail link (with `?lang=`).
    let ids: [String]
    let keys: [String]
    let captions: [String]
    let detailHrefs: [String?]
    /// The columns shown per row (indices into the table's columns).
    let shownColumns: [Int]
    /// Each column's label.
    let labels: [String]
    let moreColumns: String?
    /// The table's column count.
    let width: Int
    /// Every shown cell of the page, row by row (`row * shownColumns.count + position`),
    /// drawn once when the page is made: what `text`, `kind` and `href` print,
    /// and whether it is NULL or cut. Reading them for each tag out of the row's
    /// values, the list definition and the lists served copied those large
    /// values again and again (perf: a fifth of a table page).
    let cellTexts: [String]
    let cellKinds: [String]
    let cellHrefs: [String?]
    let cellIsNull: [Bool]
    let cellIsClamped: [Bool]

    init(_ page: RowPage, of list: ListDefinition, words: TableWords, lists: TableLists, languageParameter: String?) {
        self.list = list
        self.page = page
        self.words = words
        self.lists = lists
        let suffix = QueryString.link("", languageParameter.map { [("lang", $0)] } ?? [])
        var ids: [String] = []
        var keys: [String] = []
        var captions: [String] = []
        var hrefs: [String?] = []
        ids.reserveCapacity(page.rows.count)
        keys.reserveCapacity(page.rows.count)
        captions.reserveCapacity(page.rows.count)
        hrefs.reserveCapacity(page.rows.count)
        let addressColumns = list.addressColumnIndices
        let detailPrefix = list.path + "/"
        // A view paged by all its columns has no key to give: `data-key` is empty there
        // (found by QA: it carried every value of the row, 96 % of a page of long texts).
        let hasKey = list.table.hasUniqueKey
        for (index, (row, key)) in zip(page.rows, page.keys).enumerated() {
            let segment = list.detailSegment(address: list.address(row: row, key: key, columns: addressColumns))
            let keyText = segment ?? TableView.keyText(key)
            ids.append(TableView.elementID(key, ordinal: index < page.ordinals.count ? page.ordinals[index] : 1))
            keys.append(hasKey ? keyText : "")
            captions.append(RecordCells.caption(row, key: keyText, words: words))
            hrefs.append(segment.map { detailPrefix + $0 + suffix })
        }
        self.ids = ids
        self.keys = keys
        self.captions = captions
        self.detailHrefs = hrefs
        labels = list.table.columns.map(list.label)
        shownColumns = list.listedColumns
        width = list.table.columns.count
        let hidden = width - shownColumns.count
        moreColumns = hidden > 0 ? words.moreColumns(hidden) : nil
        let cells = page.rows.count * shownColumns.count
        var texts: [String] = []
        var kinds: [String] = []
        var links: [String?] = []
        var nulls: [Bool] = []
        var clamped: [Bool] = []
        texts.reserveCapacity(cells)
        kinds.reserveCapacity(cells)
        links.reserveCapacity(cells)
        nulls.reserveCapacity(cells)
        clamped.reserveCapacity(cells)
        let references = shownColumns.map { list.table.columns[$0].reference }
        let formats = shownColumns.map { list.table.columns[$0].valueFormat }
        let exactNumbers = shownColumns.map { RecordCells.isExactNumber(list.table.columns[$0], of: list.table) }
        for (rowIndex, row) in page.rows.enumerated() {
            for (position, index) in shownColumns.enumerated() {
                let value = row[index]
                let isCut = page.isClamped(row: rowIndex, column: index, width: width)
                texts.append(RecordCells.text(value, clamp: true, isClamped: isCut, bytes: words.bytes, format: formats[position]))
                kinds.append(RecordCells.kind(value, exactNumber: exactNumbers[position]))
                links.append(RecordCells.href(value, reference: references[position], lists: lists, languageSuffix: suffix))
                nulls.append(value.isNull)
                clamped.append(isCut || RecordCells.needsClamp(value))
            }
        }
        cellTexts = texts
        cellKinds = kinds
        cellHrefs = links
        cellIsNull = nulls
        cellIsClamped = clamped
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
        case .id: .string(ids[index])
        case .key: .string(keys[index])
        case .caption: .string(captions[index])
        case .detailHref: detailHrefs[index].map { .string($0) } ?? .null
        case .moreColumns: moreColumns.map { .string($0) } ?? .null
        case .cells: .list(CellList(rows: self, row: index))
        case .values: .dictionary(RecordCells.values(page.rows[index], of: list))
        // The page's `rowHeader` on each row too: a row template that names it is then
        // planned whole (every name the row's), not read tag by tag down the context stack.
        case .rowHeader: .string(words.rowHeader)
        case nil: .null
        }
    }

    /// The cells of one row.
    final class CellList: MustacheList {
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
            case .label: return .string(rows.labels[rows.shownColumns[position]])
            case .text: return .string(rows.cellTexts[cell])
            case .kind: return .string(rows.cellKinds[cell])
            case .isNull: return .bool(rows.cellIsNull[cell])
            case .isClamped: return .bool(rows.cellIsClamped[cell])
            case .href: return rows.cellHrefs[cell].map { .string($0) } ?? .null
            case .clampedNote: return .string(rows.words.clamped)
            case nil: return .null
            }
        }

        /// `label`, `kind` and a cell's `text` are written straight into the page
        /// (every cell of every row has them), without a value around them.
        func interpolate(at position: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
            let cell = first + position
            switch Field(rawValue: field) {
            case .label: output.append(rows.labels[rows.shownColumns[position]], escaped: escaped)
            case .text: output.append(rows.cellTexts[cell], escaped: escaped)
            case .kind: output.append(rows.cellKinds[cell], escaped: escaped)
            default: output.append(mustacheValue(at: position, field: field), escaped: escaped)
            }
        }
    }
}

/// The field numbers of a `MustacheList` whose fields are the cases of `F`, by the
/// cases' names (``TableRowList``, its cells, the catalogue's ``RowList``).
func fieldNumbers<F: CaseIterable & RawRepresentable>(_ type: F.Type) -> [String: Int] where F.RawValue == Int {
    Dictionary(uniqueKeysWithValues: F.allCases.map { ("\($0)", $0.rawValue) })
}
