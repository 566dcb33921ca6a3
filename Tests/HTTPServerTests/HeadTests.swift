import Testing

@testable import HTTPServer

/// HEAD is GET without the body (RFC 9110 §9.3.2).
@Suite struct HeadTests {
    /// C-15 (cesanta/mongoose#1151): HEAD then GET on one keep-alive connection.
    @Test func headThenGetOnOneConnection() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("HEAD", "/chars/41")
            let head = try client.readResponse(bodyless: true)
            try client.request("GET", "/chars/41")
            let get = try client.readResponse()
            #expect(head.status == 200)
            #expect(head.status == get.status)
            #expect(head.comparableHeaders == get.comparableHeaders)
            #expect(head.header("Content-Length") == "7")
            #expect(get.bodyText == "char 41")
            // Two-phase access handler: the connection is kept alive.
            #expect(get.header("Connection") == nil)
            // The connection stays framed: a third request still works.
            try client.request("GET", "/")
            #expect(try client.readResponse().bodyText == "home")
        }
    }

    @Test func headOfA404HasNoBody() throws {
        try withServer(router: sampleRouter()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("HEAD", "/nowhere")
            let head = try client.readResponse(bodyless: true)
            #expect(head.status == 404)
            try client.request("GET", "/")
            #expect(try client.readResponse().bodyText == "home")
        }
    }
}
