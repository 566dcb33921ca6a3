import Mustache
import Testing

/// Spec "~inheritance": `{{<parent}}` and `{{$block}}`.
@Suite struct InheritanceTests {
    @Test func blockDefaultsRenderWithTheContext() throws {
        #expect(try render("{{$title}}Default title{{/title}}\n") == "Default title\n")
        #expect(try render("{{$b}}a {{v}} {{{r}}} {{#s}}{{x}}{{/s}}{{^n}}!{{/n}}{{/b}}", ["v": 1, "r": "<", "s": ["x": "y"]]) == "a 1 < y!")
    }

    @Test func valuesAreNotReparsed() throws {
        #expect(try render("{{$b}}{{v}}{{/b}}", ["v": "{{x}}"]) == "{{x}}")
    }

    @Test func parentWithoutOverridesIsAPartial() throws {
        let partials = ["parent": "{{$foo}}default content{{/foo}}"]
        #expect(try render("{{>parent}}|{{<parent}}{{/parent}}", partials: partials) == "default content|default content")
    }

    @Test func overridesReplaceDefaults() throws {
        let partials = ["super": "...{{$title}}Default title{{/title}}..."]
        #expect(try render("{{<super}}{{$title}}sub title{{/title}}{{/super}}", partials: partials) == "...sub title...")
    }

    @Test func dataNeverOverridesBlocks() throws {
        let partials = ["include": "{{$var}}var in include{{/var}}"]
        #expect(try render("{{<include}}{{$var}}var in template{{/var}}{{/include}}", ["var": "data"], partials: partials) == "var in template")
        #expect(try render("{{<include}}{{/include}}", ["var": "data"], partials: partials) == "var in include")
    }

    @Test func eachParentCallHasItsOwnOverrides() throws {
        let partials = ["parent": "|{{$stuff}}...{{/stuff}}{{$default}} default{{/default}}|"]
        let template = "test {{<parent}}{{$stuff}}one{{/stuff}}{{/parent}} {{<parent}}{{$stuff}}two{{/stuff}}{{/parent}}\n"
        #expect(try render(template, partials: partials) == "test |one default| |two default|\n")
    }

    @Test func onlyOverriddenBlocksChange() throws {
        let partials = ["parent": "{{$a}}one{{/a}}, {{$b}}two{{/b}}"]
        #expect(try render("{{<parent}}{{$b}}TWO{{/b}}{{/parent}}", partials: partials) == "one, TWO")
    }

    @Test func overrideWithNewlines() throws {
        let partials = ["parent": "{{$ballmer}}peaking{{/ballmer}}"]
        #expect(try render("{{<parent}}{{$ballmer}}\npeaked\n\n:(\n{{/ballmer}}{{/parent}}", partials: partials) == "peaked\n\n:(\n")
    }

    @Test func inlineBlockKeepsTheParentsIndentation() throws {
        let partials = ["parent": "stop:\n  {{$n}}collaborate and listen{{/n}}\n"]
        #expect(try render("{{<parent}}{{$n}}hammer time{{/n}}{{/parent}}", partials: partials) == "stop:\n  hammer time\n")
    }

    @Test func outermostOverrideWinsAcrossLevels() throws {
        let partials = [
            "parent": "{{<older}}{{$a}}p{{/a}}{{/older}}",
            "older": "{{<grand}}{{$a}}o{{/a}}{{/grand}}",
            "grand": "{{$a}}g{{/a}}",
        ]
        #expect(try render("{{<parent}}{{$a}}c{{/a}}{{/parent}}", partials: partials) == "c")
        #expect(try render("{{<parent}}{{/parent}}", partials: partials) == "p")
    }

    @Test func recursionThroughParents() throws {
        let partials = [
            "parent": "{{$foo}}default{{/foo}} {{$bar}}{{<parent2}}{{/parent2}}{{/bar}}",
            "parent2": "{{$foo}}parent2 default{{/foo}} {{<parent}}{{$bar}}stop{{/bar}}{{/parent}}",
        ]
        #expect(try render("{{<parent}}{{$foo}}over{{/foo}}{{/parent}}", partials: partials) == "over over over stop")
    }

    @Test func textInsideAParentCallIsIgnored() throws {
        let partials = ["parent": "{{$foo}}default{{/foo}}"]
        #expect(try render("{{<parent}} junk {{$foo}}hmm{{/foo}} junk {{/parent}}", partials: partials) == "hmm")
        #expect(try render("{{<parent}} junk {{/parent}}", partials: partials) == "default")
    }

    @Test func overridesRenderInTheParentsContext() throws {
        let partials = ["parent": "{{#nested}}{{$block}}You say {{fruit}}.{{/block}}{{/nested}}"]
        let data: MustacheValue = ["fruit": "apples", "nested": ["fruit": "bananas"]]
        #expect(try render("{{<parent}}{{$block}}I say {{fruit}}.{{/block}}{{/parent}}", data, partials: partials) == "I say bananas.")
    }

    @Test func standaloneParentOnOneLineIsIndented() throws {
        #expect(try render("Hi,\n  {{<parent}}{{/parent}}\n", partials: ["parent": "one\ntwo\n"]) == "Hi,\n  one\n  two\n")
    }

    @Test func standaloneBlockOnOneLine() throws {
        let template = "{{<parent}}{{$block}}\none\ntwo{{/block}}\n{{/parent}}\n"
        #expect(try render(template, partials: ["parent": "Hi,\n  {{$block}}{{/block}}\n"]) == "Hi,\n  one\n  two\n")
    }

    @Test func blockContentIsReindented() throws {
        let template = "{{<parent}}{{$block}}\n    one\n    two\n{{/block}}{{/parent}}\n"
        #expect(try render(template, partials: ["parent": "Hi,\n  {{$block}}\n  {{/block}}\n"]) == "Hi,\n  one\n  two\n")
    }

    @Test func intrinsicIndentationComesFromTheDefault() throws {
        let template = "{{<parent}}{{$block}}\none\ntwo\n{{/block}}{{/parent}}\n"
        #expect(try render(template, partials: ["parent": "Hi,\n{{$block}}\n  default\n{{/block}}\n"]) == "Hi,\n  one\n  two\n")
        #expect(try render("{{<parent}}{{/parent}}", partials: ["parent": "Hi,\n{{$block}}\n  default\n{{/block}}\n"]) == "Hi,\n  default\n")
    }

    @Test func layoutShape() throws {
        // `{{$content}}` and `{{/content}}` on lines of their own: a block opened and
        // closed on one line keeps that line's ending (spec "Standalone block").
        let layout = "<html>\n<body>\n  {{$content}}\n  {{/content}}\n</body>\n</html>\n"
        let page = "{{<layout}}\n{{$content}}\n<ol>\n  <li>{{x}}</li>\n</ol>\n{{/content}}\n{{/layout}}\n"
        #expect(
            try render(page, ["x": "<1>"], partials: ["layout": layout])
                == "<html>\n<body>\n  <ol>\n    <li>&lt;1&gt;</li>\n  </ol>\n</body>\n</html>\n")
    }
}
