import Foundation
import ListStore
import Synchronization

/// The last page read at each upstream address, with when it was read: what is shown, marked
/// as from then, when the upstream fails within `staleFor` (RFC 5861's stale-if-error). At
/// most `limit` addresses; the one read longest ago goes first.
final class UpstreamKeptPages: Sendable {
    private struct Kept {
        var batch: RowBatch
        var readAt: Date
    }

    private let pages = Mutex<[String: Kept]>([:])
    let staleFor: Duration
    let limit: Int

    init(staleFor: Duration, limit: Int = 1000) {
        (self.staleFor, self.limit) = (staleFor, limit)
    }

    /// Keeps `batch`, read at `address` at `now`.
    func keep(_ batch: RowBatch, at address: String, now: Date = Date()) {
        guard staleFor > .zero else { return }
        pages.withLock { pages in
            pages[address] = Kept(batch: batch, readAt: now)
            if pages.count > limit, let oldest = pages.min(by: { $0.value.readAt < $1.value.readAt })?.key {
                pages[oldest] = nil
            }
        }
    }

    /// The page kept for `address` if read within `staleFor` of `now`, marked with when it was read.
    func page(at address: String, now: Date = Date()) -> RowBatch? {
        pages.withLock { pages in
            guard let kept = pages[address] else { return nil }
            guard now.timeIntervalSince(kept.readAt) <= Double(staleFor.components.seconds) else {
                pages[address] = nil
                return nil
            }
            var batch = kept.batch
            batch.readAt = kept.readAt
            return batch
        }
    }
}
