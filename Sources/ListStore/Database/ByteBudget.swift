/// What is left of a page's ``RowPageQuery/byteBudget``.
package struct ByteBudget {
    /// A budget of `bytes`.
    package init(bytes: Int) { self.bytes = bytes }

    package var bytes: Int
    package var isSpent: Bool { bytes <= 0 }

    /// Counts `value` against the budget: its length, and what holding any value costs.
    package mutating func spend(_ value: SQLValue) {
        switch value {
        case .text(let text): bytes -= text.utf8.count + Self.perValue
        case .blob(let blob): bytes -= blob.count + Self.perValue
        default: bytes -= Self.perValue
        }
    }

    /// About what a value costs in memory beyond its bytes (the enum's storage in a row's array).
    package static let perValue = 32
}
