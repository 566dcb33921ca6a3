/// The words of a full-text search (docs/design.md, "Search"): runs of letters
/// and digits, case-folded, without repeats, and without a word that is a
/// prefix of another ("c cat" is "cat": every word starting with "cat" starts
/// with "c"). Any punctuation is a word break, never FTS syntax.
public enum SearchWords {
    /// The most distinct words a search may hold. Every word is a prefix term
    /// whose cost grows with the rows it matches, so an unbounded count would
    /// let one URL keep the database busy for the whole time limit.
    public static let maximum = 8

    /// The words of `text`.
    public static func of(_ text: String) -> [String] {
        let words = text.split { !($0.isLetter || $0.isNumber) }.map { $0.lowercased() }
        var kept: [String] = []
        for word in words where !kept.contains(where: { $0.hasPrefix(word) }) {
            kept.removeAll { word.hasPrefix($0) }
            kept.append(word)
        }
        return kept
    }

    /// The FTS5 query for `words`: each word quoted (so no word is read as
    /// syntax such as NEAR, AND, `*` or `-`) and made a prefix, all required.
    static func fts5Expression(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }
}
