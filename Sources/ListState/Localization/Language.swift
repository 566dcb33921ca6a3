import Foundation

/// The languages the interface speaks. Row data stays as its source holds it;
/// every interface word is in the page's language.
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
        let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
        let subtags = trimmed.lowercased().replacingOccurrences(of: "_", with: "-")
            .split(separator: "-", omittingEmptySubsequences: false)
        // BCP 47 §2.1: subtags of 1 to 8 ASCII letters and digits.
        guard let primary = subtags.first,
            subtags.allSatisfy({ subtag in
                (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        let rest = subtags.dropFirst()
        switch primary {
        case "en":
            self = .english
        case "zh":
            // Script first (zh-Hant-CN is Traditional), then region; any other
            // subtag (zh-yue, zh-Hantx) names something we do not speak.
            let known: Set<Substring> = ["hant", "hans", "tw", "hk", "mo", "cn", "sg", "my"]
            guard rest.allSatisfy(known.contains) else { return nil }
            if rest.contains("hant") {
                self = .traditionalChinese
            } else if rest.contains("hans") {
                self = .simplifiedChinese
            } else if rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) {
                self = .traditionalChinese
            } else {
                self = .simplifiedChinese
            }
        default:
            return nil
        }
    }
}
