/// The words of a full-text search (docs/design.md, "Search"): runs of letters
/// and digits, ASCII letters in lower case, without repeats, and without a word
/// that is a prefix of another in any case ("c Cat" is "cat": every word starting
/// with "cat" starts with "c"). Any punctuation is a word break, never FTS syntax.
///
/// Letters beyond ASCII are left as typed: FTS4's default tokenizer (`simple`) and
/// FTS5's `ascii` fold only ASCII, so a word folded by Unicode's rules (`éclair`)
/// never matched the `Éclair` they index (found by a break-it pass), while FTS5's
/// default (`unicode61`) and PostgreSQL's `to_tsquery` fold a query themselves.
public enum SearchWords {
    /// The most distinct words a search may hold. Every word is a prefix term
    /// whose cost grows with the rows it matches, so an unbounded count would
    /// let one URL keep the database busy for the whole time limit.
    public static let maximum = 8

    /// The words of `text`.
    public static func of(_ text: String) -> [String] {
        let words = text.split { !($0.isLetter || $0.isNumber) }.map(\.asciiLowercased)
        var kept: [(word: String, folded: String)] = []
        for word in words {
            let folded = word.lowercased()
            guard !kept.contains(where: { $0.folded.hasPrefix(folded) }) else { continue }
            kept.removeAll { folded.hasPrefix($0.folded) }
            kept.append((word, folded))
        }
        return kept.map(\.word)
    }

    /// The FTS5 query for `words`: each word quoted (so no word is read as
    /// syntax such as NEAR, AND, `*` or `-`) and made a prefix, all required.
    static func fts5Expression(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }
}
