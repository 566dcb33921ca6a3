/// A row of a list named by its number in the list's order, for a cursor that
/// cannot carry the row's values (``RowCursor``, form 4: a view without a key
/// whose values are too long for an address).
///
/// The number is where the row was when the cursor was made, counted page by
/// page; rows written before it since then move it (and rows written while
/// earlier pages were read make the count drift). The look-up
/// (``ListSource/position(of:in:)``) reads the rows within ``window`` of the
/// number and takes the one whose values have the same ``digest``, the nearest
/// when several do (copies of one row: which of them the cursor stood after is
/// ``repeats``, as for a cursor by value); found nowhere there, it reads further
/// (SQLite: the whole list, row by row; PostgreSQL: ``widerWindow`` rows either
/// side), so a row inserted or deleted before it repeats or skips nothing (CASES
/// C-08; found by QA: the count drifted by more than 100 over a few pages of
/// writes, and the next page was a 400 with nothing written between). A row
/// gone is a position gone (400 "start again", as for a row looked up by rowid).
public struct RowNumber: Sendable, Hashable {
    /// The row's number when the cursor was made (1 for the first).
    public var number: Int
    /// ``RowPosition/repeats`` of the row: how many copies of it were shown, it included.
    public var repeats: Int
    /// ``RowPosition/digest`` of the row: which row it is.
    public var digest: UInt64

    /// Makes a row number.
    public init(number: Int, repeats: Int, digest: UInt64) {
        self.number = number
        self.repeats = repeats
        self.digest = digest
    }

    /// How far from ``number``, in rows either way, the look-up searches first.
    public static let window = 100
    /// How far the look-up searches next where the rows are read into memory at
    /// once (PostgreSQL): SQLite reads the whole list then, one row at a time.
    public static let widerWindow = 5_000
}

extension RowPosition {
    /// A digest of the sort value and key: FNV-1a (64 bits) over their bytes as a
    /// cursor encodes them (storage class, length, bytes), so equal digests mean
    /// the same values for all practical purposes.
    public var digest: UInt64 {
        var bytes: [UInt8] = []
        if let sortValue { RowCursor.append(sortValue, to: &bytes) }
        for value in key { RowCursor.append(value, to: &bytes) }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

extension RowNumber {
    /// The rows a look-up reads first: ``window`` either side of ``number``.
    package var searched: ClosedRange<Int> { max(1, number - Self.window)...(number + Self.window) }

    /// The position of the row `values` (read by ``KeysetQuery/rows(numbered:)``:
    /// the sort value when `sorted`, then the key) numbered `number`, when its
    /// digest is ``digest``; nil otherwise.
    package func position(of values: [SQLValue], number: Int, sorted: Bool) -> RowPosition? {
        let position = RowPosition(
            sortValue: sorted ? values.first : nil, key: Array(values.dropFirst(sorted ? 1 : 0)), repeats: repeats,
            rowNumber: number)
        return position.digest == digest ? position : nil
    }

    /// Of `found` and `other`, the position nearer to ``number`` (`found` on a tie).
    package func nearer(_ found: RowPosition?, _ other: RowPosition?) -> RowPosition? {
        guard let other, let otherNumber = other.rowNumber else { return found }
        guard let found, let foundNumber = found.rowNumber else { return other }
        return abs(otherNumber - number) < abs(foundNumber - number) ? other : found
    }

    /// The position of the row among `rows`, numbered from `first`, whose digest is
    /// ``digest``, the nearest to ``number``; nil when none is.
    package func position(among rows: [[SQLValue]], from first: Int, sorted: Bool) -> RowPosition? {
        var found: RowPosition?
        for (index, values) in rows.enumerated() {
            found = nearer(found, position(of: values, number: first + index, sorted: sorted))
        }
        return found
    }
}
