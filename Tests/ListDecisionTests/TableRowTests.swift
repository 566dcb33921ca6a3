import ListDecision
// One test per row of docs/design.md's decision table, in precedence order.
import Testing

@Suite("Decision table rows")
struct TableRowTests {
    @Test(
        "Row 1: a bad request is an error placeholder (400); a missing list is not-found (404)",
        arguments: [
            (RequestStanding.badRequest(reason: "limit"), PlaceholderKind.error, Problem.badRequest(reason: "limit"), 400, Announcement.badRequest(reason: "limit")),
            (RequestStanding.notFound, PlaceholderKind.notFound, Problem.notFound, 404, Announcement.notFound),
        ])
    func row01InvalidRequest(standing: RequestStanding, kind: PlaceholderKind, problem: Problem, status: Int, said: Announcement) {
        // Rows, pending, a failed source and forced display do not outrank row 1.
        let page = decide(
            ListSnapshot(
                request: standing, isPending: true, rowsPerSection: [3], hasMore: true, nextCursor: "n",
                source: .failed, display: DisplayFlags(forceDisplay: .loading)))
        #expect(
            page
                == Decision(
                    body: .placeholder(kind), footer: .none, status: status, problem: problem,
                    announcements: [said], rule: .invalidRequest))

        // A continuation (bad cursor in a partial request) answers with a footer <li>.
        let fragment = decide(ListSnapshot(request: standing, cursor: "c!", isContinuation: true))
        #expect(
            fragment
                == Decision(
                    body: .nothingNew, footer: .startOver, status: status, problem: problem,
                    announcements: [said], rule: .invalidRequest))
    }

    @Test(
        "Row 2: a failed source on a continuation keeps the rows and offers retry with the same cursor",
        arguments: [
            (SourceStatus.unavailable(retryAfterSeconds: 5), 503, 5 as Int?, Problem.sourceUnavailable, Announcement.unavailable(retryAfterSeconds: 5)),
            (SourceStatus.gatewayTimeout(retryAfterSeconds: 5), 504, 5, Problem.sourceUnavailable, Announcement.unavailable(retryAfterSeconds: 5)),
            (SourceStatus.badGateway, 502, nil, Problem.sourceUnavailable, Announcement.unavailable(retryAfterSeconds: nil)),
            (SourceStatus.invalidUpstream, 502, nil, Problem.sourceFailed, Announcement.error),
            (SourceStatus.failed, 500, nil, Problem.sourceFailed, Announcement.error),
        ])
    func row02SourceNotOKContinuation(source: SourceStatus, status: Int, retryAfter: Int?, problem: Problem, said: Announcement) {
        let decision = decide(
            ListSnapshot(
                isPending: true, rowsPerSection: [2], hasMore: true, nextCursor: "n",
                cursor: "c7", isContinuation: true, source: source))
        #expect(
            decision
                == Decision(
                    body: .nothingNew, footer: .retry(cursor: "c7"), status: status,
                    retryAfterSeconds: retryAfter, problem: problem,
                    announcements: [said], rule: .sourceNotOKContinuation))
    }

    @Test(
        "Row 3: a failed source shows unavailable (503, 504 with Retry-After; 502 without) or error (500, 502), never no data",
        arguments: [
            (SourceStatus.unavailable(retryAfterSeconds: 30), PlaceholderKind.unavailable, 503, 30 as Int?, Problem.sourceUnavailable),
            (SourceStatus.unavailable(retryAfterSeconds: nil), PlaceholderKind.unavailable, 503, nil, Problem.sourceUnavailable),
            (SourceStatus.unavailable(retryAfterSeconds: -1), PlaceholderKind.unavailable, 503, nil, Problem.sourceUnavailable),
            (SourceStatus.gatewayTimeout(retryAfterSeconds: 30), PlaceholderKind.unavailable, 504, 30, Problem.sourceUnavailable),
            (SourceStatus.gatewayTimeout(retryAfterSeconds: nil), PlaceholderKind.unavailable, 504, nil, Problem.sourceUnavailable),
            (SourceStatus.gatewayTimeout(retryAfterSeconds: -1), PlaceholderKind.unavailable, 504, nil, Problem.sourceUnavailable),
            (SourceStatus.badGateway, PlaceholderKind.unavailable, 502, nil, Problem.sourceUnavailable),
            (SourceStatus.invalidUpstream, PlaceholderKind.error, 502, nil, Problem.sourceFailed),
            (SourceStatus.failed, PlaceholderKind.error, 500, nil, Problem.sourceFailed),
        ])
    func row03SourceNotOK(source: SourceStatus, kind: PlaceholderKind, status: Int, retryAfter: Int?, problem: Problem) {
        let decision = decide(ListSnapshot(isPending: true, rowsPerSection: [], source: source))
        #expect(decision.body == .placeholder(kind))
        #expect(decision.footer == .none)
        #expect(decision.status == status)
        #expect(decision.retryAfterSeconds == retryAfter)
        #expect(decision.problem == problem)
        #expect(decision.rule == .sourceNotOK)
    }

    @Test("Row 4: pending rows show the loading shell; a pending continuation shows a loading footer")
    func row04Pending() {
        let shell = decide(ListSnapshot(isPending: true, display: DisplayFlags(shouldDisplay: false)))
        #expect(
            shell
                == Decision(
                    body: .placeholder(.loading), footer: .none, status: 200,
                    announcements: [.loading], rule: .pending))

        let fragment = decide(ListSnapshot(isPending: true, cursor: "c3", isContinuation: true))
        #expect(
            fragment
                == Decision(
                    body: .nothingNew, footer: .loading(cursor: "c3"), status: 200,
                    announcements: [.loading], rule: .pending))
    }

    @Test(
        "Row 5: shouldDisplay false and no rows shows nothing, even with a query",
        arguments: [[], [0], [0, 0]] as [[Int]])
    func row05Hidden(rows: [Int]) {
        let decision = decide(
            ListSnapshot(
                rowsPerSection: rows, filters: Filters(query: "x"),
                display: DisplayFlags(shouldDisplay: false, forceDisplay: .noData)))
        #expect(
            decision
                == Decision(
                    body: .nothing, footer: .none, status: 200,
                    announcements: [], rule: .hidden))
    }

    @Test("Row 6: no rows on a continuation adds nothing and ends the list", arguments: [true, false])
    func row06ContinuationExhausted(shouldDisplay: Bool) {
        let decision = decide(
            ListSnapshot(
                rowsPerSection: [0], cursor: "c9", isContinuation: true, filters: Filters(query: "q"),
                display: DisplayFlags(shouldDisplay: shouldDisplay)))
        #expect(
            decision
                == Decision(
                    body: .nothingNew, footer: .endOfList, status: 200,
                    announcements: [.endOfList], rule: .continuationExhausted))
    }

    @Test("Row 6: a full page at a cursor past the last row ends the list, never says empty")
    func row06LaterPagePastTheEnd() {
        let decision = decide(ListSnapshot(rowsPerSection: [], cursor: "past", filters: Filters(query: "snowman")))
        #expect(decision.body == .nothingNew && decision.footer == .endOfList && decision.status == 200)
        #expect(decision.rule == .continuationExhausted)
    }

    @Test(
        "Row 7: no rows with a query or filter shows no results, echoing the query",
        arguments: [
            (Filters(query: "zebra"), "zebra" as String?),
            (Filters(hasActiveFilter: true), nil),
            (Filters(query: "", hasActiveFilter: true), nil),
        ])
    func row07NoResults(filters: Filters, echoed: String?) {
        let decision = decide(ListSnapshot(rowsPerSection: [0, 0], filters: filters))
        #expect(
            decision
                == Decision(
                    body: .placeholder(.noResults), footer: .none, status: 200,
                    announcements: [.noResults(query: echoed)], rule: .noResults))
    }

    @Test("Row 8: no rows and no query shows no data", arguments: [Filters.none, Filters(query: "")])
    func row08NoData(filters: Filters) {
        let decision = decide(ListSnapshot(rowsPerSection: [], hasMore: true, nextCursor: "n", filters: filters))
        #expect(
            decision
                == Decision(
                    body: .placeholder(.noData), footer: .none, status: 200,
                    announcements: [.noData], rule: .noData))
    }

    @Test("Row 9: a forced placeholder stands above the rows; the footer follows rows 10–12")
    func row09Forced() {
        let refreshing = decide(
            ListSnapshot(
                rowsPerSection: [2, 3], hasMore: true, nextCursor: "n5",
                display: DisplayFlags(forceDisplay: .loading)))
        #expect(
            refreshing
                == Decision(
                    body: .placeholderAboveRows(.loading), footer: .loadMore(cursor: "n5"), status: 200,
                    announcements: [.loading, .rowsShown(count: 5)], rule: .forced))

        let laterPage = decide(
            ListSnapshot(
                rowsPerSection: [1], cursor: "c", display: DisplayFlags(forceDisplay: .noResults)))
        #expect(laterPage.body == .placeholderAboveRows(.noResults))
        #expect(laterPage.footer == .endOfList)

        // A continuation cannot hold a placeholder; offline is never server-decided.
        let continuation = decide(
            ListSnapshot(
                rowsPerSection: [1], cursor: "c", isContinuation: true, display: DisplayFlags(forceDisplay: .loading)))
        #expect(continuation.body == .rows)
        let offline = decide(ListSnapshot(rowsPerSection: [1], display: DisplayFlags(forceDisplay: .offline)))
        #expect(offline.body == .rows)
        #expect(offline.rule == .singlePage)
    }

    @Test("Row 10: rows with more offer load more with the next cursor", arguments: [false, true])
    func row10RowsWithMore(isContinuation: Bool) {
        let decision = decide(
            ListSnapshot(
                rowsPerSection: [20], hasMore: true, nextCursor: "n20",
                cursor: isContinuation ? "c" : nil, isContinuation: isContinuation))
        #expect(
            decision
                == Decision(
                    body: .rows, footer: .loadMore(cursor: "n20"), status: 200,
                    announcements: [isContinuation ? .rowsAdded(count: 20) : .rowsShown(count: 20)],
                    rule: .rowsWithMore))
    }

    @Test("Row 11: a single short first page needs no footer")
    func row11SinglePage() {
        let decision = decide(ListSnapshot(rowsPerSection: [0, 2]))
        #expect(
            decision
                == Decision(
                    body: .rows, footer: .none, status: 200,
                    announcements: [.rowsShown(count: 2)], rule: .singlePage))

        // hasMore without a next cursor cannot offer load more.
        let noCursor = decide(ListSnapshot(rowsPerSection: [2], hasMore: true, nextCursor: nil))
        #expect(noCursor.footer == .none)
        #expect(noCursor.rule == .singlePage)
    }

    @Test(
        "Row 12: the last later page ends the list",
        arguments: [(false, Announcement.rowsShown(count: 3)), (true, Announcement.rowsAdded(count: 3))])
    func row12LastPage(isContinuation: Bool, rows: Announcement) {
        let decision = decide(ListSnapshot(rowsPerSection: [3], cursor: "c40", isContinuation: isContinuation))
        #expect(
            decision
                == Decision(
                    body: .rows, footer: .endOfList, status: 200,
                    announcements: [rows, .endOfList], rule: .lastPage))
    }
}
