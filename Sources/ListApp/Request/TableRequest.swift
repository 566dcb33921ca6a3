import ListStore

/// The parameters of a request for a list over a table, validated against
/// that list (DESIGN.md, "HTTP and HTMX"; the own-data rules in the README).
///
/// | parameter | meaning | rule |
/// | --- | --- | --- |
/// | `cursor` | start after this row | a cursor made for this list and sort, else 400 |
/// | `limit` | rows per page | as ``ListRequest``: default 20, above 100 clamped, below 1 or not a number → 400 |
/// | `sort` | `COL` ascending, `-COL` descending | a column of the list, else 400 |
/// | `lang` | interface language | unknown values fall back to negotiation |
///
/// A repeated known parameter is a 400; unknown parameters are ignored.
struct TableRequest: ListQuery, Sendable {
    /// The parameters this type reads.
    static let parameterNames: Set<String> = ["cursor", "limit", "sort", "lang"]

    /// Where the page starts; nil for the first page.
    var start: RowCursor.Start?
    /// The cursor's text as given (canonical, so it re-encodes to itself).
    var cursorText: String?
    /// Rows per page, 1...100.
    var limit = ListRequest.defaultLimit
    /// The order the request asked for (`sort`), nil for the list's default.
    var sortParameter: ListSort?
    /// The order of the page: `sort`, else the list's default sort.
    var sort: ListSort?
    /// The `lang` parameter as a language the server speaks, or nil.
    var language: String?

    /// Validates query items for `list`.
    /// - Returns: The request, or the first problem found (`ListRequest.Problem`).
    static func parse(_ query: [(name: String, value: String)], list: ListDefinition) -> Result<TableRequest, ListRequest.Problem> {
        var seen: Set<String> = []
        var request = TableRequest()
        var cursor: String?
        for (name, value) in query where parameterNames.contains(name) {
            guard seen.insert(name).inserted else {
                return .failure(ListRequest.Problem(parameter: name, reason: .repeated(name)))
            }
            switch name {
            case "cursor":
                cursor = value
            case "limit":
                // The same rule as the catalogue's.
                switch ListRequest.parse([("limit", value)]) {
                case .success(let parsed): request.limit = parsed.limit
                case .failure(let problem): return .failure(problem)
                }
            case "sort":
                let descending = value.hasPrefix("-")
                let column = descending ? String(value.dropFirst()) : value
                guard list.table.columnIndex(column) != nil else {
                    return .failure(ListRequest.Problem(parameter: name, reason: .unknownSort(value)))
                }
                request.sortParameter = ListSort(column: column, descending: descending)
            case "lang":
                request.language = Language(tag: value)?.tag
            default:
                continue
            }
        }
        request.sort = request.sortParameter ?? list.defaultSort
        if let cursor {
            guard let decoded = RowCursor(encoded: cursor, list: list.name, sort: request.sort,
                                          keyCount: list.table.keyExpressions.count) else {
                return .failure(ListRequest.Problem(parameter: "cursor", reason: .badCursor))
            }
            request.start = decoded.start
            request.cursorText = cursor
        }
        return .success(request)
    }

    /// The query items that reproduce this request at `cursor`; defaults left out.
    func queryItems(cursor: String?) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if let sortParameter { items.append(("sort", sortParameter.parameter)) }
        if limit != ListRequest.defaultLimit { items.append(("limit", String(limit))) }
        if let language { items.append(("lang", language)) }
        if let cursor { items.append(("cursor", cursor)) }
        return items
    }

    /// No search yet: the request itself.
    var withoutSearch: TableRequest { self }
    /// No filters yet: the request itself.
    var withoutFilters: TableRequest { self }

    /// This request in another order, from the start.
    func sorted(by sort: ListSort?) -> TableRequest {
        var other = self
        other.sortParameter = sort
        other.start = nil
        other.cursorText = nil
        return other
    }
}
