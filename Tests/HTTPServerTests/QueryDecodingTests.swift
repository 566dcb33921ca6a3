import Testing

@testable import HTTPServer

/// The raw request target is decoded by HTTPServer, not libmicrohttpd.
@Suite struct QueryDecodingTests {
    @Test func decodesPlusEscapesAndUTF8InOrder() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/echo?a=1&b=x+y&c=%20z&d=%C3%A9%E2%9C%93&a=2&flag&e=a%2Bb")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "a=1\nb=x y\nc= z\nd=é✓\na=2\nflag=\ne=a+b\nhx=-\npath=/echo")
        }
    }

    @Test func nulDoesNotTruncate() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/echo?a=x%00y&b=2")
            #expect(try client.readResponse().bodyText == "a=x\0y\nb=2\nhx=-\npath=/echo")
        }
    }

    @Test(arguments: ["/echo?x=%zz", "/echo?x=%", "/echo?x=%4", "/echo?x=%C3", "/echo?x=%FF%FE", "/%zz", "/ch%C3ars", "/echo?%zz=1"])
    func malformedTargetsAre400(target: String) throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", target)
            #expect(try client.readResponse().status == 400)
            // The server keeps serving on the same connection.
            try client.request("GET", "/")
            #expect(try client.readResponse().bodyText == "home")
        }
    }

    @Test func requestHelpers() throws {
        let request = try Request(method: .get, target: "/p%20q/r?a=1&b=&a=3&c=%E2%82%AC")
        #expect(request.path == "/p q/r")
        #expect(request.pathSegments == ["p q", "r"])
        #expect(request.query("a") == "1")
        #expect(request.queryValues("a") == ["1", "3"])
        #expect(request.query("b") == "")
        #expect(request.query("c") == "€")
        #expect(request.query("zzz") == nil)
        #expect(throws: HTTPServerError.self) { try Request(method: .get, target: "/a?b=%G0") }
        let absolute = try Request(method: .get, target: "http://example.com/x?y=1")
        #expect(absolute.path == "/x")
        #expect(absolute.query("y") == "1")
    }
}
