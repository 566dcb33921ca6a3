import Synchronization

/// A source's own continuations as a cursor carries them (``RowCursor/Start/continuation(_:)``):
/// inline when short, else kept here under a random 16-byte token, bounded in count and
/// time. Either way the bytes begin with a tag of the search and filters the continuation
/// was made for, so one used with another search is refused (the reader starts over).
///
/// Bytes: a form (0 inline, 1 kept), the tag (4 bytes), then the continuation's UTF-8
/// (inline) or the token. A kept one lives in this process only: another instance, a
/// restart or the hour's end makes it unknown, which asks the reader to start over.
package final class ContinuationStore: Sendable {
    /// The most continuations kept; the oldest goes first.
    let capacity: Int
    /// How long one is kept.
    let lifetime: Duration
    private let kept = Mutex<(byToken: [[UInt8]: (text: String, until: ContinuousClock.Instant)], order: [[UInt8]])>(([:], []))

    package init(capacity: Int = 10_000, lifetime: Duration = .seconds(3600)) {
        self.capacity = capacity
        self.lifetime = lifetime
    }

    /// The bytes a cursor carries for `continuation` of a page read with `search` and `filters`.
    package func bytes(for continuation: String, search: String?, filters: [RowFilter]) -> [UInt8] {
        let tag = Self.tag(search: search, filters: filters)
        let inline = [0] + tag + Array(continuation.utf8)
        if inline.count <= RowCursor.maximumContinuationLength { return inline }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let now = ContinuousClock.now
        kept.withLock { kept in
            kept.byToken[token] = (continuation, now + lifetime)
            kept.order.append(token)
            // The oldest and the expired go first (amortized: at most one scan per `capacity` inserts).
            if kept.order.count > capacity + capacity / 4 {
                kept.order.removeFirst(kept.order.count - capacity)
                let live = Set(kept.order)
                kept.byToken = kept.byToken.filter { live.contains($0.key) && $0.value.until > now }
                kept.order.removeAll { kept.byToken[$0] == nil }
            }
        }
        return [1] + tag + token
    }

    /// The continuation `bytes` stand for; nil when they were made for another search or
    /// filters, are malformed, or were kept and are no longer.
    package func continuation(_ bytes: [UInt8], search: String?, filters: [RowFilter]) -> String? {
        guard bytes.count >= 5, Array(bytes[1..<5]) == Self.tag(search: search, filters: filters) else { return nil }
        let rest = Array(bytes[5...])
        switch bytes[0] {
        case 0: return String(validating: rest, as: UTF8.self)
        case 1:
            guard rest.count == 16 else { return nil }
            return kept.withLock { kept in
                guard let entry = kept.byToken[rest], entry.until > .now else { return nil }
                return entry.text
            }
        default: return nil
        }
    }

    /// FNV-1a (32 bits) of the search and each filter's column, operation and value, NUL-separated.
    static func tag(search: String?, filters: [RowFilter]) -> [UInt8] {
        var hash: UInt32 = 0x811C_9DC5
        let parts = [search ?? ""] + filters.flatMap { [$0.column, $0.operation.rawValue, $0.value] }
        for part in parts {
            for byte in Array(part.utf8) + [0] { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        }
        return [UInt8(hash >> 24), UInt8(hash >> 16 & 0xFF), UInt8(hash >> 8 & 0xFF), UInt8(hash & 0xFF)]
    }
}
