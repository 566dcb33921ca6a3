// fuzz-accept-language: Language.negotiate / Language.preferred and
// Language(tag:) (Sources/ListState/Localization, compiled in through the
// symlinks in ListState/).
//
// Properties:
// - any field value gives one of the served languages, in bounded time (checked
//   here against a generous wall-clock bound, and by libFuzzer's -timeout);
// - a served tag put first with the highest weight wins; a range with q=0
//   added at the end changes nothing, nor do spaces before `,` and `;`; a
//   valid `lang` parameter beats any header;
// - Language(tag:) accepts only `en`/`zh` tags and is case-insensitive.
import FuzzSupport

private let served: Set<String> = ["en", "zh-Hans", "zh-Hant"]

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcceptLanguage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let field = String(decoding: fuzzBytes(data, count), as: UTF8.self)

    let clock = ContinuousClock()
    let start = clock.now
    let negotiated = Language.negotiate(parameter: nil, acceptLanguage: field)
    let elapsed = clock.now - start
    fuzzCheck(served.contains(negotiated.language.tag), "negotiated \(negotiated.language.tag)")
    fuzzCheck(negotiated.fromHeader, "a header-only negotiation did not say fromHeader")
    fuzzCheck(elapsed < .milliseconds(500), "negotiation of \(field.utf8.count) bytes took \(elapsed)")

    let preferred = Language.preferred(acceptLanguage: field)
    fuzzCheck(preferred == negotiated.language, "preferred and negotiate disagree")

    // The first member at weight 1 wins over anything after it.
    for language in Language.allCases {
        fuzzCheck(
            Language.preferred(acceptLanguage: "\(language.tag)," + field) == language,
            "\(language.tag) first did not win over \(field.debugDescription)")
    }
    // A refused range at the end is ignored (unless the field already has 64
    // members, where the cap already ignores it).
    fuzzCheck(
        Language.preferred(acceptLanguage: field + ",zh-Hant;q=0") == preferred,
        "a trailing q=0 range changed the result for \(field.debugDescription)")

    // Optional white space before a `,` or `;` changes nothing (RFC 9110
    // §5.6.1, §12.4.2); this also sees a separator swallowed into a Character.
    var spaced: [UInt8] = []
    for byte in field.utf8 {
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") { spaced.append(UInt8(ascii: " ")) }
        spaced.append(byte)
    }
    fuzzCheck(
        Language.preferred(acceptLanguage: String(decoding: spaced, as: UTF8.self)) == preferred,
        "spaces before the separators changed the result for \(field.debugDescription)")

    // A valid parameter beats the header; an invalid one falls back to it.
    fuzzCheck(
        Language.negotiate(parameter: "zh-TW", acceptLanguage: field) == (.traditionalChinese, false),
        "lang=zh-TW lost to the header")
    if let language = Language(tag: field) {
        let primary = field.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().prefix(2)
        fuzzCheck(primary == "en" || primary == "zh", "Language(tag: \(field.debugDescription)) = \(language)")
        fuzzCheck(Language(tag: field.uppercased()) == language, "Language(tag:) is case-sensitive for \(field.debugDescription)")
        fuzzCheck(
            Language.negotiate(parameter: field, acceptLanguage: "zh-TW") == (language, false),
            "a valid lang parameter lost to the header")
    } else {
        fuzzCheck(
            Language.negotiate(parameter: field, acceptLanguage: "zh-TW") == (.traditionalChinese, true),
            "an invalid lang parameter did not fall back to the header")
    }
    return 0
}
