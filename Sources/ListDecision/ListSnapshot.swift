/// The plain facts about one list response: the input of ``decide(_:)``.
///
/// Built by the handler from the parsed request and the source's answer; it holds
/// no rows, only their counts, so the decision stays a pure function of values.
public struct ListSnapshot: Sendable, Hashable {
    /// Whether the request could be answered (table row 1).
    public var request: RequestStanding
    /// Whether the rows load after the shell (a lazy list; table row 4). A
    /// pending continuation gets a `.loading` footer instead of a placeholder.
    public var isPending: Bool
    /// Row counts per section; no sections, or all zero, is an empty list.
    /// Negative counts are read as zero.
    public var rowsPerSection: [Int]
    /// Whether rows follow the last one in this response (table row 10).
    public var hasMore: Bool
    /// The opaque cursor after the last row, for the load-more footer. Load more
    /// is offered only when it is present, whatever `hasMore` says.
    public var nextCursor: String?
    /// The opaque cursor this page started at (`nil` on the first page), retried
    /// by a `.retry` footer (table row 2).
    public var cursor: String?
    /// Whether this response is a continuation fragment: a partial request with
    /// a cursor, answered with a run of `<li>` that replaces the old footer.
    public var isContinuation: Bool
    /// The active query and filters (table row 7).
    public var filters: Filters
    /// How the data source answered (table rows 2 and 3).
    public var source: SourceStatus
    /// `shouldDisplay` and `forceDisplay` (table rows 5 and 9).
    public var display: DisplayFlags
    /// When the rows were read, in whole seconds since 1970 (UTC), when they are kept from
    /// before and shown because the source cannot answer now (RFC 5861's stale-if-error);
    /// nil for rows read for this response. Such rows decide as fresh ones would, plus
    /// ``Decision/staleSince`` and the ``Announcement/stale(since:)`` announcement.
    public var staleSince: Int?

    /// Creates a snapshot; the defaults describe a valid, healthy, loaded,
    /// unfiltered first page with no rows.
    ///
    /// - Parameters:
    ///   - request: The request's standing.
    ///   - isPending: Whether rows load after the shell.
    ///   - rowsPerSection: Row counts per section.
    ///   - hasMore: Whether rows follow.
    ///   - nextCursor: The cursor after the last row.
    ///   - cursor: The cursor this page started at.
    ///   - isContinuation: Whether this is a continuation fragment.
    ///   - filters: The query and filters.
    ///   - source: The source status.
    ///   - display: The display flags.
    public init(
        request: RequestStanding = .valid,
        isPending: Bool = false,
        rowsPerSection: [Int] = [],
        hasMore: Bool = false,
        nextCursor: String? = nil,
        cursor: String? = nil,
        isContinuation: Bool = false,
        filters: Filters = .none,
        source: SourceStatus = .ok,
        display: DisplayFlags = .standard
    ) {
        self.request = request
        self.isPending = isPending
        self.rowsPerSection = rowsPerSection
        self.hasMore = hasMore
        self.nextCursor = nextCursor
        self.cursor = cursor
        self.isContinuation = isContinuation
        self.filters = filters
        self.source = source
        self.display = display
    }

    /// The number of rows across all sections, saturating at `Int.max`.
    ///
    /// - Complexity: O(*n*), where *n* is the number of sections.
    public var rowCount: Int {
        rowsPerSection.reduce(0) { total, count in
            let (sum, overflow) = total.addingReportingOverflow(max(0, count))
            return overflow ? Int.max : sum
        }
    }

    /// Whether any section has a row.
    ///
    /// - Complexity: O(*n*), where *n* is the number of sections.
    public var hasRows: Bool {
        rowsPerSection.contains { $0 > 0 }
    }

    /// Whether this response continues a list already on screen or starts
    /// after a cursor (a later page): it then ends with `.endOfList` when no
    /// rows follow (table row 12), where a first page needs no footer (row 11).
    public var isLaterPage: Bool {
        isContinuation || cursor != nil
    }
}
