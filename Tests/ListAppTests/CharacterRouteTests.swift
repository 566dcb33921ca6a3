import Foundation
import ListStore
import Testing

@testable import ListApp

@Suite struct CharacterRouteTests {
    let server: TestServer

    init() throws {
        server = try #require(TestServer.shared)
    }

    @Test func canonicalAddressShowsEveryProperty() throws {
        let answer = try server.get("/char/U+2603")
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "text/html; charset=utf-8")
        let html = answer.text
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>U+2603 SNOWMAN · ListState</title>"))
        for expected in [
            "SNOWMAN", "U+2603", "9731", "So (Other Symbol)", "Unicode 1.1", "E2 98 83", "&amp;#x2603;",
            "Canonical combining class", "Binary properties", "Emoji presentation by default",
        ] {
            #expect(html.contains(expected), "missing \(expected)")
        }
        let links = Markup.unescape(html)
        #expect(links.contains(#"href="/?category=So""#))
        #expect(html.contains(#"<a href="/">All characters</a>"#))
        let back = PageCursor(afterCodePoint: 0x2602).encoded
        #expect(links.contains(##"href="/?cursor=\##(back)#char-2603""##))
    }

    @Test func theListLinkStartsAtTheCharactersRow() throws {
        let html = try server.get("/char/U+2603").text
        let href = try #require(Markup.matches(#"<a href="([^"]+)">This character in the list</a>"#, in: html).first)
        let list = try server.get(Markup.unescape(href).components(separatedBy: "#")[0])
        #expect(Markup.rowIDs(list.text).first == "char-2603")
    }

    @Test func mappingsAndNumericValuesLinkAndShow() throws {
        let upper = try server.get("/char/U+0041").text
        #expect(upper.contains(#"<a href="/char/U+0061"><code>U+0061</code></a>"#))
        #expect(upper.contains("Uppercase"))
        let digit = try server.get("/char/U+0037").text
        #expect(digit.contains("7 (decimal)"))
    }

    @Test(arguments: ["/char/u+2603", "/char/2603", "/char/U+02603", "/char/u+02603", "/char/0002603"])
    func otherSpellingsRedirectPermanently(_ target: String) throws {
        let answer = try server.get(target)
        #expect(answer.status == 308)
        #expect(answer.header("location") == "/char/U+2603")
    }

    @Test func percentEncodedPlusIsTheCanonicalAddress() throws {
        #expect(try server.get("/char/U%2B2603").status == 200)
    }

    @Test(arguments: [
        "/char/xyz", "/char/U+", "/char/U+110000", "/char/U+D800", "/char/U+DFFF", "/char/U+0378",
        "/char/U+E000", "/char/U+FFFF", "/char/U+2603x", "/char/%00", "/char/U+2603/more",
    ])
    func malformedOrUnassignedIsTheNotFoundPlaceholder(_ target: String) throws {
        let answer = try server.get(target)
        #expect(answer.status == 404)
        #expect(answer.text.contains("placeholder-notFound"))
        #expect(answer.text.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func headHasNoBody() throws {
        let answer = try server.client.send("HEAD", "/char/U+2603")
        #expect(answer.status == 200)
        #expect(answer.body.isEmpty)
    }

    @Test func rowsLinkToTheirCharacterPage() throws {
        let html = try server.get("/?q=snowman").text
        #expect(html.contains(#"<a class="name" href="/char/U+2603" lang="en">SNOWMAN</a>"#))
        let continuation = try server.get("/?cursor=\(PageCursor(afterCodePoint: 0x40).encoded)", headers: ["HX-Request": "true"])
        #expect(continuation.text.contains(#"<a class="name" href="/char/U+0041" lang="en">LATIN CAPITAL LETTER A</a>"#))
    }

    @Test func sourceFaultsAreTheUnavailableAndErrorPages() throws {
        let source = ScriptedSource(records: [ScriptedSource.record(0x2603)], failure: .busy)
        let scripted = try TestServer(source: source)
        let busy = try scripted.get("/char/U+2603")
        #expect(busy.status == 503)
        #expect(busy.header("retry-after") != nil)
        #expect(busy.text.contains("placeholder-unavailable"))
        source.fail(with: .corrupt)
        let broken = try scripted.get("/char/U+2603")
        #expect(broken.status == 500)
        #expect(broken.text.contains("placeholder-error"))
        #expect(!broken.text.contains("secret_sql"))
        source.fail(with: nil)
        #expect(try scripted.get("/char/U+2603").status == 200)
        #expect(try scripted.get("/char/U+2604").status == 404)
    }
}

extension CharacterRouteTests {
    /// Found by QA: the chosen language was dropped by row links, the page's links and the redirect.
    @Test func theChosenLanguageTravels() throws {
        let redirect = try server.client.send("GET", "/char/2603?lang=zh-Hant")
        #expect(redirect.status == 308)
        #expect(redirect.header("location") == "/char/U+2603?lang=zh-Hant")
        let page = try server.get("/char/U+2603?lang=zh-Hant")
        #expect(page.text.contains(#"<html lang="zh-Hant">"#))
        #expect(page.text.contains(#"href="/?lang&#61;zh-Hant""#))
        #expect(page.text.contains("category&#61;So&amp;lang&#61;zh-Hant"))
        let list = try server.get("/?q=snowman&lang=zh-Hant")
        #expect(list.text.contains(#"href="/char/U+2603?lang&#61;zh-Hant""#))
    }
}

extension CharacterRouteTests {
    /// Found by QA: the character page was English in every language.
    @Test(arguments: [("zh-Hans", "码位", "全部字符", "其他符号"), ("zh-Hant", "碼位", "全部字元", "其他符號"), ("en", "Code point", "All characters", "Other Symbol")])
    func thePageSpeaksItsLanguage(_ tag: String, _ label: String, _ all: String, _ category: String) throws {
        let page = try server.get("/char/U+2603?lang=\(tag)")
        #expect(page.text.contains("<dt>\(label)</dt>"))
        #expect(page.text.contains(">\(all)</a>"))
        #expect(page.text.contains(category))
    }
}
