import ListStore
import Synchronization

/// Facets (``ListStore/ColumnFacet``) kept under the data version they were counted at, as
/// ``CountCache`` keeps counts: keyed by the list, the search, the filters and the column; at
/// most ``capacity`` entries, all forgotten when it is full. A facet not counted in time is
/// never kept.
final class FacetCache: Sendable {
    /// The most facets kept.
    static let capacity = 2048
    private let entries = Mutex<[String: (version: DataVersion, facet: ColumnFacet)]>([:])

    /// The facet kept for `key` at `version`, if any.
    func value(for key: String, version: DataVersion) -> ColumnFacet? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.version == version else { return nil }
            return entry.facet
        }
    }

    /// Keeps `facet` for `key` at `version`.
    func store(_ facet: ColumnFacet, for key: String, version: DataVersion) {
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = (version, facet)
        }
    }
}
