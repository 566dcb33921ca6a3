/// What is left of a page's ``RowPageQuery/byteBudget``.
package struct ByteBudget {
    /// A budget of `bytes`.
    package init(bytes: Int) { self.bytes = bytes }

    package var bytes: Int
    package var isSpent: Bool { bytes <= 0 }

    /// Counts `value` against the budget: its length, and what holding any value costs.
    package mutating func spend(_ value: SQLValue) {
        switch value {
        case .text(let text): spend(length: text.utf8.count)
        case .blob(let blob): spend(length: blob.count)
        default: spend(length: 0)
        }
    }

    /// Counts a value of `length` bytes (a text's or blob's; 0 for another) against the budget.
    package mutating func spend(length: Int) {
        bytes -= length + Self.perValue
    }

    /// About what a value costs in memory beyond its bytes (its cell in a page's ``RowValues``, and more).
    package static let perValue = 32
}
