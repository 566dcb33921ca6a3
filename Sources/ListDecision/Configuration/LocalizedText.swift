/// A text a configuration gives, for every language or per language.
///
/// Keys are the server's language tags (`en`, `zh-Hans`, `zh-Hant`). A text
/// may hold `{query}`, replaced by the search text (escaped like the rest).
public struct LocalizedText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text for any language without its own; `nil` falls back to the built-in text.
    public var fallback: String?
    /// Texts by language tag.
    public var byLanguage: [String: String]

    /// Creates a text.
    ///
    /// - Parameters:
    ///   - fallback: The text for every language without its own.
    ///   - byLanguage: Texts by language tag (`en`, `zh-Hans`, `zh-Hant`).
    public init(_ fallback: String? = nil, byLanguage: [String: String] = [:]) {
        self.fallback = fallback
        self.byLanguage = byLanguage
    }

    /// Creates the same text for every language.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text for `language`, else the fallback, else `nil` (use the built-in text).
    ///
    /// - Parameter language: A language tag.
    public func text(for language: String) -> String? {
        byLanguage[language] ?? fallback
    }
}
