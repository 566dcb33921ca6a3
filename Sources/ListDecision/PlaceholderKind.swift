/// Which placeholder a list region shows instead of (or, when forced, above) its rows.
///
/// A kind names one template partial and one entry of the placeholder content
/// configuration (title, detail, image, button, ...); it carries no text. Details
/// that vary per response — the bad-request reason, the echoed query, the
/// Retry-After delay — travel in ``Decision/problem``, ``Decision/announcements``
/// and ``Decision/retryAfterSeconds``.
public enum PlaceholderKind: String, Sendable, Hashable, CaseIterable {
    /// Rows are still on their way: the lazy shell (table row 4), or forced during a refresh.
    case loading
    /// The list has no rows at all (table row 8).
    case noData
    /// A query or filter matched nothing (table row 7).
    case noResults
    /// No HTTP response arrived. Client-side only: the server renders it into a
    /// `<template>` and never decides it (C-12).
    case offline
    /// The source is unreachable, busy or over its time limit; retry later (table row 3, 503).
    case unavailable
    /// The request was bad (table row 1, 400) or the source failed (table row 3, 500);
    /// ``Decision/problem`` says which.
    case error
    /// The list does not exist (table row 1, 404).
    case notFound
}
