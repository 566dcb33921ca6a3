import Testing
@testable import HTTPServer

/// The access log gets one entry per answered request.
@Suite struct AccessLogTests {
    @Test func oneEntryPerRequest() throws {
        let entries = Recorder<AccessLogEntry>()
        let configuration = testConfiguration { $0.accessLog = { entries.append($0) } }
        try withServer(router: sampleRouter(), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/chars/41?x=%20")
            _ = try client.readResponse()
            try client.request("HEAD", "/nowhere")
            _ = try client.readResponse(bodyless: true)
            let logged = entries.wait { $0.count >= 2 }
            #expect(logged.count == 2)
            let first = try #require(logged.first { $0.method == .get })
            #expect(first.target == "/chars/41?x=%20")
            #expect(first.status == 200)
            #expect(first.bodyBytes == 7)
            #expect(first.remoteAddress == "127.0.0.1")
            #expect(first.durationMilliseconds >= 0)
            #expect(first.line.contains("\"GET /chars/41?x=%20\" 200 7B"))
            let second = try #require(logged.first { $0.method == .head })
            #expect(second.status == 404)
            #expect(second.bodyBytes == 0)
        }
    }
}
