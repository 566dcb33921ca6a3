import Foundation
import Synchronization
import Testing

@testable import ListStore

/// The set of kept orders (``KeptSortOrders``): within its budget, the least recently used
/// evicted first, an order of another data version never used.
@Suite struct KeptSortOrdersTests {
    static func key(_ column: String) -> KeptSortOrders.Key {
        KeptSortOrders.Key(source: ObjectIdentifier(KeptSortOrdersTests.self), table: "t", sort: ListSort(column: column))
    }

    static func order(_ rows: Int, version: Int64 = 1) throws -> KeptSortOrder {
        try #require(KeptSortOrder(rowids: (1...Int64(rows)).reversed(), version: DataVersion(version)))
    }

    @Test func ordersStayWithinTheBudgetLeastRecentlyUsedOut() throws {
        let one = try Self.order(10_000)
        let orders = KeptSortOrders(budgetBytes: one.bytes * 2 + one.bytes / 2)
        for column in ["a", "b"] {
            #expect(orders.reserve(one.bytes))
            orders.keep(one, for: Self.key(column), reserved: one.bytes)
        }
        #expect(orders.keptKeys == [Self.key("a"), Self.key("b")])
        // "a" used: "b" is the least recently used, evicted for "c".
        #expect(orders.order(for: Self.key("a"), at: DataVersion(1)) != nil)
        #expect(orders.reserve(one.bytes))
        #expect(orders.usedBytes <= orders.budgetBytes)
        orders.keep(one, for: Self.key("c"), reserved: one.bytes)
        #expect(orders.keptKeys == [Self.key("a"), Self.key("c")])
        #expect(orders.usedBytes <= orders.budgetBytes)
        // Larger than the whole budget: never reserved, nothing evicted.
        #expect(!orders.reserve(orders.budgetBytes + 1))
        #expect(orders.keptKeys == [Self.key("a"), Self.key("c")])
    }

    @Test func anOrderOfAnotherVersionIsDroppedNotUsed() throws {
        let one = try Self.order(3_000)
        let orders = KeptSortOrders(budgetBytes: 1 << 20)
        #expect(orders.reserve(one.bytes))
        orders.keep(one, for: Self.key("a"), reserved: one.bytes)
        #expect(orders.order(for: Self.key("a"), at: DataVersion(2)) == nil)
        #expect(orders.keptKeys.isEmpty)
        #expect(orders.usedBytes == 0)
    }

    @Test func aBudgetOfZeroKeepsNothing() throws {
        let orders = KeptSortOrders(budgetBytes: 0)
        #expect(!orders.isEnabled)
        #expect(!orders.reserve(1))
        let asked = Atomic<Bool>(false)
        orders.request(Self.key("a"), at: DataVersion(1)) { asked.store(true, ordering: .relaxed) }
        Thread.sleep(forTimeInterval: 0.05)
        let wasAsked = asked.load(ordering: .relaxed)
        #expect(!wasAsked)
    }

    @Test func aDeclinedOrderIsNotAskedForAgainAtItsVersion() throws {
        let orders = KeptSortOrders(budgetBytes: 1 << 20)
        orders.decline(Self.key("a"), at: DataVersion(1))
        let asked = Atomic<Int>(0)
        orders.request(Self.key("a"), at: DataVersion(1)) { asked.add(1, ordering: .relaxed) }
        orders.request(Self.key("a"), at: DataVersion(2)) { asked.add(1, ordering: .relaxed) }
        try KeptSortOrderTests.settle(orders)
        let times = asked.load(ordering: .relaxed)
        #expect(times == 1)
    }
}
