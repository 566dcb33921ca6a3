import Mustache

/// The words a list's pages speak of its rows with, in every language
/// (``UIStrings``: placeholders, footers, announcements, the search field):
/// ``rows`` for a list over a user's table unless its definition gives others
/// (``ListDefinition/words``).
public struct ListWords: Sendable {
    /// Tells word sets apart (drawings kept per list are keyed by it).
    let name: String
    private let byLanguage: [Language: SharedWords<UIStrings>]
    private let values: [Language: MustacheValue]
    /// Each language's `listName`, kept apart: a page asks for its title, and
    /// reading it out of the whole `UIStrings` copied every one of its fields
    /// (perf: about 1 % of an uncached page).
    private let listNames: [Language: String]
    /// Whether the list's title is these words' `listName` in each language
    /// (the catalogue's "Unicode characters", "Unicode 字符"), not its definition's title.
    let namesTheList: Bool
    /// The labels of the list's columns in each language, by column name (the
    /// catalogue's "码位" for `code_point`); a column without one keeps its definition's label.
    let columnLabels: [Language: [String: String]]

    /// The words `strings` gives for each language, made once here.
    /// - Parameters:
    ///   - name: Tells these words apart from other lists' (one name, one set of words).
    ///   - namesTheList: Whether their `listName` is the list's title in each language.
    ///   - columnLabels: The columns' labels in a language, by column name.
    ///   - strings: The words in a language (``UIStrings/of(_:)`` with the list's changes).
    public init(
        name: String, namesTheList: Bool = false, columnLabels: (Language) -> [String: String] = { _ in [:] },
        _ strings: (Language) -> UIStrings
    ) {
        self.name = name
        self.namesTheList = namesTheList
        self.columnLabels = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, columnLabels($0)) })
        var byLanguage: [Language: SharedWords<UIStrings>] = [:]
        var values: [Language: MustacheValue] = [:]
        for language in Language.allCases {
            let words = strings(language)
            byLanguage[language] = SharedWords(words)
            values[language] = words.mustacheValue
        }
        self.byLanguage = byLanguage
        self.values = values
        listNames = byLanguage.mapValues(\.words.listName)
    }

    /// The words in `language`.
    func strings(_ language: Language) -> UIStrings {
        shared(language).words
    }

    /// The words in `language`, by reference (for a view that holds them for a request).
    func shared(_ language: Language) -> SharedWords<UIStrings> {
        byLanguage[language] ?? SharedWords(UIStrings.of(language))
    }

    /// ``UIStrings/listName`` in `language`.
    func listName(_ language: Language) -> String {
        listNames[language] ?? strings(language).listName
    }

    /// The templates' `strings` object in `language`.
    func mustacheValue(_ language: Language) -> MustacheValue {
        values[language] ?? strings(language).mustacheValue
    }

    /// The words of a list over a user's table: it speaks of rows.
    public static let rows = ListWords(name: "rows", UIStrings.of)
}
