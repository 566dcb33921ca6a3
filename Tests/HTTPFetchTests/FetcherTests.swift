import Foundation
import HTTPFetch
import HTTPServer
import Synchronization
import Testing

/// Fetches against a real HTTPServer on port 0: redirects followed and stopped,
/// timeouts, refused connections and schemes, the body limit, header fields.
@Suite struct FetcherTests {
    static func redirect(_ status: Int, to location: String) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    @Test func aRedirectChainIsFollowedAndTheFinalURLNamed() throws {
        var router = Router()
        try router.get("/start") { _, _ in Self.redirect(308, to: "/middle") }
        try router.get("/middle") { _, _ in Self.redirect(302, to: "final?x=1") }
        try router.get("/final") { _, _ in .text("done") }
        try withServer(router) { base in
            let response = try Fetcher().fetch(FetchRequest(url: base + "/start"))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "done")
            #expect(response.header("content-type")?.hasPrefix("text/plain") == true)
            #expect(response.finalURL == base + "/final?x=1")
            #expect(response.redirects == [base + "/start", base + "/middle"])

            let direct = try Fetcher().fetch(FetchRequest(url: base + "/final"))
            #expect(direct.finalURL == base + "/final" && direct.redirects.isEmpty)
        }
    }

    @Test func endlessRedirectsAreStoppedAfterTheLimit() throws {
        let counter = RequestCounter()
        var router = Router()
        try router.get("/hop/:n") { _, parameters in
            counter.add()
            return Self.redirect(302, to: "/hop/\((Int(parameters["n"] ?? "") ?? 0) + 1)")
        }
        try withServer(router) { base in
            #expect(throws: FetchError.tooManyRedirects(limit: 5, url: base + "/hop/5")) {
                try Fetcher().fetch(FetchRequest(url: base + "/hop/0"))
            }
            // The request and its 5 redirects, no seventh.
            #expect(counter.value == 6)
            var unfollowing = FetchRequest(url: base + "/hop/0")
            unfollowing.maximumRedirects = 0
            let unfollowed = try Fetcher().fetch(unfollowing)
            #expect(unfollowed.status == 302 && unfollowed.header("location") == "/hop/1", "\(unfollowed.headers)")
            #expect(unfollowed.finalURL == base + "/hop/0" && unfollowed.redirects.isEmpty)
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let silent = try SilentListener()
        defer { silent.close() }
        var request = FetchRequest(url: "http://127.0.0.1:\(silent.port)/")
        request.totalTimeout = .milliseconds(300)
        let started = ContinuousClock.now
        #expect {
            try Fetcher().fetch(request)
        } throws: { error in
            guard case .timedOut = error as? FetchError else { return false }
            return true
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aRefusedConnectionSaysSo() throws {
        var port = ""
        try withServer(Router()) { base in port = String(base.split(separator: ":").last ?? "") }
        #expect {
            try Fetcher().fetch(FetchRequest(url: "http://127.0.0.1:\(port)/"))
        } throws: { error in
            guard case .cannotConnect(let message) = error as? FetchError else { return false }
            return message.contains("127.0.0.1")
        }
    }

    @Test func onlyHTTPAndHTTPSAreFetched() throws {
        for url in ["ftp://127.0.0.1/file", "file:///etc/passwd", "gopher://127.0.0.1/"] {
            #expect(throws: FetchError.unsupportedScheme(url)) { try Fetcher().fetch(FetchRequest(url: url)) }
        }
        for url in ["not a url", "/relative/path", "http://"] {
            #expect(throws: FetchError.badURL(url)) { try Fetcher().fetch(FetchRequest(url: url)) }
        }
        var router = Router()
        try router.get("/to-file") { _, _ in Self.redirect(302, to: "file:///etc/passwd") }
        try withServer(router) { base in
            #expect(throws: FetchError.unsupportedScheme("file:///etc/passwd")) {
                try Fetcher().fetch(FetchRequest(url: base + "/to-file"))
            }
        }
    }

    @Test func aBodyLargerThanTheLimitIsRefused() throws {
        var router = Router()
        try router.get("/declared") { _, _ in .text(String(repeating: "a", count: 100)) }
        try router.get("/streamed") { _, _ in
            let pieces = RequestCounter()
            var response = Response.text("")
            response.stream = ResponseStream {
                pieces.add()
                return pieces.value > 10 ? .end : .bytes([UInt8](repeating: 98, count: 20))
            }
            return response
        }
        try withServer(router) { base in
            for path in ["/declared", "/streamed"] {
                var request = FetchRequest(url: base + path)
                request.maximumBodyBytes = 99
                #expect(throws: FetchError.bodyTooLarge(limit: 99)) { try Fetcher().fetch(request) }
            }
            var exact = FetchRequest(url: base + "/declared")
            exact.maximumBodyBytes = 100
            let exactBody = try Fetcher().fetch(exact).body
            #expect(exactBody.count == 100)
            var streamed = FetchRequest(url: base + "/streamed")
            streamed.maximumBodyBytes = 200
            let streamedBody = try Fetcher().fetch(streamed).body
            #expect(streamedBody == [UInt8](repeating: 98, count: 200))
        }
    }

    @Test func headerFieldsAreSentAndBrokenOnesRefused() throws {
        var router = Router()
        try router.get("/echo") { request, _ in .text("hx=\(request.headers["HX-Request"] ?? "-")") }
        try withServer(router) { base in
            let sent = try Fetcher().fetch(FetchRequest(url: base + "/echo", headers: [FetchHeaderField(name: "HX-Request", value: "true")]))
            #expect(String(decoding: sent.body, as: UTF8.self) == "hx=true")
            for field in [
                FetchHeaderField(name: "X-Bad", value: "a\r\nSet-Cookie: x=1"), FetchHeaderField(name: "Bad Name", value: "x"),
                FetchHeaderField(name: "", value: "x"),
            ] {
                #expect(throws: FetchError.badHeaderField(field.name)) {
                    try Fetcher().fetch(FetchRequest(url: base + "/echo", headers: [field]))
                }
            }
        }
    }

    @Test func fetchesRunOnManyThreadsAtOnce() throws {
        var router = Router()
        try router.get("/n/:n") { _, parameters in .text(parameters["n"] ?? "?") }
        try withServer(router) { base in
            let bodies = Mutex<[Int: String]>([:])
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                let body = (try? Fetcher().fetch(FetchRequest(url: base + "/n/\(index)"))).map { String(decoding: $0.body, as: UTF8.self) }
                bodies.withLock { $0[index] = body }
            }
            #expect(bodies.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<16).map { ($0, String($0)) }))
        }
    }

    /// Kept connections from many threads at once: each fetch on a handle of its own (the share's DNS and
    /// TLS data under its locks), every answer right, and no more handles kept idle than allowed.
    @Test func keptConnectionsServeManyThreadsAtOnce() throws {
        var router = Router()
        try router.get("/n/:n") { _, parameters in .text(parameters["n"] ?? "?") }
        try withServer(router) { base in
            let connections = FetchConnections(maximumIdle: 3)
            let fetcher = Fetcher(keeping: connections)
            let bodies = Mutex<[Int: String]>([:])
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                let body = (try? fetcher.fetch(FetchRequest(url: base + "/n/\(index)"))).map { String(decoding: $0.body, as: UTF8.self) }
                bodies.withLock { $0[index] = body }
            }
            #expect(bodies.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<64).map { ($0, String($0)) }))
            #expect((1...3).contains(connections.idleCount), "\(connections.idleCount) idle")
            // A refused fetch gives its handle back too, and the next fetch on it answers.
            #expect(throws: FetchError.self) { try fetcher.fetch(FetchRequest(url: "http://127.0.0.1:1/")) }
            let again = try fetcher.fetch(FetchRequest(url: base + "/n/7"))
            #expect(again.body == Array("7".utf8))
        }
    }
}
