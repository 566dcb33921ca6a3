import ListStore
import Mustache

/// The rows of a page of a list over a table as `table-row.mustache` sees
/// them: one `MustacheList` for the page, no dictionary per row or cell.
///
/// Fields of each row: `id` (the element id), `key` (`data-key`: the detail
/// path's key segment, else the key's values), `caption`, `detailHref` (nil
/// without a row page), `moreColumns` (nil when every column is shown),
/// `cells` (a ``CellList``), `values` (the row's values by column name, for a
/// list's own `row.mustache`: `{{values.price}}`). Fields of each cell: `label`, `text`, `kind`
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
        for (index, (row, key)) in zip(page.rows, page.keys).enumerated() {
            let detail = list.detailPath(address: list.address(row: row, key: key))
            let keyText = detail.map { String($0.dropFirst(list.path.utf8.count + 1)) } ?? TableView.keyText(key)
            ids.append(TableView.elementID(key, ordinal: index < page.ordinals.count ? page.ordinals[index] : 1))
            keys.append(keyText)
            captions.append(RecordCells.caption(row, key: keyText, words: words))
            hrefs.append(detail.map { $0 + suffix })
        }
        self.ids = ids
        self.keys = keys
        self.captions = captions
        self.detailHrefs = hrefs
        labels = list.table.columns.map(list.label)
        shownColumns = list.listedColumns
        let hidden = list.table.columns.count - shownColumns.count
        moreColumns = hidden > 0 ? words.moreColumns(hidden) : nil
    }

    var count: Int { page.rows.count }

    enum Field: Int, CaseIterable {
        case id, key, caption, detailHref, moreColumns, cells, values
        static let byName = fieldNumbers(Field.self)
    }

    func field(named key: String) -> Int? { Field.byName[key] }

    func mustacheValue(at index: Int, field: Int) -> MustacheValue {
        switch Field(rawValue: field) {
        case .id: .string(ids[index])
        case .key: .string(keys[index])
        case .caption: .string(captions[index])
        case .detailHref: detailHrefs[index].map { .string($0) } ?? .null
        case .moreColumns: moreColumns.map { .string($0) } ?? .null
        case .cells: .list(CellList(rows: self, row: index))
        case .values: .dictionary(RecordCells.values(page.rows[index], of: list))
        case nil: .null
        }
    }

    /// The cells of one row.
    final class CellList: MustacheList {
        let rows: TableRowList
        let row: Int

        init(rows: TableRowList, row: Int) {
            self.rows = rows
            self.row = row
        }

        var count: Int { rows.shownColumns.count }

        enum Field: Int, CaseIterable {
            case label, text, kind, isNull, isClamped, href, clampedNote
            static let byName = fieldNumbers(Field.self)
        }

        func field(named key: String) -> Int? { Field.byName[key] }

        /// What `label`, `kind` and `text` print for the cell at `position`, nil for the other fields.
        private func string(at position: Int, field: Field?) -> String? {
            let index = rows.shownColumns[position]
            let value = rows.page.rows[row][index]
            switch field {
            case .label: return rows.labels[index]
            case .kind: return value.storageClass
            case .text:
                let isClamped = rows.page.isClamped(row: row, column: index, width: rows.list.table.columns.count)
                return RecordCells.text(value, clamp: true, isClamped: isClamped, words: rows.words)
            default: return nil
            }
        }

        func mustacheValue(at position: Int, field: Int) -> MustacheValue {
            let field = Field(rawValue: field)
            if let string = string(at: position, field: field) { return .string(string) }
            let index = rows.shownColumns[position]
            let value = rows.page.rows[row][index]
            switch field {
            case .isNull: return .bool(value.isNull)
            case .isClamped:
                let isClamped = rows.page.isClamped(row: row, column: index, width: rows.list.table.columns.count)
                return .bool(isClamped || RecordCells.needsClamp(value))
            case .href:
                return RecordCells.href(value, column: rows.list.table.columns[index], lists: rows.lists).map { .string($0) } ?? .null
            case .clampedNote: return .string(rows.words.clamped)
            case .label, .kind, .text, nil: return .null
            }
        }

        /// `label`, `kind` and a cell's `text` are written straight into the page
        /// (every cell of every row has them), without a value around them.
        func interpolate(at position: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
            if let string = string(at: position, field: Field(rawValue: field)) {
                output.append(string, escaped: escaped)
            } else {
                output.append(mustacheValue(at: position, field: field), escaped: escaped)
            }
        }
    }
}

/// The field numbers of a `MustacheList` whose fields are the cases of `F`, by the cases' names.
private func fieldNumbers<F: CaseIterable & RawRepresentable>(_ type: F.Type) -> [String: Int] where F.RawValue == Int {
    Dictionary(uniqueKeysWithValues: F.allCases.map { ("\($0)", $0.rawValue) })
}
