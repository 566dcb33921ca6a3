import Foundation
import Testing

@testable import ListState

/// Accept-Language negotiation (RFC 9110 §12.5.4) and the `lang` parameter.
@Suite struct LanguageTests {
    @Test(arguments: [
        ("", "en"),
        ("en", "en"),
        ("en-GB,en;q=0.9", "en"),
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("ZH-cn", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-MO", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-CN", "zh-Hant"),
        ("zh-Hans-HK", "zh-Hans"),
        ("de-DE, fr;q=0.8", "en"),
        ("de, zh-TW;q=0.5", "zh-Hant"),
        ("en;q=0.5, zh-TW;q=0.8", "zh-Hant"),
        ("zh-TW;q=0.8, en;q=0.8", "zh-Hant"),
        ("zh-TW;q=0, en", "en"),
        ("zh-CN;q=0", "en"),
        ("*", "en"),
        ("fr, *;q=0.1", "en"),
        ("zh-TW;q=1.5, zh-CN;q=0.4", "zh-Hans"),
        ("zh-TW;q=abc, en;q=0.1", "en"),
        (" zh-HK ; q=0.9 , en ; q=0.3", "zh-Hant"),
        (",,;,", "en"),
    ])
    func acceptLanguageTable(_ header: String, _ expected: String) {
        #expect(Language.preferred(acceptLanguage: header).tag == expected)
    }

    /// The same bug as fuzz-if-none-match found in If-None-Match (EntityTagTests):
    /// a member ending in a "prepend" character such as U+0600 made one Character
    /// of it and the comma (or `;`) after it, so the next member was lost.
    @Test(arguments: [
        ("xx\u{600},zh-TW", "zh-Hant"),
        ("zh-TW;q=0.9,en;x\u{600};q=0", "zh-Hant"),
    ])
    func aPrependCharacterDoesNotSwallowASeparator(_ header: String, _ expected: String) {
        #expect(Language.preferred(acceptLanguage: header).tag == expected)
    }

    /// Found by Fuzz/ fuzz-accept-language (input `;en, zh-Hans`): a member
    /// with an empty range before its `;` was read as the range after it.
    @Test(arguments: [(";en, zh-Hans", "zh-Hans"), ("zh-TW;q=0.5, ;en", "zh-Hant"), ("en;;q=0.5, zh-CN;q=0.6", "zh-Hans")])
    func aMemberWithAnEmptyRangeIsSkipped(_ header: String, _ expected: String) {
        #expect(Language.preferred(acceptLanguage: header).tag == expected)
    }

    /// Found by Fuzz/ fuzz-accept-language: white-space-only members counted
    /// toward the 64 members read and empty ones did not, so `zh-TW` after 64
    /// `" ,"` was never read, while after 64 `","` it was.
    @Test func whiteSpaceMembersAreIgnoredLikeEmptyOnes() throws {
        #expect(Language.preferred(acceptLanguage: String(repeating: ",", count: 64) + "zh-TW") == .traditionalChinese)
        #expect(Language.preferred(acceptLanguage: String(repeating: " ,", count: 64) + "zh-TW") == .traditionalChinese)
        #expect(Language.preferred(acceptLanguage: String(repeating: "fr,", count: 64) + "zh-TW") == .english)
        // The fuzzer's input, and the same with a space before every `,` and `;`.
        let input =
            "LHpoLWF6KC1UAAAsLDttLCw7LCwsLDssLiwsOyx6LCw7LG4sOywsLCwsLiwsOyx6LCw7LCw7LDsseiwsOyxuLDssLCwsLC4sLDsseiwsOywsOywsLCw7LC4sLAEAADs7dCwsLDssLiwsAQAAOzt0dyx6LHpoLXM7LHoseiwuVzssLiwsAQAAOzsseix6aA=="
        let bytes = try #require(Data(base64Encoded: input))
        let spaced = bytes.flatMap { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") ? [UInt8(ascii: " "), $0] : [$0] }
        let plain = Language.preferred(acceptLanguage: String(decoding: bytes, as: UTF8.self))
        #expect(Language.preferred(acceptLanguage: String(decoding: spaced, as: UTF8.self)) == plain)
        #expect(plain == .simplifiedChinese)
    }

    @Test func parameterOverridesTheHeader() {
        let chosen = Language.negotiate(parameter: "zh-Hant", acceptLanguage: "zh-CN")
        #expect(chosen.language == .traditionalChinese && !chosen.fromHeader)
        let alias = Language.negotiate(parameter: "zh-tw", acceptLanguage: nil)
        #expect(alias.language == .traditionalChinese && !alias.fromHeader)
        let unknown = Language.negotiate(parameter: "de", acceptLanguage: "zh-CN")
        #expect(unknown.language == .simplifiedChinese && unknown.fromHeader)
        let none = Language.negotiate(parameter: nil, acceptLanguage: nil)
        #expect(none.language == .english && none.fromHeader)
    }

    /// Every language has every suggestion.
    @Test(arguments: Language.allCases)
    func stringsAreComplete(_ language: Language) {
        let strings = UIStrings.of(language)
        #expect(strings.suggestions.count == UIStrings.english.suggestions.count)
        #expect(strings.noResultsForQuery.title.contains("{query}"))
        guard case .dictionary(let words) = strings.mustacheValue else {
            Issue.record("not a dictionary")
            return
        }
        for key in ["searchLabel", "searchButton", "searchPlaceholder", "loadMore", "tryAgain"] {
            #expect(words[key] != nil, "\(key)")
        }
    }
}
