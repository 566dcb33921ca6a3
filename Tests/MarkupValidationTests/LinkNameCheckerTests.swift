import Testing

@testable import MarkupValidation

@Suite struct LinkNameCheckerTests {
    /// A link's text as written names it when a character shows: references decoded,
    /// white space and invisible characters (Default_Ignorable_Code_Point) not counted.
    @Test(
        arguments: [
            ("About", true), ("&amp;", true), ("&#65;", true), ("&#x41;", true), ("&", true), ("a &nbsp;", true),
            ("&copy;", true), ("&foo", true), ("\u{3000}", false), ("&nbsp;", false), (" &ensp;\n", false),
            ("&#x200B;&#xFEFF;", false), ("\u{200D}\u{FE0F}", false), ("&zwj;&shy;&lrm;", false), ("", false),
        ] as [(String, Bool)])
    func aLinksTextShowsACharacter(_ text: String, _ shows: Bool) {
        #expect(LinkNameChecker.textShowsSomething(text) == shows, "\(text.debugDescription)")
    }

    @Test func aLinkIsNamedByItsTextItsImageOrItsLabel() {
        let validator = MarkupValidator()
        let unnamed = [#"<a href="/"></a>"#, #"<a href="/"><span> </span>&nbsp;</a>"#, #"<a href="/"><img src="/x.svg" alt=" "></a>"#]
        for html in unnamed {
            #expect(validator.validateFragment(html, context: .body).map(\.code) == [.linkWithoutName], "\(html)")
        }
        let named = [
            #"<a href="/"><b>Home</b></a>"#, #"<a href="/" aria-label="Home"></a>"#, #"<a href="/"><img src="/x.svg" alt="Home"></a>"#,
            #"<a href="/">&#x2603;</a>"#, #"<a id="top"></a>"#,
        ]
        for html in named {
            #expect(validator.validateFragment(html, context: .body).isEmpty, "\(html)")
        }
    }

    /// Found by a break-it pass: text that is not rendered named a link, an SVG link was
    /// not checked, a link the parser ended was checked with what followed it; an image or
    /// an element labelled inside a link did not name it.
    @Test(
        arguments: [
            (#"<a href="/x"><script>var a = 1</script></a>"#, false), (#"<a href="/x"><style>a {}</style></a>"#, false),
            (#"<a href="/x"><template>Go</template></a>"#, false), (#"<a href="/x"><span aria-hidden="true">Go</span></a>"#, false),
            (#"<a href="/x"><span hidden>Go</span></a>"#, false), (#"<a href="/x"><img src="/x.svg" alt="Go" hidden></a>"#, false),
            (#"<svg><a href="/x"/></svg>"#, false), (#"<svg><a xlink:href="/x"><rect/></a></svg>"#, false),
            (#"<ul><li><a href="/x"></li><li>Go</li></ul>"#, false),
            (#"<a href="/x"><svg role="img" aria-label="Home"></svg></a>"#, true),
            (#"<a href="/x"><span role="img" aria-label="Home"></span></a>"#, true),
            (#"<template><a href="/x">Go</a></template>"#, true), (#"<svg><a href="/x"><title>Home</title><rect/></a></svg>"#, true),
            (#"<a href="/x" hidden></a>"#, true), (#"<div hidden><a href="/x"></a></div>"#, true),
        ] as [(String, Bool)])
    func onlyWhatIsRenderedNamesALink(_ html: String, _ named: Bool) {
        let codes = MarkupValidator().validateFragment(html, context: .body).map(\.code)
        #expect(codes.contains(.linkWithoutName) != named, "\(html): \(codes)")
    }
}
