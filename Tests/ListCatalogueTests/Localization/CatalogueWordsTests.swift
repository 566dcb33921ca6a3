import Testing

@testable import ListCatalogue
@testable import ListState

/// The catalogue's words, complete in every language.
@Suite struct CatalogueWordsTests {
    /// Every language names every general category, and gives the catalogue's
    /// templates every word of theirs.
    @Test(arguments: Language.allCases)
    func everyLanguageHasEveryCategoryNameAndTemplateWord(_ language: Language) {
        let words = CatalogueWords.of(language)
        #expect(Set(words.categoryNames.keys) == Set(GeneralCategory.all.map(\.code)))
        #expect(Set(words.strings.templateWords.keys) == Set(CatalogueWords.english.strings.templateWords.keys))
        #expect(words.strings.suggestions.count == CatalogueWords.english.strings.suggestions.count)
        #expect(words.unicodeVersion("1.1").contains("1.1"))
        guard case .dictionary(let fields) = words.strings.mustacheValue else {
            Issue.record("not a dictionary")
            return
        }
        for key in ["categoryLabel", "anyCategory", "emojiOnly", "emoji", "searchHint", "searchLabel"] {
            #expect(fields[key] != nil, "\(key)")
        }
    }

    /// A list over a user's table speaks of rows: none of the catalogue's words are its own.
    @Test(arguments: Language.allCases)
    func theWordsOfOtherListsSpeakOfRows(_ language: Language) {
        let catalogue = CatalogueWords.of(language).strings
        let rows = UIStrings.of(language)
        #expect(rows.listName != catalogue.listName)
        #expect(rows.noData.title != catalogue.noData.title)
        #expect(rows.templateWords.isEmpty && rows.exampleSearches.isEmpty)
    }
}
