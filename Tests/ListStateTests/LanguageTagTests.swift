import Testing

@testable import ListState

@Suite struct LanguageTagTests {
    /// Found by QA: malformed or unknown tags fell back to Simplified Chinese.
    @Test(arguments: [
        ("zh-Hant ", Language.traditionalChinese), ("zh-Hant\n", .traditionalChinese), ("zh_TW", .traditionalChinese),
        ("zh-Hant-CN", .traditionalChinese), ("zh-Hans-TW", .simplifiedChinese), ("zh", .simplifiedChinese),
        ("en-GB", .english), ("ZH-hk", .traditionalChinese),
    ])
    func knownTags(_ tag: String, _ language: Language) {
        #expect(Language(tag: tag) == language)
    }

    @Test(arguments: ["zh-Hant\u{0}", "zh-Hantx", "zh-foo", "zh-yue", "zh-", "fr", "", "zh-Hant-verylongsubtag", "en-$"])
    func unknownOrMalformedTagsAreNotGuessed(_ tag: String) {
        #expect(Language(tag: tag) == nil)
    }

    @Test func anUnknownParameterLeavesTheChoiceToAcceptLanguage() {
        let negotiated = Language.negotiate(parameter: "zh-Hantx", acceptLanguage: "zh-TW")
        #expect(negotiated.language == .traditionalChinese && negotiated.fromHeader)
    }
}
