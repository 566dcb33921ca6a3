import Mustache
import Testing

/// Spec "Sections" and "Inverted", plus the falsy rules ("" and 0 are falsy).
@Suite struct SectionTests {
    @Test func truthyRendersFalsyDoesNot() throws {
        #expect(try render("<{{#b}}yes{{/b}}>", ["b": true]) == "<yes>")
        #expect(try render("<{{#b}}yes{{/b}}>", ["b": false]) == "<>")
        #expect(try render("<{{#b}}yes{{/b}}>", ["b": nil]) == "<>")
        #expect(try render("<{{#b}}yes{{/b}}>") == "<>")
    }

    @Test func emptyStringAndZeroAreFalsy() throws {
        #expect(try render("{{#s}}S{{/s}}{{^s}}no-s{{/s}}", ["s": ""]) == "no-s")
        #expect(try render("{{#n}}N{{/n}}{{^n}}no-n{{/n}}", ["n": 0]) == "no-n")
        #expect(try render("{{#n}}N{{/n}}{{^n}}no-n{{/n}}", ["n": 0.0]) == "no-n")
        #expect(try render("{{#s}}{{.}}{{/s}}|{{#n}}{{.}}{{/n}}", ["s": "x", "n": 3]) == "x|3")
    }

    @Test func zeroStillPrintsWhenInterpolated() throws {
        #expect(try render("{{count}} rows{{^count}} (none){{/count}}", ["count": 0]) == "0 rows (none)")
    }

    @Test func emptyDictionaryIsTruthy() throws {
        #expect(try render("{{#d}}yes{{/d}}", ["d": [:]]) == "yes")
    }

    @Test func objectsPushAContext() throws {
        let data: MustacheValue = ["name": "outer", "o": ["name": "inner"]]
        #expect(try render("{{#o}}{{name}}{{/o}} {{name}}", data) == "inner outer")
    }

    @Test func listsIterateWithEachElementPushed() throws {
        let data: MustacheValue = ["list": [["item": 1], ["item": 2], ["item": 3]]]
        #expect(try render("{{#list}}{{item}}{{/list}}", data) == "123")
        #expect(try render("{{#list}}{{/list}}x", data) == "x")
    }

    @Test func emptyListIsFalsy() throws {
        #expect(try render("[{{#list}}x{{/list}}][{{^list}}none{{/list}}]", ["list": []]) == "[][none]")
    }

    @Test func missingKeysFallThroughTheStack() throws {
        let data: MustacheValue = ["a": ["one": 1], "b": ["two": 2], "c": ["three": 3]]
        #expect(try render("{{#a}}{{one}}{{#b}}{{one}}{{two}}{{#c}}{{one}}{{two}}{{three}}{{/c}}{{/b}}{{/a}}", data) == "112123")
    }

    @Test func scalarSectionValueIsPushed() throws {
        #expect(try render("{{#foo}}{{.}} is {{foo}}{{/foo}}", ["foo": "bar"]) == "bar is bar")
    }

    @Test func nestedListsAndImplicitIterator() throws {
        let data: MustacheValue = ["list": [[1, 2], [3]]]
        #expect(try render("{{#list}}({{#.}}{{.}}{{/.}}){{/list}}", data) == "(12)(3)")
    }

    @Test func dottedSectionNames() throws {
        let data: MustacheValue = ["a": ["b": ["c": true]]]
        #expect(try render("[{{#a.b.c}}Here{{/a.b.c}}]", data) == "[Here]")
        #expect(try render("[{{#a.b.x}}Here{{/a.b.x}}][{{^a.x.c}}Not{{/a.x.c}}]", data) == "[][Not]")
    }

    @Test func sameNameNestedSections() throws {
        #expect(try render("{{#b}}1{{#b}}2{{/b}}3{{/b}}", ["b": true]) == "123")
    }

    @Test func invertedSectionsRenderForFalsyOnly() throws {
        #expect(try render("{{^b}}x{{/b}}", ["b": true]) == "")
        #expect(try render("{{^b}}x{{/b}}", ["b": false]) == "x")
        #expect(try render("{{^b}}x{{/b}}") == "x")
        #expect(try render("{{^list}}x{{/list}}", ["list": [1]]) == "")
        #expect(try render("{{^o}}x{{/o}}", ["o": ["a": 1]]) == "")
    }

    @Test func invertedSectionDoesNotPush() throws {
        #expect(try render("{{^n}}[{{.}}]{{/n}}", ["n": nil]) == "[]")
    }
}
