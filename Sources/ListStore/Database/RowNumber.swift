/// A row of a list named by its number in the list's order, for a cursor that
/// cannot carry the row's values (``RowCursor``, form 4: a view without a key
/// whose values are too long for an address).
///
/// The number is where the row was when the cursor was made; rows written
/// before it since then move it. The look-up
/// (``ListSource/position(of:in:)``) reads the rows within ``window`` of the
/// number and takes the one whose values have the same ``digest``, the nearest
/// when several do (copies of one row: which of them the cursor stood after is
/// ``repeats``, as for a cursor by value), so a row inserted or deleted before
/// it repeats or skips nothing (CASES C-08); a row moved further, or gone, is a
/// position gone (400 "start again", as for a row looked up by rowid).
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

    /// How far from ``number``, in rows either way, the look-up searches.
    public static let window = 100
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
    /// The rows a look-up reads: ``window`` either side of ``number``.
    package var searched: ClosedRange<Int> { max(1, number - Self.window)...(number + Self.window) }

    /// The position of the row among `rows` (read by ``KeysetQuery/rows(numbered:)``
    /// for ``searched``: each the sort value when `sorted`, then the key) whose
    /// digest is ``digest``, the nearest to ``number``; nil when none is.
    package func position(among rows: [[SQLValue]], sorted: Bool) -> RowPosition? {
        let first = searched.lowerBound
        var found: RowPosition?
        var distance = Int.max
        for (index, values) in rows.enumerated() {
            let position = RowPosition(
                sortValue: sorted ? values.first : nil, key: Array(values.dropFirst(sorted ? 1 : 0)), repeats: repeats,
                rowNumber: first + index)
            guard position.digest == digest, abs(first + index - number) < distance else { continue }
            found = position
            distance = abs(first + index - number)
        }
        return found
    }
}
