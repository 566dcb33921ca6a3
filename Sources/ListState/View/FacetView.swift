import ListStore
import Mustache

/// A list page's facets (``ListFacets``) as the page draws them (`facets.mustache`, the
/// `facetFold` field) and as its JSON gives them (`facets`): each value with its rows and a
/// link that filters by it, or, for a value filtered already, one that removes the filter.
/// Every link is the page's request from the start (search, filters, sort, `_col`, `_facet`).
extension TableView {
    /// One value of a facet as drawn: its text, its rows, and its link (nil: none).
    struct FacetValue {
        var value: SQLValue
        var text: String
        var count: Int
        var selected: Bool
        var href: String?
    }

    /// The values of `facet` of the column at `column`, with their links.
    func facetValues(_ facet: ColumnFacet, column: Int) -> [FacetValue] {
        guard let request else { return [] }
        let name = list.table.columns[column].name
        return facet.values.map { counted in
            let value = counted.value
            let plain = value.plainText
            let text = plain.map { $0.isEmpty ? words.words.blank : String($0.prefix(ColumnSample.threshold)) } ?? facetWords.noValue
            // Filtered already: the link removes that filter.
            if let index = request.filters.indices.first(where: { Self.filter(request.filters[$0], of: name, selects: value) }) {
                let href = QueryString.link(list.path, request.without(filterAt: index).queryItems(cursor: nil))
                return FacetValue(value: value, text: text, count: counted.count, selected: true, href: href)
            }
            var filter: RowFilter?
            switch value {
            case .null: filter = list.filters(name, with: .isnull) ? RowFilter(column: name, operation: .isnull, value: "1") : nil
            // A blob shows as hex and a text that is not UTF-8 as another text: neither is the value a filter names.
            case .blob, .textBytes: filter = nil
            default: filter = plain.flatMap { VisibleText.isAcceptableParameter($0) ? RowFilter(column: name, operation: .exact, value: $0) : nil }
            }
            let href = filter.flatMap { request.adding($0) }.map { QueryString.link(list.path, $0.queryItems(cursor: nil)) }
            return FacetValue(value: value, text: text, count: counted.count, selected: false, href: href)
        }
    }

    /// Whether `filter` is the one a facet of `column` adds for `value`.
    private static func filter(_ filter: RowFilter, of column: String, selects value: SQLValue) -> Bool {
        guard filter.column == column else { return false }
        if case .null = value { return filter.operation == .isnull && filter.value == "1" }
        return filter.operation == .exact && filter.value == value.plainText
    }

    /// The words of facets in the page's language.
    var facetWords: FacetWords { FacetWords.of(language) }

    /// The `facetFold` field: the fold, open when the request asked for a facet; nil without facets.
    var facetFold: MustacheValue? {
        guard let facets, !facets.isEmpty, let request, decision.body.showsRows else { return nil }
        let words = facetWords
        let announce = strings.words.announce
        var columns: [MustacheValue] = []
        for (position, shown) in facets.shown.enumerated() {
            let column = list.table.columns[shown.column]
            let label = list.label(column, in: language)
            var item: MustacheFields = ["id": .string("facet-\(position)"), "label": .string(label)]
            if let counted = shown.counted {
                let values: [MustacheValue] = facetValues(counted, column: shown.column).map { value in
                    let rows = announce.rowsCounted(value.count, false)
                    var fields: MustacheFields = [
                        "text": .string(value.text), "count": .string(GroupedNumber.grouped(value.count)), "selected": .bool(value.selected),
                        "name": .string(value.selected ? words.removeValue(label, value.text) : words.valueRows(value.text, rows)),
                    ]
                    if let href = value.href { fields["href"] = .string(href) }
                    return .dictionary(fields)
                }
                item["hasValues"] = .bool(!values.isEmpty)
                item["values"] = .array(values)
                if counted.isTruncated { item["truncated"] = .string(words.moreValues(counted.values.count)) }
            } else {
                item["notCounted"] = .string(words.notCounted)
            }
            columns.append(.dictionary(item))
        }
        var fold: MustacheFields = [
            "summary": .string(words.summary), "open": .bool(!request.facetColumns.isEmpty), "columns": .array(columns),
        ]
        if !facets.suggested.isEmpty {
            let links: [MustacheValue] = facets.suggested.map { index in
                let label = list.label(list.table.columns[index], in: language)
                return ["text": .string(label), "name": .string(words.addFacet(label)), "href": .string(facetLink(adding: index, to: request))]
            }
            fold["suggested"] = ["label": .string(words.suggested), "colon": .string(self.words.words.colon), "links": .array(links)]
        }
        return .dictionary(fold)
    }

    /// The page's address from the start with `_facet` of the column at `index` added.
    private func facetLink(adding index: Int, to request: TableRequest) -> String {
        var other = request
        other.start = nil
        other.cursorText = nil
        other.facetColumns.append(index)
        other.facetItems.append((TableRequest.facetColumn, TableRequest.sortText(list.table.columns[index].name)))
        return QueryString.link(list.path, other.queryItems(cursor: nil))
    }

    /// The JSON `facets`: each facet's column, values (value, count, selected, href) and
    /// whether it has more; a facet not counted in time has `values` null.
    func writeFacets(into json: inout JSONWriter) {
        json.key("facets")
        json.raw("[")
        for (position, shown) in (decision.body.showsRows ? facets?.shown ?? [] : []).enumerated() {
            if position > 0 { json.raw(", ") }
            json.raw("{")
            json.key("column")
            json.string(list.table.columns[shown.column].name)
            json.raw(", ")
            json.key("values")
            if let counted = shown.counted {
                json.raw("[")
                for (index, value) in facetValues(counted, column: shown.column).enumerated() {
                    if index > 0 { json.raw(", ") }
                    json.raw("{")
                    json.key("value")
                    json.value(value.value, format: list.table.columns[shown.column].valueFormat)
                    json.raw(", ")
                    json.key("count")
                    json.raw(String(value.count))
                    json.raw(", ")
                    json.key("selected")
                    json.raw(value.selected ? "true" : "false")
                    json.raw(", ")
                    json.key("href")
                    json.optionalString(value.href)
                    json.raw("}")
                }
                json.raw("], ")
            } else {
                json.raw("null, ")
            }
            json.key("truncated")
            json.raw(shown.counted?.isTruncated == true ? "true" : "false")
            json.raw("}")
        }
        json.raw("], ")
    }
}

extension TableRequest {
    /// This request from the start with `filter` added (an exact one in place of the
    /// column's exact filters); nil when it would pass ``RowFilter/maximumFilters``.
    func adding(_ filter: RowFilter) -> TableRequest? {
        var other = self
        other.start = nil
        other.cursorText = nil
        for index in other.filters.indices.reversed()
        where other.filters[index].column == filter.column && other.filters[index].operation == filter.operation {
            other.filters.remove(at: index)
            if index < other.origins.count { other.origins.remove(at: index) }
        }
        guard other.filters.count < RowFilter.maximumFilters else { return nil }
        other.filters.append(filter)
        other.origins.append(.column)
        return other
    }
}
