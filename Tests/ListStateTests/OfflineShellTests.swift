import ListStore
import Testing

@testable import ListCatalogue
@testable import ListState

/// Issue 7, parts 2 and 3, as the server sees them: the offline page the
/// service worker keeps, the worker script, and what every page carries for them.
@Suite struct OfflineShellTests {
    let catalogue: CatalogueFixture
    var server: TestServer { catalogue.server }

    init() throws {
        catalogue = try CatalogueFixture()
    }

    @Test(arguments: Language.allCases)
    func offlinePageInTheRequestsLanguage(_ language: Language) throws {
        let page = try server.get("/-/offline?lang=\(language.tag)")
        #expect(page.status == 200)
        #expect(page.text.hasPrefix("<!DOCTYPE html>"))
        #expect(page.text.contains(#"lang="\#(language.tag)""#))
        #expect(page.text.contains("placeholder-offline"))
        #expect(page.text.contains(CatalogueWords.of(language).strings.offline.title))
        #expect(page.header("cache-control") == "no-cache")
        #expect(Markup.rowIDs(page.text).isEmpty)
        #expect(!page.text.contains(#"id="list""#), "not a list page: the client reloads instead of swapping")
    }

    @Test func offlinePageFollowsAcceptLanguage() throws {
        let page = try server.get("/-/offline", headers: ["Accept-Language": "zh-TW"])
        #expect(page.text.contains(#"lang="zh-Hant""#))
        #expect(page.header("vary")?.contains("Accept-Language") == true)
    }

    @Test func serviceWorkerAtTheRoot() throws {
        let worker = try server.get("/sw.js")
        #expect(worker.status == 200)
        #expect(worker.header("content-type") == "text/javascript; charset=utf-8")
        #expect(worker.header("cache-control") == "no-cache")
        #expect(worker.text.contains("addEventListener('fetch'"))
        #expect(worker.text.contains("'/-/offline'"))
        let tag = try #require(worker.header("etag"))
        #expect(try server.get("/sw.js", headers: ["If-None-Match": tag]).status == 304)
        // The route had its own If-None-Match parser, without W/ and `*` (RFC 9110
        // §13.1.2) and with the prepend-character bug fuzz-if-none-match found.
        #expect(try server.get("/sw.js", headers: ["If-None-Match": "\"x\", W/" + tag]).status == 304)
        #expect(try server.get("/sw.js", headers: ["If-None-Match": "*"]).status == 304)
        #expect(try server.get("/sw.js", headers: ["If-None-Match": "\"x\""]).status == 200)
        #expect(worker.header("content-security-policy")?.contains("default-src 'none'") == true)
    }

    @Test func everyPageCarriesTheBuildAndTheOfflineScript() throws {
        let build = server.application.build
        #expect(build.count == 16 && build.allSatisfy(\.isHexDigit))
        for target in ["/", "/-/offline", "/characters/U+0041", "/nowhere"] {
            let page = try server.get(target)
            #expect(page.text.contains(#"<meta name="liststate-build" content="\#(build)">"#), "\(target)")
            #expect(page.text.contains(#"<script src="/static/liststate-offline.js" defer></script>"#), "\(target)")
        }
        let fragment = try server.get("/", headers: ["HX-Request": "true"])
        #expect(!fragment.text.contains("liststate-build"))
        #expect(try server.get("/static/liststate-offline.js").status == 200)
    }

    @Test func theWorkerPrecachesFilesThatExist() throws {
        let worker = try server.get("/sw.js").text
        let paths = Markup.matches(#"'(/(?:static|-)/[^']+)'"#, in: worker)
        #expect(paths.count >= 10)
        for path in paths {
            #expect(try server.get(path).status == 200, "\(path)")
        }
    }

    @Test func buildVersionDependsOnEveryPart() {
        let base = BuildVersion.digest([[1, 2], [3]])
        #expect(base != BuildVersion.digest([[1], [2, 3]]))
        #expect(base != BuildVersion.digest([[1, 2], [4]]))
        #expect(base == BuildVersion.digest([[1, 2], [3]]))
    }
}
