import Mustache
import Testing

/// Spec "Delimiters".
@Suite struct DelimiterTests {
    @Test func changedDelimitersApplyAfterTheTag() throws {
        #expect(try render("{{=<% %>=}}(<%text%>)", ["text": "Hey!"]) == "(Hey!)")
        #expect(try render("({{=[ ]=}}[text])", ["text": "It worked!"]) == "(It worked!)")
        #expect(try render("{{= | | =}}<|&v|>", ["v": "<"]) == "<<>")
    }

    @Test func oldDelimitersBecomeText() throws {
        #expect(try render("{{=<% %>=}}{{text}}<%text%>", ["text": "x"]) == "{{text}}x")
    }

    @Test func delimitersApplyInsideSectionsAndCanChangeBack() throws {
        let template = "[\n{{#s}}\n  {{d}}\n  |d|\n{{/s}}\n{{= | | =}}\n|#s|\n  {{d}}\n  |d|\n|/s|\n]\n"
        #expect(
            try render(template, ["s": true, "d": "I got interpolated."])
                == "[\n  I got interpolated.\n  |d|\n  {{d}}\n  I got interpolated.\n]\n")
        #expect(try render("{{=<% %>=}}<%v%><%={{ }}=%>{{v}}", ["v": 1]) == "11")
    }

    @Test func invertedSectionsWithChangedDelimiters() throws {
        #expect(try render("{{=| |=}}|^b|no|/b|", ["b": false]) == "no")
    }

    @Test func standaloneDelimiterTag() throws {
        #expect(try render("Begin.\n{{=@ @=}}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("|\r\n{{= @ @ =}}\r\n|") == "|\r\n|")
        #expect(try render("  {{=@ @=}}\n=") == "=")
        #expect(try render("=\n  {{=@ @=}}") == "=\n")
    }

    @Test func inlineDelimiterTagKeepsWhitespace() throws {
        #expect(try render("| {{=@ @=}} |") == "|  |")
    }
}
