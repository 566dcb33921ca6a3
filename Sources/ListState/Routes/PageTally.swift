import ListStore

/// The count above a first page's rows as far as its request got it (``TableRoute``).
struct PageTally: Sendable {
    /// The count shown; nil for none.
    var count: RowCount?
    /// Whether the answer is final: false while a count is finished after it (the answer is
    /// then not kept, so the next visit shows the finished count).
    var isSettled = true

    /// No count asked for.
    static let none = PageTally()
}
