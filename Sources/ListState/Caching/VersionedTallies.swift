import ListStore
import Synchronization

/// Tallies (row counts, facets) kept under the data version they were counted at
/// (``ListStore/DataVersion``, the one kept answers are keyed on), so a page after a write
/// counts afresh. Keyed by the list and what it tallies (filters, search, a facet's column);
/// at most ``capacity`` entries, all forgotten when it is full (a bound, not a policy:
/// tallies are cheap to make again). A tally not finished in time is never kept.
final class VersionedTallies<Value: Sendable>: Sendable {
    /// The most tallies kept.
    let capacity: Int
    private let entries = Mutex<[String: (version: DataVersion, value: Value)]>([:])

    /// An empty store of at most `capacity` tallies.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The tally kept for `key` at `version`, if any.
    func value(for key: String, version: DataVersion) -> Value? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.version == version else { return nil }
            return entry.value
        }
    }

    /// Keeps `value` for `key` at `version`.
    func store(_ value: Value, for key: String, version: DataVersion) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = (version, value)
        }
    }
}
