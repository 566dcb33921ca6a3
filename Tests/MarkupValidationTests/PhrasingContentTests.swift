// Issue 41: flow content inside an element that holds phrasing content only
// (WHATWG HTML §3.2.5.2.5) passed the checker; libxml2's HTML 4 parser reports
// none of it. The rule reads the source's tags, so a `p` the parser would end
// early is still seen.
import Testing

@testable import MarkupValidation

@Suite struct PhrasingContentTests {
    let validator = MarkupValidator()

    func codes(_ fragment: String) -> [String] {
        validator.validateFragment(fragment, context: .body).map { "\($0.code.rawValue)@\($0.line):\($0.column)" }
    }

    /// Each fragment and the column of the flow element it must report.
    @Test(arguments: [
        ("<span><div>x</div></span>", 7), ("<span><ul><li>x</li></ul></span>", 7),
        ("<button type=\"button\"><div>x</div></button>", 23), ("<h1><p>x</p></h1>", 5),
        ("<label><table><tr><td>x</td></tr></table></label>", 8), ("<em><section>x</section></em>", 5),
        ("<h2><h3>x</h3></h2>", 5), ("<pre><blockquote>x</blockquote></pre>", 6),
        ("<summary><div>x</div></summary>", 10), ("<legend><p>x</p></legend>", 9), ("<q><hr></q>", 4),
        ("<span><a href=\"/\"><div>x</div></a></span>", 19),
    ])
    func flowContentInAPhrasingElementIsReportedWhereItStarts(_ fragment: String, column: Int) {
        #expect(codes(fragment) == ["flow-in-phrasing@1:\(column)"])
    }

    /// `<a>` is transparent (§3.2.5.3): in a paragraph it takes phrasing content only. The
    /// parser closes the `p` (and the link) before the `div`; the rule names the cause.
    @Test func aBlockInALinkInAParagraphIsReported() throws {
        let diagnostics = validator.validateFragment("<p>See <a href=\"/\"><div>this</div></a></p>", context: .body)
        let flow = try #require(diagnostics.first { $0.code == .flowInPhrasing })
        #expect((flow.line, flow.column) == (1, 20))
        #expect(flow.message.contains("<a> (opened at 1:8) in <p> (opened at 1:1)"), "\(flow.message)")
    }

    @Test(arguments: [
        "<p><span><em>a</em> <a href=\"/\">b</a></span></p>", "<div><a href=\"/\"><div>block link</div></a></div>",
        "<p>omitted end tag<div>x</div>", "<span><template><div>x</div></template></span>",
        "<details><summary><h2>x</h2></summary>y</details>", "<dl><dt><div>x</div></dt></dl>",
        "<ul><li><div>x</div></li></ul>", "<table><tr><td><div>x</div></td></tr></table>", "<my-widget><div>x</div></my-widget>",
        "<p><svg viewBox=\"0 0 1 1\"><g></g></svg></p>", "<span><noscript><em>x</em></noscript></span>",
    ])
    func phrasingInPhrasingAndFlowInFlowPass(_ fragment: String) {
        #expect(codes(fragment).isEmpty)
    }

    @Test func aCustomElementTakesItsParentsModelAndForeignContentIsLeftAlone() {
        #expect(codes("<span><my-widget><div>x</div></my-widget></span>") == ["flow-in-phrasing@1:18"])
        #expect(codes("<span><svg viewBox=\"0 0 1 1\"><foreignObject><div>x</div></foreignObject></svg></span>").isEmpty)
    }
}
