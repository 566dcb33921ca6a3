import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListState

/// `--base-path /site/`: the whole site under a prefix, behind a reverse proxy
/// that passes the whole path. Every page is validated, its links checked
/// against the routes under the prefix (`TestServer.validate`), and every
/// address in it is read here too: none may leave the prefix.
@Suite struct BasePathTests {
    /// Every address a page names: `href`, `src`, `action`, `hx-get`.
    static func addresses(_ html: String) -> [String] {
        Markup.matches(#"(?:href|src|action|hx-get)="([^"]*)""#, in: html).map(Markup.unescape)
    }

    /// Checks that every address of `answer` (a page or fragment) is under `/site/`.
    static func expectInside(_ answer: HTTPTestClient.Answer, _ target: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let addresses = addresses(answer.text)
        #expect(!addresses.isEmpty || !answer.text.contains("href"), "\(target): no address found", sourceLocation: sourceLocation)
        for address in addresses where !address.hasPrefix("#") {
            #expect(address.hasPrefix("/site/"), "\(target): \(address)", sourceLocation: sourceLocation)
        }
    }

    static let catalogue: TestServer? = {
        var configuration = AppConfiguration()
        configuration.basePath = "/site"
        return try? TestServer.catalogue(configuration: configuration)
    }()

    @Test(arguments: [
        "/site/", "/site/characters?q=snow&limit=2", "/site/?category=Lu&lang=zh-Hans", "/site/?category=Zz", "/site/characters/U+2603",
        "/site/nowhere", "/site/-/offline", "/site/?cursor=broken",
    ])
    func everyCataloguePageStaysUnderThePrefix(target: String) throws {
        let server = try #require(Self.catalogue)
        let page = try server.get(target)
        #expect(page.header("content-type")?.hasPrefix("text/html") == true)
        Self.expectInside(page, target)
        #expect(page.text.contains("data-base-path=\"/site\""), "the service worker is registered under the prefix")
        let fragment = try server.get(target, headers: ["HX-Request": "true"])
        Self.expectInside(fragment, target + " (fragment)")
    }

    @Test func outsideThePrefixIsNotFoundAndThePrefixAloneIsRedirected() throws {
        let server = try #require(Self.catalogue)
        #expect(try server.get("/").status == 404)
        #expect(try server.get("/static/liststate.css").status == 404)
        #expect(try server.get("/site/static/liststate.css").status == 200)
        #expect(try server.get("/site/sw.js").status == 200)
        #expect(try server.get("/site/-/livez").status == 200)
        let bare = try server.get("/site?q=snow")
        #expect(bare.status == 308 && bare.header("location") == "/site/?q=snow")
        let moved = try server.get("/site/char/U+2603")
        #expect(moved.status == 308 && moved.header("location") == "/site/characters/U+2603")
        let continuation = try server.get("/site/?limit=2", headers: ["HX-Request": "true"])
        let next = try #require(Markup.loadMoreHref(continuation.text))
        #expect(next.hasPrefix("/site/characters?"))
        #expect(try server.get(next, headers: ["HX-Request": "true"]).status == 200)
    }

    @Test func everyTablePageJSONAndRedirectStaysUnderThePrefix() throws {
        let fixture = try TableFixture(basePath: "/site")
        for target in ["/site/", "/site/products?limit=2&sort=-price", "/site/products?maker=1&q=zz", "/site/products/1", "/site/pairs/a~2Fb,1"] {
            let page = try fixture.server.get(target)
            #expect(page.status == 200 || page.status == 404, "\(target): \(page.status)")
            Self.expectInside(page, target)
        }
        let region = try fixture.server.get("/site/products?limit=2", headers: ["HX-Request": "true"])
        Self.expectInside(region, "region")
        let json = try TableFixture.json(fixture.server.get("/site/products.json?limit=2"))
        #expect((json["next"] as? String)?.hasPrefix("/site/products.json?limit=2&cursor=") == true)
        #expect((json["detailURLs"] as? [String])?.allSatisfy { $0.hasPrefix("/site/products/") } == true)
        let other = try fixture.server.get("/site/products/01")
        #expect(other.status == 308 && other.header("location") == "/site/products/1")
        #expect(try fixture.server.get("/site/products.csv").status == 200)
        #expect(try fixture.server.get("/products").status == 404)
        let refused = try fixture.server.get("/site/products?cursor=broken", headers: ["HX-Request": "true"])
        Self.expectInside(refused, "refused continuation")
    }

    /// Found by a break-it pass: a configured button's path left the prefix (404 behind
    /// the proxy) and dropped `lang`, which every built-in link keeps.
    @Test func aConfiguredButtonStaysUnderThePrefixAndInTheLanguage() throws {
        let fixture = try TableFixture(
            configuration: #"""
                {"lists": {"empty": {"placeholders": {"noData": {"button": {"href": "/products?x=1#top", "label": "Go"}}}},
                           "makers": {"placeholders": {"noResults": {"button": {"href": "/products?lang=en", "label": "Go"}}}}}}
                """#,
            basePath: "/site")
        // `=` may be written as `&#61;` in an attribute (Mustache escapes it); the same address.
        func addresses(_ answer: HTTPTestClient.Answer) -> String { answer.text.replacingOccurrences(of: "&#61;", with: "=") }
        let page = try fixture.server.get("/site/empty")
        #expect(addresses(page).contains(#"href="/site/products?x=1#top""#))
        Self.expectInside(page, "/site/empty")
        let chinese = try fixture.server.get("/site/empty?lang=zh-Hans")
        #expect(addresses(chinese).contains(#"href="/site/products?x=1&amp;lang=zh-Hans#top""#))
        let named = try fixture.server.get("/site/makers?q=zzqx&lang=zh-Hant")
        #expect(addresses(named).contains(#"href="/site/products?lang=en""#), "a language the path names is kept")
    }

    @Test(arguments: [
        ("/", ""), ("", ""), ("/lists/", "/lists"), ("/lists", "/lists"), ("/a/b-c_d.e~f/", "/a/b-c_d.e~f"),
    ])
    func aBasePathIsNormalized(_ text: String, _ normalized: String) {
        #expect(BasePath.normalized(text) == normalized)
    }

    @Test(arguments: ["lists", "/a//b", "/a/../b", "/./", "/a b", "/ü", "/a?b", "/a%20b", "//"])
    func aBasePathThatLinksCouldNotCarryIsRefused(_ text: String) {
        #expect(BasePath.normalized(text) == nil)
    }
}
