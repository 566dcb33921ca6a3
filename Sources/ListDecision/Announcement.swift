/// One thing the persistent `role="status"` region says about a response.
///
/// Locale-free on purpose: the view turns each value into a sentence in the
/// response's language ("20 more rows.", "No results for “x”.") and joins the
/// sentences of ``Decision/announcements`` in order. Live regions do not
/// announce their initial content, so a full page may leave the region empty;
/// fragments carry it out of band.
public enum Announcement: Sendable, Hashable {
    /// Rows are loading (table row 4, or `loading` forced above the rows).
    case loading
    /// A page or region now shows `count` rows (rows 9–12 on a full page or region fragment).
    case rowsShown(count: Int)
    /// A continuation appended `count` rows (rows 10 and 12 on a continuation).
    case rowsAdded(count: Int)
    /// No rows follow (rows 6 and 12).
    case endOfList
    /// The list is empty (row 8, or `noData` forced).
    case noData
    /// Nothing matched (row 7, or `noResults` forced).
    ///
    /// - Parameter query: The non-empty query to echo, or `nil` when only filters narrowed the list.
    case noResults(query: String?)
    /// The source is unavailable (rows 2 and 3, 503, or `unavailable` forced).
    ///
    /// - Parameter retryAfterSeconds: The advised delay, if known.
    case unavailable(retryAfterSeconds: Int?)
    /// Something failed (rows 2 and 3, 500, or `error` forced).
    case error
    /// The request was bad (row 1, 400).
    ///
    /// - Parameter reason: What was wrong, safe to show.
    case badRequest(reason: String)
    /// The list does not exist (row 1, 404, or `notFound` forced).
    case notFound
    /// The rows shown are kept from before: the source is not answering now
    /// (``ListSnapshot/staleSince``), first of a stale response's announcements.
    ///
    /// - Parameter since: When they were read, in seconds since 1970 (UTC).
    case stale(since: Int)
}
