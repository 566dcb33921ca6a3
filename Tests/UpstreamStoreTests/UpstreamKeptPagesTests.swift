import Foundation
import ListStore
import Testing

@testable import UpstreamStore

/// The last page read at each address, given back marked with when it was read for `staleFor`
/// after, never later; at most `limit` addresses, the one read longest ago dropped first.
@Suite struct UpstreamKeptPagesTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let batch = RowBatch(rows: [[.integer(1)]], hasMore: true, next: "http://upstream/items?offset=1")

    @Test func aPageIsGivenBackMarkedWithinStaleForAndNotAfter() {
        let kept = UpstreamKeptPages(staleFor: .seconds(60))
        kept.keep(batch, at: "a", now: start)
        let stale = kept.page(at: "a", now: start + 60)
        #expect(stale?.rows == batch.rows && stale?.next == batch.next && stale?.readAt == start)
        #expect(kept.page(at: "a", now: start + 61) == nil, "past staleFor")
        #expect(kept.page(at: "a", now: start + 1) == nil, "and forgotten")
        #expect(kept.page(at: "b", now: start) == nil, "another address has its own")
    }

    @Test func aNewerReadReplacesTheKeptPage() {
        let kept = UpstreamKeptPages(staleFor: .seconds(60))
        kept.keep(batch, at: "a", now: start)
        kept.keep(RowBatch(rows: [], hasMore: false), at: "a", now: start + 50)
        #expect(kept.page(at: "a", now: start + 100)?.rows == [], "60 s from the newer read")
    }

    @Test func theOneReadLongestAgoGoesFirst() {
        let kept = UpstreamKeptPages(staleFor: .seconds(60), limit: 2)
        kept.keep(batch, at: "a", now: start)
        kept.keep(batch, at: "b", now: start + 1)
        kept.keep(batch, at: "c", now: start + 2)
        #expect(kept.page(at: "a", now: start + 3) == nil && kept.page(at: "b", now: start + 3) != nil)
        #expect(kept.page(at: "c", now: start + 3) != nil)
    }

    @Test func nothingIsKeptWithoutStaleFor() {
        let kept = UpstreamKeptPages(staleFor: .zero)
        kept.keep(batch, at: "a", now: start)
        #expect(kept.page(at: "a", now: start) == nil)
    }
}
