import Foundation
import ListStore
import Testing

@testable import ListCatalogue
@testable import ListState

/// The catalogue's rows' pages (`/characters/U+2603`, drawn by `CatalogueRows`
/// with `character.mustache`) and its former addresses (`/char/…`, 308).
@Suite struct CharacterPageTests {
    let server: TestServer

    init() throws {
        server = try #require(TestServer.shared)
    }

    @Test func canonicalAddressShowsEveryProperty() throws {
        let answer = try server.get("/characters/U+2603")
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
        #expect(links.contains(#"href="/characters?category=So""#))
        #expect(html.contains(#"<a href="/characters">All characters</a>"#))
        // Found by a break-it pass: the English name on a Chinese page was read with a Chinese voice.
        let chinese = try server.get("/characters/U+2603?lang=zh-Hant").text
        #expect(chinese.contains(#"<span class="character-name" lang="en">SNOWMAN</span>"#))
        // Found by a break-it pass: the property table's name and UCD property names did not say so.
        #expect(chinese.contains(#"<dd lang="en">SNOWMAN</dd>"#))
        #expect(Markup.matches(#"<dd lang="en">([^<]*)</dd>"#, in: chinese).contains { $0.contains("Grapheme_Base") })
        #expect(!chinese.contains(#"<dd lang="en">9731</dd>"#), "numbers and the page's own words have no language of their own")
        let back = CatalogueFixture.cursor(after: 0x2602)
        #expect(links.contains(##"href="/characters?cursor=\##(back)#char-2603""##))
    }

    @Test func theListLinkStartsAtTheCharactersRow() throws {
        let html = try server.get("/characters/U+2603").text
        let href = try #require(Markup.matches(#"<a href="([^"]+)">This character in the list</a>"#, in: html).first)
        let list = try server.get(Markup.unescape(href).components(separatedBy: "#")[0])
        #expect(Markup.rowIDs(list.text).first == "char-2603")
    }

    @Test func mappingsAndNumericValuesLinkAndShow() throws {
        let upper = try server.get("/characters/U+0041").text
        #expect(upper.contains(#"<a href="/characters/U+0061"><code>U+0061</code></a>"#))
        #expect(upper.contains("Uppercase"))
        let digit = try server.get("/characters/U+0037").text
        #expect(digit.contains("7 (decimal)"))
    }

    @Test(arguments: [
        "/characters/u+2603", "/characters/U+02603", "/characters/u+02603", "/characters/9731", "/characters/U~2B2603",
        "/char/U+2603", "/char/u+2603", "/char/2603", "/char/U+02603", "/char/0002603",
    ])
    func otherSpellingsAndFormerAddressesRedirectPermanently(_ target: String) throws {
        let answer = try server.get(target)
        #expect(answer.status == 308)
        #expect(answer.header("location") == "/characters/U+2603")
    }

    @Test func percentEncodedPlusIsTheCanonicalAddress() throws {
        #expect(try server.get("/characters/U%2B2603").status == 200)
    }

    @Test(arguments: [
        "/characters/xyz", "/characters/U+", "/characters/U+110000", "/characters/U+D800", "/characters/U+DFFF",
        "/characters/U+0378", "/characters/U+E000", "/characters/U+FFFF", "/characters/U+2603x", "/characters/U+2603/more",
        "/char/xyz", "/char/U+110000",
    ])
    func malformedOrUnassignedIsTheNotFoundPlaceholder(_ target: String) throws {
        let answer = try server.get(target)
        #expect(answer.status == 404)
        #expect(answer.text.contains("placeholder-notFound"))
        #expect(answer.text.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func headHasNoBody() throws {
        let answer = try server.client.send("HEAD", "/characters/U+2603")
        #expect(answer.status == 200)
        #expect(answer.body.isEmpty)
    }

    @Test func rowsLinkToTheirCharacterPage() throws {
        let html = try server.get("/?q=snowman").text
        #expect(html.contains(#"<a class="name" href="/characters/U+2603" lang="en">SNOWMAN</a>"#))
        let continuation = try server.get("/?cursor=\(CatalogueFixture.cursor(after: 0x40))", headers: ["HX-Request": "true"])
        #expect(continuation.text.contains(#"<a class="name" href="/characters/U+0041" lang="en">LATIN CAPITAL LETTER A</a>"#))
    }

    @Test func sourceFaultsAreTheUnavailableAndErrorPages() throws {
        let source = try CatalogueFixture([CatalogueFixture.record(0x2603)])
        let scripted = source.server
        try source.fail(with: .busy)
        let busy = try scripted.get("/characters/U+2603")
        #expect(busy.status == 503)
        #expect(busy.header("retry-after") != nil)
        #expect(busy.text.contains("placeholder-unavailable"))
        try source.fail(with: .corrupt)
        let broken = try scripted.get("/characters/U+2603")
        #expect(broken.status == 500)
        #expect(broken.text.contains("placeholder-error"))
        #expect(!broken.text.contains("SELECT"))
        try source.fail(with: nil)
        #expect(try scripted.get("/characters/U+2603").status == 200)
        #expect(try scripted.get("/characters/U+2604").status == 404)
    }
}

extension CharacterPageTests {
    /// Found by QA: the chosen language was dropped by row links, the page's links and the redirect.
    @Test func theChosenLanguageTravels() throws {
        let redirect = try server.client.send("GET", "/char/2603?lang=zh-Hant")
        #expect(redirect.status == 308)
        #expect(redirect.header("location") == "/characters/U+2603?lang=zh-Hant")
        let page = try server.get("/characters/U+2603?lang=zh-Hant")
        #expect(page.text.contains(#"<html lang="zh-Hant">"#))
        #expect(page.text.contains(#"href="/characters?lang&#61;zh-Hant""#))
        #expect(page.text.contains("category&#61;So&amp;lang&#61;zh-Hant"))
        let list = try server.get("/?q=snowman&lang=zh-Hant")
        #expect(list.text.contains(#"href="/characters/U+2603?lang&#61;zh-Hant""#))
    }
}

extension CharacterPageTests {
    /// Found by QA: the character page was English in every language.
    @Test(arguments: [("zh-Hans", "码位", "全部字符", "其他符号"), ("zh-Hant", "碼位", "全部字元", "其他符號"), ("en", "Code point", "All characters", "Other Symbol")])
    func thePageSpeaksItsLanguage(_ tag: String, _ label: String, _ all: String, _ category: String) throws {
        let page = try server.get("/characters/U+2603?lang=\(tag)")
        #expect(page.text.contains("<dt>\(label)</dt>"))
        #expect(page.text.contains(">\(all)</a>"))
        #expect(page.text.contains(category))
    }
}
