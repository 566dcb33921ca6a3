/// The words of a full-text search (docs/design.md, "Search"): runs of letters
/// and digits, ASCII letters in lower case, without repeats, and without a word
/// that is a prefix of another in any case ("c Cat" is "cat": every word starting
/// with "cat" starts with "c"). Any punctuation is a word break, never FTS syntax,
/// except inside a word (``literals(of:)``).
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

    /// The prefix words of `text`: its pieces between white space that hold only
    /// letters and digits once sentence punctuation is trimmed (``pieces(of:)``),
    /// and the letter-and-digit runs of a piece that holds no letter or digit
    /// (nothing). A piece with punctuation inside (`g++`) is a literal instead.
    public static func of(_ text: String) -> [String] {
        let words = pieces(of: text).filter { !isLiteral($0) }.map(\.asciiLowercased)
        var kept: [(word: String, folded: String)] = []
        for word in words {
            let folded = word.lowercased()
            guard !kept.contains(where: { $0.folded.hasPrefix(folded) }) else { continue }
            kept.removeAll { folded.hasPrefix($0.folded) }
            kept.append((word, folded))
        }
        return kept.map(\.word)
    }

    /// The literals of `text`: its pieces with punctuation inside or kept at an end
    /// (`g++`, `c#`, `.net`, `node.js`), each once, as typed. Such a piece matches its
    /// literal text, never a one-letter prefix (issue 47: `q=g++` found every `g…`).
    public static func literals(of text: String) -> [SearchLiteral] {
        var literals: [SearchLiteral] = []
        for piece in pieces(of: text) where isLiteral(piece) && !literals.contains(where: { $0.text == piece }) {
            literals.append(SearchLiteral(text: piece))
        }
        return literals
    }

    /// The pieces of `text` between white space, sentence punctuation trimmed: at the
    /// start any punctuation but `.`, `#`, `$`, `@` and `_`, at the end any but `+` and
    /// `#` (`"(g++),"` is `g++`, `.net.` is `.net`); a piece with no letter or digit left
    /// out. A piece of letters and digits alone is a word, any other a literal.
    static func pieces(of text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).compactMap { piece -> String? in
            guard piece.contains(where: isWordCharacter) else { return nil }
            let start = piece.firstIndex { isWordCharacter($0) || ".#$@_".contains($0) } ?? piece.startIndex
            let end = piece.lastIndex { isWordCharacter($0) || "+#".contains($0) } ?? piece.index(before: piece.endIndex)
            return String(piece[start...end])
        }
    }

    /// Whether `piece` (of ``pieces(of:)``) holds anything but letters and digits.
    static func isLiteral(_ piece: String) -> Bool { !piece.allSatisfy(isWordCharacter) }

    /// Whether `character` is part of a word: a letter or a digit.
    static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    /// The FTS5 query for `words` and `literals`: each word quoted (so no word is read as
    /// syntax such as NEAR, AND, `*` or `-`) and made a prefix, each literal the exact
    /// phrase of its tokens (``SearchLiteral/tokens``), all required.
    /// - Parameter phrases: Whether a literal's tokens are one phrase; else each is required
    ///   on its own (an index without positions, `detail=none` or `detail=column`).
    static func fts5Expression(_ words: [String], literals: [SearchLiteral] = [], phrases: Bool = true) -> String {
        (words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
            + literals.flatMap { phrases ? ["\"" + $0.tokens.joined(separator: " ") + "\""] : $0.tokens.map { "\"" + $0 + "\"" } })
            .joined(separator: " ")
    }
}

/// A piece of a search with punctuation inside (`g++`, `node.js`): it matches rows whose
/// text holds it literally, case aside (``SearchWords/literals(of:)``).
public struct SearchLiteral: Sendable, Hashable {
    /// The piece as typed.
    public var text: String

    /// Its runs of letters and digits, ASCII letters in lower case (`node.js`: `node`, `js`):
    /// the tokens a full-text index holds for it, matched as an exact phrase.
    public var tokens: [String] {
        text.split { !SearchWords.isWordCharacter($0) }.map(\.asciiLowercased)
    }
}
