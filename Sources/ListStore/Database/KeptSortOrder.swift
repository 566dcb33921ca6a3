/// The rowids of a SQLite rowid table in exactly SQLite's order for one sort (``ListSort``:
/// the keyset query's own `ORDER BY` terms, NULLs last, ties by rowid), with each rowid's
/// place: a sorted page reads its next rows by rowid from here instead of sorting the table
/// again (``KeptSortOrders``). About 12 bytes a row; valid at one ``DataVersion`` only.
package struct KeptSortOrder: Sendable {
    /// The rowids in the order.
    package let rowids: [Int64]
    /// Each rowid's place in ``rowids``: a flat array from ``firstRowid`` where rowids are
    /// dense enough (``denseFactor``), else a dictionary.
    private let places: Places
    /// The data's version the order was read at.
    package let version: DataVersion

    private enum Places {
        case dense(first: Int64, places: [Int32])
        case sparse([Int64: Int32])
    }

    /// The most rowid range a flat look-up spans per row (a table with many deleted rows is sparse).
    static let denseFactor: Int64 = 2
    /// Bytes a row of a sparse look-up costs, about (a dictionary entry and its share of free slots).
    static let sparseBytesPerRow = 40

    /// The bytes an order of `count` rows whose rowids span `first...last` takes, about: what a
    /// budget is asked for before one is built.
    package static func estimatedBytes(count: Int, first: Int64, last: Int64) -> Int {
        guard count > 0 else { return 0 }
        // A page more than the arrays: an array's capacity is rounded up to its allocation's size.
        let span = last &- first &+ 1
        if span > 0, span <= Int64(count) * denseFactor { return count * 8 + Int(span) * 4 + 8192 }
        return count * (8 + sparseBytesPerRow) + 8192
    }

    /// The order of `rowids` (each once) read at `version`; nil when a rowid repeats.
    package init?(rowids: [Int64], version: DataVersion) {
        self.rowids = rowids
        self.version = version
        guard let first = rowids.min(), let last = rowids.max() else {
            places = .dense(first: 0, places: [])
            return
        }
        let span = last &- first &+ 1
        if span > 0, span <= Int64(rowids.count) * Self.denseFactor {
            var places = [Int32](repeating: -1, count: Int(span))
            for (place, rowid) in rowids.enumerated() {
                let slot = Int(rowid - first)
                guard places[slot] < 0 else { return nil }
                places[slot] = Int32(place)
            }
            self.places = .dense(first: first, places: places)
        } else {
            var places: [Int64: Int32] = [:]
            places.reserveCapacity(rowids.count)
            for (place, rowid) in rowids.enumerated() {
                guard places.updateValue(Int32(place), forKey: rowid) == nil else { return nil }
            }
            self.places = .sparse(places)
        }
    }

    /// The place of `rowid` in the order; nil when the table had no such row.
    package func place(of rowid: Int64) -> Int? {
        switch places {
        case .dense(let first, let places):
            let slot = rowid &- first
            guard slot >= 0, slot < Int64(places.count) else { return nil }
            let place = places[Int(slot)]
            return place < 0 ? nil : Int(place)
        case .sparse(let places):
            return places[rowid].map(Int.init)
        }
    }

    /// The bytes the order holds, about (its arrays' capacity, a sparse look-up's estimate).
    package var bytes: Int {
        switch places {
        case .dense(_, let places): rowids.capacity * 8 + places.capacity * 4
        case .sparse: rowids.capacity * 8 + rowids.count * Self.sparseBytesPerRow
        }
    }
}
