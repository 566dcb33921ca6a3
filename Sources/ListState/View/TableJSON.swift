import Foundation
import ListDecision
import ListStore

/// The JSON twin of a list page and of a row's page: the same decision in
/// data (docs/list.schema.json is its JSON Schema; the README, "Serve your
/// own data", shows it).
enum TableJSON {
    /// The `state` of a decision: `rows`, `nothing`, or the placeholder kind it shows.
    static func state(_ body: Decision.Body) -> String {
        switch body {
        case .rows, .placeholderAboveRows: "rows"
        case .placeholder(let kind): kind.rawValue
        case .nothing, .nothingNew: "nothing"
        }
    }

    /// The `footer` of a decision.
    static func footer(_ footer: Decision.Footer) -> String {
        switch footer {
        case .loadMore: "loadMore"
        case .loading: "loading"
        case .endOfList: "endOfList"
        case .retry: "retry"
        case .startOver: "startOver"
        case .none: "none"
        }
    }

    /// The words the page shows about a problem, or nil when there is none.
    static func problem(_ view: TableView) -> String? {
        let decision = view.decision
        let hasProblem = decision.status >= 400 || decision.problem != nil
        guard hasProblem else { return nil }
        if let refusal = view.refusal { return view.strings.words.reason(refusal) }
        if view.searchTimeLimit != nil, let kind = decision.body.placeholderKind { return view.placeholder(kind).detail }
        let text = view.announcementText
        return text.isEmpty ? nil : text
    }

    /// The list answer.
    static func list(_ view: TableView) -> [UInt8] {
        let list = view.list
        let decision = view.decision
        var json = JSONWriter()
        json.raw("{")
        json.key("list")
        json.string(list.name)
        json.raw(", ")
        json.key("status")
        json.raw(String(decision.status))
        json.raw(", ")
        json.key("state")
        json.string(state(decision.body))
        json.raw(", ")
        json.key("placeholder")
        if case .placeholderAboveRows(let kind) = decision.body { json.string(kind.rawValue) } else { json.raw("null") }
        json.raw(", ")
        json.key("footer")
        json.string(footer(decision.footer))
        json.raw(", ")
        json.key("problem")
        json.optionalString(problem(view))
        json.raw(", ")
        json.key("next")
        if let next = view.next {
            json.string(next)
        } else {
            json.raw("null")
        }
        json.raw(", ")
        json.key("stale")
        if let since = decision.staleSince {
            json.string(Date(timeIntervalSince1970: Double(since)).formatted(.iso8601))
        } else {
            json.raw("null")
        }
        json.raw(", ")
        // The parameters that named no column and no control (``TableRequest/ignored``).
        json.key("ignored")
        json.raw("[")
        for (index, name) in (view.request?.ignored ?? []).enumerated() {
            if index > 0 { json.raw(", ") }
            json.string(name)
        }
        json.raw("], ")
        // A page of a walk in relevance order read after the data changed: its first page (issue 47).
        json.key("orderChanged")
        json.raw(view.restartHref == nil ? "false" : "true")
        json.raw(", ")
        json.key("restart")
        json.optionalString(view.restartHref)
        json.raw(", ")
        // How many rows match (the first page's, within the count's budget), and whether more may.
        json.key("count")
        json.raw(view.count.map { String($0.value) } ?? "null")
        json.raw(", ")
        json.key("countIsLowerBound")
        json.raw(view.count.map { $0.isLowerBound ? "true" : "false" } ?? "null")
        json.raw(", ")
        // Each facet's values with their rows and links (``ListFacets``).
        view.writeFacets(into: &json)
        // The columns `_col` and `_nocol` chose (every column when they name none).
        let shown = list.exportedColumns(chosen: view.request?.chosenColumns ?? [], dropped: view.request?.droppedColumns ?? [])
        columns(list, shown: shown, into: &json)
        json.key("rows")
        json.raw("[")
        let page = decision.body.showsRows ? view.page : nil
        for (index, row) in (page?.rows ?? []).enumerated() {
            json.raw(index == 0 ? "\n" : ",\n")
            object(row, columns: list.table.columns, shown: shown, into: &json) { column in
                page?.isClamped(row: index, column: column, width: list.table.columns.count) ?? false
            }
        }
        json.raw("], ")
        json.key("detailURLs")
        json.raw("[")
        if let page {
            for (index, (row, key)) in zip(page.rows, page.keys).enumerated() {
                if index > 0 { json.raw(", ") }
                json.optionalString(list.detailPath(address: list.address(row: row, key: key)))
            }
        }
        json.raw("]}\n")
        return json.bytes
    }

    /// A row's answer: `row` is nil when the decision shows none.
    static func detail(_ view: TableView, row: [SQLValue]?) -> [UInt8] {
        let list = view.list
        var json = JSONWriter()
        json.raw("{")
        json.key("list")
        json.string(list.name)
        json.raw(", ")
        json.key("status")
        json.raw(String(view.decision.status))
        json.raw(", ")
        json.key("state")
        json.string(state(view.decision.body))
        json.raw(", ")
        json.key("problem")
        json.optionalString(problem(view))
        json.raw(", ")
        let every = Array(list.table.columns.indices)
        columns(list, shown: every, into: &json)
        json.key("row")
        if let row { object(row, columns: list.table.columns, shown: every, into: &json) } else { json.raw("null") }
        json.raw("}\n")
        return json.bytes
    }

    /// The `columns` (those `shown`, by index) and `primaryKeys` fields.
    private static func columns(_ list: ListDefinition, shown: [Int], into json: inout JSONWriter) {
        json.key("columns")
        json.strings(shown.map { list.table.columns[$0].name })
        json.raw(", ")
        let keys = list.table.addressedByRowid ? [list.table.rowidName ?? "rowid"] : list.table.addressColumns.map(\.name)
        json.key("primaryKeys")
        json.strings(keys)
        json.raw(", ")
    }

    private static func object(
        _ row: some Collection<SQLValue>, columns: [TableDescription.Column], shown: [Int], into json: inout JSONWriter,
        isClamped: (Int) -> Bool = { _ in false }
    ) {
        json.raw("{")
        // Every column (most answers): the row's values as they come, no array made.
        if shown.elementsEqual(columns.indices) {
            for (index, (column, value)) in zip(columns, row).enumerated() {
                if index > 0 { json.raw(", ") }
                json.key(column.name)
                if isClamped(index) { json.clamped(value) } else { json.value(value, format: column.valueFormat) }
            }
            json.raw("}")
            return
        }
        let values = Array(row)
        for (position, index) in shown.enumerated() where index < values.count {
            if position > 0 { json.raw(", ") }
            json.key(columns[index].name)
            if isClamped(index) { json.clamped(values[index]) } else { json.value(values[index], format: columns[index].valueFormat) }
        }
        json.raw("}")
    }
}
