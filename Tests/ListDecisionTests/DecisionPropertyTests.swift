import ListDecision
// Properties of the decision, checked over every combination of its inputs.
import Testing

/// Every combination of the snapshot's inputs the properties range over.
enum Combinations {
    static let standings: [RequestStanding] = [.valid, .badRequest(reason: "bad limit"), .notFound]
    static let rowPatterns: [[Int]] = [[], [0], [0, 0], [3], [0, 2]]
    /// (cursor, isContinuation): first page, later full page, continuation fragment.
    static let positions: [(String?, Bool)] = [(nil, false), ("c1", false), ("c1", true)]
    static let filters: [Filters] = [.none, Filters(query: "q"), Filters(hasActiveFilter: true), Filters(query: "")]
    static let sources: [SourceStatus] = [
        .ok, .unavailable(retryAfterSeconds: 7), .unavailable(retryAfterSeconds: nil), .gatewayTimeout(retryAfterSeconds: 7),
        .gatewayTimeout(retryAfterSeconds: nil), .badGateway, .invalidUpstream, .failed,
    ]
    static let forced: [PlaceholderKind?] = [nil] + PlaceholderKind.allCases.map(Optional.some)

    /// The full cartesian product: 3 × 2 × 5 × 2 × 2 × 3 × 4 × 8 × 2 × 8 = 184,320 snapshots.
    static let all: [ListSnapshot] = {
        var snapshots: [ListSnapshot] = []
        for request in standings {
            for isPending in [false, true] {
                for rows in rowPatterns {
                    for hasMore in [false, true] {
                        for nextCursor in [nil, "n1"] as [String?] {
                            for (cursor, isContinuation) in positions {
                                for filter in filters {
                                    for source in sources {
                                        for shouldDisplay in [false, true] {
                                            for force in forced {
                                                snapshots.append(
                                                    ListSnapshot(
                                                        request: request, isPending: isPending,
                                                        rowsPerSection: rows, hasMore: hasMore,
                                                        nextCursor: nextCursor, cursor: cursor,
                                                        isContinuation: isContinuation, filters: filter,
                                                        source: source,
                                                        display: DisplayFlags(shouldDisplay: shouldDisplay, forceDisplay: force)))
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return snapshots
    }()
}

/// A property of a snapshot and its decision.
struct Property: Sendable, CustomTestStringConvertible {
    let name: String
    let holds: @Sendable (ListSnapshot, Decision) -> Bool
    var testDescription: String { name }
}

extension ListSnapshot {
    /// Valid, healthy and loaded: the only snapshots whose rows are known.
    var isKnown: Bool { request.isValid && source.isOK && !isPending }
}

extension Decision {
    /// Whether this decision says, in any part, that the list (or page) is empty.
    var saysEmpty: Bool {
        body == .nothing
            || body.placeholderKind == .noData || body.placeholderKind == .noResults
            || footer == .endOfList
            || announcements.contains { said in
                switch said {
                case .noData, .noResults, .endOfList: true
                default: false
                }
            }
    }
}

/// The table, written out independently of `decide`: the expected body, footer and status.
func tableSays(_ s: ListSnapshot) -> (Decision.Rule, Decision.Body, Decision.Footer, Int) {
    let c = s.isContinuation
    switch s.request {
    case .badRequest: return (.invalidRequest, c ? .nothingNew : .placeholder(.error), c ? .startOver : .none, 400)
    case .notFound: return (.invalidRequest, c ? .nothingNew : .placeholder(.notFound), c ? .startOver : .none, 404)
    case .valid: break
    }
    switch s.source {
    case .unavailable: return (c ? .sourceNotOKContinuation : .sourceNotOK, c ? .nothingNew : .placeholder(.unavailable), c ? .retry(cursor: s.cursor) : .none, 503)
    case .gatewayTimeout: return (c ? .sourceNotOKContinuation : .sourceNotOK, c ? .nothingNew : .placeholder(.unavailable), c ? .retry(cursor: s.cursor) : .none, 504)
    case .badGateway: return (c ? .sourceNotOKContinuation : .sourceNotOK, c ? .nothingNew : .placeholder(.unavailable), c ? .retry(cursor: s.cursor) : .none, 502)
    case .invalidUpstream: return (c ? .sourceNotOKContinuation : .sourceNotOK, c ? .nothingNew : .placeholder(.error), c ? .retry(cursor: s.cursor) : .none, 502)
    case .failed: return (c ? .sourceNotOKContinuation : .sourceNotOK, c ? .nothingNew : .placeholder(.error), c ? .retry(cursor: s.cursor) : .none, 500)
    case .ok: break
    }
    if s.isPending { return (.pending, c ? .nothingNew : .placeholder(.loading), c ? .loading(cursor: s.cursor) : .none, 200) }
    let empty = !s.rowsPerSection.contains { $0 > 0 }
    if empty && !s.display.shouldDisplay && !c { return (.hidden, .nothing, .none, 200) }
    if empty && (c || s.cursor != nil) { return (.continuationExhausted, .nothingNew, .endOfList, 200) }
    if empty && (s.filters.hasActiveFilter || !(s.filters.query ?? "").isEmpty) { return (.noResults, .placeholder(.noResults), .none, 200) }
    if empty { return (.noData, .placeholder(.noData), .none, 200) }
    let (rule, footer): (Decision.Rule, Decision.Footer) =
        if s.hasMore, let next = s.nextCursor { (.rowsWithMore, .loadMore(cursor: next)) } else if s.cursor == nil && !c { (.singlePage, .none) } else { (.lastPage, .endOfList) }
    if let kind = s.display.forceDisplay, kind != .offline, !c { return (.forced, .placeholderAboveRows(kind), footer, 200) }
    return (rule, .rows, footer, 200)
}

@Suite("Decision properties over every combination of inputs")
struct DecisionPropertyTests {
    static let properties: [Property] = [
        Property(name: "the body, footer, status and rule are what the table says") { s, d in
            let (rule, body, footer, status) = tableSays(s)
            return d.rule == rule && d.body == body && d.footer == footer && d.status == status
        },
        Property(name: "the body is rows, one placeholder, a placeholder above the rows only under forced display, or nothing") { s, d in
            switch d.body {
            case .rows: s.isKnown && s.hasRows
            case .placeholder(let kind): !s.isContinuation && kind != .offline
            case .placeholderAboveRows(let kind):
                kind == s.display.forceDisplay && kind != .offline && s.isKnown && s.hasRows && !s.isContinuation
            case .nothing: !s.display.shouldDisplay && !s.hasRows && !s.isContinuation
            case .nothingNew: s.isContinuation || (s.isLaterPage && s.isKnown && !s.hasRows)
            }
        },
        Property(name: "a continuation is a run of <li>: no whole placeholder, always a footer") { s, d in
            !s.isContinuation || ((d.body == .rows || d.body == .nothingNew) && d.footer != .none)
        },
        Property(name: "load more only with rows, hasMore and a healthy source, and then always") { s, d in
            let offered = if case .loadMore(let cursor) = d.footer { cursor == s.nextCursor } else { false }
            let due = s.isKnown && s.hasRows && s.hasMore && s.nextCursor != nil
            return offered == due
        },
        Property(name: "a healthy, valid, non-pending empty list with shouldDisplay false shows nothing") { s, d in
            guard s.isKnown, !s.hasRows, !s.display.shouldDisplay else { return true }
            return d.body.placeholderKind == nil
                && (s.isContinuation ? d.body == .nothingNew : d.body == .nothing && d.announcements.isEmpty)
        },
        Property(name: "a query or filter never yields no data") { s, d in
            guard s.filters.isActive else { return true }
            return d.body != .placeholder(.noData)
                && (s.display.forceDisplay == .noData || !d.announcements.contains(.noData))
        },
        Property(name: "empty is never decided while rows are pending, the request is bad, or the source failed") { s, d in
            s.isKnown || (!d.saysEmpty && ![.hidden, .continuationExhausted, .noResults, .noData].contains(d.rule))
        },
        Property(name: "the status follows the request and the source; Retry-After only with 503 and 504") { s, d in
            let expected =
                switch (s.request, s.source) {
                case (.badRequest, _): 400
                case (.notFound, _): 404
                case (.valid, .unavailable): 503
                case (.valid, .gatewayTimeout): 504
                case (.valid, .badGateway), (.valid, .invalidUpstream): 502
                case (.valid, .failed): 500
                case (.valid, .ok): 200
                }
            let retryAfter: Int? =
                switch s.source {
                case .unavailable(let seconds) where s.request.isValid, .gatewayTimeout(let seconds) where s.request.isValid: seconds
                default: nil
                }
            return d.status == expected && d.retryAfterSeconds == retryAfter
        },
        Property(name: "a problem is reported exactly when the status is not 200") { _, d in
            (d.problem == nil) == (d.status == 200)
        },
        Property(name: "the server never decides offline") { _, d in
            d.body.placeholderKind != .offline
        },
        Property(name: "retry, start over and loading footers belong to continuations of failed, bad or pending requests") { s, d in
            switch d.footer {
            case .retry(let cursor): s.isContinuation && !s.source.isOK && s.request.isValid && cursor == s.cursor
            case .startOver: s.isContinuation && !s.request.isValid
            case .loading(let cursor): s.isContinuation && s.isPending && s.isKnown == false && cursor == s.cursor
            case .loadMore, .endOfList, .none: true
            }
        },
        Property(name: "the status region is silent only when the region shows nothing") { _, d in
            d.announcements.isEmpty == (d.body == .nothing)
        },
        Property(name: "row announcements count the rows; continuations say added") { s, d in
            let showsRows =
                switch d.body {
                case .rows, .placeholderAboveRows: true
                case .placeholder, .nothing, .nothingNew: false
                }
            guard showsRows else { return true }
            let said: Announcement = s.isContinuation ? .rowsAdded(count: s.rowCount) : .rowsShown(count: s.rowCount)
            return d.announcements.contains(said)
        },
        Property(name: "the decision is a function of the snapshot") { s, d in
            decide(s) == d
        },
    ]

    @Test("Property holds for all 184,320 combinations", arguments: properties)
    func holds(_ property: Property) {
        #expect(Combinations.all.count == 184_320)
        var failures: [ListSnapshot] = []
        for snapshot in Combinations.all where !property.holds(snapshot, decide(snapshot)) {
            failures.append(snapshot)
        }
        #expect(failures.isEmpty, "\(failures.count) failing; first: \(String(describing: failures.first)) -> \(String(describing: failures.first.map(decide)))")
    }

    @Test("Every table row is reached by some combination")
    func everyRowReached() {
        let reached = Set(Combinations.all.map { decide($0).rule })
        #expect(reached == Set(Decision.Rule.allCases))
    }
}
