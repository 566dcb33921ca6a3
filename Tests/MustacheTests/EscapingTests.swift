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
