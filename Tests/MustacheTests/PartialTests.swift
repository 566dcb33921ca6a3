import Mustache
import Testing

/// Spec "Partials".
@Suite struct PartialTests {
    @Test func partialsRenderInTheCurrentContext() throws {
        #expect(try render("\"{{>text}}\"", partials: ["text": "from partial"]) == "\"from partial\"")
        #expect(try render("\"{{>p}}\"", ["text": "content"], partials: ["p": "*{{text}}*"]) == "\"*content*\"")
        #expect(try render("{{#o}}{{>p}}{{/o}}", ["o": ["v": "inner"]], partials: ["p": "[{{v}}]"]) == "[inner]")
    }

    @Test func missingPartialsRenderEmptyWhenNotStrict() throws {
        #expect(try render("\"{{>nope}}\"") == "\"\"")
    }

    @Test func recursivePartials() throws {
        let data: MustacheValue = ["content": "X", "nodes": [["content": "Y", "nodes": []]]]
        #expect(try render("{{>node}}", data, partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"]) == "X<Y<>>")
    }

    @Test func partialsAreParsedWithDefaultDelimiters() throws {
        #expect(try render("{{=<% %>=}}<%> p %>|<% v %>", ["v": 1], partials: ["p": "{{v}}"]) == "1|1")
    }

    @Test func inlinePartialKeepsSurroundingWhitespace() throws {
        #expect(try render("| {{>p}} |", partials: ["p": "\t|\t"]) == "| \t|\t |")
        #expect(try render("  {{data}}  {{> p}}\n", ["data": "|"], partials: ["p": ">\n>"]) == "  |  >\n>\n")
    }

    @Test func standalonePartialLineDisappears() throws {
        #expect(try render("|\r\n{{>p}}\r\n|", partials: ["p": ">"]) == "|\r\n>|")
        #expect(try render("  {{>p}}\n>", partials: ["p": ">\n>"]) == "  >\n  >>")
        #expect(try render(">\n  {{>p}}", partials: ["p": ">\n>"]) == ">\n  >\n  >")
    }

    @Test func standalonePartialIsIndentedButNotItsValues() throws {
        let template = "\\\n {{>p}}\n/\n"
        let partial = "|\n{{{content}}}\n|\n"
        #expect(try render(template, ["content": "<\n->"], partials: ["p": partial]) == "\\\n |\n <\n->\n |\n/\n")
    }

    @Test func nestedStandalonePartialsAccumulateIndentation() throws {
        let partials = ["outer": "o1\n  {{>inner}}\no2\n", "inner": "i1\ni2\n"]
        #expect(try render("  {{>outer}}\n", partials: partials) == "  o1\n    i1\n    i2\n  o2\n")
    }

    @Test func indentationAppliesInsideSectionsOfThePartial() throws {
        let partials = ["p": "{{#rows}}\n<li>{{.}}</li>\n{{/rows}}\n"]
        #expect(
            try render("<ol>\n  {{>p}}\n</ol>\n", ["rows": ["a", "b"]], partials: partials)
                == "<ol>\n  <li>a</li>\n  <li>b</li>\n</ol>\n")
    }

    @Test func inlinePartialInsideIndentedPartialIsNotIndented() throws {
        let partials = ["outer": "a {{>inner}}\nb\n", "inner": "x\ny"]
        #expect(try render("  {{>outer}}\n", partials: partials) == "  a x\ny\n  b\n")
    }

    @Test func paddingInPartialTag() throws {
        #expect(try render("|{{> p }}|", ["boolean": true], partials: ["p": "[]"]) == "|[]|")
    }
}
