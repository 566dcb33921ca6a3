import ListDecision
import ListStore

extension ListDefinition {
    /// A list over rows kept in memory, in one expression: its name, title, rows and
    /// placeholder content.
    ///
    /// ```swift
    /// ListDefinition("books", title: "Books", rows: books) { $0
    ///     .placeholder(.noData) { $0.title("No books yet").detail("Add one with the form above.") }
    ///     .endOfList("That is every book.")
    /// }
    /// ```
    /// - Parameters:
    ///   - name: The URL segment (`/books`), unique among the lists served; not one of
    ///     ListState's own routes (``TableLists/reservedNames``).
    ///   - title: The title its pages and the index show; the name when nil.
    ///   - description: A sentence under the title on the index.
    ///   - rows: The rows (``InMemoryRowSource``): they may change while served.
    ///   - defaultSort: The order without `sort`; nil for key order.
    ///   - configure: Changes the built-in placeholders, footer words and flags (``ListConfiguration``).
    public init(
        _ name: String, title: String? = nil, description: String? = nil, rows: InMemoryRowSource,
        defaultSort: ListSort? = nil, configure: (ListConfiguration) -> ListConfiguration = { $0 }
    ) {
        self.init(
            name: name, title: title, description: description, table: rows.table, rows: rows,
            configuration: configure(ListConfiguration(name)), defaultSort: defaultSort)
    }

    /// A list over a developer's own source read with Swift concurrency (``AsyncRowSource``:
    /// a call to another service, an ORM), in one expression. Its reads are awaited within
    /// its ``AsyncRowSource/timeLimit``, no thread held meanwhile; what it throws becomes
    /// the list's state (``ListStoreError/init(thrown:)``).
    /// - Parameters: As the in-memory list's, `rows` being the source.
    /// - Throws: ``ListStoreError`` of kind `.wrongSchema` when none of its columns is a key column.
    public init(
        _ name: String, title: String? = nil, description: String? = nil, rows: some AsyncRowSource,
        defaultSort: ListSort? = nil, configure: (ListConfiguration) -> ListConfiguration = { $0 }
    ) throws(ListStoreError) {
        let source = try SuspendingRowSource(rows, name: name)
        let limit = rows.timeLimit.components
        self.init(
            name: name, title: title, description: description, table: source.table, rows: source,
            timeLimit: Double(limit.seconds) + Double(limit.attoseconds) / 1e18,
            configuration: configure(ListConfiguration(name)), defaultSort: defaultSort)
    }
}
