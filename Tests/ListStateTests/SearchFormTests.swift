import Foundation
import Testing

@testable import ListState

@Suite struct SearchFormTests {
    let server: TestServer

    init() throws {
        server = try #require(TestServer.shared)
    }

    private func searchForm(_ html: String) -> String? {
        guard let start = html.range(of: "<form"), let end = html.range(of: "</form>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func thePageHasAPlainGetFormAboveTheList() throws {
        let html = try server.get("/").text
        let form = try #require(searchForm(html))
        #expect(form.hasPrefix(#"<form id="search" class="search" role="search" action="/characters" method="get""#))
        #expect(form.contains(#"<input type="search" id="search-q" name="q" value="""#))
        #expect(form.contains(#"<label for="search-q">"#))
        #expect(form.contains(##"hx-target="#list""##) && form.contains(#"hx-swap="outerHTML""#))
        #expect(form.contains(#"hx-replace-url="true""#) && form.contains(#"hx-sync="this:replace""#))
        #expect(form.contains(#"hx-trigger="input changed delay:300ms, search changed, submit""#))
        #expect(!form.contains(#"type="hidden""#))
        let formAt = try #require(html.range(of: "<form"))
        let listAt = try #require(html.range(of: #"<div id="list""#))
        #expect(formAt.lowerBound < listAt.lowerBound)
    }

    @Test func theFormKeepsFiltersPageSizeAndLanguageButNotTheCursor() throws {
        let html = try server.get("/?q=snow&category=So&emoji=1&limit=30&lang=en").text
        let form = try #require(searchForm(html))
        #expect(form.contains(#"name="q" value="snow""#))
        for (name, value) in [("category", "So"), ("emoji", "1"), ("limit", "30"), ("lang", "en")] {
            #expect(form.contains(#"<input type="hidden" name="\#(name)" value="\#(value)">"#))
        }
        #expect(!form.contains("cursor"))
    }

    @Test func theSearchTextIsEscaped() throws {
        let html = try server.get("/?q=%22%3E%3Cscript%3Ex").text
        let form = try #require(searchForm(html))
        #expect(form.contains(#"value="&quot;&gt;&lt;script&gt;x""#))
    }

    @Test func fragmentsCarryNoForm() throws {
        let region = try server.get("/?q=snow", headers: ["HX-Request": "true"])
        #expect(region.text.hasPrefix(#"<div id="list""#))
        // The search form stays on the page; the filter form comes with the list's controls,
        // which a region replaces out of band so that its hidden inputs follow the list (issue 46).
        #expect(!region.text.contains(#"<form id="search""#))
        #expect(region.text.components(separatedBy: "<form").count == 2 && region.text.contains(#"<form class="filter-form""#))
        #expect(region.header("vary") == "HX-Request, HX-History-Restore-Request, HX-Target, Accept-Language")
        let restore = try server.get("/?q=snow", headers: ["HX-Request": "true", "HX-History-Restore-Request": "true"])
        #expect(restore.text.hasPrefix("<!DOCTYPE html>"))
        #expect(restore.text.contains(#"<form id="search""#))
    }

    /// Found in the last session's review: a partial search updated the heading but left the old `<title>`.
    @Test func aRegionFragmentCarriesThePageTitle() throws {
        for target in ["/?q=snow", "/?q=zzqxjvv", "/", "/?q=snow&lang=zh-Hans"] {
            let page = try server.get(target).text
            let region = try server.get(target, headers: ["HX-Request": "true"]).text
            let pageTitle = try #require(Markup.matches("<title>([^<]*)</title>", in: page).first)
            let regionTitles = Markup.matches("\n<title>([^<]*)</title>\n", in: region)
            #expect(regionTitles == [pageTitle], "\(target): one top-level <title>, the page's")
        }
        let continuation = try server.get("/?cursor=AQAAADM", headers: ["HX-Request": "true"]).text
        #expect(!continuation.contains("<title>"), "a continuation keeps the title")
    }

    @Test func theLayoutLoadsExternalScriptsAndConfiguresHtmx() throws {
        let html = try server.get("/").text
        #expect(html.contains(#"<script src="/static/liststate-events.js" defer></script>"#))
        #expect(html.contains(#"<script src="/static/liststate.js" defer></script>"#))
        #expect(!html.contains("<script>"))
        let config = try #require(Markup.matches(#"<meta name="htmx-config" content='([^']+)'>"#, in: html).first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(config.utf8)) as? [String: Any])
        #expect(object["includeIndicatorStyles"] as? Bool == false)
        #expect(object["allowEval"] as? Bool == false)
        #expect(object["historyCacheSize"] as? Int == 0)
        #expect(object["refreshOnHistoryMiss"] as? Bool == true)
        let handling = try #require(object["responseHandling"] as? [[String: Any]])
        #expect(handling.contains { $0["code"] as? String == "[2345].." && $0["swap"] as? Bool == true })
        for file in ["liststate.js", "liststate-events.js", "liststate-htmx.js", "liststate-interaction.css", "favicon.svg"] {
            #expect(try server.get("/static/" + file).status == 200, "\(file)")
        }
    }
}
