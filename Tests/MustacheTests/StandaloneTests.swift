import Mustache
import Testing

/// Spec whitespace rules: a non-output tag alone on its line leaves no line behind.
@Suite struct StandaloneTests {
    @Test func standaloneSectionLinesDisappear() throws {
        let template = "| This Is\n{{#b}}\n|\n{{/b}}\n| A Line\n"
        #expect(try render(template, ["b": true]) == "| This Is\n|\n| A Line\n")
        #expect(try render(template, ["b": false]) == "| This Is\n| A Line\n")
    }

    @Test func indentedStandaloneLinesDisappear() throws {
        let template = "| This Is\n  {{#b}}\n|\n  {{/b}}\n| A Line\n"
        #expect(try render(template, ["b": true]) == "| This Is\n|\n| A Line\n")
        #expect(try render("  {{^b}}\n|\n  {{/b}}\n", ["b": false]) == "|\n")
    }

    @Test func crlfLineEndings() throws {
        #expect(try render("|\r\n{{#b}}\r\n{{/b}}\r\n|", ["b": true]) == "|\r\n|")
    }

    @Test func standaloneWithoutPreviousLineOrNewline() throws {
        #expect(try render("  {{#b}}\n#{{/b}}\n/", ["b": true]) == "#\n/")
        #expect(try render("#{{#b}}\n/\n  {{/b}}", ["b": true]) == "#\n/\n")
    }

    @Test func inlineSectionsKeepTheirWhitespace() throws {
        #expect(try render(" {{#b}}YES{{/b}}\n {{#b}}GOOD{{/b}}\n", ["b": true]) == " YES\n GOOD\n")
        #expect(try render("| {{#b}} {{/b}} |", ["b": true]) == "|   |")
        #expect(try render(" | {{#b}}\t|\t{{/b}} | \n", ["b": true]) == " | \t|\t | \n")
    }

    @Test func twoTagsOnALineAreNotStandalone() throws {
        #expect(try render("{{#a}}{{/a}}\nx", ["a": true]) == "\nx")
    }

    @Test func interpolationLinesAreNeverStandalone() throws {
        #expect(try render("{{#b}}\n{{x}}\n{{/b}}\n", ["b": true]) == "\n")
    }

    @Test func commentsSetDelimitersAndPartialsAreStandaloneToo() throws {
        #expect(try render("Begin.\n  {{! Comment }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n  {{=| |=}}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n{{>p}}\nEnd.\n", partials: ["p": "P\n"]) == "Begin.\nP\nEnd.\n")
    }

    @Test func paddingInsideTagsDoesNotMatter() throws {
        #expect(try render("|{{# b }}={{/ b }}|", ["b": true]) == "|=|")
    }
}
