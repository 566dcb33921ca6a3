import Testing
@testable import MarkupValidation

@Test func smoke() {
    let v = MarkupValidator()
    for (html, ctx) in [
        ("<p>v <&nbsp;1.2 || >=&nbsp;2.0</p>", MarkupValidator.FragmentContext.body),
        ("<main><foo>x</foo><svg><circle/></svg><my-el></my-el></main>", .body),
        ("<div a=1 a=2><b><i></b></i></div></span>", .body),
        ("<li>a<li>b</li>\n<div>x</div>", .listItems),
        ("<p>x<div>y</div></p>", .body),
        ("<a href=/x><button>b</button></a><img src=x>", .body),
    ] as [(String, MarkupValidator.FragmentContext)] {
        print("==", html)
        for d in v.validateFragment(html, context: ctx) { print("  ", d) }
    }
    print(MarkupValidator.textContent(ofFragment: "<li>&lt;&amp;nbsp;1.2</li>", context: .listItems))
}
