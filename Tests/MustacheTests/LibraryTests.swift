import Foundation
import Mustache
import Testing

/// TemplateLibrary: strict mode, recursion bound, buffers, threads.
@Suite struct LibraryTests {
    @Test func strictModeRefusesAMissingPartialAtLoad() {
        do {
            _ = try TemplateLibrary(sources: ["page": "<ol>\n  {{>rwo}}\n</ol>"], paths: ["page": "T/page.mustache"], strict: true)
            Issue.record("expected an error")
        } catch let error as MustacheError {
            #expect(error.kind == .missingPartial)
            #expect(error.description == "T/page.mustache:2:3: error: partial 'rwo' does not exist")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func strictModeRefusesAMissingParent() {
        do {
            _ = try TemplateLibrary(sources: ["page": "x\n{{<layuot}}{{/layuot}}"], strict: true)
            Issue.record("expected an error")
        } catch let error as MustacheError {
            #expect(error.kind == .missingParent)
            #expect((error.line, error.column) == (2, 1))
            #expect(error.description == "page:2:1: error: parent 'layuot' does not exist")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func strictModeAcceptsCompleteLibrariesAndMissingValues() throws {
        let library = try TemplateLibrary(sources: ["page": "{{>row}}{{missing}}", "row": "r"], strict: true)
        #expect(try library.renderString("page", [:]) == "r")
        #expect(library.isStrict)
        #expect(library.templateNames == ["page", "row"])
        #expect(library.template(named: "row")?.referencedTemplateNames == [])
        #expect(library.template(named: "page")?.referencedTemplateNames == ["row"])
    }

    /// A render is written into the array it returns, sized by the template's last
    /// output: outputs smaller and far larger than the one before (which outgrow the
    /// room and are copied), an empty one and a failed one all come out whole.
    @Test func outputsOfEverySizeComeOutWholeWhateverTheOneBefore() throws {
        let library = try TemplateLibrary(sources: ["page": "<p>{{#items}}{{.}},{{/items}}</p>", "empty": "{{#no}}x{{/no}}", "loop": "{{>loop}}"], maxDepth: 8)
        var generator = SeededGenerator(seed: 18)
        for count in [0, 3, 100_000, 1, 50_000, 40_000, 0, 200_000, 2] + (0..<20).map({ _ in Int.random(in: 0...5_000, using: &generator) }) {
            let items = (0..<count).map { MustacheValue.int($0 % 10) }
            let expected = "<p>" + (0..<count).map { "\($0 % 10)," }.joined() + "</p>"
            let rendered = try library.render("page", ["items": .array(items)])
            check(rendered == Array(expected.utf8), "\(count) items: \(rendered.count) bytes")
            #expect(throws: MustacheError.self) { try library.render("loop", [:]) }
            check(try library.render("empty", [:]).isEmpty)
        }
    }

    @Test func runawayRecursionIsAnErrorNotACrash() throws {
        let library = try TemplateLibrary(sources: ["loop": "x\n {{>loop}}"], paths: ["loop": "loop.mustache"], maxDepth: 20)
        do {
            _ = try library.render("loop", [:])
            Issue.record("expected an error")
        } catch let error as MustacheError {
            #expect(error.kind == .recursionLimit)
            #expect(error.description.hasPrefix("loop.mustache:2:2: error: "))
        }
    }

    @Test func sectionsAndPartialsTogetherAreBounded() throws {
        // Each level nests two sections and a partial: the frame bound stops it even
        // though the partial depth allowed is larger.
        let library = try TemplateLibrary(sources: ["deep": "{{#a}}{{#a}}{{>deep}}{{/a}}{{/a}}"], maxDepth: 10_000)
        do {
            _ = try library.render("deep", ["a": true])
            Issue.record("expected an error")
        } catch let error as MustacheError {
            #expect(error.kind == .recursionLimit)
            #expect(error.description.hasPrefix("deep: error: "))
        }
    }

    @Test func boundedDataRecursionWorks() throws {
        var tree: MustacheValue = ["name": "leaf", "kids": []]
        for level in 0..<30 { tree = ["name": .string("n\(level)"), "kids": [tree]] }
        let library = try TemplateLibrary(sources: ["node": "{{name}}{{#kids}}({{>node}}){{/kids}}"])
        let output = try library.renderString("node", tree)
        #expect(output.hasPrefix("n29(n28("))
        #expect(output.hasSuffix("leaf" + String(repeating: ")", count: 30)))
    }

    @Test func unknownTemplate() throws {
        let library = try TemplateLibrary(sources: [:])
        #expect(throws: MustacheError.self) { try library.render("nope", [:]) }
    }

    @Test func renderAppendsIntoABufferAndLeavesItIntactOnError() throws {
        let library = try TemplateLibrary(sources: ["a": "<{{v}}>", "loop": "{{>loop}}"], maxDepth: 5)
        var buffer = Array("head:".utf8)
        try library.render("a", ["v": "1"], into: &buffer)
        try library.render("a", ["v": "2"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "head:<1><2>")
        #expect(throws: MustacheError.self) { try library.render("loop", [:], into: &buffer) }
        #expect(String(decoding: buffer, as: UTF8.self) == "head:<1><2>")
    }

    @Test func templatesParsedOnTheirOwn() throws {
        let template = try Template(source: "{{#r}}{{.}}{{/r}}{{>p}}", name: "solo")
        #expect(template.name == "solo")
        #expect(try template.render(["r": [1, 2]]) == "12")
        let library = try TemplateLibrary(templates: [template, try Template(source: "P", name: "p")], strict: true)
        #expect(try library.renderString("solo", ["r": [3]]) == "3P")
    }

    @Test func concurrentRendersGiveIdenticalBytes() async throws {
        let library = try TemplateLibrary(sources: MustacheBenchmark.sources, strict: true)
        let context = MustacheBenchmark.context(rows: 20)
        let expected = try library.render("list", context)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 where try library.render("list", context) != expected { return false }
                    return true
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }
}
