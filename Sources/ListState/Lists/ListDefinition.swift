import ListDecision
import ListStore

/// One list over a table or view: everything a list page needs (docs/design.md,
/// "Lists over any data"). Lists come from a database's schema
/// (``TableCatalog``) or from Swift code
/// through this same type.
public struct ListDefinition: Sendable {
    /// The stored fields, shared by copies until one of them changes (copy on write,
    /// `CopyOnWriteBox`): a request passes its list to the route, the view and the rows, and a copy of
    /// every field retained and released each of their references (perf: 2 % of an
    /// uncached table page).
    fileprivate struct Fields {
        var name: String { didSet { path = ListDefinition.path(basePath: basePath, name: name) } }
        var title: String
        var description: String?
        var table: TableDescription {
            didSet {
                makeListedLabels()
                makeCapabilities()
                sample = ColumnSample()
                suggestions = FacetSuggestions()
            }
        }
        /// The facets it suggests (``FacetSuggestions``), shared by its copies.
        var suggestions = FacetSuggestions()
        /// ``ListDefinition/facetColumns``.
        var facetColumns: [String] = []
        /// What its first rows say of its columns (``ColumnSample``), shared by its copies.
        var sample = ColumnSample()
        var source: any ListSource
        /// The row source set in place of the table's in its database (``ListDefinition/rows``); nil for that one.
        var ownRows: (any RowSource)? { didSet { makeCapabilities() } }
        /// ``ListDefinition/capabilities``, made again when the table or the row source changes.
        var capabilities = RowSourceCapabilities(sortableColumns: [], filterOperations: [:], searches: false)
        /// Whether the row source sorts by each column of the table, by index (looked up for
        /// every column of every page: an index, where the declaration's set would hash each name).
        var sortsByColumn: [Bool] = []
        var configuration: ListConfiguration
        var defaultSort: ListSort?
        var shownColumns: [Int]? {
            didSet {
                makeListedLabels()
                makeFacetable()
            }
        }
        var labels: [String: String] = [:] { didSet { makeListedLabels() } }
        var layout: Layout = .table
        var basePath: String = "" { didSet { path = ListDefinition.path(basePath: basePath, name: name) } }
        var namedFilters: [NamedFilter] = []
        var sortableColumns: Set<String>? { didSet { makeFacetable() } }
        /// ``ListDefinition/facetableColumns``, made again when what decides them changes.
        var facetable: [Int] = []
        var partials: [String: String] = [:]
        var detailTemplate: String = "table-detail"
        var templates: [String: String] = [:]
        var presenter: (any RowPresenter)?
        var words: ListWords = ListWords.rows
        var addressFormat: RowAddressFormat?
        var searchAlternative: (@Sendable (String) -> SQLCondition?)? = nil
        var formerDetailPrefix: String?
        var path: String
        /// ``ListDefinition/listedLabels``, made again when the table, the labels or the shown columns change.
        var listedLabels: [PrintedText] = []

        /// Makes ``capabilities`` and ``sortsByColumn`` for the current table and row source.
        mutating func makeCapabilities() {
            capabilities = ownRows?.capabilities ?? SQLRowSource.capabilities(of: table)
            let declared = capabilities
            sortsByColumn = table.columns.map { declared.sorts(by: $0.name) }
            makeFacetable()
        }

        /// Makes ``facetable``: the offered columns (the shown ones, else all) the list may
        /// sort by, when the source facets (made per request, it was 12 K instructions of a
        /// 20-row page: callgrind).
        mutating func makeFacetable() {
            guard capabilities.facets else {
                facetable = []
                return
            }
            let columns = table.columns
            facetable = (shownColumns ?? Array(columns.indices)).filter { index in
                guard columns.indices.contains(index) else { return false }
                let name = columns[index].name
                guard sortableColumns?.contains(name) ?? true, let first = columns.firstIndex(where: { $0.name == name }) else {
                    return false
                }
                return first < sortsByColumn.count && sortsByColumn[first]
            }
        }

        /// Makes ``listedLabels`` for the current table, labels and shown columns.
        mutating func makeListedLabels() {
            let table = table
            // Made while fields change one at a time: shown columns may for a moment name
            // columns of the table before (a page reads both once they are set).
            listedLabels = ListDefinition.listedColumns(shownColumns, of: table).map { index in
                guard table.columns.indices.contains(index) else { return PrintedText("") }
                return PrintedText(ListDefinition.label(of: table.columns[index], labels: labels))
            }
        }
    }

    private var storage: CopyOnWriteBox<Fields>

    /// Changes the fields, copying them first when another list shares them.
    private mutating func mutate(_ change: (inout Fields) -> Void) {
        CopyOnWriteBox.mutate(&storage, change)
    }

    /// The list's name: its URL segment (tilde-encoded in paths), unique among the lists served.
    public var name: String {
        get { storage.fields.name }
        set { mutate { $0.name = newValue } }
    }

    /// The title its pages and the index show.
    public var title: String {
        get { storage.fields.title }
        set { mutate { $0.title = newValue } }
    }

    /// A sentence under the title on the index, if any.
    public var description: String? {
        get { storage.fields.description }
        set { mutate { $0.description = newValue } }
    }

    /// The table or view the rows come from.
    public var table: TableDescription {
        get { storage.fields.table }
        set { mutate { $0.table = newValue } }
    }

    /// The database that holds it (for a list of a row source alone, a stand-in that names it).
    package var source: any ListSource {
        get { storage.fields.source }
        set { mutate { $0.source = newValue } }
    }

    /// Where its rows come from (``ListStore/RowSource``): ``table`` in ``source``
    /// (``ListStore/SQLRowSource``) unless set to another, which is kept as given (``table``
    /// must describe its rows: one value per column, in order). Its declared capabilities
    /// decide which sorts and filters the list offers and takes.
    public var rows: any RowSource {
        // Field by field: a computed property of the fields copied them out of their box whole (callgrind: +1.6 K per cached `/`).
        get { storage.fields.ownRows ?? SQLRowSource(database: storage.fields.source, table: storage.fields.table) }
        set { mutate { $0.ownRows = newValue } }
    }

    /// What ``rows`` declares it can do (``ListStore/RowSourceCapabilities``).
    var capabilities: RowSourceCapabilities { storage.fields.capabilities }

    /// The columns a facet may be asked of: offered (``offeredColumns``) and sortable
    /// (a column without an order, a PostgreSQL `json` say, has no GROUP BY either);
    /// none when the source does not facet. Kept with the fields that decide them.
    var facetableColumns: [Int] { storage.fields.facetable }

    /// Whether ``rows`` answers without blocking (read for every request's attempt, without the declaration's copy).
    var answersWithoutBlocking: Bool { storage.fields.capabilities.answersWithoutBlocking }

    /// Whether its rows are awaited (``ListStore/RowSourceCapabilities/awaits``), read as one flag.
    var awaits: Bool { storage.fields.capabilities.awaits }

    /// Its placeholder content, display flags and end-of-list words.
    public var configuration: ListConfiguration {
        get { storage.fields.configuration }
        set { mutate { $0.configuration = newValue } }
    }

    /// The order of a page asked for without `sort`; nil for key order.
    public var defaultSort: ListSort? {
        get { storage.fields.defaultSort }
        set { mutate { $0.defaultSort = newValue } }
    }

    /// The columns a list page shows for each row (indices into the table's
    /// columns, in order); nil for the first ``RecordCells/listedColumns``.
    public var shownColumns: [Int]? {
        get { storage.fields.shownColumns }
        set { mutate { $0.shownColumns = newValue } }
    }

    /// Labels by column name; a column without one is labelled with its name.
    public var labels: [String: String] {
        get { storage.fields.labels }
        set { mutate { $0.labels = newValue } }
    }

    /// How its pages lay the rows out; ``Layout/table`` unless configured.
    public var layout: Layout {
        get { storage.fields.layout }
        set { mutate { $0.layout = newValue } }
    }

    /// The path prefix the site is served under (``AppConfiguration/basePath``); "" for none.
    public var basePath: String {
        get { storage.fields.basePath }
        set { mutate { $0.basePath = newValue } }
    }

    /// Parameters of the list's own that stand for column filters (``NamedFilter``).
    public var namedFilters: [NamedFilter] {
        get { storage.fields.namedFilters }
        set { mutate { $0.namedFilters = newValue } }
    }

    /// The columns `sort` may name; nil: every column. A `sort` naming another is
    /// a 400, and so is a range filter on one (`__gt`, `__gte`, `__lt`, `__lte`);
    /// only these get sort links (a column of versions kept as text, say, would
    /// put "10.0" before "2.0").
    public var sortableColumns: Set<String>? {
        get { storage.fields.sortableColumns }
        set { mutate { $0.sortableColumns = newValue } }
    }

    /// The columns whose facets its first pages show (each value with its rows, a link that
    /// filters by it: ``ListFacets``), in order, before those `_facet` asks for; a column the
    /// list does not offer or sort by, or one of a source that does not facet, has none.
    /// Empty: none but those asked for (and the suggested ones, offered as links).
    public var facetColumns: [String] {
        get { storage.fields.facetColumns }
        set { mutate { $0.facetColumns = newValue } }
    }

    /// The shared partials this list draws with other templates: partial name →
    /// the template drawn in its place (the catalogue's `row` is `row.mustache`
    /// where a table's is `table-row.mustache`). Empty: the layout's own.
    public var partials: [String: String] {
        get { storage.fields.partials }
        set { mutate { $0.partials = newValue } }
    }

    /// The template of a row's page; `table-detail` unless the list has its own.
    public var detailTemplate: String {
        get { storage.fields.detailTemplate }
        set { mutate { $0.detailTemplate = newValue } }
    }

    /// Templates of the list's own, by name (Mustache source): served beside the
    /// built-in ones (a file of the same name in the templates folder replaces one,
    /// as it replaces a built-in), for ``partials`` and ``detailTemplate`` to name.
    /// Read when the application is made. Empty: none.
    public var templates: [String: String] {
        get { storage.fields.templates }
        set { mutate { $0.templates = newValue } }
    }

    /// Draws its rows with fields of its own (for its `partials`' `row`); nil: the shared ones.
    public var presenter: (any RowPresenter)? {
        get { storage.fields.presenter }
        set { mutate { $0.presenter = newValue } }
    }

    /// The words its pages speak with; ``ListWords/rows`` unless set.
    public var words: ListWords {
        get { storage.fields.words }
        set { mutate { $0.words = newValue } }
    }

    /// Its rows' own address spelling; nil: each address value's text, tilde-encoded.
    public var addressFormat: RowAddressFormat? {
        get { storage.fields.addressFormat }
        set { mutate { $0.addressFormat = newValue } }
    }

    /// The condition of the rows a search text names besides those its words match
    /// (``ListStore/RowPageQuery/searchAlternative``); nil when the text names none.
    /// Nil (the default): none.
    package var searchAlternative: (@Sendable (String) -> SQLCondition?)? {
        get { storage.fields.searchAlternative }
        set { mutate { $0.searchAlternative = newValue } }
    }

    /// The label column a full-text search matches too (its SQL name; docs/design.md, "Search"):
    /// the list's label by the declared types alone (``ReadingColumns``, no sample and no `_col`),
    /// so every page, count and export of a search has the same condition; nil without one.
    var searchLabelColumn: String? {
        readingColumns(chosen: [], dropped: [], sample: nil).label.map { table.columns[$0].sqlName }
    }

    /// The rows `search` names besides those its words match; nil for none.
    func searchAlternative(for search: String?) -> SQLCondition? {
        search.flatMap { storage.fields.searchAlternative?($0) }
    }

    /// A path prefix its rows' pages were once served under (`/char/`): `PREFIX/KEY`
    /// is sent to `/NAME/KEY` with a 308. Set before the application is made.
    public var formerDetailPrefix: String? {
        get { storage.fields.formerDetailPrefix }
        set { mutate { $0.formerDetailPrefix = newValue } }
    }

    /// How a list page lays its rows out (docs/design.md, "Markup shapes").
    public enum Layout: String, Sendable, CaseIterable {
        /// An `<ol>` of `<li>` rows, each a caption and its cells as a description list.
        case list
        /// A `<table>`: a header row of sort links, one `<tr>` per row, the footer as a
        /// last row spanning every column; on narrow screens the rows become cards.
        case table
    }

    /// Makes a list.
    /// - Parameters:
    ///   - name: The URL segment; the table's name when nil.
    ///   - title: The title; the name when nil.
    ///   - description: A sentence for the index.
    ///   - table: The table or view.
    ///   - source: The database that holds it.
    ///   - configuration: Placeholders and flags (built-in when nil).
    ///   - defaultSort: The order without `sort`.
    package init(
        name: String? = nil, title: String? = nil, description: String? = nil, table: TableDescription,
        source: any ListSource, configuration: ListConfiguration? = nil, defaultSort: ListSort? = nil
    ) {
        let name = name ?? table.name
        storage = CopyOnWriteBox(
            Fields(
                name: name, title: title ?? VisibleText.escape(name), description: description, table: table,
                source: source, configuration: configuration ?? ListConfiguration(name), defaultSort: defaultSort,
                shownColumns: nil, sortableColumns: nil, presenter: nil, addressFormat: nil, formerDetailPrefix: nil,
                path: Self.path(basePath: "", name: name)))
        mutate {
            $0.makeListedLabels()
            $0.makeCapabilities()
        }
    }

    /// Makes a list whose rows come from `rows` alone, with no database: rows in memory
    /// (``ListStore/InMemoryRowSource``), a developer's own source, or one read with Swift
    /// concurrency (``ListStore/SuspendingRowSource``). The health record, readiness and
    /// the log name it by `name`.
    /// - Parameters:
    ///   - name: The URL segment; the table's name when nil.
    ///   - table: The columns and key of its rows (``ListStore/InMemoryRowSource/table``).
    ///   - rows: Where its rows come from.
    ///   - timeLimit: The most a read may take, in seconds (a search past it answers 503).
    ///   - configuration: Placeholders and flags (built-in when nil).
    ///   - defaultSort: The order without `sort`.
    public init(
        name: String? = nil, title: String? = nil, description: String? = nil, table: TableDescription,
        rows: any RowSource, timeLimit: Double = 2, configuration: ListConfiguration? = nil, defaultSort: ListSort? = nil
    ) {
        let database = RowsAlone(name: name ?? table.name, table: table, rows: rows, timeLimit: timeLimit)
        self.init(
            name: name, title: title, description: description, table: table, source: database,
            configuration: configuration, defaultSort: defaultSort)
        self.rows = rows
    }

    /// The columns its pages show for each row (indices into the table's
    /// columns): ``shownColumns``, else the first ``RecordCells/listedColumns``.
    var listedColumns: [Int] {
        Self.listedColumns(shownColumns, of: table)
    }

    /// ``listedColumns`` given the configured `shownColumns` (nil: none configured) of `table`.
    fileprivate static func listedColumns(_ shownColumns: [Int]?, of table: TableDescription) -> [Int] {
        shownColumns ?? Array(0..<min(table.columns.count, RecordCells.listedColumns))
    }

    /// What the list's first rows read say of its columns (``ColumnSample``).
    var columnSample: ColumnSample { storage.fields.sample }

    /// The facets it suggests (``FacetSuggestions``), kept per data version.
    var facetSuggestions: FacetSuggestions { storage.fields.suggestions }

    /// The labels of ``listedColumns`` (``label(_:)``), HTML-escaped once for the list
    /// rather than for every page (each page made and escaped them: callgrind).
    var listedLabels: [PrintedText] { storage.fields.listedLabels }

    /// Whether `sort` may name `column`: one of ``sortableColumns``, and one the row source
    /// sorts by (``capabilities``; a database's, one of a type with an order,
    /// ``ListStore/TableDescription/Column/isOrderable``: a PostgreSQL `json`, `xml`,
    /// `point` or composite column has none; found by QA: sorting by one was a 500).
    func isSortable(_ column: String) -> Bool {
        guard sortableColumns?.contains(column) ?? true, let index = table.columnIndex(column) else { return false }
        let sorts = storage.fields.sortsByColumn
        return index < sorts.count && sorts[index]
    }

    /// Whether the row source filters `column` with `operation` (``capabilities``).
    func filters(_ column: String, with operation: RowFilter.Operation) -> Bool {
        storage.fields.capabilities.filters(column, with: operation)
    }

    /// The label of `column` in `language`: its words' label for it (``ListWords/columnLabels``), else ``label(_:)``.
    func label(_ column: TableDescription.Column, in language: Language) -> String {
        words.columnLabels[language]?[column.name].map(Self.shown) ?? label(column)
    }

    /// The label of `column`.
    public func label(_ column: TableDescription.Column) -> String {
        Self.label(of: column, labels: labels)
    }

    /// The label of `column` given a list's `labels`: its own, else its name shown visibly;
    /// a label that shows nothing (a column named by the empty text or spaces) is shown in
    /// quotation marks, `""`, as SQL writes such a name: it is a sort link's and a
    /// header's text, and a link needs words (WCAG 2.4.4; found by a break-it pass).
    fileprivate static func label(of column: TableDescription.Column, labels: [String: String]) -> String {
        shown(labels[column.name] ?? VisibleText.escape(column.name))
    }

    /// `label`, or `label` in quotation marks when it shows nothing.
    private static func shown(_ label: String) -> String {
        VisibleText.showsSomething(label) ? label : "\"" + label + "\""
    }

    /// The list's path: the base path, `/` and the tilde-encoded name (made when
    /// either changes: every link of a page starts with it).
    public var path: String { storage.fields.path }

    fileprivate static func path(basePath: String, name: String) -> String {
        basePath + "/" + TildeEncoding.encode(name)
    }

    /// The list's title in `language`: its words' name for the list where they
    /// give one (``ListWords/namesTheList``), else ``title``.
    func title(in language: Language) -> String {
        words.namesTheList ? words.listName(language) : title
    }

    /// The detail path of a row whose address values are `address` (see
    /// ``TableDescription/addressColumns``): each value's text tilde-encoded,
    /// joined by `,`; nil when a value is NULL or the list has no detail pages.
    public func detailPath(address: [SQLValue]) -> String? {
        detailSegment(address: address).map { path + "/" + $0 }
    }

    /// The most bytes of a row's key segment: the server answers a request target over
    /// 26 KiB with 414 (`Server.Configuration.maxTargetBytes`), which must also hold the
    /// list's path, `.json` and `?lang=…`. A row whose segment is longer (a key of
    /// thousands of characters, each encoded as up to twelve bytes) has no row page link,
    /// as a row whose key holds NULL has none, rather than a link that answers 414
    /// (found by a break-it pass).
    static let maximumSegmentBytes = 20 * 1024

    /// The key segment of ``detailPath(address:)`` (what follows the list's path and `/`).
    func detailSegment(address: [SQLValue]) -> String? {
        guard !address.isEmpty else { return nil }
        if let addressFormat { return addressFormat.segment(address) }
        if address.count == 1 { return Self.segment(address[0]) }
        var parts: [String] = []
        for value in address {
            guard let part = Self.part(value) else { return nil }
            parts.append(part)
        }
        return Self.fitting(parts.joined(separator: ","))
    }

    /// `segment` when it is at most ``maximumSegmentBytes`` long.
    private static func fitting(_ segment: String?) -> String? {
        segment.flatMap { $0.utf8.count <= maximumSegmentBytes ? $0 : nil }
    }

    /// ``detailSegment(address:)`` of a page's row, whose address is found as
    /// ``address(row:key:columns:)`` finds it, without an array for one value (a
    /// rowid or one address column: most tables; a page asks for every row).
    func detailSegment<Row: RandomAccessCollection<SQLValue>>(
        row: Row, key: some BidirectionalCollection<SQLValue>, columns: [Int]?
    ) -> String? where Row.Index == Int {
        guard addressFormat == nil, columns?.count ?? 1 == 1 else {
            return detailSegment(address: address(row: row, key: key, columns: columns))
        }
        guard let columns else { return key.last.flatMap(Self.segment) }
        return Self.segment(Self.stored(row[columns[0]], key: key, at: 0))
    }

    /// A row's value of its `position`-th address column, as stored: the key's value there when
    /// that is the stored bytes of a text that is not UTF-8 (``SQLValue/textBytes(_:)``, as a key
    /// is read) and `value` is its text as shown (U+FFFD in place of the bad bytes). The shown
    /// text is another value, so a link to it named no row (found by a break-it pass).
    /// The key starts with the address columns (``TableDescription/keyExpressions``); the
    /// texts are compared all the same, so a key that does not gives the shown value.
    private static func stored(_ value: SQLValue, key: some BidirectionalCollection<SQLValue>, at position: Int) -> SQLValue {
        // U+FFFD is EF BF BD: a text without an EF byte was read as stored. The key's value is
        // looked at first: it is stored bytes only for a text that is not UTF-8 (rare).
        guard case .text(let shown) = value, position < key.count,
            case .textBytes(let bytes) = key[key.index(key.startIndex, offsetBy: position)],
            shown.utf8.contains(0xEF), String(decoding: bytes, as: UTF8.self) == shown
        else { return value }
        return .textBytes(bytes)
    }

    /// The segment of a one-value address: an integer's digits (a rowid or an integer
    /// key: most tables; no encoding needed), the empty text as ``TildeEncoding/emptyText``
    /// (its encoding would leave the list's own path and a slash), else ``part(_:)`` when it fits (``maximumSegmentBytes``).
    private static func segment(_ value: SQLValue) -> String? {
        if case .integer(let number) = value { return String(number) }
        if case .text(let text) = value, text.isEmpty { return TildeEncoding.emptyText }
        return fitting(part(value))
    }

    /// One address value's text tilde-encoded (a text that is not UTF-8, its stored bytes);
    /// nil for NULL and a blob (no row page).
    private static func part(_ value: SQLValue) -> String? {
        switch value {
        case .null, .blob: nil
        case .textBytes(let bytes): TildeEncoding.encode(bytes: bytes)
        case .integer, .real, .text: value.plainText.map(TildeEncoding.encode)
        }
    }

    /// The address values of a row: its values of the address columns, or its
    /// rowid (the last key value) when rows are addressed by rowid.
    public func address<Row: RandomAccessCollection<SQLValue>>(row: Row, key: some BidirectionalCollection<SQLValue>) -> [SQLValue]
    where Row.Index == Int {
        address(row: row, key: key, columns: addressColumnIndices)
    }

    /// Where ``address(row:key:)`` finds a row's address: the address columns' indices
    /// in a row, or nil when rows are addressed by rowid (the last key value). A page
    /// finds them once for all its rows.
    var addressColumnIndices: [Int]? {
        table.addressedByRowid ? nil : table.addressColumns.compactMap { table.columnIndex($0.name) }
    }

    /// ``address(row:key:)`` with the columns found (``addressColumnIndices``).
    func address<Row: RandomAccessCollection<SQLValue>>(row: Row, key: some BidirectionalCollection<SQLValue>, columns: [Int]?)
        -> [SQLValue] where Row.Index == Int
    {
        guard let columns else { return key.last.map { [$0] } ?? [] }
        return columns.enumerated().map { position, column in Self.stored(row[column], key: key, at: position) }
    }

    /// The address values a detail path's key segment names (the inverse of
    /// ``detailPath(address:)``, each as text; SQLite compares them by the
    /// columns' affinity), or nil when it names none.
    func address(segment: Substring) -> [SQLValue]? {
        if let format = addressFormat {
            // Its own spelling, also tilde-encoded as every key may be (`U~2B2603`, found by QA).
            if let own = format.address(segment) { return own }
            if segment.contains("~"), let decoded = TildeEncoding.decode(segment), let own = format.address(Substring(decoded)) {
                return own
            }
        }
        let count = table.addressedByRowid ? 1 : table.addressColumns.count
        guard count > 0 else { return nil }
        if count == 1, !table.addressedByRowid, segment == TildeEncoding.emptyText { return [.text("")] }
        let parts = segment.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        var values: [SQLValue] = []
        for part in parts {
            guard let bytes = TildeEncoding.decodeBytes(part) else { return nil }
            let text = String(validating: bytes, as: UTF8.self)
            if table.addressedByRowid {
                guard let text, let rowid = Int64(text), String(rowid) == text else { return nil }
                values.append(.integer(rowid))
            } else {
                // Bytes that are not UTF-8 name a text stored so (``part(_:)``).
                values.append(text.map { .text($0) } ?? .textBytes(bytes))
            }
        }
        return values
    }
}
