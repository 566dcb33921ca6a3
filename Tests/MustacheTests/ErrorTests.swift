import Mustache
import Testing

/// Every parse and load error, with its kind, line and column.
@Suite struct ErrorTests {
    func expectError(
        _ source: String, _ kind: MustacheError.Kind, line: Int, column: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = parseError(source) else {
            Issue.record("expected \(kind) error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        #expect(error.line == line, sourceLocation: sourceLocation)
        #expect(error.column == column, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("t.mustache:\(line):\(column): error: "), sourceLocation: sourceLocation)
    }

    @Test func unclosedSection() {
        expectError("a\n  {{#rows}}\n<li>", .unclosedSection, line: 2, column: 3)
        expectError("{{^x}}", .unclosedSection, line: 1, column: 1)
        expectError("{{#a}}{{#b}}{{/b}}", .unclosedSection, line: 1, column: 1)
        expectError("x {{<layout}}", .unclosedSection, line: 1, column: 3)
        expectError("{{$block}}\n", .unclosedSection, line: 1, column: 1)
    }

    @Test func mismatchedClosingTag() {
        expectError("{{#a}}\n{{#b}}\n  {{/a}}", .mismatchedClosingTag, line: 3, column: 3)
        let message = parseError("{{#a}}\n{{/b}}")?.message ?? ""
        #expect(message.contains("'b'") && message.contains("'a'") && message.contains("line 1, column 1"))
    }

    @Test func strayClosingTag() {
        expectError("ok\nstill ok {{/rows}}", .unexpectedClosingTag, line: 2, column: 10)
        expectError("{{#a}}{{/a}}{{/a}}", .unexpectedClosingTag, line: 1, column: 13)
    }

    @Test func unclosedTag() {
        expectError("Hello {{name", .unclosedTag, line: 1, column: 7)
        expectError("a\nb {{{raw}}", .unclosedTag, line: 2, column: 3)
        expectError("{{! never closed", .unclosedTag, line: 1, column: 1)
        expectError("{{=<% %>=}}\n<%x", .unclosedTag, line: 2, column: 1)
        expectError("{{=<% %>", .unclosedTag, line: 1, column: 1)
    }

    @Test func badDelimiterChange() {
        expectError("x\n {{=<%=}}", .invalidDelimiters, line: 2, column: 2)
        expectError("{{=a b c=}}", .invalidDelimiters, line: 1, column: 1)
        expectError("{{= =}}", .invalidDelimiters, line: 1, column: 1)
        expectError("{{=<= =>=}}", .invalidDelimiters, line: 1, column: 1)
    }

    @Test func invalidNames() {
        expectError("{{}}", .invalidTag, line: 1, column: 1)
        expectError("ab{{#}}{{/}}", .invalidTag, line: 1, column: 3)
        expectError("{{a b}}", .invalidTag, line: 1, column: 1)
        expectError("{{a..b}}", .invalidTag, line: 1, column: 1)
        expectError("{{>}}", .invalidTag, line: 1, column: 1)
    }

    @Test func sectionsNestedTooDeeply() {
        let deep = String(repeating: "{{#a}}", count: 101) + String(repeating: "{{/a}}", count: 101)
        expectError(deep, .tooComplex, line: 1, column: 601)
        let fine = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect(parseError(fine) == nil)
    }

    @Test func columnsCountCharactersNotBytes() {
        expectError("éé😀{{#x}}", .unclosedSection, line: 1, column: 4)
    }

    @Test func libraryNamesTheFile() {
        do {
            _ = try TemplateLibrary(sources: ["good": "ok", "row": "<li>\n{{/li}}"], paths: ["row": "Templates/row.mustache"])
            Issue.record("expected an error")
        } catch let error as MustacheError {
            #expect(error.templateName == "row")
            #expect(error.description == "Templates/row.mustache:2:1: error: closing tag 'li' has no open section")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func firstErrorInNameOrder() {
        #expect(throws: MustacheError.self) { try TemplateLibrary(sources: ["b": "{{/x}}", "a": "{{#y}}"]) }
        do {
            _ = try TemplateLibrary(sources: ["b": "{{/x}}", "a": "{{#y}}"])
        } catch let error as MustacheError {
            #expect(error.templateName == "a")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func descriptionWithoutPlace() {
        let error = MustacheError(kind: .unknownTemplate, templateName: "x", line: 0, column: 0, message: "no template named 'x'")
        #expect(error.description == "x: error: no template named 'x'")
    }
}
