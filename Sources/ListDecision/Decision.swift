/// What a list response shows, and how: the output of ``decide(_:)``.
///
/// Templates draw it; they decide nothing. Every field follows from one row of
/// the decision table in docs/design.md, named by ``rule``.
public struct Decision: Sendable, Hashable {
    /// What the list region (or, for a continuation, the run of `<li>`) holds.
    public var body: Body
    /// The item that ends the rows, or `.none`.
    public var footer: Footer
    /// The HTTP status: 200, 400, 404, 500 or 503.
    public var status: Int
    /// The `Retry-After` delay in seconds (RFC 9110 §10.2.3); only with status 503.
    public var retryAfterSeconds: Int?
    /// What went wrong, for an error, not-found or unavailable placeholder, a
    /// `.startOver` footer or a `.retry` footer; `nil` when nothing did.
    public var problem: Problem?
    /// What the status region says, in order; empty to say nothing.
    public var announcements: [Announcement]
    /// The table row that decided this response.
    public var rule: Rule
    /// When the rows shown were read (seconds since 1970, UTC), for rows kept from before
    /// because the source cannot answer now (``ListSnapshot/staleSince``): the page says so and
    /// the answer is not kept by any cache (`Cache-Control: no-store`); nil for fresh rows.
    public var staleSince: Int?

    /// Creates a decision. ``decide(_:)`` is the only producer in the server; the
    /// initializer exists for tests and previews.
    ///
    /// - Parameters:
    ///   - body: The body.
    ///   - footer: The footer.
    ///   - status: The HTTP status.
    ///   - retryAfterSeconds: The `Retry-After` delay, with 503 only.
    ///   - problem: What went wrong, if anything.
    ///   - announcements: What the status region says.
    ///   - rule: The table row that decided.
    public init(
        body: Body,
        footer: Footer,
        status: Int,
        retryAfterSeconds: Int? = nil,
        problem: Problem? = nil,
        announcements: [Announcement],
        rule: Rule
    ) {
        self.body = body
        self.footer = footer
        self.status = status
        self.retryAfterSeconds = retryAfterSeconds
        self.problem = problem
        self.announcements = announcements
        self.rule = rule
    }
}

extension Decision {
    /// What a response shows in place of, beside, or as its rows.
    public enum Body: Sendable, Hashable {
        /// The rows (rows 10–12).
        case rows
        /// One placeholder fills the list region (rows 1, 3, 4, 7, 8).
        case placeholder(PlaceholderKind)
        /// A forced placeholder beside the `<ol>` of rows, inside `#list` (row 9).
        case placeholderAboveRows(PlaceholderKind)
        /// An empty list region (row 5: `shouldDisplay` is false).
        case nothing
        /// A continuation adds no rows; the rows already on screen stay and only
        /// the footer changes (rows 1, 2, 4 and 6 on a continuation).
        case nothingNew

        /// The placeholder shown, in place of or above the rows, if any.
        public var placeholderKind: PlaceholderKind? {
            switch self {
            case .placeholder(let kind), .placeholderAboveRows(let kind): kind
            case .rows, .nothing, .nothingNew: nil
            }
        }
    }

    /// The last item of the rows: it says what comes next and offers the way on.
    /// In a continuation it replaces the old footer (`hx-swap="outerHTML"`).
    public enum Footer: Sendable, Hashable {
        /// More rows follow (row 10): `hx-get` with `hx-trigger="revealed"` and a
        /// plain "Load more" link.
        ///
        /// - Parameter cursor: The opaque cursor after the last row.
        case loadMore(cursor: String)
        /// The rows for `cursor` are still pending (row 4 on a continuation): a
        /// loading footer that requests the same cursor again.
        ///
        /// - Parameter cursor: The cursor whose rows are pending, or `nil` for the start.
        case loading(cursor: String?)
        /// No rows follow a later page (rows 6 and 12).
        case endOfList
        /// The source failed a continuation (row 2); ``Decision/problem`` says how.
        ///
        /// - Parameter cursor: The cursor that failed, or `nil` for the start.
        case retry(cursor: String?)
        /// A continuation's request was bad or its list is gone (row 1 on a
        /// continuation): a link to the start of the list.
        case startOver
        /// No footer: rows 1, 3 and 4 (not on a continuation), 5, 7, 8 and 11, and row 9
        /// when row 11 gives its footer.
        case none
    }

    /// The rows of docs/design.md's decision table, by number; the first that matches wins.
    public enum Rule: Int, Sendable, Hashable, CaseIterable, Comparable {
        /// 1. The request is not valid: error (400) or not-found (404).
        case invalidRequest = 1
        /// 2. The source is not ok on a continuation: nothing new, retry footer.
        case sourceNotOKContinuation = 2
        /// 3. The source is not ok: unavailable (503) or error (500) placeholder.
        case sourceNotOK = 3
        /// 4. Rows are pending: the loading shell (a loading footer on a continuation).
        case pending = 4
        /// 5. `shouldDisplay` is false and there are no rows: nothing.
        case hidden = 5
        /// 6. No rows on a continuation: nothing new, end of list.
        case continuationExhausted = 6
        /// 7. No rows, a query or filter active: no results.
        case noResults = 7
        /// 8. No rows: no data.
        case noData = 8
        /// 9. A forced placeholder above the rows.
        case forced = 9
        /// 10. Rows, and more follow: load more.
        case rowsWithMore = 10
        /// 11. Rows, no more, first page: no footer.
        case singlePage = 11
        /// 12. Rows, no more, later page: end of list.
        case lastPage = 12

        /// Orders rules by their row number (their precedence).
        public static func < (lhs: Rule, rhs: Rule) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }
}
