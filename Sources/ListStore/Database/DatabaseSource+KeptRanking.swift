/// Relevance pages of a search read from its kept ranking (``KeptSortOrders``, a
/// ``KeptSortOrder`` with values): FTS5's `bm25` runs over every match of a search, on every
/// page of it (most of a search page's cost: `q=editor`, 406 of Debian's 63,697 packages,
/// 0.9 ms of SQLite's time against 0.05 ms for a page in key order); a search asked for again
/// (a later page, a repeat) is ranked once off the request path, and then a page of it, the
/// first or a later one, reads its rows by rowid.
extension DatabaseSource {
    /// The fewest candidates a ranking is kept for: fewer rank fast anyway.
    static let minimumRankedRows = 64

    /// The relevance page `query` asks for, read from its search's kept ranking; nil where the
    /// SQL path answers: no ranking on the full-text side (``RowPageQuery/rankCut``), none kept
    /// yet at the data's version (one is asked for), the cursor's row not in it, or a row gone.
    func keptRankingPage(_ query: RowPageQuery) -> Result<RowPage, ListStoreError>? {
        guard let orders = sortOrders, orders.isEnabled, let cut = query.rankCut, let search = query.search,
            !query.wholeValues, query.byteBudget == nil, query.limit < KeysetQuery.rowidListLimit,
            case .success(let version?) = probe.version()
        else { return nil }
        let key = KeptSortOrders.Key(
            source: ObjectIdentifier(self), table: query.table.name, sort: nil, search: search + "\u{1}" + (query.labelColumn ?? ""))
        guard let ranking = orders.order(for: key, at: version) else {
            if query.after != nil || orders.askedAgain(key, at: version) {
                orders.request(key, at: version) { [self] in buildRanking(cut, of: query.table, key: key, at: version) }
            }
            return nil
        }
        var start = 0
        if let after = query.after {
            // A position by relevance value and rowid (form 7) whose row holds that value here.
            guard case .real(let value)? = after.sortValue, let rowid = after.rowid, let place = ranking.place(of: rowid),
                ranking.values[place] == value
            else { return nil }
            start = place + 1
        }
        let end = min(ranking.rowids.count, start + max(1, query.limit) + 1)
        guard start < end else { return nil }
        let keyset = KeysetQuery(query, rankCut: cut)
        // A row deleted since it was ranked reads fewer rows: not this version's ranking after all.
        return keptPage(
            query, keyset, statement: keyset.keptRankingStatement(cut, rowids: ranking.rowids[start..<end], values: ranking.values[start..<end]),
            rows: end - start)
    }

    /// Reads the whole ranking of `cut` at `version` into ``sortOrders``, within its budget;
    /// declined for a search of few matches or one the budget cannot hold, dropped when the
    /// data changed while it was read.
    func buildRanking(_ cut: RankCut, of table: TableDescription, key: KeptSortOrders.Key, at version: DataVersion) {
        guard let orders = sortOrders else { return }
        building(key, at: version) { connection throws(ListStoreError) -> KeptSortOrder? in
            let whole = KeysetQuery.wholeRanking(cut, of: table)
            let statement = try connection.statement(whole.sql)
            defer { statement.reset() }
            try statement.bind(values: whole.values)
            var rowids: [Int64] = []
            var values: [Double] = []
            while try statement.step() {
                guard case .real(let value) = statement.value(1) else { return nil }
                rowids.append(Int64(statement.int(0)))
                values.append(value)
            }
            guard rowids.count >= Self.minimumRankedRows, let first = rowids.min(), let last = rowids.max() else { return nil }
            // The arrays as read (grown by doubling: up to twice the rows) and the places to come.
            let bytes =
                KeptSortOrder.estimatedBytes(count: rowids.count, first: first, last: last)
                + (rowids.capacity - rowids.count) * 8 + values.capacity * 8
            guard orders.reserve(bytes) else { return nil }
            return keeping(key, reserved: bytes, at: version) { KeptSortOrder(rowids: rowids, values: values, version: $0) }
        }
    }
}
