import ListDecision
// CASES.md cases that reach the decision: C-09 (the decision part), C-10, C-11, C-12.
import Testing

@Suite("Cases from the field")
struct CasesTests {
    @Test(
        "C-10: a first-page query that times out or fails shows unavailable or error, never no data",
        arguments: [
            (SourceStatus.unavailable(retryAfterSeconds: 2), PlaceholderKind.unavailable, 503),
            (SourceStatus.failed, PlaceholderKind.error, 500),
        ])
    func c10FailureIsNotNoData(source: SourceStatus, kind: PlaceholderKind, status: Int) {
        // The source answers nothing, so the snapshot has no rows: that must not read as empty.
        for filters in [Filters.none, Filters(query: "cat")] {
            let decision = decide(ListSnapshot(rowsPerSection: [], filters: filters, source: source))
            #expect(decision.body == .placeholder(kind))
            #expect(decision.status == status)
            #expect(!decision.saysEmpty)
        }
    }

    @Test("C-10: a list that loads later shows loading first, then its rows or no data")
    func c10LazyListLoadsFirst() {
        let shell = decide(ListSnapshot(isPending: true))
        #expect(shell.body == .placeholder(.loading))
        #expect(!shell.saysEmpty)

        let loaded = decide(ListSnapshot(rowsPerSection: [4]))
        #expect(loaded.body == .rows)
        let loadedEmpty = decide(ListSnapshot(rowsPerSection: []))
        #expect(loadedEmpty.body == .placeholder(.noData))
    }

    @Test("C-11: deleting the only row shows no data (page and region fragment); inserting one shows rows again")
    func c11EmptyStateRefreshes() {
        // A full page and a region fragment are both non-continuation snapshots.
        let oneRow = ListSnapshot(rowsPerSection: [1])
        var deleted = oneRow
        deleted.rowsPerSection = [0]
        var inserted = deleted
        inserted.rowsPerSection = [1]

        #expect(decide(oneRow).body == .rows)
        #expect(decide(deleted).body == .placeholder(.noData))
        #expect(decide(deleted).status == 200)
        #expect(decide(inserted).body == .rows)
        // Nothing is remembered between calls: the same facts give the same decision.
        #expect(decide(inserted) == decide(oneRow))
    }

    @Test(
        "C-12: an HTTP error is not offline; offline is left to the client",
        arguments: [
            (SourceStatus.unavailable(retryAfterSeconds: nil), PlaceholderKind.unavailable, 503),
            (SourceStatus.failed, PlaceholderKind.error, 500),
        ])
    func c12HTTPErrorIsNotOffline(source: SourceStatus, kind: PlaceholderKind, status: Int) {
        let decision = decide(ListSnapshot(source: source))
        #expect(decision.body == .placeholder(kind))
        #expect(decision.status == status)
        #expect(decision.body.placeholderKind != .offline)
    }

    // What the client does offline (keep the rows with a banner, or show the offline
    // placeholder) is decided in the browser when no answer comes, from the rows then on
    // screen: Tests/e2e/test_offline.py.
    @Test("C-12: an answer is never offline, whatever the source")
    func c12OfflineIsNoAnswer() {
        #expect(decide(ListSnapshot(cursor: "c", isContinuation: true, source: .failed)).body == .nothingNew)
        #expect(decide(ListSnapshot(rowsPerSection: [], source: .unavailable(retryAfterSeconds: 5))).body == .placeholder(.unavailable))
        // Forcing the offline placeholder is ignored: no response means offline, never a 200.
        #expect(decide(ListSnapshot(rowsPerSection: [3], display: DisplayFlags(forceDisplay: .offline))).body == .rows)
    }

    @Test(
        "C-09: a tampered cursor is a 400 with the error placeholder, or a start-over footer in a fragment, never a 500",
        arguments: [false, true])
    func c09TamperedCursor(isPartial: Bool) {
        let decision = decide(
            ListSnapshot(
                request: .badRequest(reason: "The link to this page is not valid."),
                cursor: isPartial ? "AAAA!" : nil, isContinuation: isPartial, source: .failed))
        #expect(decision.status == 400)
        #expect(decision.body == (isPartial ? .nothingNew : .placeholder(.error)))
        #expect(decision.footer == (isPartial ? .startOver : .none))
        #expect(decision.problem == .badRequest(reason: "The link to this page is not valid."))
    }
}

@Suite("Public spelling")
struct PublicSpellingTests {
    @Test("The module-qualified spelling from docs/design.md, ListDecision.decide(snapshot), resolves")
    func moduleQualified() {
        let snapshot: ListDecision.ListSnapshot = ListDecision.ListSnapshot(rowsPerSection: [1])
        let decision: ListDecision.Decision = ListDecision.decide(snapshot)
        #expect(decision == decide(snapshot))
        #expect(decision.rule == .singlePage)
    }
}
