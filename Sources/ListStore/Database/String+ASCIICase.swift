// ASCII case folding of names and words.

extension StringProtocol {
    /// The text with its ASCII letters in lower case and every other character as
    /// it is: how SQLite compares names, and how FTS4's `simple` and FTS5's `ascii`
    /// tokenizers fold words.
    package var asciiLowercased: String {
        String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
