import Synchronization

/// The sort orders kept in memory (``KeptSortOrder``) for the SQLite databases that share it,
/// within a budget of bytes of its own (`--sort-memory`): built off the request path, one at a
/// time, on a thread of low priority (``BackgroundWork``), when a sorted page asks for one that
/// is not there (until then pages sort in SQL); each kept under the data version it was read at. An order's bytes
/// are reserved before it is built, evicting the least recently used ones, so the orders never
/// hold more than the budget.
public final class KeptSortOrders: Sendable {
    /// One order: a source's table under a sort, or a search's relevance ranking.
    package struct Key: Hashable, Sendable {
        package var source: ObjectIdentifier
        package var table: String
        package var sort: ListSort?
        /// The search ranked (its text and label column), nil for a sort.
        package var search: String?

        package init(source: ObjectIdentifier, table: String, sort: ListSort?, search: String? = nil) {
            self.source = source
            self.table = table
            self.sort = sort
            self.search = search
        }
    }

    private struct Kept {
        var order: KeptSortOrder
        var lastUse: UInt64
    }

    private struct State {
        var kept: [Key: Kept] = [:]
        /// Orders not built at a version (a small table, one larger than the budget).
        var declined: [Key: DataVersion] = [:]
        /// Bytes of the kept orders.
        var used = 0
        /// Bytes reserved for the order being built.
        var reserved = 0
        var uses: UInt64 = 0
        /// Searches asked for once at a version (``askedAgain(_:at:)``).
        var seen: [Key: DataVersion] = [:]
    }

    /// The most bytes the orders hold; 0 keeps none.
    public let budgetBytes: Int
    /// The rows a table has at least for its orders to be kept: a smaller one sorts fast anyway.
    public let minimumRows: Int
    private let state = Mutex(State())
    /// The pages read from a kept order so far.
    package let pagesServed = Atomic<Int>(0)

    /// The orders waiting to be built, at most 16 (past it a request is not taken: the next page asks again).
    private let building = BackgroundWork<Key>(maximumWaiting: 16)

    /// Orders within `budgetBytes` (0: none is kept, every sorted page sorts in SQL), of tables
    /// of more than `minimumRows` rows.
    public init(budgetBytes: Int, minimumRows: Int = 2_000) {
        self.budgetBytes = max(0, budgetBytes)
        self.minimumRows = minimumRows
    }

    /// Whether orders are kept at all.
    package var isEnabled: Bool { budgetBytes > 0 }

    /// The order kept for `key` at `version`, marked as used; nil when none is (one kept at
    /// another version is dropped).
    package func order(for key: Key, at version: DataVersion) -> KeptSortOrder? {
        state.withLock { state in
            guard let kept = state.kept[key] else { return nil }
            guard kept.order.version == version else {
                state.kept[key] = nil
                state.used -= kept.order.bytes
                return nil
            }
            state.uses += 1
            state.kept[key]?.lastUse = state.uses
            return kept.order
        }
    }

    /// Asks for the order of `key` at `version` to be built by `build` on the building thread,
    /// unless it is kept, waiting, or was declined at that version.
    package func request(_ key: Key, at version: DataVersion, build: @escaping @Sendable () -> Void) {
        let wanted = state.withLock { state in
            isEnabled && state.kept[key]?.order.version != version && state.declined[key] != version
        }
        if wanted { building.run(key, build) }
    }

    /// Whether `key` was asked for before at `version`; the first time, notes it and says no. A
    /// search's ranking is read only for a search asked for again (a later page, a repeat): one
    /// asked once would pay its ranking twice, on the page and after it. At most
    /// ``maximumSeen`` are noted, all forgotten when full.
    package func askedAgain(_ key: Key, at version: DataVersion) -> Bool {
        state.withLock { state in
            if state.seen[key] == version { return true }
            if state.seen.count >= Self.maximumSeen { state.seen.removeAll(keepingCapacity: true) }
            state.seen[key] = version
            return false
        }
    }

    /// The most searches noted as asked for once.
    static let maximumSeen = 4096

    /// Marks `key` as not worth building at `version`.
    package func decline(_ key: Key, at version: DataVersion) {
        state.withLock { $0.declined[key] = version }
    }

    /// Reserves `bytes` for an order about to be built, evicting the least recently used
    /// kept orders as needed; false when it cannot fit the budget at all.
    package func reserve(_ bytes: Int) -> Bool {
        state.withLock { state in
            guard bytes <= budgetBytes - state.reserved else { return false }
            Self.evict(&state, toFit: bytes, budget: budgetBytes)
            state.reserved += bytes
            return true
        }
    }

    /// Keeps `order` for `key` (built within `reserved` bytes, which are released); dropped
    /// when it does not fit the budget after all.
    package func keep(_ order: KeptSortOrder, for key: Key, reserved: Int) {
        state.withLock { state in
            state.reserved -= reserved
            if let old = state.kept.removeValue(forKey: key) { state.used -= old.order.bytes }
            guard order.bytes <= budgetBytes - state.reserved else { return }
            Self.evict(&state, toFit: order.bytes, budget: budgetBytes)
            state.uses += 1
            state.kept[key] = Kept(order: order, lastUse: state.uses)
            state.used += order.bytes
            state.declined[key] = nil
        }
    }

    /// Releases `bytes` reserved for an order that was not kept.
    package func release(_ bytes: Int) {
        state.withLock { $0.reserved -= bytes }
    }

    /// Bytes the kept orders and the one being built hold now.
    package var usedBytes: Int { state.withLock { $0.used + $0.reserved } }

    /// The keys of the orders kept now.
    package var keptKeys: Set<Key> { state.withLock { Set($0.kept.keys) } }

    /// Whether any order is waiting or being built.
    package var isBuilding: Bool { building.waitingCount > 0 }

    /// Drops the least recently used kept orders until `bytes` more fit the budget.
    private static func evict(_ state: inout State, toFit bytes: Int, budget: Int) {
        while state.used + state.reserved + bytes > budget,
            let oldest = state.kept.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            state.kept[oldest.key] = nil
            state.used -= oldest.value.order.bytes
        }
    }
}
