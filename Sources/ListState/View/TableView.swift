import ListDecision
import ListStore
import Mustache

/// The template context of an answer for a list over a table: the decision,
/// drawn in one language, for the same `list`, `region` and `continuation`
/// templates as the catalogue (their `row` and `search` partials are the
/// list's: `table-row.mustache` and `table-controls.mustache`).
///
/// Nothing here decides a state; docs/view-context.md lists the keys. Beyond
/// the catalogue's: `canonical`, `controls` (sort links) and the rows'
/// fields `id`, `key`, `detailHref`, `caption`, `cells`, `moreColumns`.
///
/// A class: a request hands its view to closures and functions several times,
/// and a copy of its large values (the list, the words, the rows) retained and
/// released each of their references (perf: 1.4 % of an uncached table page).
package final class TableView: DecisionView {
    /// The decision to draw.
    let decision: Decision
    /// The list.
    let list: ListDefinition
    /// The validated request, or nil when it was refused.
    let request: TableRequest?
    /// Why it was refused, when it was.
    let refusal: ListRequest.Reason?
    /// The rows read, when the decision shows them.
    let page: RowPage?
    /// The page language, and the `lang` parameter links keep (nil when negotiated).
    let language: Language
    let languageParameter: String?
    /// Every list served (foreign-key links).
    let lists: TableLists
    /// Renders custom placeholder partials.
    let templates: PageTemplates?
    /// The canonical address, when the page is served at another one (`/`).
    var canonical: String?
    /// Whether the page has a `#list` element partial requests may target (not a row's page).
    var hasListRegion = true
    /// A row's page: the row read (nil when there is none) and its key as its address writes it.
    var row: [SQLValue]?
    var rowKey: String?
    /// The next page's address in the asked format, when the decision offers one (made
    /// once by the route: the footer's load more, the `Link` header and JSON's `next`).
    var next: String?
    /// The query time limit in seconds, when the search or filters ran past it.
    var searchTimeLimit: Int?
    /// The first page of the same search, when this page of a walk in relevance order was
    /// read after the data changed (its order with it): the page says so and offers it.
    var restartHref: String?
    /// How many rows the search and filters keep, when they were counted (a first page
    /// or region whose source counts, within the count's budget).
    var count: RowCount?
    /// The facets of a first page whose source facets (``ListFacets``), when any are shown or suggested.
    var facets: ListFacets?
    /// The search text of a refused request (`q` as it came, at most
    /// ``ListRequest/maximumQueryLength`` scalars), put back in the search box so the
    /// reader can mend it (found by a break-it pass: a 400 emptied the box).
    var refusedQuery: String?

    /// The columns the page shows (``ReadingColumns``): the request's choice, the list's
    /// configuration and its first rows' sample (taken from `page` when none was yet).
    let columns: ReadingColumns

    /// The words of the page language, looked up once and held by reference
    /// (large values: a copy per use costs; see ``SharedWords``).
    let strings: SharedWords<UIStrings>
    let words: SharedWords<TableWords>

    /// The view of `decision` for `list`.
    /// - Parameters:
    ///   - request: The validated request, or nil when it was refused (`refusal` says why).
    ///   - page: The rows read, when any were.
    ///   - languageParameter: The `lang` parameter links keep (nil when the language was negotiated).
    ///   - lists: Every list served (foreign-key links).
    ///   - templates: For custom placeholder partials.
    package init(
        decision: Decision, list: ListDefinition, request: TableRequest?, refusal: ListRequest.Reason?, page: RowPage?,
        language: Language, languageParameter: String?, lists: TableLists, templates: PageTemplates?
    ) {
        self.decision = decision
        self.list = list
        self.request = request
        self.refusal = refusal
        self.page = page
        self.language = language
        self.languageParameter = languageParameter
        self.lists = lists
        self.templates = templates
        self.strings = list.words.shared(language)
        self.words = TableWords.shared(language)
        self.columns = list.readingColumns(
            chosen: request?.chosenColumns ?? [], dropped: request?.droppedColumns ?? [],
            sample: list.columnSample.measure(page, width: list.table.columns.count))
    }
    var links: ListLinks { ListLinks(request: request, language: languageParameter, path: list.path, basePath: list.basePath) }

    /// This page's JSON twin (`/NAME.json` with the same parameters, cursor
    /// included): the layout's `<link rel="alternate" type="application/json">`
    /// and the link beside the sort links.
    var jsonHref: String {
        let base = request ?? TableRequest(language: languageParameter)
        return QueryString.link(list.path + ".json", base.queryItems(cursor: base.cursorText))
    }

    /// The whole list as CSV (`/NAME.csv` with the page's order, filters and
    /// search; no cursor or limit): the layout's `<link rel="alternate" type="text/csv">`
    /// and the link beside the JSON one.
    var csvHref: String {
        let base = request ?? TableRequest(language: languageParameter)
        return QueryString.link(list.path + ".csv", base.queryItems(cursor: nil).filter { $0.name != "limit" && $0.name != "lang" })
    }

    /// The offline `<template>`s' content: the offline placeholder, banner and footer.
    var offlineContext: MustacheValue {
        OfflinePlaceholder.templatesContext(
            list: list.configuration, language: language, allowsPartialRequests: hasListRegion, links: links,
            templates: templates, words: list.words)
    }

    /// The `<title>`: the list's title, or the placeholder's for an error.
    var title: String {
        if let kind = decision.body.placeholderKind, decision.status >= 400 {
            return placeholder(kind).title
        }
        if let query = request?.query { return words.words.searchTitle(isolated(query), list.title(in: language)) }
        return list.title(in: language)
    }

    func placeholder(_ kind: PlaceholderKind) -> PlaceholderContent {
        var facts = PlaceholderContent.Facts(
            problem: decision.problem, refusal: refusal, query: request?.query.map(isolated),
            retryAfterSeconds: decision.retryAfterSeconds, allowsPartialRequests: hasListRegion)
        facts.searchTimeLimit = searchTimeLimit
        facts.isLazyShell = decision.rule == .pending
        facts.hasSeveralLists = lists.lists.count > 1
        return PlaceholderContent(
            kind: kind, list: list.configuration, language: language, facts: facts, links: links,
            strings: strings.words)
    }

    /// Everything but the announcement and the offline templates: ``chromeFields`` and ``decisionFields``.
    var baseContext: MustacheFields {
        var context = chromeFields
        for (name, value) in decisionFields { context[name] = value }
        return context
    }

    /// The fields that follow from the list, the language and the request alone,
    /// not from the rows read or the state decided: the page's words, links, search
    /// form, sort links and header row. A whole first page shares them with every
    /// request for the same address (``sharedContextKey``).
    var chromeFields: MustacheFields {
        var context: MustacheFields = [
            "lang": .string(language.tag),
            "strings": list.words.mustacheValue(language),
            "heading": .string(list.title(in: language)),
            "homeHref": .string(ListLinks.link(list.basePath + "/", language: languageParameter)),
        ]
        if let canonical { context["canonical"] = .string(canonical) }
        let formats = (json: jsonHref, csv: csvHref)
        context["jsonHref"] = .string(formats.json)
        context["csvHref"] = .string(formats.csv)
        let sorts = sortLinks
        context["search"] = controls(sorts, formats: formats)
        if list.layout == .table {
            context["headers"] = headers(sorts)
            context["rowHeader"] = .string(rowHeader)
            context["columnCount"] = .string(String(columns.cells.count + 1))
            let unlisted = list.table.columns.count - columns.all.count
            if unlisted > 0 { context["moreColumns"] = .string(words.words.moreColumns(unlisted)) }
        }
        return context
    }

    /// The fields that follow from the decision and the rows: the title (an error's
    /// placeholder names the page), the way back to the start, the placeholder,
    /// the rows and the footer. No name here is one of ``chromeFields``.
    var decisionFields: MustacheFields {
        let links = self.links
        var context: MustacheFields = ["title": .string(title)]
        if request?.start != nil, decision.body != .nothingNew { context["startHref"] = .string(links.start) }
        if let kind = decision.body.placeholderKind {
            if decision.rule == .pending { context["lazy"] = ["href": .string(links.current)] }
            context["placeholder"] = placeholder(kind).mustacheValue(templates: templates)
        }
        if let since = decision.staleSince {
            context["stale"] = [
                "text": .string(strings.words.sentence(.stale(since: since))), "tryAgain": .string(strings.words.tryAgain),
                "href": .string(links.current),
            ]
        }
        if let text = countText { context["count"] = ["text": .string(text)] }
        if let fold = facetFold { context["facetFold"] = fold }
        addRowsAndFooter(to: &context, links: links)
        return context
    }

    /// How many rows match, as the sentence above the rows ("338 rows where section =
    /// editors."); nil when uncounted or when the decision shows no rows.
    var countText: String? {
        guard let count, decision.body.showsRows, let request else { return nil }
        let words = strings.words.announce
        let filters = filterLabels(request).map(\.label)
        return words.rowsMatching(words.rowsCounted(count.value, count.isLowerBound), request.query.map(isolated), filters)
    }

    /// The context of a continuation (`continuation.mustache`): the rows, the footer and
    /// the announcement out of band, with what a row and a footer draw besides their own
    /// fields (`lang`, `strings`, and in the table layout `rowHeader` and `columnCount`);
    /// none of the page's chrome.
    var continuationContext: MustacheValue {
        var context: MustacheFields = ["lang": .string(language.tag), "strings": list.words.mustacheValue(language)]
        if list.layout == .table {
            context["rowHeader"] = .string(rowHeader)
            context["columnCount"] = .string(String(columns.cells.count + 1))
        }
        addRowsAndFooter(to: &context, links: links)
        // A run of rows read after the data changed in relevance order says so where it is heard.
        let text = restartHref == nil ? announcementText : words.words.orderChanged + " " + announcementText
        if !text.isEmpty { context["statusOOB"] = ["text": .string(text)] }
        return .dictionary(context)
    }

    /// Adds the rows the decision shows (`hasRows`, `rows`) and its footer (`footer`).
    private func addRowsAndFooter(to context: inout MustacheFields, links: ListLinks) {
        if decision.body.showsRows, let page {
            context["hasRows"] = true
            context["rows"] = .list(
                MustacheListBox(
                    list.presenter?.rows(page, of: list, language: language, languageParameter: languageParameter)
                        ?? TableRowList(
                            page, of: list, columns: columns, words: words, lists: lists, language: language,
                            languageParameter: languageParameter)))
        } else if decision.body == .nothingNew {
            context["hasRows"] = true
            context["rows"] = []
        }
        if let footer = ListFooter.context(
            decision: decision, links: links, strings: strings, list: list.configuration,
            language: language, refusalMessage: refusal.map { strings.words.reason($0) }, next: next)
        {
            context["footer"] = footer
        }
    }

    /// What a whole page's shared fields (``chromeFields`` and the offline templates)
    /// depend on besides the templates and the site, as text; nil when the page
    /// shares none: a refused request (its links are the refusal's), a page after a
    /// cursor (its JSON link and the offline page's retry link name the cursor:
    /// every such page is another address, so sharing would only fill the cache).
    var sharedContextKey: String? {
        guard let request, request.cursorText == nil, refusal == nil else { return nil }
        var key = "\(lists.generation)\u{1}\(list.name)\u{1}\(language.tag)\u{1}\(languageParameter ?? "\u{2}")\u{1}"
        key += QueryString.encoded(request.queryItems(cursor: nil))
        key += "\u{1}\(canonical ?? "\u{2}")\u{1}\(hasListRegion)\u{1}\(searchTimeLimit ?? 0)"
        // The columns shown: the header row and the picker (a sample taken since changes them).
        key += "\u{1}" + columns.all.map(String.init).joined(separator: ",")
        // The note on ignored parameters is part of the controls.
        for name in request.ignored { key += "\u{1}" + name }
        return key
    }

    /// A whole page's context in two parts (``Mustache/MustacheSharedContext``): the
    /// fields of this request's state and rows (``pageOwnFields``), and those it
    /// shares with every request for its address (``pageSharedFields``, made only
    /// when not kept). Together they are ``pageFields``.
    package var pageOwnFields: MustacheFields {
        var own = decisionFields
        own["status"] = ["text": .string(announcementText)]
        return own
    }

    /// Every name ``pageOwnFields`` may hold: a section of the shared fields that looked
    /// for any other name in a page's own fields, and did not find it, is still kept
    /// (``Mustache/MustacheSharedContext/ownNames``).
    package static let pageOwnNames: Set<String> = [
        "title", "startHref", "stale", "count", "facetFold", "lazy", "placeholder", "hasRows", "rows", "footer", "status",
    ]

    /// See ``pageOwnFields``.
    package var pageSharedFields: MustacheFields {
        var shared = chromeFields
        shared["offline"] = offlineContext
        return shared
    }

    /// One sort link: the key order's or a column's, where following the
    /// current column's link reverses its order.
    struct SortLink {
        var label: String
        /// Nil for a column the list does not sort by (``ListDefinition/sortableColumns``).
        var href: String?
        /// Whether the page is in this order, and if so whether descending.
        var isCurrent: Bool
        var descending: Bool
    }

    /// The key order's sort link, then each column's (by index into the table's
    /// columns): made once per page for the header row and the sort links.
    var sortLinks: (key: SortLink, columns: [SortLink]) {
        let current = request?.sort
        let base = request ?? TableRequest(language: languageParameter)
        // Each link is the request from the start (no cursor) in another order, written
        // straight from the request's items with that `sort` value (`sort=` is key order
        // where the list has a default sort).
        let (before, after) = base.encodedAroundSort
        let key = SortLink(
            label: words.words.keyOrder,
            href: QueryString.link(list.path, before: before, sort: list.defaultSort == nil && !base.searchRanks ? nil : "", after: after),
            isCurrent: current == nil && !base.relevance, descending: false)
        let columns = list.table.columns.map { column in
            guard list.isSortable(column.name) else {
                return SortLink(label: list.label(column, in: language), href: nil, isCurrent: false, descending: false)
            }
            let isCurrent = current?.column == column.name
            let descending = isCurrent && current?.descending == false
            return SortLink(
                label: list.label(column, in: language),
                href: QueryString.link(
                    list.path, before: before, sort: (descending ? "-" : "") + TableRequest.sortText(column.name), after: after),
                isCurrent: isCurrent, descending: isCurrent && current?.descending == true)
        }
        return (key, columns)
    }

    /// The sort link of relevance order (the request without `sort`), where the search is
    /// one its source ranks; nil otherwise.
    var relevanceLink: MustacheValue? {
        guard let request, request.searchRanks else { return nil }
        let (before, after) = request.encodedAroundSort
        return [
            "label": .string(words.words.relevance), "href": .string(QueryString.link(list.path, before: before, sort: nil, after: after)),
            "isCurrent": .bool(request.relevance),
        ]
    }

    /// The label of the rows' header cells (the card layout shows it): the label column's
    /// (``ReadingColumns``), else "Row".
    var rowHeader: String {
        columns.label.map { list.label(list.table.columns[$0], in: language) } ?? words.words.rowHeader
    }

    /// The table layout's header row (`headers`): the label column (``ReadingColumns``;
    /// without one, the row column, whose link goes back to the key order), then each
    /// shown column, each a sort link;
    /// the sorted one carries `ariaSort` (`ascending` or `descending`, WAI-ARIA
    /// 1.2 `aria-sort`).
    func headers(_ links: (key: SortLink, columns: [SortLink])) -> MustacheValue {
        func header(_ link: SortLink, label: String, isNumeric: Bool = false) -> MustacheValue {
            var fields: MustacheFields = ["label": .string(label), "isNumeric": .bool(isNumeric)]
            if let href = link.href { fields["href"] = .string(href) }
            if link.isCurrent { fields["ariaSort"] = .string(link.descending ? "descending" : "ascending") }
            return .dictionary(fields)
        }
        let label = columns.label.map { header(links.columns[$0], label: links.columns[$0].label) }
        return .array(
            [label ?? header(links.key, label: words.words.rowHeader)]
                + columns.cells.map { index in
                    // A column of numbers is headed at the side its values stand (they are right-aligned).
                    let isNumeric = [.integer, .real, .numeric].contains(list.table.columns[index].affinity)
                    return header(links.columns[index], label: links.columns[index].label, isNumeric: isNumeric)
                })
    }

    /// The list's controls (`table-controls.mustache`): the search form, the
    /// active filters (each with a link that removes it), and the sort links:
    /// key order, then each column (the current one marked; following it again
    /// reverses the order).
    /// - Parameter formats: The page's ``jsonHref`` and ``csvHref``, made once for the page.
    func controls(_ links: (key: SortLink, columns: [SortLink]), formats: (json: String, csv: String)) -> MustacheValue {
        let base = request ?? TableRequest(language: languageParameter)
        var sorts: [MustacheValue] = [
            [
                "label": .string(links.key.label), "href": .string(links.key.href ?? ""), "isCurrent": .bool(links.key.isCurrent),
            ]
        ]
        // A search in relevance order: that order first, current (the key order is then `sort=`).
        if let relevance = relevanceLink { sorts.insert(relevance, at: 0) }
        for link in links.columns {
            guard let href = link.href else { continue }
            var fields: MustacheFields = ["label": .string(link.label), "href": .string(href), "isCurrent": .bool(link.isCurrent)]
            if link.isCurrent { fields["direction"] = .string(link.descending ? words.words.descending : words.words.ascending) }
            sorts.append(.dictionary(fields))
        }
        let filters: [MustacheValue] = filterLabels(base).map { index, label in
            [
                "label": .string(label), "removeLabel": .string(words.words.removeFilter(label)),
                "removeHref": .string(QueryString.link(list.path, base.without(filterAt: index).queryItems(cursor: nil))),
            ]
        }
        var controls: MustacheFields = [
            "action": .string(list.path), "searchLabel": .string(strings.words.searchLabel),
            "searchPlaceholder": .string(strings.words.searchPlaceholder), "sortBy": .string(words.words.sortBy), "colon": .string(words.words.colon),
            "sorts": .array(sorts), "filtersLabel": .string(words.words.activeFilters), "filters": .array(filters),
            "jsonHref": .string(formats.json), "jsonLabel": .string(words.words.jsonLink),
            "csvHref": .string(formats.csv), "csvLabel": .string(words.words.csvLink),
            "hasFilters": .bool(!filters.isEmpty),
            // A list whose rows are not searched offers no search box (its form keeps the refresh).
            "searches": .bool(list.capabilities.searches),
            // Everything but the search text and the cursor travels as hidden inputs.
            "hidden": .array(
                base.queryItems(cursor: nil).filter { $0.name != "q" }.map {
                    ["name": .string($0.name), "value": .string($0.value)]
                }),
        ]
        if let query = request?.query ?? refusedQuery { controls["query"] = .string(query) }
        if let restartHref {
            controls["orderChanged"] = ["text": .string(words.words.orderChanged), "href": .string(restartHref), "linkText": .string(words.words.startOver)]
        }
        // What named no column is said, not silently dropped (issue 46: `?secton=editors`).
        let ignored = request?.ignored ?? []
        if !ignored.isEmpty {
            let title = list.title(in: language)
            // `_facet` is ignored where the source cannot facet: said as such.
            let note = { (name: String) in
                name == TableRequest.facetColumn
                    ? self.facetWords.cannotFacet(title) : self.words.words.ignoredParameter(VisibleText.echo(name), title)
            }
            controls["ignored"] = ["notes": .array(ignored.map { ["text": .string(note($0))] })]
        }
        let form = filterForm(base)
        let picker = columnPicker
        if let form { controls["filterForm"] = form }
        if let picker { controls["columnPicker"] = picker }
        return .dictionary(controls)
    }

    /// Each of `base`'s filters in words, with its index: a named filter under its own label,
    /// with the value as the request gave it; a column's filter under the column's label (in
    /// the page language where the list has one).
    func filterLabels(_ base: TableRequest) -> [(index: Int, label: String)] {
        base.filters.indices.map { index in
            var shown = base.filters[index]
            if index < base.origins.count, case .named(let named, let value) = base.origins[index] {
                let label = list.words.columnLabels[language]?[named.column] ?? named.label ?? named.name
                shown = RowFilter(column: label, operation: named.operation, value: value)
            } else if let column = list.table.columnIndex(shown.column).map({ list.table.columns[$0] }) {
                shown.column = list.label(column, in: language)
            }
            return (index, words.words.label(shown))
        }
    }

    /// The filter form (`table-list-controls.mustache`): a GET form to the list's address that
    /// adds one filter by column, operation and value (``FilterForm``), the request's other
    /// parameters kept as hidden inputs; it offers only the columns and operations the list's
    /// source declares (a range only on a column it sorts by). Nil when it filters none.
    func filterForm(_ base: TableRequest) -> MustacheValue? {
        var offered = Set<RowFilter.Operation>()
        var columns: [MustacheValue] = []
        for column in list.table.columns {
            let operations = RowFilter.Operation.allCases.filter { operation in
                list.filters(column.name, with: operation)
                    && (![.gt, .gte, .lt, .lte].contains(operation) || list.isSortable(column.name))
            }
            guard !operations.isEmpty else { continue }
            offered.formUnion(operations)
            // Written as a sort names it: a name with a control character, tilde-encoded.
            columns.append(["value": .string(TableRequest.sortText(column.name)), "label": .string(list.label(column, in: language))])
        }
        guard !columns.isEmpty else { return nil }
        let table = words.words
        return [
            "action": .string(list.path), "summary": .string(table.addFilter), "columnLabel": .string(table.filterColumn),
            "operationLabel": .string(table.filterOperation), "valueLabel": .string(table.filterValue),
            "button": .string(table.addFilterButton), "columns": .array(columns),
            "operations": .array(
                RowFilter.Operation.allCases.filter(offered.contains).map {
                    ["value": .string($0.rawValue), "label": .string(table.label($0))]
                }),
            "hidden": .array(base.queryItems(cursor: nil).map { ["name": .string($0.name), "value": .string($0.value)] }),
        ]
    }

    /// The column picker (`table-list-controls.mustache`, table layout): a GET form of a
    /// checkbox per column the list offers, those shown checked, that asks for the page with
    /// the checked ones as `_col` (none checked: the default columns); the request's other
    /// parameters kept as hidden inputs, the cursor left out. Works without JavaScript. Nil
    /// for a list whose rows a presenter draws (its own fields, not the cells: the catalogue).
    var columnPicker: MustacheValue? {
        let offered = list.offeredColumns
        guard offered.count > 1, list.presenter == nil else { return nil }
        let base = request ?? TableRequest(language: languageParameter)
        let shown = Set(columns.all)
        let table = words.words
        return [
            "action": .string(list.path), "summary": .string(table.chooseColumns), "button": .string(table.showColumns),
            "columns": .array(
                offered.enumerated().map { position, index in
                    [
                        "id": .string("pick-column-\(position)"), "value": .string(TableRequest.sortText(list.table.columns[index].name)),
                        "label": .string(list.label(list.table.columns[index], in: language)), "checked": .bool(shown.contains(index)),
                    ]
                }),
            "hidden": .array(
                base.queryItems(cursor: nil).filter { $0.name != TableRequest.chooseColumn && $0.name != TableRequest.dropColumn }.map {
                    ["name": .string($0.name), "value": .string($0.value)]
                }),
        ]
    }

    /// A key's values as text for `data-key` when the row has no detail page:
    /// each value's text tilde-encoded (NULL as `~`, a text that is not UTF-8 as its
    /// stored bytes), joined by `,`.
    static func keyText(_ key: some Collection<SQLValue>) -> String {
        key.map { value in
            if case .textBytes(let bytes) = value { return TildeEncoding.encode(bytes: bytes) }
            return value.plainText.map(TildeEncoding.encode) ?? "~"
        }.joined(separator: ",")
    }

    /// A row's element id: `row-` and 16 hex digits of FNV-1a (64 bits) over
    /// its key's values and their storage classes, and its place in a run of
    /// rows equal in every key value (`ordinal`, ``RowPage/ordinals``): unique
    /// per row in practice, valid in any id, short for any key.
    static func elementID(_ key: some Collection<SQLValue>, ordinal: Int = 1) -> String {
        MustacheOutput.string { writeElementID(elementIDHash(key, ordinal: ordinal), into: &$0) }
    }

    /// The hash ``elementID(_:ordinal:)`` writes.
    static func elementIDHash(_ key: some Collection<SQLValue>, ordinal: Int = 1) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        func mix(_ word: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: word >> UInt64(shift))) } }
        for value in key {
            switch value {
            case .null: mix(0 as UInt8)
            case .integer(let number):
                mix(1 as UInt8)
                mix(UInt64(bitPattern: number))
            case .real(let number):
                mix(2 as UInt8)
                mix(number.bitPattern)
            case .text(let text):
                mix(3 as UInt8)
                for byte in text.utf8 { mix(byte) }
            case .textBytes(let bytes):
                mix(3 as UInt8)
                for byte in bytes { mix(byte) }
            case .blob(let bytes):
                mix(4 as UInt8)
                for byte in bytes { mix(byte) }
            }
            mix(0xFF as UInt8)
        }
        if ordinal > 1 { mix(UInt64(ordinal)) }
        return hash
    }

    /// Writes the element id of `hash` (``elementIDHash(_:ordinal:)``): `row-` and 16
    /// lower-case hex digits (nothing to escape).
    static func writeElementID(_ hash: UInt64, into output: inout MustacheOutput) {
        output.append(literal: "row-")
        output.append(hex: UInt32(truncatingIfNeeded: hash >> 32), minimumDigits: 8, uppercase: false)
        output.append(hex: UInt32(truncatingIfNeeded: hash), minimumDigits: 8, uppercase: false)
    }
}

extension TableRequest {
    /// A first-page request with `filters` and search text `query`, in `language`
    /// (links of a refused request, of a row's page, of the gallery's samples).
    init(query: String? = nil, filters: [RowFilter] = [], language: String?) {
        self.init()
        self.query = query
        self.filters = filters
        self.language = language
    }
}
