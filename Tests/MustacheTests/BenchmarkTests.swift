import Foundation
import Mustache
import Testing

/// The benchmark: runs only with `LISTSTATE_BENCH=1` (build in release to get a
/// meaningful figure); prints the median, asserts nothing about time.
@Suite struct BenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LISTSTATE_BENCH"] == "1"))
    func listPageMedian() throws {
        for kind in [MustacheBenchmark.RowKind.dictionary, .object] {
            let result = try MustacheBenchmark.run(rows: 50, iterations: 2000, rowKind: kind)
            print("Mustache benchmark: \(result)")
            #expect(result.outputBytes > 10_000)
        }
    }

    @Test func objectAndDictionaryRowsRenderTheSameBytes() throws {
        let library = try TemplateLibrary(sources: MustacheBenchmark.sources, strict: true)
        let dictionaryRows = try library.render("list", MustacheBenchmark.context(rows: 5, rowKind: .dictionary))
        let objectRows = try library.render("list", MustacheBenchmark.context(rows: 5, rowKind: .object))
        #expect(dictionaryRows == objectRows)
    }

    @Test func benchmarkPageRendersCorrectly() throws {
        let library = try TemplateLibrary(sources: MustacheBenchmark.sources, strict: true)
        let page = try library.renderString("list", MustacheBenchmark.context(rows: 2))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(page.contains("<title>Unicode characters &amp; &lt;symbols&gt; · ListState</title>"))
        #expect(page.contains("      <ol id=\"rows\">\n        <li id=\"u1F600\" class=\"row emoji\">"))
        #expect(page.contains("GRINNING FACE &lt;1&gt; &amp; &quot;FRIENDS&quot; WITH &#39;SMILING&#39; EYES"))
        #expect(!page.contains("\n\n"))
    }
}
