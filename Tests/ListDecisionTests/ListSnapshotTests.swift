import ListDecision
// The derived facts of a snapshot and its parts.
import Testing

@Suite("ListSnapshot")
struct ListSnapshotTests {
    @Test("The defaults describe a valid, healthy, loaded, unfiltered first page with no rows")
    func defaults() {
        let snapshot = ListSnapshot()
        #expect(snapshot.request == .valid)
        #expect(!snapshot.isPending && !snapshot.hasMore && !snapshot.isContinuation && !snapshot.isLaterPage)
        #expect(snapshot.rowsPerSection.isEmpty && snapshot.cursor == nil && snapshot.nextCursor == nil)
        #expect(snapshot.filters == .none && snapshot.source == .ok && snapshot.display == .standard)
        #expect(snapshot.display.shouldDisplay && snapshot.display.forceDisplay == nil)
    }

    @Test(
        "Row counts add up over sections, ignore negatives and saturate",
        arguments: [
            ([], 0, false), ([0], 0, false), ([0, 0], 0, false), ([3], 3, true), ([0, 2], 2, true),
            ([-4, 1], 1, true), ([-1], 0, false), ([Int.max, 1], Int.max, true),
        ] as [([Int], Int, Bool)])
    func rowCount(rows: [Int], count: Int, hasRows: Bool) {
        let snapshot = ListSnapshot(rowsPerSection: rows)
        #expect(snapshot.rowCount == count)
        #expect(snapshot.hasRows == hasRows)
    }

    @Test(
        "A query is active when non-empty; any filter is active",
        arguments: [
            (Filters.none, nil, false), (Filters(query: ""), nil, false), (Filters(query: "a"), "a", true),
            (Filters(hasActiveFilter: true), nil, true), (Filters(query: " "), " ", true),
        ] as [(Filters, String?, Bool)])
    func filters(filters: Filters, query: String?, isActive: Bool) {
        #expect(filters.activeQuery == query)
        #expect(filters.isActive == isActive)
    }

    @Test("Standing and source answer whether they are fine")
    func standingAndSource() {
        #expect(RequestStanding.valid.isValid)
        #expect(!RequestStanding.badRequest(reason: "x").isValid)
        #expect(!RequestStanding.notFound.isValid)
        #expect(SourceStatus.ok.isOK)
        #expect(!SourceStatus.unavailable(retryAfterSeconds: 1).isOK)
        #expect(!SourceStatus.failed.isOK)
    }

    @Test("Rules are ordered by their table row number")
    func ruleNumbers() {
        #expect(Decision.Rule.allCases.map(\.rawValue) == Array(1...12))
        #expect(Decision.Rule.allCases.sorted() == Decision.Rule.allCases)
    }

    @Test("A body says which placeholder it shows")
    func bodyHelpers() {
        #expect(Decision.Body.placeholderAboveRows(.loading).placeholderKind == .loading)
        #expect(Decision.Body.rows.placeholderKind == nil)
    }
}
