/// One column's values with how many rows hold each, under a list's search and filters
/// (issue 47, "Facets"): the most frequent first (ties by value), at most a limit of them.
public struct ColumnFacet: Sendable, Hashable {
    /// One value of the column and the rows that hold it.
    public struct Value: Sendable, Hashable {
        /// The value as the column reads it (NULL for the rows without one).
        public var value: SQLValue
        /// The rows that hold it.
        public var count: Int

        /// Makes a value's count.
        public init(_ value: SQLValue, count: Int) {
            self.value = value
            self.count = count
        }
    }

    /// The column's name (``TableDescription/Column/name``).
    public var column: String
    /// The values, the most frequent first, at most the limit asked for.
    public var values: [Value]
    /// Whether the column holds more values than ``values`` shows.
    public var isTruncated: Bool

    /// Makes a facet.
    public init(column: String, values: [Value], isTruncated: Bool) {
        self.column = column
        self.values = values
        self.isTruncated = isTruncated
    }

    /// The most values a list shows of one facet: past it the facet says it has more.
    public static let maximumValues = 30

    /// The facet of `counted` (value and rows, the most frequent first, at most `limit` + 1
    /// of them, as a source reads them): the first `limit`, truncated when there were more.
    public static func cut(column: String, _ counted: [Value], limit: Int) -> ColumnFacet {
        ColumnFacet(column: column, values: Array(counted.prefix(limit)), isTruncated: counted.count > limit)
    }
}
