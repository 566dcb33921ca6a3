import ListStore
import Synchronization

/// A `ListSource` for tests whose answer is set by the test: a fixed set of
/// rows, or a failure of a chosen kind (busy, corrupt, ...).
final class ScriptedSource: ListSource {
    private let state: Mutex<(records: [CharacterRecord], failure: ListStoreError.Kind?)>

    init(records: [CharacterRecord] = [], failure: ListStoreError.Kind? = nil) {
        state = Mutex((records, failure))
    }

    /// Makes every later query fail with `kind`, or succeed again with nil.
    func fail(with kind: ListStoreError.Kind?) { state.withLock { $0.failure = kind } }

    /// Replaces the rows.
    func setRecords(_ records: [CharacterRecord]) { state.withLock { $0.records = records } }

    func page(_ request: PageRequest) -> Result<Page, ListStoreError> {
        let (records, failure) = state.withLock { ($0.records, $0.failure) }
        if let failure { return .failure(ListStoreError(kind: failure, message: "scripted \(failure) at SELECT secret_sql")) }
        let after = request.cursor.map { Int($0.afterCodePoint) } ?? -1
        let matching = records.filter { Int($0.codePoint) > after }
        let page = Array(matching.prefix(request.limit))
        return .success(Page(records: page, hasMore: matching.count > request.limit))
    }

    func record(codePoint: UInt32) -> Result<CharacterRecord?, ListStoreError> {
        let (records, failure) = state.withLock { ($0.records, $0.failure) }
        if let failure { return .failure(ListStoreError(kind: failure, message: "scripted \(failure) at SELECT secret_sql")) }
        return .success(records.first { $0.codePoint == codePoint })
    }

    /// A record named "CHARACTER <hex>".
    static func record(_ codePoint: UInt32) -> CharacterRecord {
        CharacterRecord(codePoint: codePoint, name: "CHARACTER \(String(codePoint, radix: 16))",
                        generalCategory: "So", age: "1.1", isEmoji: false, isEmojiPresentation: false)
    }
}
