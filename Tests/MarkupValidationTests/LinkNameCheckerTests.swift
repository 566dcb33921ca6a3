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
}
