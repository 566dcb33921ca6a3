import ListStore
import Synchronization

/// A `ListSource` for tests whose answer is set by the test: a fixed set of
/// rows, or a failure of a chosen kind (busy, corrupt, ...). Its
/// `ContentVersion` changes with every `setRecords` (or never exists, with
/// `hasVersion: false`); it counts the pages it was asked for.
final class ScriptedSource: ListSource {
    private let state: Mutex<(records: [CharacterRecord], failure: ListStoreError.Kind?, generation: Int64, pages: Int)>
    private let hasVersion: Bool

    init(records: [CharacterRecord] = [], failure: ListStoreError.Kind? = nil, hasVersion: Bool = true) {
        state = Mutex((records, failure, 0, 0))
        self.hasVersion = hasVersion
    }

    /// How many pages were asked for so far.
    var pagesServed: Int { state.withLock { $0.pages } }
    /// The `startedAt` of the last page asked for.
    private let lastStart = Mutex<ContinuousClock.Instant?>(nil)
    var lastPageStartedAt: ContinuousClock.Instant? { lastStart.withLock { $0 } }

    /// Makes every later query fail with `kind`, or succeed again with nil.
    func fail(with kind: ListStoreError.Kind?) { state.withLock { $0.failure = kind } }

    /// Replaces the rows.
    func setRecords(_ records: [CharacterRecord]) {
        state.withLock {
            $0.records = records
            $0.generation += 1
        }
    }

    func contentVersion(waiting: Bool, startedAt: ContinuousClock.Instant?) -> Result<ContentVersion?, ListStoreError> {
        let (failure, generation) = state.withLock { ($0.failure, $0.generation) }
        if let failure { return .failure(ListStoreError(kind: failure, message: "scripted \(failure) at PRAGMA secret_sql")) }
        return .success(hasVersion ? ContentVersion(device: 1, inode: 1, size: 0, modified: generation) : nil)
    }

    func page(_ request: PageRequest) -> Result<Page, ListStoreError> {
        lastStart.withLock { $0 = request.startedAt }
        let (records, failure) = state.withLock {
            $0.pages += 1
            return ($0.records, $0.failure)
        }
        if let failure { return .failure(ListStoreError(kind: failure, message: "scripted \(failure) at SELECT secret_sql")) }
        let after = request.cursor.map { Int($0.afterCodePoint) } ?? -1
        let matching = records.filter { Int($0.codePoint) > after }
        let page = Array(matching.prefix(request.limit))
        return .success(
            Page(
                records: page, hasMore: matching.count > request.limit,
                fileIdentity: FileIdentity(device: 1, inode: 1)))
    }

    func record(codePoint: UInt32, startedAt: ContinuousClock.Instant?) -> Result<CharacterRecord?, ListStoreError> {
        let (records, failure) = state.withLock { ($0.records, $0.failure) }
        if let failure { return .failure(ListStoreError(kind: failure, message: "scripted \(failure) at SELECT secret_sql")) }
        return .success(records.first { $0.codePoint == codePoint })
    }

    /// A record named "CHARACTER <hex>".
    static func record(_ codePoint: UInt32) -> CharacterRecord {
        CharacterRecord(
            codePoint: codePoint, name: "CHARACTER \(String(codePoint, radix: 16))",
            generalCategory: "So", age: "1.1", isEmoji: false, isEmojiPresentation: false)
    }
}
