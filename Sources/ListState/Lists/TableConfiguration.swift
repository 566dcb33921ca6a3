import ListDecision
import ListStore

/// How the configuration file shapes the lists over tables: placeholder
/// configurations and ``TableListSettings`` by list name, read from `file`.
package struct TableConfiguration: Sendable {
    /// Placeholders, display flags and end-of-list words, by list.
    package var lists: [ListConfiguration]
    /// Titles, columns, sorts, hidden lists and columns, by list.
    package var tables: [String: TableListSettings]
    /// The file they were read from (named in errors).
    package var file: String?
    /// The path prefix the site is served under (``AppConfiguration/basePath``), which every list's paths carry.
    package var basePath = ""

    /// A configuration.
    package init(lists: [ListConfiguration] = [], tables: [String: TableListSettings] = [:], file: String? = nil) {
        self.lists = lists
        self.tables = tables
        self.file = file
    }

    /// The list over `table` as configured, or nil when it is hidden.
    /// - Throws: `AppError.configuration` naming the key whose column the table does not have.
    func list(_ table: TableDescription, source: any ListSource) throws(AppError) -> ListDefinition? {
        let settings = tables[table.name] ?? TableListSettings()
        guard !settings.isHidden else { return nil }
        let prefix = "lists.\(table.name)"
        let names = table.columns.map(\.name)
        func check(_ columns: [String], _ key: String) throws(AppError) {
            for column in columns where !names.contains(column) {
                throw .configuration(
                    ConfigurationError(
                        file: file, key: "\(prefix).\(key)",
                        message: "the table has no column “\(column)” (columns: \(names.prefix(30).joined(separator: ", ")))"))
            }
        }
        try check(settings.hiddenColumns, "hiddenColumns")
        try check(settings.columns ?? [], "columns")
        try check(settings.searchColumns ?? [], "searchColumns")
        try check(Array(settings.labels.keys), "labels")
        try check(settings.key ?? [], "key")
        try check(settings.facets, "facets")
        for filter in settings.filters { try check([filter.column], "filters.\(filter.name).column") }
        if settings.key != nil, table.kind != .view {
            throw .configuration(
                ConfigurationError(
                    file: file, key: "\(prefix).key",
                    message: "only a view takes a key; a table's key is its primary key"))
        }
        let hidden = Set(settings.hiddenColumns)
        if let column = table.primaryKey.first(where: { hidden.contains($0.name) }) {
            throw .configuration(
                ConfigurationError(
                    file: file, key: "\(prefix).hiddenColumns",
                    message: "“\(column.name)” is part of the primary key, which names the rows; it cannot be hidden"))
        }
        for (key, columns) in [("columns", settings.columns ?? []), ("searchColumns", settings.searchColumns ?? []), ("facets", settings.facets)] {
            if let column = columns.first(where: hidden.contains) {
                throw .configuration(ConfigurationError(file: file, key: "\(prefix).\(key)", message: "“\(column)” is hidden"))
            }
        }
        // A key's values go to every client in each cursor (found by a break-it pass).
        if let column = settings.key?.first(where: hidden.contains) {
            throw .configuration(
                ConfigurationError(
                    file: file, key: "\(prefix).key",
                    message: "“\(column)” is hidden, and a key's values are sent in every page's cursor"))
        }
        // Found by a break-it pass: a view with every column hidden answered 500 to every request.
        if !names.contains(where: { !hidden.contains($0) }) {
            throw .configuration(
                ConfigurationError(file: file, key: "\(prefix).hiddenColumns", message: "every column is hidden: the list would show nothing"))
        }
        // A named filter on a hidden column would filter by what the list never shows (found by a break-it pass).
        if let filter = settings.filters.first(where: { hidden.contains($0.column) }) {
            throw .configuration(
                ConfigurationError(file: file, key: "\(prefix).filters.\(filter.name).column", message: "“\(filter.column)” is hidden"))
        }
        // A title is a heading, the page's title and the index's link (found by a break-it pass: one of no words).
        if let title = settings.title, !VisibleText.showsSomething(title) {
            throw .configuration(
                ConfigurationError(file: file, key: "\(prefix).title", message: "a title needs words (leave it out for the list's name)"))
        }
        // Empty lists of names made SQL no statement could run (found by a break-it pass).
        if settings.key?.isEmpty == true {
            throw .configuration(
                ConfigurationError(
                    file: file, key: "\(prefix).key", message: "a key names at least one column (leave it out to page by all columns)"))
        }
        if settings.columns?.isEmpty == true {
            throw .configuration(
                ConfigurationError(
                    file: file, key: "\(prefix).columns",
                    message: "name at least one column to show (leave it out to show every column)"))
        }
        // A column named twice was shown twice, or searched twice (found by a break-it pass).
        for (key, columns) in [
            ("columns", settings.columns ?? []), ("searchColumns", settings.searchColumns ?? []), ("key", settings.key ?? []),
            ("hiddenColumns", settings.hiddenColumns), ("facets", settings.facets),
        ] {
            var seen = Set<String>()
            if let column = columns.first(where: { !seen.insert($0).inserted }) {
                throw .configuration(
                    ConfigurationError(file: file, key: "\(prefix).\(key)", message: "“\(column)” is named twice"))
            }
        }
        if settings.searchColumns?.isEmpty == true {
            throw .configuration(
                ConfigurationError(
                    file: file, key: "\(prefix).searchColumns",
                    message: "name at least one column to search (leave it out to search every text column)"))
        }
        let configured = table.configured(hiding: hidden, key: settings.key, searchColumns: settings.searchColumns)
        var sort: ListSort?
        if let text = settings.sort {
            let descending = text.hasPrefix("-")
            let column = descending ? String(text.dropFirst()) : text
            if hidden.contains(column) {
                throw .configuration(ConfigurationError(file: file, key: "\(prefix).sort", message: "“\(column)” is hidden"))
            }
            guard configured.columnIndex(column) != nil else {
                throw .configuration(
                    ConfigurationError(
                        file: file, key: "\(prefix).sort",
                        message: "the table has no column “\(column)” to sort by (write COL or -COL)"))
            }
            sort = ListSort(column: column, descending: descending)
        }
        var list = ListDefinition(
            title: settings.title, description: settings.description, table: configured, source: source,
            configuration: lists.last { $0.name == table.name }, defaultSort: sort)
        list.shownColumns = settings.columns.map { columns in columns.compactMap(configured.columnIndex) }
        list.labels = settings.labels
        if let layout = settings.layout { list.layout = layout }
        list.basePath = basePath
        list.namedFilters = settings.filters
        list.facetColumns = settings.facets
        return list
    }
}
