import ListStore
import Synchronization

/// Row counts kept under the data version they were counted at (``ListStore/DataVersion``,
/// the one kept answers are keyed on), so a page after a write counts afresh. Keyed by the
/// list and what it counts (filters and search); at most ``capacity`` entries, all
/// forgotten when it is full (a bound, not a policy: counts are cheap to make again).
final class CountCache: Sendable {
    /// The most counts kept.
    static let capacity = 4096
    private let entries = Mutex<[String: (version: DataVersion, count: RowCount)]>([:])

    /// The count kept for `key` at `version`, if any.
    func value(for key: String, version: DataVersion) -> RowCount? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.version == version else { return nil }
            return entry.count
        }
    }

    /// Keeps `count` for `key` at `version`.
    func store(_ count: RowCount, for key: String, version: DataVersion) {
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = (version, count)
        }
    }
}
