/// Rows of the same number of values, kept row after row in one array: a
/// page's rows, or their keys, without an array per row.
///
/// An array per row was two of every five allocations of an uncached page (a
/// row's values and its key's, 42 of about 140 for 20 rows: callgrind), and
/// as many frees. A row is read as a ``Row``, a view of its values in place.
///
/// Equal when the rows are: two empty collections are equal whatever width
/// they were made for.
public struct RowValues: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The values, row after row.
    public private(set) var values: [SQLValue] = []
    /// The number of values in a row: set by the first row appended (0 until then).
    public private(set) var width = 0
    /// The number of rows.
    public private(set) var count = 0

    /// No rows.
    public init() {}

    /// The rows of `rows`, which must all have the same number of values.
    public init(_ rows: [[SQLValue]]) {
        for row in rows { append(row) }
    }

    /// The rows of an array literal of rows (`[[.integer(1)], [.integer(2)]]`).
    public init(arrayLiteral rows: [SQLValue]...) {
        self.init(rows)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Row `index` (`0..<count`).
    public subscript(index: Int) -> Row {
        precondition(index >= 0 && index < count, "row index out of range")
        return Row(values: values, start: index * width, count: width)
    }

    /// The value at `column` of row `row`.
    public subscript(row: Int, column: Int) -> SQLValue {
        precondition(row >= 0 && row < count && column >= 0 && column < width, "value index out of range")
        return values[row * width + column]
    }

    /// Makes room for `rows` rows of `width` values.
    public mutating func reserveCapacity(rows: Int, width: Int) {
        values.reserveCapacity(rows * width)
    }

    /// Appends a row. Every row has the width of the first.
    public mutating func append(_ row: some Collection<SQLValue>) {
        precondition(count == 0 || row.count == width, "a row of \(row.count) values among rows of \(width)")
        if count == 0 { width = row.count }
        values.append(contentsOf: row)
        count += 1
    }

    /// Appends one value to the row being written: a row of `width` values is
    /// ``endRow(width:)`` after `width` of these (a page is read value by value).
    public mutating func appendValue(_ value: SQLValue) {
        values.append(value)
    }

    /// Ends the row whose `width` values were just appended with ``appendValue(_:)``.
    public mutating func endRow(width: Int) {
        precondition(count == 0 || width == self.width, "a row of \(width) values among rows of \(self.width)")
        precondition(values.count == (count + 1) * width, "a row ended without its values")
        self.width = width
        count += 1
    }

    /// Appends the rows of `other`, which have this width (or there are none on either side).
    public mutating func append(contentsOf other: RowValues) {
        guard !other.isEmpty else { return }
        // Most pages are read into an empty one: share the values rather than copy each.
        if count == 0 {
            self = other
            return
        }
        precondition(other.width == width, "rows of \(other.width) values among rows of \(width)")
        values.append(contentsOf: other.values)
        count += other.count
    }

    /// Keeps the first `rows` rows.
    public mutating func removeRows(from rows: Int) {
        guard rows < count else { return }
        values.removeSubrange((rows * width)...)
        count = rows
    }

    public static func == (a: RowValues, b: RowValues) -> Bool {
        a.count == b.count && (a.count == 0 || (a.width == b.width && a.values == b.values))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        if count > 0 {
            hasher.combine(width)
            hasher.combine(values)
        }
    }

    /// One row's values, in place (no copy of them).
    public struct Row: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
        private let values: [SQLValue]
        private let start: Int
        /// The number of values.
        public let count: Int

        init(values: [SQLValue], start: Int, count: Int) {
            (self.values, self.start, self.count) = (values, start, count)
        }

        /// A row of the values of an array literal.
        public init(arrayLiteral values: SQLValue...) {
            self.init(values: values, start: 0, count: values.count)
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        /// Value `index` (`0..<count`).
        public subscript(index: Int) -> SQLValue {
            precondition(index >= 0 && index < count, "value index out of range")
            return values[start + index]
        }

        public static func == (a: Row, b: Row) -> Bool { a.elementsEqual(b) }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for value in self { hasher.combine(value) }
        }
    }
}
