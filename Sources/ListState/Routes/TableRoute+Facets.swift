import ListStore

/// The facets of a list's first page (``ListFacets``): counted as its count is, within a share
/// of the page's read time, the rest after the answer (``TableRoute/deferredCounts``); kept
/// under the data version (``VersionedTallies``). A facet not yet counted says so, and the page that
/// says it is not kept.
extension TableRoute {
    /// Whether `valid`, a request of `ask`'s list, shows facets: a first page (page, region
    /// or JSON) of a list whose source facets and is read on a thread (not awaited).
    func showsFacets(_ ask: ListAsk, _ valid: TableRequest) -> Bool {
        let list = ask.list
        guard countBudget > .zero, valid.start == nil, list.capabilities.facets, !list.awaits, !Self.isShell(ask, valid) else {
            return false
        }
        return ask.format == .page || ask.format == .region || ask.format == .json
    }

    /// The facets of `valid`'s first page of `ask`'s list as kept now (``prepareFacets(_:_:page:until:attemptWork:)``
    /// counted them, or left them to be finished after the answer: those say "not counted in
    /// time"), and the suggested columns kept; nil when there is nothing to show or to wait for.
    func facets(_ ask: ListAsk, _ valid: TableRequest, page: RowPage?) -> ListFacets? {
        guard page != nil, showsFacets(ask, valid) else { return nil }
        let list = ask.list
        let columns = list.facetColumns(for: valid)
        // JSON gives no suggestions: without facets it has nothing to wait for.
        let suggests = ask.format != .json
        guard !columns.isEmpty || suggests else { return nil }
        let version = try? list.rows.dataVersion().get()
        var facets = ListFacets()
        let base = Self.tallyKey(list, valid)
        for column in columns {
            let key = base + "\u{1}" + list.table.columns[column].name
            facets.shown.append(ListFacets.Shown(column: column, counted: version.flatMap { facetCache.value(for: key, version: $0) }))
        }
        let shown = facets.shown.map(\.column)
        let suggested = suggests ? version.flatMap { list.facetSuggestions.columns(at: $0) } : []
        facets.suggested = (suggested ?? []).filter { !shown.contains($0) }
        facets.suggestionsPending = suggests && version != nil && suggested == nil
        return facets.isEmpty && !facets.suggestionsPending ? nil : facets
    }

    /// Counts the facets `valid`'s first page (`page`) shows that are not kept, until `deadline`
    /// (what the count left of the page's share; nil: none is tried, as when the count was not
    /// finished; an attempt's within its work too), and keeps them; those not finished, and the
    /// suggestions when not found in time, are finished after the answer (``deferredCounts``) and
    /// kept for the next visit. Nothing without a data version (nothing could be kept).
    func prepareFacets(_ ask: ListAsk, _ valid: TableRequest, page: RowPage, until deadline: ContinuousClock.Instant?, attemptWork: Int?) {
        guard showsFacets(ask, valid) else { return }
        let list = ask.list
        let columns = list.facetColumns(for: valid)
        // JSON gives no suggestions: a JSON page without facets needs nothing here.
        guard !columns.isEmpty || ask.format != .json, case .success(let version?) = list.rows.dataVersion() else { return }
        let deadline = deadline ?? .now
        var query = matchingQuery(list, valid)
        let (rows, budget, whole) = (list.rows, countBudget, query)
        query.attemptWork = attemptWork
        let base = Self.tallyKey(list, valid)
        for column in columns {
            let name = list.table.columns[column].name
            let key = base + "\u{1}" + name
            if facetCache.value(for: key, version: version) != nil { continue }
            if ContinuousClock.now < deadline,
                case .success(let facet?) = rows.facet(name, of: query, limit: ColumnFacet.maximumValues, until: deadline)
            {
                facetCache.store(facet, for: key, version: version)
                continue
            }
            facetCache.finishLater(key, on: deferredCounts, of: rows) {
                try? rows.facet(name, of: whole, limit: ColumnFacet.maximumValues, until: .now + budget).get()
            }
        }
        let suggestions = list.facetSuggestions
        guard ask.format != .json, suggestions.columns(at: version) == nil else { return }
        // A page that is the whole list (no search, no filter) is its own sample: no read.
        // (Unless a text of it was cut: a page may read texts shorter than a sample does, ``ListStore/ShownPrefix``.)
        if !page.hasMore, valid.query == nil, valid.filters.isEmpty, page.clamped.isEmpty {
            suggestions.keep(FacetSuggestions.suggested(by: page, of: list, among: list.facetableColumns), at: version)
            return
        }
        if ContinuousClock.now < deadline, let found = Self.suggestedFacets(list, attemptWork: attemptWork) {
            suggestions.keep(found, at: version)
            return
        }
        deferredCounts.run("suggested\u{1}" + list.name) {
            guard case .success(let version?) = rows.dataVersion(), suggestions.columns(at: version) == nil,
                let found = Self.suggestedFacets(list, attemptWork: nil)
            else { return }
            suggestions.keep(found, at: version)
        }
    }

    /// The columns `list` suggests as facets (``FacetSuggestions``), found in its first rows
    /// (within `attemptWork` when given); nil when they could not be read.
    private static func suggestedFacets(_ list: ListDefinition, attemptWork: Int?) -> [Int]? {
        let sample = RowPageQuery(table: list.table, limit: FacetSuggestions.sampleRows, startedAt: .now, attemptWork: attemptWork)
        guard case .success(let rows?) = list.rows.page(sample, continuing: nil) else { return nil }
        return FacetSuggestions.suggested(by: rows, of: list, among: list.facetableColumns)
    }
}
