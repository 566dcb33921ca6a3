import Foundation
import ListStore

/// The parameters of a request for a list over a table, validated against
/// that list (docs/design.md, "HTTP and HTMX"; README, "Serve your own data").
///
/// | parameter | meaning | rule |
/// | --- | --- | --- |
/// | `cursor` | start after this row | a cursor made for this list and sort, else 400 |
/// | `limit` | rows per page | as ``ListRequest``: default 20, above 100 clamped, below 1 or not a number → 400 |
/// | `sort` | `COL` ascending, `-COL` descending; empty for key order | a column of the list, else 400 |
/// | `q` | search words | as ``ListRequest``: at most 200 characters and 8 words, no control characters |
/// | `COL`, `COL__gt`, … | a column filter (``RowFilter``) | `__isnull` 0 or 1, `__in` at most 100 values, at most ``RowFilter/maximumFilters`` |
/// | `_COL` | the filter of a column named like a control or a named filter (`_q` filters column `q`; with an operation `q__in` does too) | as above; one filter in both spellings is a repeated parameter |
/// | a named filter's name | the list's own filter (``NamedFilter``: `emoji=1`) | a value it does not accept → 400 |
/// | `lang` | interface language | unknown values fall back to negotiation |
/// | `lazy` | `0` renders a lazy list's rows at once | `0` or `1`, else 400 |
///
/// | `_col`, `_nocol` | the columns a page shows (Datasette's spelling; repeatable): those `_col` names, in order, or all but those `_nocol` names (``ReadingColumns``); the links, the JSON and the CSV keep them | a column the list offers (its configured `columns`, else any), else 400; taken before a filter, so a column `_col` is filtered as `_col__exact` |
/// | `_facet` | a column whose values the page counts (``ListFacets``; repeatable, in order, each once); the links, the JSON and the CSV keep it | a column the list offers and facets by, else 400; ignored (and named in ``ignored``) where the source does not facet; taken before a filter, so a column `_facet` is filtered as `_facet__exact` |
/// | `_filter_column`, `_filter_op`, `_filter_value` | the filter form's one filter (Datasette's spelling): `COL__OP=VALUE` | as a column filter; no column: none |
///
/// A repeated parameter is a 400; a range filter's value on a column of numbers
/// must be a number (400). A parameter that names neither a column nor a control
/// is ignored and named in ``ignored`` (the page says so: a mistyped column); a
/// tracking parameter (``TrackingParameters``) is ignored silently.
package struct TableRequest: ListQuery, Sendable {
    /// The control parameters; a column of the same name is filtered as `_NAME`.
    static let controlNames: Set<String> = ["cursor", "limit", "sort", "lang", "q", "lazy", chooseColumn, dropColumn, facetColumn]
    /// The parameters that choose a page's columns (``chosenColumns``, ``droppedColumns``).
    static let chooseColumn = "_col"
    static let dropColumn = "_nocol"
    /// The parameter that asks for a column's facet (``facetColumns``).
    static let facetColumn = "_facet"

    /// A first-page request of ``ListRequest/defaultLimit`` rows, in key order, with no filter or search.
    package init() {}

    /// Where the page starts; nil for the first page.
    package var start: RowCursor.Start?
    /// What decides how long this request's query takes, apart from where it starts:
    /// the order, whether it searches and which filters it applies (columns and
    /// operations, not values). Requests of one shape are left to workers together
    /// (``ConnectionThreadAttempts``).
    var queryShape: String {
        var shape = sort.map { ($0.descending ? "-" : "+") + $0.column } ?? ""
        // Relevance order ranks every match, key order stops at a page: two shapes.
        if query != nil { shape += relevance ? "\u{0}q\u{0}relevance" : "\u{0}q" }
        for filter in filters { shape += "\u{0}" + filter.column + "\u{1}" + filter.operation.rawValue }
        return shape
    }

    /// Whether the page's first row is known without a look-up: the first page, or a
    /// cursor that carries its position (not a rowid or a key to find first).
    var startsWithoutLookUp: Bool {
        switch start {
        case nil, .position?: true
        case .rowid?, .key?, .rowNumber?, .continuation?: false
        }
    }
    /// The cursor's text as given (canonical, so it re-encodes to itself).
    package var cursorText: String?
    /// Rows per page, 1...100.
    package var limit = ListRequest.defaultLimit
    /// The order the request asked for (`sort`), nil for the list's default.
    var sortParameter: ListSort?
    /// Whether `sort=` (empty) asked for key order where the list has a default sort, or
    /// where a search would be in relevance order.
    var keyOrder = false
    /// Whether the page is in relevance order (docs/design.md, "Search"): a search its
    /// source's index ranks (``ListStore/RowPageQuery/ordersByRelevance``), without `sort`.
    var relevance = false
    /// Whether the search is one its source's index ranks: relevance order is on offer.
    var searchRanks = false
    /// In relevance order, the digest of the data version the cursor was made at
    /// (``ListStore/RowCursor/orderVersion``): another one now means the order changed.
    var orderVersion: UInt64?
    /// The order of the page: `sort`, else the list's default sort.
    var sort: ListSort?
    /// The columns `_col` chose, by index, in the order given, each once; empty: none chosen.
    var chosenColumns: [Int] = []
    /// The columns `_nocol` left out, by index, in the order given, each once.
    var droppedColumns: [Int] = []
    /// The `_col` and `_nocol` items that write them, each column as `sort` writes it.
    var columnItems: [(name: String, value: String)] = []
    /// The columns `_facet` asked for, by index, in the order given, each once.
    var facetColumns: [Int] = []
    /// The `_facet` items that write them, each column as `sort` writes it.
    var facetItems: [(name: String, value: String)] = []
    /// The search text, trimmed; nil for none.
    var query: String?
    /// `q` as the request gave it (a refusal after the read puts it back in the search box).
    var searchAsGiven: String?
    /// The column filters, in the order given (named filters' too, as the column filters they stand for).
    var filters: [RowFilter] = []
    /// Where each of ``filters`` came from, in the same order.
    var origins: [FilterOrigin] = []
    /// The parameters that named no column and no control, as given (tracking
    /// parameters left out), in order, each once, at most ``maximumIgnored``: the page
    /// and the JSON name them (issue 46: `?secton=editors` showed every row silently).
    var ignored: [String] = []
    /// The most names ``ignored`` keeps.
    static let maximumIgnored = 10
    /// Whether the filter form (``FilterForm``) added a filter: its answer names the
    /// address the filter's own parameter writes (``queryItems(cursor:)``).
    var usedFilterForm = false
    /// The names a column's own filter parameter cannot have (the controls and
    /// the list's named filters): a column of such a name is filtered as `_COL`.
    var reservedNames = TableRequest.controlNames

    /// Where a filter of a request came from.
    enum FilterOrigin: Sendable, Hashable {
        /// A column's own parameter (`COL`, `COL__gt`, `_COL`).
        case column
        /// A named filter of the list, and the value as the request gave it.
        case named(NamedFilter, value: String)
    }
    /// The `lang` parameter links carry (the language the request named, as negotiated), or nil.
    var language: String?
    /// Whether `lazy=0` asked a lazy list for its rows at once.
    var wantsRowsAtOnce = false

    /// Validates query items for `list` (``ListAsk/validated()`` calls it once per request).
    /// - Parameter languageParameter: The `lang` links carry, as the request's language was
    ///   negotiated (``ListAsk``): `lang` is not read here again, only checked like any control.
    /// - Returns: The request, or the first problem found (`ListRequest.Problem`).
    static func parse(
        _ query: [(name: String, value: String)], list: ListDefinition, languageParameter: String?
    ) -> Result<TableRequest, ListRequest.Problem> {
        var seen: Set<String> = []
        var request = TableRequest()
        request.language = languageParameter
        var cursor: String?
        var named: [String: NamedFilter] = [:]
        for filter in list.namedFilters { request.reservedNames.insert(filter.name) }
        // The first of each name; looked up only when the request has parameters (most first pages have none).
        if !query.isEmpty {
            for filter in list.namedFilters where named[filter.name] == nil { named[filter.name] = filter }
        }
        var form = FilterForm()
        for (name, value) in query {
            if form.take(name, value) {
                guard seen.insert(name).inserted else {
                    return .failure(ListRequest.Problem(parameter: name, reason: .repeated(VisibleText.echo(name))))
                }
                guard VisibleText.isAcceptableParameter(value) else {
                    return .failure(ListRequest.Problem(parameter: name, reason: .invisibleCharacter(parameter: VisibleText.echo(name))))
                }
                continue
            }
            // `_col` and `_nocol` before any filter: they may be repeated, and a column `_col` is `_col__exact`.
            if name == Self.chooseColumn || name == Self.dropColumn {
                guard let column = Self.column(named: value, in: list.table).flatMap(list.table.columnIndex),
                    list.offeredColumns.contains(column)
                else {
                    return .failure(
                        ListRequest.Problem(
                            parameter: name, reason: .unknownColumn(parameter: VisibleText.echo(name), column: VisibleText.echo(value))))
                }
                let isChosen = name == Self.chooseColumn
                if isChosen ? !request.chosenColumns.contains(column) : !request.droppedColumns.contains(column) {
                    if isChosen { request.chosenColumns.append(column) } else { request.droppedColumns.append(column) }
                    request.columnItems.append((name, Self.sortText(list.table.columns[column].name)))
                }
                continue
            }
            // `_facet` too: repeatable, a column `_facet` is `_facet__exact`; ignored by a source that does not facet.
            if name == Self.facetColumn {
                if let problem = request.addFacet(value, of: list) { return .failure(problem) }
                continue
            }
            let namedFilter = named[name]
            let filter = namedFilter == nil ? Self.filter(named: name, value: value, in: list.table, reserved: request.reservedNames) : nil
            guard controlNames.contains(name) || filter != nil || namedFilter != nil else {
                if !TrackingParameters.isTracking(name), request.ignored.count < maximumIgnored, !request.ignored.contains(name) {
                    request.ignored.append(name)
                }
                continue
            }
            guard seen.insert(name).inserted else {
                return .failure(ListRequest.Problem(parameter: name, reason: .repeated(VisibleText.echo(name))))
            }
            // A sort naming a column is taken whatever the column's name holds (found by QA: a
            // user's column named with a control character could not be sorted by); any other
            // value with such a character is refused.
            let namesColumn =
                name == "sort"
                && Self.column(
                    named: value.hasPrefix("-") ? String(value.dropFirst()) : value,
                    in: list.table) != nil
            guard namesColumn || VisibleText.isAcceptableParameter(value) else {
                return .failure(ListRequest.Problem(parameter: name, reason: .invisibleCharacter(parameter: VisibleText.echo(name))))
            }
            if let namedFilter {
                if namedFilter.ignoredValues.contains(value) { continue }
                guard let filter = namedFilter.rowFilter(for: value) else {
                    return .failure(
                        ListRequest.Problem(
                            parameter: name, reason: .unknownFilterValue(parameter: VisibleText.echo(name), value: VisibleText.echo(value))))
                }
                guard Self.isUsable(filter, count: request.filters.count) else {
                    return .failure(ListRequest.Problem(parameter: name, reason: .badFilter(VisibleText.echo(name))))
                }
                request.filters.append(filter)
                request.origins.append(.named(namedFilter, value: value))
                continue
            }
            if let filter {
                if let problem = request.add(filter, as: name, of: list, seen: &seen) { return .failure(problem) }
                continue
            }
            switch name {
            case "cursor":
                cursor = value
            case "limit":
                switch ListRequest.limit(value) {
                case .success(let limit): request.limit = limit
                case .failure(let problem): return .failure(problem)
                }
            case "q":
                request.searchAsGiven = value
                switch ListRequest.searchText(value) {
                case .success(.some) where !list.capabilities.searches:
                    return .failure(ListRequest.Problem(parameter: name, reason: .unsupportedSearch))
                case .success(let text): request.query = text
                case .failure(let problem): return .failure(problem)
                }
            case "sort":
                if value.isEmpty {
                    // Key order: said in links where it is not the default (a default sort, a search).
                    request.keyOrder = true
                    continue
                }
                // `-COL` is COL descending; a column whose own name starts with "-" is sorted by
                // that name ascending when no column is called the rest (found by QA).
                let named = value.hasPrefix("-") ? Self.column(named: String(value.dropFirst()), in: list.table) : nil
                guard let column = named ?? Self.column(named: value, in: list.table) else {
                    let asked = value.hasPrefix("-") ? String(value.dropFirst()) : value
                    return .failure(ListRequest.Problem(parameter: name, reason: .unknownSort(VisibleText.echo(asked))))
                }
                // A column that is there but cannot sort the list says so (found by a break-it
                // pass: "This list has no column “rng”" for a PostgreSQL range it lists).
                guard list.isSortable(column) else {
                    return .failure(ListRequest.Problem(parameter: name, reason: .unsortableColumn(VisibleText.echo(column))))
                }
                request.sortParameter = ListSort(column: column, descending: named != nil)
            case "lazy":
                guard value == "0" || value == "1" else {
                    return .failure(ListRequest.Problem(parameter: name, reason: .badLazy))
                }
                request.wantsRowsAtOnce = value == "0"
            default:
                continue
            }
        }
        // The filter form's filter, checked as the parameter it stands for.
        if let filter = form.filter(in: list.table) {
            let name = Self.parameterName(of: filter, reserved: request.reservedNames)
            guard !seen.contains(name) else {
                return .failure(ListRequest.Problem(parameter: name, reason: .repeated(VisibleText.echo(name))))
            }
            if let problem = request.add(filter, as: name, of: list, seen: &seen) { return .failure(problem) }
            request.usedFilterForm = true
        } else if let operation = form.unknownOperation {
            return .failure(ListRequest.Problem(parameter: FilterForm.operationName, reason: .unsupportedFilter(VisibleText.echo(operation))))
        } else if let column = form.unknownColumn(in: list.table) {
            return .failure(ListRequest.Problem(parameter: FilterForm.columnName, reason: .unsupportedFilter(VisibleText.echo(column))))
        }
        // A search in relevance order unless a sort (or `sort=`, key order) was asked for.
        let ranks =
            request.query != nil
            && RowPageQuery(table: list.table, search: request.query, relevanceOrder: true).ordersByRelevance
        request.searchRanks = ranks
        request.relevance = ranks && request.sortParameter == nil && !request.keyOrder
        request.keyOrder = request.keyOrder && (list.defaultSort != nil || ranks)
        request.sort = request.relevance ? nil : request.sortParameter ?? (request.keyOrder ? nil : list.defaultSort)
        if let cursor {
            guard
                let decoded = RowCursor(
                    encoded: cursor, list: list.name, sort: request.sort,
                    keyCount: list.table.keyExpressions.count, relevance: request.relevance)
            else {
                return .failure(ListRequest.Problem(parameter: "cursor", reason: .badCursor))
            }
            // In relevance order a position carries a rowid exactly when the page ranks on the
            // full-text side (``ListStore/RowPageQuery/rankCut``, ties by rowid): one of the
            // other order (a cursor made before issue 48, or with other filters) is refused.
            if request.relevance, case .position(let position) = decoded.start {
                let cut =
                    RowPageQuery(
                        table: list.table, search: request.query, searchAlternative: list.searchAlternative(for: request.query),
                        filters: request.filters, labelColumn: list.searchLabelColumn, relevanceOrder: true
                    ).rankCut != nil
                guard (position.rowid != nil) == cut else {
                    return .failure(ListRequest.Problem(parameter: "cursor", reason: .badCursor))
                }
            }
            request.start = decoded.start
            request.orderVersion = decoded.orderVersion
            request.cursorText = cursor
        }
        return .success(request)
    }

    /// Adds the facet of the column `value` names (once), or notes `_facet` as ignored where the
    /// list does not facet; the problem when the list offers no facet of that column.
    private mutating func addFacet(_ value: String, of list: ListDefinition) -> ListRequest.Problem? {
        guard list.capabilities.facets else {
            if ignored.count < Self.maximumIgnored, !ignored.contains(Self.facetColumn) { ignored.append(Self.facetColumn) }
            return nil
        }
        guard let column = Self.column(named: value, in: list.table).flatMap(list.table.columnIndex),
            list.facetableColumns.contains(column)
        else {
            let name = Self.facetColumn
            return ListRequest.Problem(parameter: name, reason: .unknownColumn(parameter: VisibleText.echo(name), column: VisibleText.echo(value)))
        }
        if !facetColumns.contains(column) {
            facetColumns.append(column)
            facetItems.append((Self.facetColumn, Self.sortText(list.table.columns[column].name)))
        }
        return nil
    }

    /// Adds `filter`, given as the parameter `name`, after the checks every column filter
    /// passes; the problem when it cannot be used.
    private mutating func add(
        _ filter: RowFilter, as name: String, of list: ListDefinition, seen: inout Set<String>
    ) -> ListRequest.Problem? {
        // A range is an order: a column the list does not sort by has none (found by QA:
        // `age__lt=2` compared Unicode versions kept as text, and found 10.0).
        let isRange = [.gt, .gte, .lt, .lte].contains(filter.operation)
        guard Self.isUsable(filter, count: filters.count) else {
            return ListRequest.Problem(parameter: name, reason: .badFilter(VisibleText.echo(name)))
        }
        // Said as such (found by a break-it pass: the words listed rules of isnull and in).
        guard !isRange || list.isSortable(filter.column) else {
            return ListRequest.Problem(parameter: name, reason: .unorderedRange(VisibleText.echo(filter.column)))
        }
        // Only what the row source declares (a database's: every operation its order allows).
        guard list.filters(filter.column, with: filter.operation) else {
            return ListRequest.Problem(parameter: name, reason: .unsupportedFilter(VisibleText.echo(name)))
        }
        // A range over numbers compares numbers: `installed_size__gt=abc` said "No rows match" (issue 46).
        guard !isRange || !Self.holdsNumbers(filter.column, in: list.table) || Self.isNumber(filter.value) else {
            return ListRequest.Problem(
                parameter: name, reason: .notANumber(parameter: VisibleText.echo(name), value: VisibleText.echo(filter.value)))
        }
        // One filter in two spellings (`category__in` and `_category__in`) is given twice:
        // the links would write both as one name, and following them would be refused (found by QA).
        let written = Self.parameterName(of: filter, reserved: reservedNames)
        guard written == name || seen.insert(written).inserted else {
            return ListRequest.Problem(parameter: name, reason: .repeated(VisibleText.echo(name)))
        }
        filters.append(filter)
        origins.append(.column)
        return nil
    }

    /// Whether `column` holds numbers: INTEGER or REAL affinity (NUMERIC is also a
    /// date's or a boolean's, compared as text is).
    static func holdsNumbers(_ column: String, in table: TableDescription) -> Bool {
        guard let index = table.columnIndex(column) else { return false }
        return [.integer, .real].contains(table.columns[index].affinity)
    }

    /// Whether `text` is a number in decimal (`12`, `-1.5`, `2e3`, `.5`), or ±`Infinity`
    /// (as values are shown), as SQLite reads a number from text.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        if bytes.elementsEqual("Infinity".utf8) { return true }
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var count = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            count += digits()
        }
        guard count > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// Whether `filter` may join `count` filters already given: an `isnull` value
    /// of 0 or 1, at most ``RowFilter/maximumValues`` `in` values, at most
    /// ``RowFilter/maximumFilters`` in all.
    static func isUsable(_ filter: RowFilter, count: Int) -> Bool {
        count < RowFilter.maximumFilters && (filter.operation != .isnull || filter.value == "0" || filter.value == "1")
            && (filter.operation != .in || filter.values.count <= RowFilter.maximumValues)
    }

    /// The filter a parameter names: `COL` (exact), `COL__OP` (`COL__exact` too), or
    /// `_COL` for a column named like a control or a named filter (`reserved`); nil when
    /// it names no column.
    static func filter(
        named name: String, value: String, in table: TableDescription, reserved: Set<String> = controlNames
    ) -> RowFilter? {
        func column(_ base: Substring, withOperation: Bool = false) -> String? {
            // A column of that very name first (found by QA: a column `_q` beside a column `q`).
            // With an operation (`category__in`, `q__in`) nothing is reserved: only a bare name
            // can be a control or a named filter, so `COL__OP` is that column's (found by QA).
            let taken = withOperation ? false : reserved.contains(String(base))
            if !taken, table.columnIndex(String(base)) != nil { return String(base) }
            if base.hasPrefix("_"), reserved.contains(String(base.dropFirst())), table.columnIndex(String(base.dropFirst())) != nil {
                return String(base.dropFirst())
            }
            return nil
        }
        if let exact = column(Substring(name)) { return RowFilter(column: exact, operation: .exact, value: value) }
        guard let separator = name.range(of: "__", options: .backwards),
            let operation = RowFilter.Operation(rawValue: String(name[separator.upperBound...])),
            let named = column(name[..<separator.lowerBound], withOperation: true)
        else { return nil }
        return RowFilter(column: named, operation: operation, value: value)
    }

    /// The parameter of the filter at `index`: a named filter's name and value as
    /// given, else ``parameterName(of:reserved:)`` and the value.
    func parameter(ofFilterAt index: Int) -> (name: String, value: String) {
        if index < origins.count, case .named(let named, let value) = origins[index] { return (named.name, value) }
        let filter = filters[index]
        return (Self.parameterName(of: filter, reserved: reservedNames), filter.value)
    }

    /// How links write a column filter's parameter: `COL` for an exact one, `COL__OP`
    /// otherwise, and `COL__exact` for an exact one on a column named like a control or
    /// a named filter (`reserved`), whose bare name is taken. `_COL`, which such a column
    /// was written as, is still read, but a column `_COL` beside it took it (found by a
    /// break-it pass: links to `q__not=a` wrote `_q__not=a`, a filter on a column `_q`).
    static func parameterName(of filter: RowFilter, reserved: Set<String>) -> String {
        if filter.operation == .exact { return reserved.contains(filter.column) ? filter.column + "__exact" : filter.column }
        return filter.column + filter.operation.suffix
    }

    /// The query items that reproduce this request at `cursor`; defaults left out.
    /// The column `text` names in a `sort` parameter: by its name, else by
    /// its name tilde-encoded (``sortText(_:)``); nil when it names none.
    static func column(named text: String, in table: TableDescription) -> String? {
        if table.columnIndex(text) != nil { return text }
        // A column whose name is empty (``sortText(_:)``).
        if text == TildeEncoding.emptyText, table.columnIndex("") != nil { return "" }
        // A leading `~2D` is a `-`; the rest is the name as it is or, where the name
        // needs it, tilde-encoded (``sortText(_:)``).
        let dash = text.hasPrefix("~2D") ? "-" : ""
        let rest = dash.isEmpty ? text : String(text.dropFirst(3))
        var name = dash + rest
        if let decoded = TildeEncoding.decode(Substring(rest)), decoded != rest, !VisibleText.isAcceptableParameter(decoded) {
            name = dash + decoded
        }
        guard name != text, table.columnIndex(name) != nil else { return nil }
        return name
    }

    /// How links write a column in `sort`: its name, or, when the name holds
    /// a character no parameter may carry (a control, a bidi control, a
    /// noncharacter: ``VisibleText/isAcceptableParameter(_:)``), its name
    /// tilde-encoded, so the page stays valid (found by QA: such a column
    /// could not be sorted by). A leading `-` is written `~2D`: `sort=-cat`
    /// is `cat` descending where a column `cat` stands beside `-cat` (found by
    /// a break-it pass: the `-cat` header sorted by `cat`). A column whose name is
    /// empty is written `~` (``TildeEncoding/emptyText``), as a key that is the empty
    /// text is: `sort=` is the key order (found by a break-it pass: its header linked there).
    static func sortText(_ column: String) -> String {
        if column.isEmpty { return TildeEncoding.emptyText }
        let text = VisibleText.isAcceptableParameter(column) ? column : TildeEncoding.encode(column)
        return text.hasPrefix("-") ? "~2D" + text.dropFirst() : text
    }

    func queryItems(cursor: String?) -> [(name: String, value: String)] {
        let sort: String? =
            if let sortParameter { (sortParameter.descending ? "-" : "") + Self.sortText(sortParameter.column) } else {
                keyOrder ? "" : nil
            }
        return queryItems(sort: sort, cursor: cursor)
    }

    /// The query items of this request with `sort` as its `sort` value (nil: none), at `cursor`:
    /// what the sort links write, one per column, without a request made for each.
    func queryItems(sort: String?, cursor: String?) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        items.reserveCapacity(filters.count + 5)
        if let query { items.append(("q", query)) }
        for index in filters.indices { items.append(parameter(ofFilterAt: index)) }
        if let sort { items.append(("sort", sort)) }
        if limit != ListRequest.defaultLimit { items.append(("limit", String(limit))) }
        items.append(contentsOf: columnItems)
        items.append(contentsOf: facetItems)
        if let language { items.append(("lang", language)) }
        if let cursor { items.append(("cursor", cursor)) }
        return items
    }

    /// This request's query items from the start, encoded (``QueryString/encoded(_:)``)
    /// on either side of where `sort` goes: what every sort link of a page shares.
    var encodedAroundSort: (before: String, after: String) {
        let items = queryItems(sort: nil, cursor: nil)
        let before = (query == nil ? 0 : 1) + filters.count
        return (QueryString.encoded(Array(items[..<before])), QueryString.encoded(Array(items[before...])))
    }

    /// The same request without search text, from the start.
    var withoutSearch: TableRequest {
        var other = restarted
        other.query = nil
        return other
    }

    /// The same request without filters (search kept), from the start.
    var withoutFilters: TableRequest {
        var other = restarted
        other.filters = []
        other.origins = []
        return other
    }

    /// The same request without the filter at `index`, from the start.
    func without(filterAt index: Int) -> TableRequest {
        var other = restarted
        other.filters.remove(at: index)
        if index < other.origins.count { other.origins.remove(at: index) }
        return other
    }

    /// This request from the start.
    private var restarted: TableRequest {
        var other = self
        other.start = nil
        other.cursorText = nil
        return other
    }
}
