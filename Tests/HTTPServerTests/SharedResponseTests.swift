import Foundation
import Testing

@testable import HTTPServer

/// `Response.shared`: one libmicrohttpd response sent to many requests, with
/// the same status, fields and body as the response it was made from, but no
/// per-request `X-Request-Id`; any change to a response drops its share.
@Suite struct SharedResponseTests {
    @Test func aSharedResponseIsSentAlikeToEveryRequest() throws {
        var shared = Response.text("kept body", headers: ["ETag": "\"v1\""])
        shared.shared = SharedResponse()
        let kept = shared
        var router = Router()
        try router.get("/kept") { _, _ in kept }
        try router.get("/fresh") { _, _ in .text("fresh") }
        let logged = Recorder<AccessLogEntry>()
        let configuration = testConfiguration {
            $0.defaultHeaders = ["X-Default": "yes"]
            $0.accessLog = { logged.append($0) }
        }
        try withServer(router: router, configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            var answers: [RawResponse] = []
            for _ in 0..<3 {
                try client.request("GET", "/kept")
                answers.append(try client.readResponse())
            }
            try client.request("HEAD", "/kept")
            let head = try client.readResponse(bodyless: true)
            for answer in answers {
                #expect(answer.status == 200 && answer.bodyText == "kept body")
                #expect(answer.header("ETag") == "\"v1\"" && answer.header("X-Default") == "yes")
                #expect(answer.header("X-Request-Id") == nil, "one response cannot carry each request's id")
                #expect(answer.comparableHeaders == answers[0].comparableHeaders)
            }
            #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Length") == "9")
            try client.request("GET", "/fresh")
            #expect(try client.readResponse().header("X-Request-Id") != nil)
        }
        let entries = logged.wait { $0.count >= 5 }
        #expect(entries.prefix(3).allSatisfy { $0.status == 200 && $0.bodyBytes == 9 && !$0.requestID.isEmpty })
    }

    @Test func changingAResponseDropsItsShare() {
        var response = Response.text("a")
        response.shared = SharedResponse()
        var changed = response
        changed.headers.replaceOrAdd(name: "Vary", value: "Origin")
        #expect(response.shared != nil && changed.shared == nil)
        changed = response
        changed.body = Array("b".utf8)
        #expect(changed.shared == nil)
        changed = response
        changed.status = 404
        #expect(changed.shared == nil)
    }
}
