import Mustache
import Testing

/// Cases from the field (the team's collection of faults reported against systems like ours), C-01 to C-04.
@Suite struct CaseTests {
    /// C-01 (valotas/mustache4dart#10): standalone section tags leave no blank lines.
    @Test func c01StandaloneSectionsAroundAList() throws {
        let template = "<ul>\n{{#rows}}\n<li>{{title}}</li>\n{{/rows}}\n</ul>\n"
        #expect(try render(template, ["rows": []]) == "<ul>\n</ul>\n")
        #expect(try render(template, ["rows": [["title": "A"]]]) == "<ul>\n<li>A</li>\n</ul>\n")
    }

    /// C-02 (pdimov/mustache#6): every dangerous character escaped exactly once; the
    /// value cannot end the attribute; page and fragment give identical bytes.
    @Test func c02EscapingInAttributesAndText() throws {
        let data: MustacheValue = ["t": "a\"b'c`d=e&f<g"]
        let escaped = "a&quot;b&#39;c&#96;d&#61;e&amp;f&lt;g"
        let output = try render("<a title=\"{{t}}\">{{t}}</a>", data)
        #expect(output == "<a title=\"\(escaped)\">\(escaped)</a>")
        #expect(!output.contains("&amp;#39;") && !output.contains("&amp;quot;"))
        let library = try TemplateLibrary(
            sources: ["link": "<a title=\"{{t}}\">{{t}}</a>", "page": "<p>{{>link}}</p>", "fragment": "{{>link}}"],
            strict: true)
        let page = try library.renderString("page", data)
        let fragment = try library.renderString("fragment", data)
        #expect(page == "<p>\(fragment)</p>")
    }

    /// C-03 (jui/mustachex#3): false, 0 and [] are falsy; 0 still prints.
    @Test func c03FalsyValues() throws {
        let template = "{{#flag}}X{{/flag}}{{^flag}}Y{{/flag}}|{{count}}|{{#items}}I{{/items}}{{^items}}none{{/items}}"
        #expect(try render(template, ["flag": false, "count": 0, "items": []]) == "Y|0|none")
    }

    /// C-04 (kanru/cl-mustache#18): the implicit iterator keeps its escaping mode.
    @Test func c04ImplicitIteratorKeepsItsMode() throws {
        #expect(
            try render("{{#tags}}[{{.}}]({{{.}}}){{/tags}}", ["tags": ["<i>x</i>", "y&z"]])
                == "[&lt;i&gt;x&lt;/i&gt;](<i>x</i>)[y&amp;z](y&z)")
    }
}
