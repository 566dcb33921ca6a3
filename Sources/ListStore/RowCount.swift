/// How many rows a list's filters and search keep, as far as a count within its
/// budget got: exact, or a lower bound ("more than 10,000") when the whole count
/// did not finish in time.
public struct RowCount: Sendable, Hashable {
    /// The rows counted.
    public var value: Int
    /// Whether more rows may match than ``value`` (the count stopped at its deadline).
    public var isLowerBound: Bool

    /// Makes a count.
    public init(_ value: Int, isLowerBound: Bool = false) {
        self.value = value
        self.isLowerBound = isLowerBound
    }

    /// The rows a first, bounded count reads before the whole count is tried: past it
    /// a count that runs out of time is "more than 10,000".
    public static let bound = 10_000
}
