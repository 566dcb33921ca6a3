import ListDecision
import ListState
import ListStore

/// The Unicode catalogue as a list over its own table (`characters`), built in
/// Swift through ``ListDefinition`` like any list and served by the same route,
/// paging, decision and rendering code: `/characters` (and `/`, when it is the
/// only list), its JSON twin and CSV, a character's page `/characters/U+2603`.
/// Everything that makes it the catalogue is in this module, built on ListState's
/// public list API alone: its named filters (`category`, `emoji`), its row and
/// detail templates (``templates``) and their fields (``CatalogueRows``), its
/// words (``CatalogueWords``), its rows' address spelling, and its former
/// character pages (`/char/U+2603`, 308 to the new address).
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

    /// The catalogue's words: its pages speak of characters.
    static let words = ListWords(
        name: name, namesTheList: true,
        columnLabels: { language in
            let words = CharacterPageWords.of(language)
            return [
                "code_point": words.codePoint, "name": words.name, "category": words.generalCategory, "age": words.introducedIn,
                "is_emoji": words.emoji, "is_emoji_presentation": words.emojiPresentation,
            ]
        }, { CatalogueWords.of($0).strings })

    /// The catalogue's own templates, by name (`character-row`, a row; `character`, a
    /// character's page), embedded from this module's Templates/ folder.
    static let templates: [String: String] = {
        var templates: [String: String] = [:]
        for (path, bytes) in EmbeddedResources.files where path.hasPrefix("Templates/") && path.hasSuffix(".mustache") {
            templates[String(path.dropFirst("Templates/".count).dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
        }
        return templates
    }()

    /// The list over `source`'s `characters` table.
    /// - Parameters:
    ///   - configuration: The list's placeholders and flags (`lists.characters`).
    ///   - basePath: The site's path prefix.
    /// - Throws: `AppError.database` when the file cannot be read or has no such table.
    package static func definition(source: DatabaseSource, configuration: ListConfiguration?, basePath: String) throws(AppError) -> ListDefinition {
        let tables: [TableDescription]
        switch source.tables() {
        case .success(let read): tables = read
        case .failure(let error): throw AppError.database(source.name, reason: TableLists.reason(error, path: source.name))
        }
        guard let table = tables.first(where: { $0.name == name }) else {
            throw AppError.database(source.name, reason: "the catalogue has no table “\(name)”")
        }
        guard let presenter = CatalogueRows(table) else {
            throw AppError.database(source.name, reason: "the catalogue's table “\(name)” lacks a column of the catalogue's")
        }
        // A row's address is its code point (`/characters/U+0041`): read by rowid, it must be the
        // rowid (found by a break-it pass: a hand-made file keyed otherwise linked each row to another).
        guard table.primaryKeyIsRowid, table.primaryKey.first?.name == "code_point" else {
            throw AppError.database(
                source.name, reason: "the catalogue's table “\(name)” does not have code_point as its INTEGER PRIMARY KEY")
        }
        var list = ListDefinition(name: name, title: "Unicode characters", table: table, source: source, configuration: configuration)
        list.layout = .list
        // Not `age`: Unicode versions kept as text would sort "10.0" before "2.0" (found by QA).
        list.sortableColumns = ["code_point", "name", "category", "is_emoji", "is_emoji_presentation"]
        list.basePath = basePath
        list.namedFilters = [category, emoji]
        list.templates = templates
        list.partials = ["row": "character-row"]
        list.detailTemplate = "character"
        list.presenter = presenter
        list.words = words
        list.addressFormat = CatalogueRows.addressFormat
        list.searchAlternative = CatalogueRows.searchedCharacter
        list.formerDetailPrefix = "/char/"
        return list
    }

    /// The lists of a server of the catalogue: this list over the catalogue file at `path`.
    /// - Parameter sortOrders: Where its sorted pages' orders and its searches' rankings are kept
    ///   (``ListStore/KeptSortOrders``); nil for none.
    /// - Throws: `AppError` when the file cannot be read as the catalogue.
    package static func tables(
        path: String, queryTimeLimit: Double, configuration: ListConfiguration?, basePath: String,
        sortOrders: KeptSortOrders? = nil, log: @escaping @Sendable (String) -> Void
    ) throws(AppError) -> TableCatalog {
        let source = DatabaseSource(path: path, queryTimeLimit: queryTimeLimit, log: log, sortOrders: sortOrders)
        return TableCatalog(try TableLists([definition(source: source, configuration: configuration, basePath: basePath)]))
    }
}
