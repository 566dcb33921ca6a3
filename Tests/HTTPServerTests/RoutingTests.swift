import Testing

@testable import HTTPServer

/// Routing: patterns, parameters, 404, 405 + Allow, OPTIONS, route listing.
@Suite struct RoutingTests {
    @Test func routesAndPathParameters() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/")
            #expect(try client.readResponse().bodyText == "home")
            try client.request("GET", "/chars/U%2B0041")
            #expect(try client.readResponse().bodyText == "char U+0041")
            // An encoded slash stays inside its segment.
            try client.request("GET", "/chars/a%2Fb")
            #expect(try client.readResponse().bodyText == "char a/b")
            try client.request("GET", "/files/x/a/b%20c")
            #expect(try client.readResponse().bodyText == "x|a|b c")
        }
    }

    @Test func unknownPathUsesTheNotFoundHandler() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/nowhere")
            let response = try client.readResponse()
            #expect(response.status == 404)
            #expect(response.bodyText == "custom not found: /nowhere")
            // A parameter never matches an empty segment.
            try client.request("GET", "/chars/")
            #expect(try client.readResponse().status == 404)
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("POST", "/", body: "x")
            let response = try client.readResponse()
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
            try client.request("DELETE", "/chars/41")
            let other = try client.readResponse()
            #expect(other.status == 405)
            #expect(other.header("Allow") == "GET, HEAD, POST, OPTIONS")
        }
    }

    @Test func optionsAnswersAllow() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("OPTIONS", "/chars/41")
            let response = try client.readResponse()
            #expect(response.status == 204)
            #expect(response.header("Allow") == "GET, HEAD, POST, OPTIONS")
        }
    }

    /// The application's preflight fields go on the OPTIONS answer, and `Allow` stays the router's.
    @Test func optionsCarriesThePreflightHeaders() throws {
        var router = try sampleRouter()
        router.preflightHeaders = { request in
            request.path == "/" ? ["Access-Control-Allow-Origin": "*", "Allow": "GET"] : HTTPHeaders()
        }
        try withServer(router: router) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("OPTIONS", "/")
            let shared = try client.readResponse()
            #expect(shared.status == 204)
            #expect(shared.header("Access-Control-Allow-Origin") == "*")
            #expect(shared.header("Allow") == "GET, HEAD, OPTIONS")
            try client.request("OPTIONS", "/chars/41")
            let other = try client.readResponse()
            #expect(other.status == 204 && other.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func postBodyReachesTheHandler() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("POST", "/chars/41", body: "hello")
            #expect(try client.readResponse().bodyText == "posted 41 5")
        }
    }

    @Test func oversizedBodyIs413() throws {
        let configuration = testConfiguration { $0.maxRequestBodyBytes = 4 }
        try withServer(router: sampleRouter(), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("POST", "/chars/41", body: "too long")
            #expect(try client.readResponse().status == 413)
            // A declared length over the limit is refused before the body.
            let declared = try RawHTTPClient(port: port)
            try declared.send("POST /chars/41 HTTP/1.1\r\nHost: test\r\nContent-Length: 1000000000\r\n\r\n")
            let early = try declared.readResponse()
            #expect(early.status == 413)
            #expect(early.header("Connection")?.lowercased() == "close")
            // A chunked body growing past the limit.
            let chunked = try RawHTTPClient(port: port)
            try chunked.send("POST /chars/41 HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n")
            #expect(try chunked.readResponse().status == 413)
            // Small bodies still work on a fresh connection.
            let small = try RawHTTPClient(port: port)
            try small.request("POST", "/chars/41", body: "ok")
            #expect(try small.readResponse().bodyText == "posted 41 2")
        }
    }

    @Test func aBasePathPutsEveryRouteUnderItsPrefix() throws {
        var router = try sampleRouter()
        router.basePath = "/site/v2"
        func answer(_ target: String) throws -> (status: Int, bodyText: String, location: String?) {
            let response = router.respond(to: try Request(method: .get, target: target))
            return (response.status, String(decoding: response.body, as: UTF8.self), response.headers["Location"])
        }
        #expect(try answer("/site/v2/").bodyText == "home")
        #expect(try answer("/site/v2/chars/41").bodyText == "char 41")
        #expect(try answer("/site/v2/echo?a=1").bodyText.contains("path=/echo"))
        #expect(try answer("/site/v2/files/x/a/b").bodyText == "x|a|b")
        #expect(try answer("/chars/41").status == 404, "outside the prefix")
        #expect(try answer("/site/chars/41").status == 404)
        #expect(try answer("/site/v2x/chars/41").status == 404, "a prefix of a segment is not the prefix")
        let bare = try answer("/site/v2?q=1")
        #expect(bare.status == 308 && bare.location == "/site/v2/?q=1")
        #expect(router.matches(method: .get, path: "/site/v2/chars/41"))
        #expect(!router.matches(method: .get, path: "/chars/41"))
        #expect(!router.matches(method: .get, path: "/site/v2"))
    }

    /// A GET of an address with a trailing `/` that a route takes without it is sent
    /// there (308, the query kept); found by a break-it pass (`/characters/` was a 404).
    @Test func aTrailingSlashIsRedirectedToTheRouteWithoutIt() throws {
        func answer(_ router: Router, _ target: String, method: HTTPMethod = .get) throws -> (Int, String?) {
            let response = router.respond(to: try Request(method: method, target: target))
            return (response.status, response.headers["Location"])
        }
        let router = try sampleRouter()
        #expect(try answer(router, "/echo/") == (308, "/echo"))
        #expect(try answer(router, "/echo//?a=1&b") == (308, "/echo?a=1&b"))
        #expect(try answer(router, "/chars/41/", method: .head) == (308, "/chars/41"))
        #expect(try answer(router, "/chars/%2F/") == (308, "/chars/%2F"), "the path stays as it was sent")
        #expect(try answer(router, "/chars/") == (404, nil), "no route takes /chars")
        #expect(try answer(router, "//") == (404, nil))
        // Found by a break-it pass: `/\evil.example` read as `//evil.example`, another site.
        #expect(try answer(router, "/\\evil.example/") == (404, nil))
        #expect(try answer(router, "/echo\\/") == (404, nil))
        #expect(try answer(router, "/echo/", method: .post) == (404, nil), "only a GET or HEAD is sent on")
        var based = router
        based.basePath = "/site"
        #expect(try answer(based, "/site/echo/?a=1") == (308, "/site/echo?a=1"))
    }

    @Test func matchesAndPatternsInProcess() throws {
        let router = try sampleRouter()
        #expect(router.matches(method: .get, path: "/chars/41"))
        #expect(router.matches(method: .head, path: "/chars/41"))
        #expect(router.matches(method: .post, path: "/chars/41"))
        #expect(!router.matches(method: .delete, path: "/chars/41"))
        #expect(!router.matches(method: .get, path: "/nowhere"))
        #expect(!router.matches(method: .get, path: "/chars/%zz"))
        #expect(router.routePatterns.map(\.pattern).contains("/chars/:codepoint"))
        var bad = Router()
        #expect(throws: HTTPServerError.self) { try bad.get("no-slash") { _, _ in .text("") } }
        #expect(throws: HTTPServerError.self) { try bad.get("/a/*/b") { _, _ in .text("") } }
    }
}
