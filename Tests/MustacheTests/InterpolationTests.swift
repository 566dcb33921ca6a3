import Mustache
import Testing

/// Spec "Interpolation".
@Suite struct InterpolationTests {
    @Test func textWithoutTagsIsCopied() throws {
        #expect(try render("Hello from {Mustache}!\n") == "Hello from {Mustache}!\n")
    }

    @Test func variableIsReplaced() throws {
        #expect(try render("Hello, {{subject}}!", ["subject": "world"]) == "Hello, world!")
    }

    @Test func escapedByDefaultRawWithTripleOrAmpersand() throws {
        let data: MustacheValue = ["v": "<b>&\"</b>"]
        #expect(try render("{{v}}", data) == "&lt;b&gt;&amp;&quot;&lt;/b&gt;")
        #expect(try render("{{{v}}}", data) == "<b>&\"</b>")
        #expect(try render("{{&v}}", data) == "<b>&\"</b>")
    }

    @Test func whitespaceInsideTagsIsIgnored() throws {
        let data: MustacheValue = ["v": "<x>"]
        #expect(try render("|{{ v }}|{{{ v }}}|{{& v }}|", data) == "|&lt;x&gt;|<x>|<x>|")
    }

    @Test func integersPrintAsIntegers() throws {
        #expect(
            try render("{{a}} {{b}} {{c}} {{d}}", ["a": 0, "b": 10, "c": -42, "d": .int(Int.max)])
                == "0 10 -42 9223372036854775807")
        #expect(try render("{{{a}}} {{&a}}", ["a": 85]) == "85 85")
    }

    @Test func decimalsPrintInShortestExactForm() throws {
        #expect(
            try render("{{a}}|{{b}}|{{c}}|{{d}}|{{e}}", ["a": 1.210, "b": 10.0, "c": 0.0, "d": -2.5, "e": 0.1])
                == "1.21|10|0|-2.5|0.1")
        #expect(try render("{{{a}}}", ["a": 1.210]) == "1.21")
    }

    @Test func booleansPrintAsWords() throws {
        #expect(try render("{{t}} {{f}}", ["t": true, "f": false]) == "true false")
    }

    @Test func missingAndNullPrintNothing() throws {
        #expect(try render("I ({{cannot}}) be seen!") == "I () be seen!")
        #expect(try render("I ({{cannot}}) be seen!", ["cannot": nil]) == "I () be seen!")
        #expect(try render("[{{{x}}}][{{&x}}]", ["x": nil]) == "[][]")
    }

    @Test func listsAndObjectsPrintNothing() throws {
        #expect(try render("[{{list}}][{{obj}}]", ["list": [1, 2], "obj": ["a": 1]]) == "[][]")
    }

    @Test func dottedNamesWalkIntoObjects() throws {
        let data: MustacheValue = ["person": ["name": "Joe", "address": ["city": "Oslo"]]]
        #expect(try render("{{person.name}} {{{person.address.city}}} {{&person.name}}", data) == "Joe Oslo Joe")
        #expect(try render("{{#person}}{{address.city}}{{/person}}", data) == "Oslo")
    }

    @Test func dottedNameBrokenChainsPrintNothing() throws {
        #expect(try render("[{{a.b.c}}]", ["a": [:]]) == "[]")
        // The first part is looked up down the stack; the rest only inside what it found.
        #expect(try render("[{{a.b.c}}]", ["a": ["b": [:]], "c": "ERROR"]) == "[]")
        #expect(try render("{{#a}}[{{b.c}}]{{/a}}", ["a": ["b": [:]], "b": ["c": "ERROR"]]) == "[]")
    }

    @Test func dottedNameFirstPartResolvesDownTheStack() throws {
        let data: MustacheValue = ["a": ["b": "found"], "inner": ["x": 1]]
        #expect(try render("{{#inner}}{{a.b}}{{/inner}}", data) == "found")
    }

    @Test func implicitIteratorPrintsTheCurrentValue() throws {
        #expect(try render("{{.}}", "x<y") == "x&lt;y")
        #expect(try render("{{{.}}}", "x<y") == "x<y")
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": [1, 2.5, "a", true]]) == "(1)(2.5)(a)(true)")
    }

    @Test func standaloneInterpolationKeepsItsWhitespace() throws {
        #expect(try render("  {{string}}\n", ["string": "---"]) == "  ---\n")
        #expect(try render("  {{{string}}}\n", ["string": "---"]) == "  ---\n")
    }

    @Test func nonASCIITextAndValuesPassThrough() throws {
        #expect(try render("é {{v}} 😀", ["v": "ü<ß>"]) == "é ü&lt;ß&gt; 😀")
    }
}
