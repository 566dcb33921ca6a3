import Testing

@testable import UpstreamStore

/// An upstream address: its origin normalised, and what may be fetched from a first page's
/// origin and path prefixes.
@Suite struct UpstreamAddressTests {
    @Test(arguments: [
        ("https://api.example.org/v1/items", "https://api.example.org", "/v1/items"),
        ("HTTPS://API.Example.ORG:443/v1/items?x=1", "https://api.example.org", "/v1/items"),
        ("http://api.example.org:80", "http://api.example.org", "/"),
        ("http://api.example.org:443/", "http://api.example.org:443", "/"),
        ("https://api.example.org:80/a", "https://api.example.org:80", "/a"),
        ("http://127.0.0.1:8080/a%20b", "http://127.0.0.1:8080", "/a%20b"),
    ])
    func theOriginIsNormalised(text: String, origin: String, path: String) throws {
        let address = try #require(UpstreamAddress(text))
        #expect(address.origin == origin && address.path == path && address.text == text)
    }

    @Test(arguments: [
        "ftp://api.example.org/items", "file:///etc/passwd", "/v1/items", "api.example.org/items", "https:///items",
        "https://user@api.example.org/items", "https://user:secret@api.example.org/items", "", "javascript:alert(1)",
        // A bad escape: Foundation would check another path (every `%` encoded again) than libcurl sends.
        "https://api.example.org/v1/items/..%2F%zz/admin", "https://api.example.org/v1/items?q=%",
        "https://api.example.org/v1/items?q=%4", "https://api.example.org/v1/items?q=%g1", "https://api.example.org/%%41",
    ])
    func notAnAddressToFetch(text: String) {
        #expect(UpstreamAddress(text) == nil)
    }

    static let base = UpstreamAddress("https://api.example.org/v1/items")!

    @Test(arguments: [
        ("https://api.example.org/v1/items?page=2", [String](), true),
        ("https://API.example.org:443/v1/other", [], true),
        ("http://api.example.org/v1/items", [], false),
        ("https://api.example.org:8443/v1/items", [], false),
        ("https://evil.example.org/v1/items", [], false),
        ("https://api.example.org.evil.example/v1/items", [], false),
        ("https://api.example.org/v1/items?page=2", ["/v1/"], true),
        ("https://api.example.org/v2/items", ["/v1/"], false),
        ("https://api.example.org/v2/items", ["/v1/", "/v2/"], true),
        ("https://api.example.org/v1/../admin", ["/v1/"], false),
        ("https://api.example.org/v1/../admin", [], false),
        ("https://api.example.org/v1/..", ["/v1/"], false),
        ("https://api.example.org/v1/%2e%2e/admin", ["/v1/"], false),
        ("https://api.example.org/v1/.%2E/admin", ["/v1/"], false),
        ("https://api.example.org/v1/./items", ["/v1/"], false),
        ("https://api.example.org/v1/..items", ["/v1/"], true),
        ("https://api.example.org/v1/items/..%2Fadmin", ["/v1/"], false),
        ("https://api.example.org/v1/items/..%5Cadmin", ["/v1/"], false),
        ("https://api.example.org/v1/items/a%2Fb", ["/v1/"], true),
        ("https://api.example.org/v1/items/%2E./admin", ["/v1/"], false),
    ])
    func whatMayBeFetched(text: String, prefixes: [String], allowed: Bool) throws {
        let address = try #require(UpstreamAddress(text))
        #expect(address.isAllowed(from: Self.base, prefixes: prefixes) == allowed)
    }

    @Test func aParameterIsSetEncodedAndRead() throws {
        let address = try #require(UpstreamAddress("https://api.example.org/items?a=1&page=2&page=3"))
        let set = address.setting("page", to: "a+b/c=d&e f")
        #expect(set == "https://api.example.org/items?a=1&page=a%2Bb%2Fc%3Dd%26e%20f")
        #expect(UpstreamAddress(set)?.parameter("page") == "a+b/c=d&e f")
        #expect(address.parameter("page") == "3" && address.parameter("none") == nil)
        // The other parameters as written: a `+` there is what the upstream reads it as (a space, often).
        let declared = try #require(UpstreamAddress("https://api.example.org/search?q=state:open+label:bug&page%5Bsize%5D=5"))
        #expect(declared.setting("page", to: "2") == "https://api.example.org/search?q=state:open+label:bug&page%5Bsize%5D=5&page=2")
        #expect(declared.setting("page[size]", to: "9") == "https://api.example.org/search?q=state:open+label:bug&page%5Bsize%5D=9")
        #expect(address.resolve("/other?x=1") == "https://api.example.org/other?x=1")
        #expect(address.resolve("https://elsewhere.example/x") == "https://elsewhere.example/x")
    }
}
