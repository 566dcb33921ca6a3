/// The languages the interface speaks. Row data (character names) stays
/// English — it is the Unicode name — but every interface word and category
/// name is in the page's language.
public enum Language: String, Sendable, Hashable, CaseIterable {
    /// English.
    case english = "en"
    /// Simplified Chinese (mainland China, Singapore, Malaysia).
    case simplifiedChinese = "zh-Hans"
    /// Traditional Chinese (Taiwan, Hong Kong, Macao).
    case traditionalChinese = "zh-Hant"

    /// The language used when nothing else applies.
    public static let fallback = Language.english

    /// The BCP 47 tag, as `<html lang>` and `?lang=` write it.
    public var tag: String { rawValue }

    /// The language a BCP 47 tag (RFC 5646) asks for, case-insensitively, or `nil`
    /// when the server does not speak it: `en`, `en-*` → English; `zh-Hans*`,
    /// `zh-CN`, `zh-SG`, `zh-MY`, bare `zh` → Simplified; `zh-Hant*`, `zh-TW`,
    /// `zh-HK`, `zh-MO` → Traditional. An explicit script wins over a region
    /// (`zh-Hant-CN` is Traditional).
    ///
    /// - Parameter tag: The tag, e.g. `zh-TW`.
    public init?(tag: String) {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let primary = subtags.first else { return nil }
        switch primary {
        case "en":
            self = .english
        case "zh":
            let rest = subtags.dropFirst()
            if rest.contains("hant") { self = .traditionalChinese; return }
            if rest.contains("hans") { self = .simplifiedChinese; return }
            if rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) { self = .traditionalChinese; return }
            self = .simplifiedChinese
        default:
            return nil
        }
    }
}
