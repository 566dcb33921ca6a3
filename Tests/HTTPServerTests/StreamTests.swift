import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// Streamed bodies (`ResponseStream`): sent chunked, piece by piece, broken
/// off on a failure, and never holding a worker while the client does not read.
@Suite struct StreamTests {
    /// Counts the pieces a stream made.
    final class Counter: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A stream of `count` pieces of `size` bytes each (piece `i` is all byte `i`),
    /// failing instead of making piece `failAt`; `made` counts the pieces made.
    static func stream(count: Int, size: Int, failAt: Int? = nil, made: Counter? = nil) -> ResponseStream {
        let next = Atomic<Int>(0)
        return ResponseStream {
            let index = next.add(1, ordering: .relaxed).newValue
            made?.count.add(1, ordering: .relaxed)
            if index == failAt { return .failed("piece \(index) failed") }
            if index > count { return .end }
            return .bytes(index % 2 == 0 ? [] : [UInt8](repeating: UInt8(index % 256), count: size))
        }
    }

    static func router(count: Int, size: Int, failAt: Int? = nil, made: Counter? = nil) throws -> Router {
        var router = Router()
        try router.get("/export", mayBlock: true) { _, _ in
            var response = Response.text("head:")
            response.stream = stream(count: count, size: size, failAt: failAt, made: made)
            return response
        }
        try router.get("/blocking", mayBlock: true) { _, _ in .text("answered on a worker") }
        return router
    }

    /// What `stream(count:size:)` sends after `head`: the odd pieces (even ones are empty).
    static func expected(count: Int, size: Int) -> [UInt8] {
        Array("head:".utf8) + (1...count).filter { $0 % 2 == 1 }.flatMap { [UInt8](repeating: UInt8($0 % 256), count: size) }
    }

    @Test(arguments: [0, 2])
    func aStreamIsSentChunkedWholeAndInOrder(workers: Int) throws {
        let errors = Recorder<String>()
        let configuration = testConfiguration {
            $0.workerThreads = workers
            $0.errorLog = { errors.append($0) }
        }
        try withServer(router: try Self.router(count: 9, size: 100_000), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            for _ in 0..<2 {  // keep-alive: a second request on the same connection after a whole stream
                try client.request("GET", "/export")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.header("Transfer-Encoding") == "chunked" && response.header("Content-Length") == nil)
                #expect(response.isComplete)
                #expect(response.body == Self.expected(count: 9, size: 100_000))
            }
            try client.request("HEAD", "/export")
            let head = try client.readResponse(bodyless: true)
            #expect(head.status == 200 && head.body.isEmpty)
        }
        #expect(errors.all.isEmpty)
    }

    @Test(arguments: [0, 2])
    func aFailedPieceBreaksTheConnectionOff(workers: Int) throws {
        let errors = Recorder<String>()
        let logged = Recorder<AccessLogEntry>()
        let configuration = testConfiguration {
            $0.workerThreads = workers
            $0.errorLog = { errors.append($0) }
            $0.accessLog = { logged.append($0) }
        }
        try withServer(router: try Self.router(count: 9, size: 10_000, failAt: 4), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/export")
            let response = try client.readResponse()
            #expect(response.status == 200)
            // The pieces before the failure arrived; the last chunk never did.
            #expect(!response.isComplete)
            #expect(response.body == Self.expected(count: 3, size: 10_000))
        }
        #expect(errors.all.contains { $0.contains("GET /export was broken off after 20005 bytes: piece 4 failed") })
        #expect(logged.wait { !$0.isEmpty }.first?.bodyBytes == 20_005)
    }

    /// HTTP/1.0 has no chunks, so the end of the connection would end the body
    /// and a body broken off would look whole (found by QA: curl --http1.0 saved a
    /// short file and exited 0): a streamed answer is a 505 for it.
    @Test func anHTTP10RequestForAStreamIsRefused() throws {
        try withServer(router: try Self.router(count: 3, size: 10)) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET /export HTTP/1.0\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 505 && answer.bodyText.contains("needs HTTP/1.1"))
        }
    }

    @Test func headOfAStreamClosesTheConnection() throws {
        try withServer(router: try Self.router(count: 3, size: 10)) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("HEAD", "/export")
            let head = try client.readResponse(bodyless: true)
            #expect(head.status == 200 && head.header("Connection") == "close")
        }
    }

    @Test func aClientThatStopsReadingHoldsNoWorkerAndIsDroppedWhenIdle() throws {
        let made = Counter()
        let configuration = testConfiguration {
            $0.workerThreads = 1
            $0.connectionTimeoutSeconds = 1
        }
        // 400 pieces of 1 MB: far more than the socket buffers hold.
        try withServer(router: try Self.router(count: 400, size: 1 << 20, made: made), configuration: configuration) { _, port in
            let stalled = try RawHTTPClient(port: port)
            try stalled.request("GET", "/export")
            #expect(try stalled.readSome())
            // The one worker is free: a blocking route answers while the export waits on the client.
            let other = try RawHTTPClient(port: port)
            try other.request("GET", "/blocking")
            #expect(try other.readResponse().bodyText == "answered on a worker")
            let madeWhileStalled = made.count.load(ordering: .relaxed)
            #expect(madeWhileStalled < 400)
            // The idle timeout drops the stalled connection: reading on ends before the last chunk.
            sleep(3)
            let rest = try stalled.readUntilClosed()
            #expect(rest.count < 400 << 20)
        }
    }

    @Test func aStopWhileStreamingEndsTheStream() throws {
        let configuration = testConfiguration { $0.workerThreads = 2 }
        let server = Server(configuration: configuration, router: try Self.router(count: 400, size: 1 << 20))
        try server.start()
        let port = try #require(server.port)
        let client = try RawHTTPClient(port: port)
        try client.request("GET", "/export")
        #expect(try client.readSome())
        let started = ContinuousClock.now
        try? server.shutdown(timeout: .seconds(1))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try client.readUntilClosed().count < 400 << 20)
    }
}
