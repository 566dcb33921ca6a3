import Mustache
import Testing

/// HTML escaping: `& < > " '` plus backtick and `=`, each escaped exactly once.
@Suite struct EscapingTests {
    @Test func everyEscapedCharacter() throws {
        #expect(try render("{{v}}", ["v": "& \" < > ' ` ="]) == "&amp; &quot; &lt; &gt; &#39; &#96; &#61;")
    }

    @Test func escapingHappensOnceOnly() throws {
        #expect(try render("{{v}}", ["v": "&#39; &amp; &lt;"]) == "&amp;#39; &amp;amp; &amp;lt;")
        #expect(HTMLEscaping.escape("'") == "&#39;")
    }

    @Test func rawInterpolationEscapesNothing() throws {
        #expect(try render("{{{v}}}{{&v}}", ["v": "&'`="]) == "&'`=&'`=")
    }

    @Test func templateTextIsNeverEscaped() throws {
        #expect(try render("<a href=\"x?a=1&b='2'\">{{v}}</a>", ["v": "ok"]) == "<a href=\"x?a=1&b='2'\">ok</a>")
    }

    @Test func longValuesAndMultibyteText() throws {
        let value = String(repeating: "abc<é>😀", count: 500)
        let expected = String(repeating: "abc&lt;é&gt;😀", count: 500)
        #expect(try render("{{v}}", ["v": .string(value)]) == expected)
    }

    @Test func escapeStringHelper() {
        #expect(HTMLEscaping.escape("plain") == "plain")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("<>") == "&lt;&gt;")
    }
}

/// The word-at-a-time escaper against a plain reference, on many generated strings.
@Suite struct EscapingEquivalenceTests {
    static func reference(_ string: String) -> String {
        var result = ""
        for character in string.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "`": result += "&#96;"
            case "=": result += "&#61;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    @Test func matchesTheReference() throws {
        let alphabet: [Character] = [
            "a", "Z", "0", " ", "?", ";", "#", "&", "<", ">", "\"", "'", "`", "=", "é", "😀", "\u{7F}", "\u{0}", "\u{3B}", "\u{3F}", "\u{21}", "\u{23}", "\u{40}", "\u{5F}",
            "\u{61}",
        ]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<80 {
            for _ in 0..<20 {
                let string = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
                #expect(HTMLEscaping.escape(string) == Self.reference(string), "\(string.debugDescription)")
                #expect(try render("{{v}}", ["v": .string(string)]) == Self.reference(string))
            }
        }
    }

    /// Whether a text needs escaping is said eight bytes at a time: it must say what
    /// escaping it does, at every length and wherever the one byte to escape is
    /// (`?`, which the word check flags too, needs none).
    @Test func needsEscapingSaysWhetherEscapingChangesTheText() {
        let plain: [Character] = ["a", "Z", "0", " ", "?", ";", "#", "é", "😀", "\u{7F}", "\u{0}", "-", "_"]
        let special: [Character] = ["&", "<", ">", "\"", "'", "`", "="]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<10 {
                var characters = (0..<length).map { _ in plain[Int.random(in: 0..<plain.count, using: &generator)] }
                var text = String(characters)
                #expect(!Self.needsEscaping(text), "\(text.debugDescription)")
                guard length > 0 else { continue }
                characters[Int.random(in: 0..<length, using: &generator)] = special.randomElement(using: &generator)!
                text = String(characters)
                #expect(Self.needsEscaping(text), "\(text.debugDescription)")
                #expect(Self.needsEscaping(text) == (HTMLEscaping.escape(text) != text))
            }
        }
    }

    static func needsEscaping(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { HTMLEscaping.needsEscaping($0) }
    }
}
