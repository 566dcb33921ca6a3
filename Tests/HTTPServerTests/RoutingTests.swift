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
