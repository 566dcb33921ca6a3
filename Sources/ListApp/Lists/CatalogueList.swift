import ListState
import ListStore

/// The Unicode catalogue as a list over its own table (`characters`), built in
/// Swift through ``ListDefinition`` like any list: its JSON twin
/// (`/characters.json`), its CSV (`/characters.csv`) and its rows' JSON are
/// served by the lists' route over the catalogue file, with the catalogue's
/// own parameters as named filters (`category`, `emoji`). Its pages are still
/// drawn by the catalogue's route (`/`, `/char/U+2603`); `/characters` leads there.
public enum CatalogueList {
    /// The list's name, and its table's.
    public static let name = "characters"

    /// `category=Lu`: one General_Category (another value is a 400, as on the page; empty: all).
    static let category = NamedFilter(
        name: "category", column: "category",
        values: Dictionary(uniqueKeysWithValues: GeneralCategory.all.map { ($0.code, $0.code) }),
        label: "category", ignoredValues: [""])
    /// `emoji=1`: emoji only (`0`: all).
    static let emoji = NamedFilter(name: "emoji", column: "is_emoji", values: ["1": "1"], label: "emoji", ignoredValues: ["0"])

    /// The list over `source`'s `characters` table.
    /// - Parameters:
    ///   - configuration: The list's placeholders and flags (`lists.characters`).
    ///   - basePath: The site's path prefix.
    /// - Throws: `AppError.database` when the file cannot be read or has no such table.
    static func definition(source: DatabaseSource, configuration: ListConfiguration?, basePath: String) throws(AppError) -> ListDefinition {
        let tables: [TableDescription]
        switch source.tables() {
        case .success(let read): tables = read
        case .failure(let error): throw AppError.database(source.path, reason: TableLists.reason(error, path: source.path))
        }
        guard let table = tables.first(where: { $0.name == name }) else {
            throw AppError.database(source.path, reason: "the catalogue has no table “\(name)”")
        }
        var list = ListDefinition(name: name, title: "Unicode characters", table: table, source: source, configuration: configuration)
        list.layout = .list
        list.basePath = basePath
        list.namedFilters = [category, emoji]
        return list
    }

    /// The lists served beside the catalogue's pages: this list over the catalogue file at `path`.
    /// - Throws: `AppError` when the file cannot be read as the catalogue.
    public static func tables(
        path: String, queryTimeLimit: Double, configuration: ListConfiguration?, basePath: String,
        log: @escaping @Sendable (String) -> Void
    ) throws(AppError) -> TableCatalog {
        let source = DatabaseSource(path: path, queryTimeLimit: queryTimeLimit, log: log)
        return TableCatalog(try TableLists([definition(source: source, configuration: configuration, basePath: basePath)]))
    }
}
