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

    /// This list with each row drawn by a template of its own (Mustache source), in the list
    /// layout (``Layout/list``): one `<li class="row" id="{{id}}" data-key="{{key}}">` per
    /// row, inside the page's `<ol>`. A row offers `id`, `key`, `detailHref` (its page's path),
    /// `caption` and `values`, its values by column name (`{{values.title}}`). The template is
    /// parsed and drawn when the server is made: one that does not parse stops it (``AppError``).
    ///
    /// ```swift
    /// ListDefinition("books", rows: books).rowTemplate(
    ///     #"<li class="row" id="{{id}}" data-key="{{key}}"><a href="{{detailHref}}">{{values.title}}</a></li>"#)
    /// ```
    public func rowTemplate(_ source: String) -> ListDefinition {
        var list = self
        // No built-in template's name has a dot, so this one replaces none of them.
        let template = name + ".row"
        list.layout = .list
        list.templates[template] = source
        list.partials["row"] = template
        return list
    }
}
