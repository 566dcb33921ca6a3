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
        var ids: [String] = [], keys: [String] = [], captions: [String] = [], hrefs: [String?] = []
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
        shownColumns = list.shownColumns ?? Array(0..<min(list.table.columns.count, RecordCells.listedColumns))
        let hidden = list.table.columns.count - shownColumns.count
        moreColumns = hidden > 0 ? words.moreColumns(hidden) : nil
    }

    var count: Int { page.rows.count }

    enum Field: Int, CaseIterable {
        case id, key, caption, detailHref, moreColumns, cells, values
        static let byName: [String: Int] = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0.rawValue) })
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
            static let byName: [String: Int] = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0.rawValue) })
        }

        func field(named key: String) -> Int? { Field.byName[key] }

        func mustacheValue(at position: Int, field: Int) -> MustacheValue {
            let index = rows.shownColumns[position]
            let value = rows.page.rows[row][index]
            let isClamped = rows.page.isClamped(row: row, column: index, width: rows.list.table.columns.count)
            switch Field(rawValue: field) {
            case .label: return .string(rows.labels[index])
            case .kind: return .string(value.storageClass)
            case .isNull: return .bool(value.isNull)
            case .isClamped: return .bool(isClamped || RecordCells.needsClamp(value))
            case .text: return .string(RecordCells.text(value, clamp: true, isClamped: isClamped, words: rows.words))
            case .href:
                return RecordCells.href(value, column: rows.list.table.columns[index], lists: rows.lists).map { .string($0) } ?? .null
            case .clampedNote: return .string(rows.words.clamped)
            case nil: return .null
            }
        }

        /// `label`, `kind` and a cell's `text` are written straight into the page (every cell of every row has them).
        func interpolate(at position: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
            let index = rows.shownColumns[position]
            let value = rows.page.rows[row][index]
            switch Field(rawValue: field) {
            case .label:
                output.append(rows.labels[index], escaped: escaped)
            case .kind:
                switch value {
                case .null: output.append(literal: "null")
                case .integer: output.append(literal: "integer")
                case .real: output.append(literal: "real")
                case .text: output.append(literal: "text")
                case .blob: output.append(literal: "blob")
                }
            case .text:
                let isClamped = rows.page.isClamped(row: row, column: index, width: rows.list.table.columns.count)
                switch value {
                case .integer(let number):
                    output.append(String(number), escaped: false)
                case .text(let text) where !isClamped && !RecordCells.needsClamp(value):
                    output.append(VisibleText.escape(text), escaped: escaped)
                default:
                    output.append(RecordCells.text(value, clamp: true, isClamped: isClamped, words: rows.words), escaped: escaped)
                }
            default:
                output.append(mustacheValue(at: position, field: field), escaped: escaped)
            }
        }
    }
}
