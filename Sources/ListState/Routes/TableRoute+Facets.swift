import ListStore

/// The facets of a list's first page (``ListFacets``): counted within the count's budget
/// (``TableRoute/countBudget``), kept under the data version (``FacetCache``); a facet not
/// counted in time says so and is not kept, and neither is the page that says it.
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

    /// The facets of `valid`'s first page of `ask`'s list, when it shows them and its rows
    /// (`page`): each kept, else counted before `deadline` (the end of the budget the count
    /// shares); the suggested columns kept, else found in the list's first rows when time is
    /// left. Nil when there is nothing to show.
    /// - Parameter attemptWork: An attempt's work (``ListStore/RowPageQuery/attemptWork``):
    ///   each facet is counted within it too.
    func facets(
        _ ask: ListAsk, _ valid: TableRequest, page: RowPage?, until deadline: ContinuousClock.Instant, attemptWork: Int? = nil
    ) -> ListFacets? {
        guard page != nil, showsFacets(ask, valid) else { return nil }
        let list = ask.list
        let version = try? list.rows.dataVersion().get()
        let query = RowPageQuery(
            table: list.table, search: valid.query, searchAlternative: list.searchAlternative(for: valid.query), filters: valid.filters,
            attemptWork: attemptWork)
        var facets = ListFacets()
        let base = Self.facetKey(list, valid)
        for column in list.facetColumns(for: valid) {
            let name = list.table.columns[column].name
            let key = base + "\u{1}" + name
            if let version, let kept = facetCache.value(for: key, version: version) {
                facets.shown.append(ListFacets.Shown(column: column, counted: kept))
                continue
            }
            var counted: ColumnFacet?
            if ContinuousClock.now < deadline,
                case .success(let facet?) = list.rows.facet(name, of: query, limit: ColumnFacet.maximumValues, until: deadline)
            {
                counted = facet
                if let version { facetCache.store(facet, for: key, version: version) }
            }
            facets.shown.append(ListFacets.Shown(column: column, counted: counted))
        }
        let shown = facets.shown.map(\.column)
        facets.suggested = suggestedFacets(list, version: version, until: deadline, attemptWork: attemptWork).filter { !shown.contains($0) }
        return facets.shown.isEmpty && facets.suggested.isEmpty ? nil : facets
    }

    /// Whether an attempt on the connection's thread may answer `valid` (read as `page`): its
    /// facets all counted within `attemptWork` (and kept), or none shown; else a worker's.
    func facetsCounted(_ ask: ListAsk, _ valid: TableRequest, page: RowPage, attemptWork: Int) -> Bool {
        guard showsFacets(ask, valid) else { return true }
        let facets = facets(ask, valid, page: page, until: .now + countBudget, attemptWork: attemptWork)
        // The suggestions too: found in the list's first rows, a worker's read when not kept
        // (a source without versions keeps none: it suggests nothing).
        if case .success(let version?) = ask.list.rows.dataVersion(), ask.list.facetSuggestions.columns(at: version) == nil {
            return false
        }
        return facets?.isComplete ?? true
    }

    /// The columns `list` suggests as facets (``FacetSuggestions``) at `version`: kept, else
    /// found in its first rows when `deadline` has not passed (and kept); none without a version.
    private func suggestedFacets(
        _ list: ListDefinition, version: DataVersion?, until deadline: ContinuousClock.Instant, attemptWork: Int?
    ) -> [Int] {
        guard let version else { return [] }
        let suggestions = list.facetSuggestions
        if let kept = suggestions.columns(at: version) { return kept }
        guard ContinuousClock.now < deadline else { return [] }
        let sample = RowPageQuery(table: list.table, limit: FacetSuggestions.sampleRows, startedAt: .now, attemptWork: attemptWork)
        guard case .success(let rows?) = list.rows.page(sample, continuing: nil) else { return [] }
        let found = FacetSuggestions.suggested(by: rows, of: list, among: list.facetableColumns)
        suggestions.keep(found, at: version)
        return found
    }

    /// The key of `valid`'s facets in ``facetCache``, before the column: the list, the search and the filters.
    private static func facetKey(_ list: ListDefinition, _ valid: TableRequest) -> String {
        var key = list.name + "\u{1}" + (valid.query.map { "q" + $0 } ?? "")
        for filter in valid.filters { key += "\u{1}\(filter.column)\u{2}\(filter.operation.rawValue)\u{2}\(filter.values.joined(separator: "\u{3}"))" }
        return key
    }
}
