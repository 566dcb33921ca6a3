// Behaviour of the validator beyond the corpus: the field cases C-13 and C-14,
// positions in fragments, options, severities, and the htmx value grammar.
import Synchronization
import Testing

@testable import MarkupValidation

@Suite struct ValidatorTests {
    let validator = MarkupValidator()

    /// C-13 (crystal-lang/crystal#1404): HTML5 elements are not errors, `<foo>` still is, with its line.
    @Test func c13HTML5ElementsAreNotErrorsButFooIs() {
        let clean = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>C-13</title></head>
            <body>
            <nav><a href="/">Home</a></nav>
            <main><section><article><h1>t</h1></article></section>
            <template><p>inert</p></template></main>
            </body>
            </html>
            """
        #expect(validator.validateDocument(clean) == [])

        let withFoo = clean.replacingOccurrences(of: "<template>", with: "<foo>x</foo><template>")
        let diagnostics = validator.validateDocument(withFoo)
        #expect(diagnostics.map(\.code) == [.unknownElement])
        #expect(diagnostics.first?.line == 7)
        #expect(diagnostics.first?.column == 1)
    }

    /// C-14 (sparklemotion/nokogiri#1927): an unescaped `<` is reported with its position; the
    /// escaped title validates and keeps every character.
    @Test func c14UnescapedLessThanIsReportedAndEscapedTextIsKept() {
        let broken = validator.validateFragment("<p>v <&nbsp;1.2 || >=&nbsp;2.0</p>", context: .body)
        #expect(
            broken == [
                Diagnostic(
                    line: 1, column: 6, code: .unescapedLessThan,
                    message: "'<' does not start a tag here; write '&lt;' for a literal less-than sign.")
            ])

        let row = "<li>&lt;&amp;nbsp;1.2</li>"
        #expect(validator.validateFragment(row, context: .listItems) == [])
        #expect(MarkupValidator.textContent(ofFragment: row, context: .listItems) == "<&nbsp;1.2")
    }

    @Test func fragmentPositionsPointIntoTheFragment() {
        let fragment = "<li>a</li>\n<li>b <foo>c</foo>\n  <img src=x></li>"
        let diagnostics = validator.validateFragment(fragment, context: .listItems)
        #expect(
            diagnostics.map { "\($0.code.rawValue)@\($0.line):\($0.column)" }
                == ["unknown-element@2:7", "img-missing-alt@3:3"])
    }

    @Test func columnsCountUnicodeScalars() {
        let diagnostics = validator.validateFragment("<p>é日本<foo></foo></p>", context: .body)
        #expect(diagnostics.map(\.column) == [7])
    }

    @Test func knownIDsResolveFragmentReferences() {
        let fragment = ##"<form hx-get="/" hx-target="#list" hx-swap="outerHTML"><input name="q" aria-label="q"></form>"##
        #expect(validator.validateFragment(fragment, context: .body).map(\.code) == [.danglingIDRef])
        let informed = MarkupValidator(options: .init(knownIDs: ["list"]))
        #expect(informed.validateFragment(fragment, context: .body) == [])
    }

    @Test func routesAreCheckedOnlyWhenTheServerSaysWhichExist() {
        let fragment = #"<li hx-get="/nowhere?cursor=x" hx-trigger="revealed" hx-swap="outerHTML"><a href="/elsewhere#top">more</a></li>"#
        #expect(validator.validateFragment(fragment, context: .listItems) == [])
        let asked = Mutex<[String]>([])
        let routed = MarkupValidator(
            options: .init(routeExists: { path in
                asked.withLock { $0.append(path) }
                return path == "/elsewhere"
            }))
        let diagnostics = routed.validateFragment(fragment, context: .listItems)
        #expect(diagnostics.map(\.code) == [.unknownRoute])
        #expect(diagnostics.first?.column == 5)
        #expect(asked.withLock { $0 }.sorted() == ["/elsewhere", "/nowhere"])
    }

    @Test func listItemsContextAcceptsOnlyListChildren() {
        #expect(validator.validateFragment("<li>a</li><li>b</li>", context: .listItems) == [])
        #expect(
            validator.validateFragment("<li>a</li><li>b</li>", context: .region).map(\.code)
                == [.invalidChild, .invalidChild])
        #expect(validator.validateFragment("<p>a</p>", context: .listItems).map(\.code) == [.invalidChild])
    }

    @Test func fragmentsCannotCloseTheirContext() {
        #expect(validator.validateFragment("<p>a</p></body>", context: .region).map(\.code) == [.strayEndTag])
    }

    /// Template content is a separate fragment (WHATWG HTML §4.12.3): the offline placeholder in a
    /// `<template>` may reuse the page's ids, but not repeat one inside itself.
    @Test func templateContentHasItsOwnIDScope() {
        let page = #"<div id="list"><p id="m">rows</p></div><template><div id="list"><p id="m">offline</p></div></template>"#
        #expect(validator.validateFragment(page, context: .body) == [])
        let twice = #"<template><p id="m">a</p><p id="m">b</p></template><button type="button" aria-controls="m">x</button>"#
        #expect(
            validator.validateFragment(twice, context: .body).map { "\($0.code.rawValue)@\($0.column)" }
                == ["duplicate-id@29"])
    }

    @Test func anchorWithoutHrefIsInteractiveOnlyInsideAnotherAnchor() {
        #expect(validator.validateFragment("<button type=button><a>x</a></button>", context: .body) == [])
        #expect(validator.validateFragment("<a href=/><a>x</a></a>", context: .body).map(\.code) == [.interactiveInInteractive])
    }

    @Test func obsoleteElementsAreWarnings() {
        let diagnostics = validator.validateFragment("<p><font>x</font></p>", context: .body)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.description.hasPrefix("1:4: warning: ") == true)
        #expect(diagnostics.first?.description.hasSuffix("[obsolete-element]") == true)
    }

    @Test func customAndForeignElementsAreNotUnknown() {
        let fragment = #"<list-row data-x="1"><svg viewBox="0 0 1 1"><foreignObject><feGaussianBlur/></foreignObject></svg><math><mrow><mi>x</mi></mrow></math></list-row>"#
        #expect(validator.validateFragment(fragment, context: .body) == [])
    }

    @Test func emptyInputs() {
        #expect(validator.validateFragment("", context: .listItems) == [])
        #expect(Set(validator.validateDocument("").map(\.code)) == [.missingDoctype, .missingLang, .missingCharset, .missingTitle])
    }

    @Test(arguments: [
        ("outerHTML", true), ("innerHTML swap:1s settle:100ms", true), ("beforeend scroll:bottom", true),
        ("outerHTML show:#list:top focus-scroll:false transition:true", true), ("scroll:top", true),
        ("outer", false), ("outerHTML swap:fast", false), ("outerHTML show:middle", false), ("", false),
    ])
    func hxSwapValues(_ value: String, _ isValid: Bool) {
        #expect((HtmxSyntax.checkSwap(value) == nil) == isValid)
    }

    @Test(arguments: [
        ("revealed", true), ("load", true), ("every 2s", true), ("click once, keyup changed delay:500ms", true),
        ("input changed delay:300ms from:#q, search", true), ("click[ctrlKey] throttle:1s queue:last", true),
        ("intersect once threshold:0.5", true), ("submit from:closest form consume", true),
        ("keyup delay:abc", false), ("click twice", false), ("every often", false), ("click queue:middle", false),
        ("", false), ("click,", false), ("1click", false),
    ])
    func hxTriggerValues(_ value: String, _ isValid: Bool) {
        #expect((HtmxSyntax.checkTrigger(value) == nil) == isValid)
    }

    @Test(arguments: [
        ("true", true), ("outerHTML", true), ("innerHTML:#status", true), ("beforeend:#log", true),
        ("sideways", false), ("outerHTML:", false),
    ])
    func hxSwapOutOfBandValues(_ value: String, _ isValid: Bool) {
        #expect((HtmxSyntax.checkSwapOutOfBand(value) == nil) == isValid)
    }

    @Test func everyCodeHasAStableKebabCaseRawValue() {
        for code in DiagnosticCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "-" || $0.isNumber })
        }
        #expect(Set(DiagnosticCode.allCases.map(\.rawValue)).count == DiagnosticCode.allCases.count)
    }

    /// Random mixes of markup pieces never crash the validator, and every position lies inside the input.
    @Test func randomInputsGiveInRangePositions() {
        let pieces = [
            "<div>", "</div>", "<p>", "</p>", "<li>", "</li>", "<ol>", "</ol>", "<a href=\"/\">", "</a>",
            "<button>", "<img src=x>", "<br/>", "</br>", "<!--", "-->", "<!DOCTYPE html>", "&amp;", "&bogus;",
            "&#x110000;", "&", "<", ">", "\n", "text", "é", "<svg>", "</svg>", "<script>", "</script>",
            "<title>", "<td>", "<tr>", "<table>", "<foo>", "<x-y>", "id=\"a\"", "\"", "'", "<p id=a id=a>",
            "<![CDATA[", "</", "<?", "<!x>", "hx-swap=\"outer\"", "<template>", "</template>", "\u{0}",
        ]
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<400 {
            let count = Int(generator.next() % 40)
            let html = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
            let results =
                [validator.validateDocument(html)]
                + MarkupValidator.FragmentContext.allCases.map { validator.validateFragment(html, context: $0) }
            for diagnostic in results.joined() {
                #expect(diagnostic.line >= 1 && diagnostic.line <= lines.count, "\(html.debugDescription): \(diagnostic)")
                let lineLength = diagnostic.line <= lines.count ? lines[diagnostic.line - 1].unicodeScalars.count : 0
                #expect(diagnostic.column >= 1 && diagnostic.column <= lineLength + 1, "\(html.debugDescription): \(diagnostic)")
            }
        }
    }

    /// A long page on one line (minified output) validates in linear time.
    @Test(.timeLimit(.minutes(1))) func longSingleLinePage() {
        let rows = String(repeating: "<li class=\"row\" data-x=\"1\">a &amp; b <span>c</span></li>", count: 20_000)
        let page = "<!DOCTYPE html><html lang=\"en\"><meta charset=\"utf-8\"><title>t</title><ol>\(rows)</ol><foo></foo>"
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure { diagnostics = validator.validateDocument(page) }
        #expect(diagnostics.map(\.code) == [.unknownElement])
        #expect(elapsed < .seconds(20))
    }
}

/// A small deterministic random number generator (SplitMix64), so random tests repeat exactly.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
