import Testing

@testable import HTTPServer

/// Header lookup ignores case (RFC 9110 §5.1); default headers reach every
/// response the server makes; a header libmicrohttpd refuses becomes a 500.
@Suite struct HeadersTests {
    @Test func requestHeadersAreCaseInsensitive() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/echo", headers: ["HX-Request: true"])
            #expect(try client.readResponse().bodyText.contains("hx=true"))
        }
    }

    @Test func headerListOperations() {
        var headers: HTTPHeaders = ["Vary": "HX-Request", "X-A": "1", "vary": "Accept-Language"]
        #expect(headers["VARY"] == "HX-Request")
        #expect(headers.values(for: "vary") == ["HX-Request", "Accept-Language"])
        headers.replaceOrAdd(name: "Vary", value: "*")
        #expect(headers.values(for: "vary") == ["*"])
        #expect(headers.fields.first?.name == "Vary")
        headers["x-a"] = nil
        #expect(!headers.contains("X-A"))
        headers.addMissing(["vary": "no", "X-New": "yes"])
        #expect(headers["Vary"] == "*")
        #expect(headers["x-new"] == "yes")
    }

    /// Field names are compared ignoring the case of ASCII letters only (RFC 9110
    /// §5.1): no other byte is folded, and a name of another length never matches.
    @Test func namesMatchIgnoringTheCaseOfASCIILettersOnly() {
        let pairs: [(String, String, Bool)] = [
            ("Content-Type", "content-TYPE", true), ("", "", true), ("X-A", "x-a", true),
            ("Content-Type", "Content-Typf", false), ("Vary", "Vary ", false), ("É", "é", false),
            ("[", "{", false), ("@", "`", false), ("Z", "z", true), ("A-Much-Longer-Field-Name-Than-Fifteen", "a-much-longer-field-name-than-fifteen", true),
            ("A-Much-Longer-Field-Name-Than-Fifteen", "a-much-longer-field-name-than-fiftee_", false),
        ]
        for (a, b, equal) in pairs {
            #expect(HTTPHeaders.namesEqual(a, b) == equal, "\(a) \(b)")
            #expect(HTTPHeaders.namesEqual(b, a) == equal, "\(b) \(a)")
        }
    }

    static let defaults: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'self'",
        "X-Content-Type-Options": "nosniff",
    ]

    @Test(arguments: [("GET", "/", 200), ("GET", "/nowhere", 404), ("POST", "/", 405), ("GET", "/%zz", 400), ("OPTIONS", "/", 204)])
    func defaultHeadersOnEveryResponse(method: String, target: String, status: Int) throws {
        let configuration = testConfiguration { $0.defaultHeaders = Self.defaults }
        try withServer(router: sampleRouter(), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request(method, target, body: method == "POST" ? "x" : "")
            let response = try client.readResponse()
            #expect(response.status == status)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Content-Security-Policy") == "default-src 'self'")
        }
    }

    @Test func responseHeaderBeatsDefault() throws {
        let configuration = testConfiguration { $0.defaultHeaders = Self.defaults }
        try withServer(router: sampleRouter(), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/own-csp")
            let response = try client.readResponse()
            #expect(response.headers.filter { $0.name.lowercased() == "content-security-policy" }.map(\.value) == ["default-src 'none'"])
            #expect(response.header("X-Content-Type-Options") == "nosniff")
        }
    }

    @Test func refusedHeaderBecomes500WithoutDetails() throws {
        let log = Recorder<String>()
        let configuration = testConfiguration {
            $0.defaultHeaders = Self.defaults
            $0.errorLog = { log.append($0) }
        }
        try withServer(router: sampleRouter(), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/bad-header")
            let response = try client.readResponse()
            #expect(response.status == 500)
            #expect(!response.bodyText.contains("secret-value"))
            #expect(response.header("Set-Cookie") == nil)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(log.all.contains { $0.contains("X-Bad") })
        }
    }
}
