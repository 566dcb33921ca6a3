import Mustache
import Testing

/// Renders `template` over `own` with `shared` above it, twice (the second time
/// from what the first kept), and over one root holding both, and says what each printed.
private func renderBothWays(
    _ template: String, own: MustacheFields, shared: MustacheFields, partials: [String: String] = [:]
) throws -> (merged: String, first: String, second: String, kept: Int) {
    var sources = partials
    sources["main"] = template
    let library = try TemplateLibrary(sources: sources)
    var merged = own
    for (name, value) in shared { merged[name] = value }
    let context = MustacheSharedContext(shared)
    let first = try library.render("main", .dictionary(own), shared: context)
    let second = try library.render("main", .dictionary(own), shared: context)
    return (
        try library.renderString("main", .dictionary(merged)), String(decoding: first, as: UTF8.self),
        String(decoding: second, as: UTF8.self), context.keptSectionCount
    )
}

@Suite struct SharedContextTests {
    @Test func aSectionOfSharedFieldsIsKeptAndCopied() throws {
        let shared: MustacheFields = ["form": ["action": "/items", "label": "Search <all>"], "words": ["ok": "OK"]]
        let result = try renderBothWays(
            "<h1>{{title}}</h1>{{#form}}<form action=\"{{action}}\">{{label}} {{words.ok}}</form>{{/form}}",
            own: ["title": "Items"], shared: shared)
        #expect(result.merged == "<h1>Items</h1><form action=\"/items\">Search &lt;all&gt; OK</form>")
        #expect(result.first == result.merged && result.second == result.merged)
        #expect(result.kept == 1)
    }

    /// A section that reads the render's own root, or misses a name there (another
    /// root might hold it), is drawn every time: its output differs between renders.
    @Test func aSectionThatLooksIntoTheOwnRootIsNotKept() throws {
        var sources: [String: String] = [:]
        sources["main"] = "{{#form}}[{{title}}{{missing}}]{{/form}}{{^form}}none{{/form}}"
        let library = try TemplateLibrary(sources: sources)
        let context = MustacheSharedContext(["form": ["action": "/x"]])
        let first = try library.render("main", ["title": "A"], shared: context)
        let second = try library.render("main", ["title": "B", "missing": "!"], shared: context)
        #expect(String(decoding: first, as: UTF8.self) == "[A]")
        #expect(String(decoding: second, as: UTF8.self) == "[B!]")
        // The inverted section found `form` in the shared fields and printed nothing: kept.
        #expect(context.keptSectionCount == 1)
    }

    /// Inside sections of the render's own `true` (a table page's `{{#hasRows}}`), a
    /// section of shared fields looks names up as at the root: it is kept too. Inside
    /// any other value it is not (`{{.}}` could print that value).
    @Test func aSharedSectionInsideOwnTrueSectionsIsKept() throws {
        let shared: MustacheFields = ["headers": [["label": "A<"], ["label": "B"]], "off": false]
        let template = "{{#hasRows}}{{#more}}<{{#headers}}{{label}},{{/headers}}{{^off}}{{.}}{{/off}}>{{/more}}{{/hasRows}}"
        let inTrue = try renderBothWays(template, own: ["hasRows": true, "more": true], shared: shared)
        #expect(inTrue.merged == "<A&lt;,B,true>")
        #expect(inTrue.first == inTrue.merged && inTrue.second == inTrue.merged)
        #expect(inTrue.kept == 2)
        let inText = try renderBothWays(template, own: ["hasRows": true, "more": "x"], shared: shared)
        #expect(inText.merged == "<A&lt;,B,x>")
        #expect(inText.first == inText.merged && inText.second == inText.merged)
        #expect(inText.kept == 0, "a section inside a text is drawn each time")
    }

    @Test func blocksObjectsListsAndIndentationAreNeverKept() throws {
        let layout = "{{#form}}<{{$slot}}default{{/slot}}>{{/form}}"
        let result = try renderBothWays(
            "{{<layout}}{{$slot}}mine{{/slot}}{{/layout}}", own: [:], shared: ["form": ["a": 1]],
            partials: ["layout": layout])
        #expect(result.merged == "<mine>" && result.first == "<mine>" && result.second == "<mine>")
        #expect(result.kept == 0, "a block's content depends on the caller")
        let indented = try renderBothWays(
            "x\n  {{>part}}\n", own: [:], shared: ["form": ["a": "1"]], partials: ["part": "{{#form}}\n{{a}}\n{{/form}}\n"])
        #expect(indented.first == indented.merged && indented.second == indented.merged)
        #expect(indented.kept == 0, "what an indented partial prints depends on its indentation")
        let withObject = MustacheSharedContext(["form": .object(Fixed())])
        let library = try TemplateLibrary(sources: ["main": "{{#form}}{{name}}{{/form}}"])
        #expect(try library.renderString("main", [:]).isEmpty)
        _ = try library.render("main", [:], shared: withObject)
        #expect(withObject.keptSectionCount == 0, "an object's fields are code")
    }

    /// Generated templates and data, split at random between the shared fields and
    /// the render's own root: the same bytes as one root, drawn and copied.
    @Test func generatedTemplatesPrintTheSameSplitOrNot() throws {
        var cases = CaseGenerator(random: SeededGenerator(seed: 77))
        var kept = 0
        var nonEmpty = 0
        let total = 400
        for number in 0..<total {
            let (main, partials) = cases.templates(outerDepth: 1)
            var conversion = SeededGenerator(seed: UInt64(number))
            // Tables as arrays: a list (code) in the shared fields keeps nothing anyway.
            guard case .dictionary(let fields) = cases.record(0, fields: 7).value(lists: { _ in false }, &conversion) else {
                continue
            }
            var own = MustacheFields()
            var shared = MustacheFields()
            for (name, value) in fields {
                if Bool.random(using: &cases.random) { shared[name] = value } else { own[name] = value }
            }
            let result = try renderBothWays(main, own: own, shared: shared, partials: partials)
            check(
                result.first == result.merged && result.second == result.merged,
                "case \(number): \(main.debugDescription) partials \(partials) own \(describe(.dictionary(own))) shared \(describe(.dictionary(shared))): \(result.first.debugDescription) / \(result.second.debugDescription) vs \(result.merged.debugDescription)"
            )
            kept += result.kept
            if !result.merged.isEmpty { nonEmpty += 1 }
        }
        // The cases must keep sections and print something, or they test nothing.
        #expect(kept > total / 10)
        #expect(nonEmpty > total / 2)
    }
}

/// An object whose one field is `name`.
private struct Fixed: MustacheObject {
    func mustacheValue(forKey key: String) -> MustacheValue? { key == "name" ? "fixed" : nil }
}
