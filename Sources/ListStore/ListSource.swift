/// A data source the list routes read pages from.
///
/// Implementations must be safe to call from many request threads at once and
/// must return within their query time limit: a fault is a `ListStoreError`
/// value (busy, timed out, corrupt, ...), never a crash and never a wait without end.
public protocol ListSource: Sendable {
    /// The page `request` asks for, or the reason it could not be read.
    func page(_ request: PageRequest) -> Result<Page, ListStoreError>
    /// The character at `codePoint`, nil when the catalogue has no such row.
    /// - Parameters:
    ///   - codePoint: The code point.
    ///   - startedAt: When the request arrived: the query time limit counts
    ///     from then, time spent waiting for a thread included; nil for now.
    func record(codePoint: UInt32, startedAt: ContinuousClock.Instant?) -> Result<CharacterRecord?, ListStoreError>
    /// The version of the data as it stands now, or nil when the source cannot
    /// tell (then nothing rendered from it may be kept for later requests).
    ///
    /// Getting it must meet every fault a query would meet (a lock held past
    /// the busy timeout, a file that cannot be opened or is corrupt) and fail
    /// the same way, so that an answer kept under a version is only served
    /// again while a query would have succeeded and found the same rows.
    /// - Parameters:
    ///   - waiting: Whether to wait on a lock as a query does; `false` fails as
    ///     `.busy` at once (for a caller that must not block, and falls back
    ///     to one that may).
    ///   - startedAt: As for ``record(codePoint:startedAt:)``.
    func contentVersion(waiting: Bool, startedAt: ContinuousClock.Instant?) -> Result<ContentVersion?, ListStoreError>

    /// The version as the source's file shows it, read with one `stat(2)` and
    /// nothing else (no connection, no lock); nil when the source has no such
    /// reading. Equal to what ``contentVersion(waiting:startedAt:)`` returned a
    /// moment ago means nothing was written since: a caller may take it as that
    /// version again for a short while (`VersionProbe`), but it says nothing
    /// about locks or faults a query would meet now.
    func fileVersion() -> ContentVersion?
}

extension ListSource {
    /// A source that cannot tell its version: nothing is kept.
    public func contentVersion(waiting: Bool, startedAt: ContinuousClock.Instant?) -> Result<ContentVersion?, ListStoreError> {
        .success(nil)
    }

    /// A source without a file to look at: every caller probes with
    /// ``contentVersion(waiting:startedAt:)``.
    public func fileVersion() -> ContentVersion? { nil }

    /// ``contentVersion(waiting:startedAt:)`` for a request that starts now.
    public func contentVersion(waiting: Bool) -> Result<ContentVersion?, ListStoreError> {
        contentVersion(waiting: waiting, startedAt: nil)
    }

    /// ``record(codePoint:startedAt:)`` for a request that starts now.
    public func record(codePoint: UInt32) -> Result<CharacterRecord?, ListStoreError> {
        record(codePoint: codePoint, startedAt: nil)
    }
}
