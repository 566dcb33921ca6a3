// The ListDecision module: the pure decision of what a list response shows.
// docs/design.md, "The decision (ListDecision)", is the specification; `decide(_:)`
// follows its table row by row. No Foundation, no I/O, no clock. The library a
// developer imports (`ListState`) re-exports what of it they use.
//
// There is deliberately no type named `ListDecision`: a type named like its
// module makes `ListDecision.X` ambiguous for importers. The decision is a free
// function, so `ListDecision.decide(snapshot)` (module-qualified) reads exactly as
// docs/design.md writes it, and `ListDecision.Decision` etc. stay unambiguous.

/// Decides what a list response shows: body, footer, HTTP status, Retry-After,
/// problem and announcements (what the client does offline is its own: it
/// decides when no answer comes, from the rows then on screen).
///
/// The first matching row of docs/design.md's decision table wins:
///
/// | # | situation | body | footer | status |
/// | --- | --- | --- | --- | --- |
/// | 1 | request not valid | `error` / `notFound` placeholder; on a continuation nothing new | none; on a continuation `startOver` | 400 / 404 |
/// | 2 | source not ok, continuation | nothing new | `retry` (same cursor) | as row 3 |
/// | 3 | source not ok | `unavailable` placeholder (503, 504 with `Retry-After`; 502 for another service's fault) / `error` placeholder (500; 502 for another service's unusable answer) | none | 503 / 504 / 502 / 500 |
/// | 4 | rows pending | `loading` placeholder; on a continuation nothing new | none; on a continuation `loading` (same cursor) | 200 |
/// | 5 | `shouldDisplay` false, no rows, not a continuation | nothing | none | 200 |
/// | 6 | no rows, later page (continuation, or a page at a cursor) | nothing new | `endOfList` | 200 |
/// | 7 | no rows, query or filter active | `noResults` placeholder | none | 200 |
/// | 8 | no rows | `noData` placeholder | none | 200 |
/// | 9 | `forceDisplay(kind)`, not a continuation, kind not `offline` | that placeholder above the rows | as 10–12 | 200 |
/// | 10 | rows, `hasMore` and a next cursor | rows | `loadMore(next cursor)` | 200 |
/// | 11 | rows, no more, first page | rows | none | 200 |
/// | 12 | rows, no more, later page | rows | `endOfList` | 200 |
///
/// Rows kept from before (``ListSnapshot/staleSince``) decide as fresh ones, then carry
/// ``Decision/staleSince`` and announce ``Announcement/stale(since:)`` first.
///
/// Row 6 also covers a full page at a cursor past the last row: that list has
/// ended, it is not empty, so "no data" or "no results" there would be false.
///
/// The additions to docs/design.md's table (continuation cases in rows 1, 4, 5 and 9)
/// follow its "Markup shapes": a continuation is always a run of `<li>` ending
/// in a footer that replaces the old one, never a whole placeholder.
///
/// Call it module-qualified as `ListDecision.decide(snapshot)` where the short
/// name could be ambiguous.
///
/// - Parameter snapshot: The facts about the response.
/// - Returns: The decision; the same snapshot always gives the same decision.
/// - Complexity: O(*n*), where *n* is the number of sections.
public func decide(_ snapshot: ListSnapshot) -> Decision {
    if let since = snapshot.staleSince { return decideStale(snapshot, since: since) }
    let continuation = snapshot.isContinuation

    // Row 1: the request is not valid.
    switch snapshot.request {
    case .valid:
        break
    case .badRequest(let reason):
        return failure(
            snapshot, rule: .invalidRequest,
            kind: .error, problem: .badRequest(reason: reason), status: 400,
            footerOnContinuation: .startOver,
            announcement: .badRequest(reason: reason)
        )
    case .notFound:
        return failure(
            snapshot, rule: .invalidRequest,
            kind: .notFound, problem: .notFound, status: 404,
            footerOnContinuation: .startOver,
            announcement: .notFound
        )
    }

    // Rows 2 and 3: the source is not ok.
    switch snapshot.source {
    case .ok:
        break
    case .unavailable(let retryAfter):
        return unavailable(snapshot, status: 503, retryAfter: retryAfter)
    case .gatewayTimeout(let retryAfter):
        return unavailable(snapshot, status: 504, retryAfter: retryAfter)
    case .badGateway:
        return unavailable(snapshot, status: 502, retryAfter: nil)
    case .invalidUpstream:
        return sourceFailed(snapshot, status: 502)
    case .failed:
        return sourceFailed(snapshot, status: 500)
    }

    // Row 4: rows pending.
    if snapshot.isPending {
        return Decision(
            body: continuation ? .nothingNew : .placeholder(.loading),
            footer: continuation ? .loading(cursor: snapshot.cursor) : .none,
            status: 200,
            announcements: [.loading],
            rule: .pending
        )
    }

    let rowCount = snapshot.rowCount
    if rowCount == 0 {
        // Row 5: placeholders hidden by configuration.
        if !snapshot.display.shouldDisplay && !continuation {
            return Decision(
                body: .nothing, footer: .none, status: 200,
                announcements: [],
                rule: .hidden
            )
        }
        // Row 6: a later page with nothing new (a continuation, or a full page
        // at a cursor past the last row): the list has ended, it is not empty.
        if snapshot.isLaterPage {
            return Decision(
                body: .nothingNew, footer: .endOfList, status: 200,
                announcements: [.endOfList],
                rule: .continuationExhausted
            )
        }
        // Row 7: a query or filter matched nothing.
        if snapshot.filters.isActive {
            return Decision(
                body: .placeholder(.noResults), footer: .none, status: 200,
                announcements: [.noResults(query: snapshot.filters.activeQuery)],
                rule: .noResults
            )
        }
        // Row 8: the list is empty.
        return Decision(
            body: .placeholder(.noData), footer: .none, status: 200,
            announcements: [.noData],
            rule: .noData
        )
    }

    // Rows 10–12 decide the footer (row 9 too: "as below").
    let footer: Decision.Footer
    let footerRule: Decision.Rule
    if snapshot.hasMore, let next = snapshot.nextCursor {
        footer = .loadMore(cursor: next)
        footerRule = .rowsWithMore
    } else if snapshot.isLaterPage {
        footer = .endOfList
        footerRule = .lastPage
    } else {
        footer = .none
        footerRule = .singlePage
    }
    var announcements: [Announcement] = [
        continuation ? .rowsAdded(count: rowCount) : .rowsShown(count: rowCount)
    ]
    if footer == .endOfList {
        announcements.append(.endOfList)
    }

    // Row 9: a forced placeholder above the rows.
    if !continuation, let forced = snapshot.display.forceDisplay,
        let forcedAnnouncement = announcement(forForced: forced, filters: snapshot.filters)
    {
        return Decision(
            body: .placeholderAboveRows(forced), footer: footer, status: 200,
            announcements: [forcedAnnouncement] + announcements,
            rule: .forced
        )
    }

    return Decision(
        body: .rows, footer: footer, status: 200,
        announcements: announcements,
        rule: footerRule
    )
}

/// Rows 2 and 3 for a source worth retrying: the `unavailable` placeholder (or a retry
/// footer) with `status`, and `retryAfter` as `Retry-After` when given and not negative.
private func unavailable(_ snapshot: ListSnapshot, status: Int, retryAfter: Int?) -> Decision {
    let seconds = retryAfter.flatMap { $0 >= 0 ? $0 : nil }
    var decision = failure(
        snapshot, rule: snapshot.isContinuation ? .sourceNotOKContinuation : .sourceNotOK,
        kind: .unavailable, problem: .sourceUnavailable, status: status,
        footerOnContinuation: .retry(cursor: snapshot.cursor),
        announcement: .unavailable(retryAfterSeconds: seconds)
    )
    decision.retryAfterSeconds = seconds
    return decision
}

/// Rows 2 and 3 for a source that failed: the `error` placeholder (or a retry footer) with `status`.
private func sourceFailed(_ snapshot: ListSnapshot, status: Int) -> Decision {
    failure(
        snapshot, rule: snapshot.isContinuation ? .sourceNotOKContinuation : .sourceNotOK,
        kind: .error, problem: .sourceFailed, status: status,
        footerOnContinuation: .retry(cursor: snapshot.cursor),
        announcement: .error
    )
}

/// The decision for a failed request or source (rows 1–3): a whole placeholder,
/// or on a continuation nothing new and a footer that offers the way on.
private func failure(
    _ snapshot: ListSnapshot,
    rule: Decision.Rule,
    kind: PlaceholderKind,
    problem: Problem,
    status: Int,
    footerOnContinuation: Decision.Footer,
    announcement: Announcement
) -> Decision {
    let continuation = snapshot.isContinuation
    return Decision(
        body: continuation ? .nothingNew : .placeholder(kind),
        footer: continuation ? footerOnContinuation : .none,
        status: status,
        problem: problem,
        announcements: [announcement],
        rule: rule
    )
}

/// What the status region says for a forced placeholder; `nil` for `.offline`,
/// which the server never shows (C-12), so row 9 does not apply.
private func announcement(forForced kind: PlaceholderKind, filters: Filters) -> Announcement? {
    switch kind {
    case .loading: .loading
    case .noData: .noData
    case .noResults: .noResults(query: filters.activeQuery)
    case .offline: nil
    case .unavailable: .unavailable(retryAfterSeconds: nil)
    case .error: .error
    case .notFound: .notFound
    }
}
