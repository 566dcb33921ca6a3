/// A data source the list routes read pages from.
///
/// Implementations must be safe to call from many request threads at once and
/// must return within their query time limit: a fault is a `ListStoreError`
/// value (busy, timed out, corrupt, ...), never a crash and never a wait without end.
public protocol ListSource: Sendable {
    /// The page `request` asks for, or the reason it could not be read.
    func page(_ request: PageRequest) -> Result<Page, ListStoreError>
    /// The character at `codePoint`, nil when the catalogue has no such row.
    func record(codePoint: UInt32) -> Result<CharacterRecord?, ListStoreError>
}
