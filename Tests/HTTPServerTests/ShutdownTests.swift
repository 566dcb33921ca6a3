import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Graceful shutdown: stop accepting, finish requests in flight, stop.
@Suite struct ShutdownTests {
    @Test func finishesASlowRequestInFlight() throws {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        var router = try sampleRouter()
        try router.get("/slow") { _, _ in
            entered.signal()
            gate.wait()
            return .text("slow done")
        }
        let server = Server(configuration: testConfiguration(), router: router)
        try server.start()
        let port = try #require(server.port)

        let slow = try RawHTTPClient(port: port)
        try slow.request("GET", "/slow")
        #expect(entered.wait(timeout: .now() + 10) == .success)
        #expect(server.requestsInFlight == 1)

        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<String>("not finished")
        let stopper = Thread {
            do {
                try server.shutdown(timeout: .seconds(30))
                outcome.withLock { $0 = "ok" }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        stopper.start()

        // New connections are refused once the server stops accepting
        // (bounded wait: a safety net, not a timing assertion).
        var refused = false
        for _ in 0..<1000 where !refused {
            if (try? RawHTTPClient(port: port)) == nil { refused = true } else { usleep(5_000) }
        }
        #expect(refused)
        #expect(outcome.withLock { $0 } == "not finished")

        gate.signal()
        let response = try slow.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == "slow done")
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(outcome.withLock { $0 } == "ok")
        #expect(server.port == nil)
    }

    /// Found by QA: a client that sent half a request kept a graceful stop waiting 25 s, then failed it.
    @Test func halfARequestDoesNotHoldUpTheStop() throws {
        let server = Server(configuration: testConfiguration(), router: try sampleRouter())
        try server.start()
        let port = try #require(server.port)
        let half = try RawHTTPClient(port: port)
        try half.send("GET / HTTP/1.1\r\nHost: x\r\n")
        let halfBody = try RawHTTPClient(port: port)
        try halfBody.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
        let other = try RawHTTPClient(port: port)
        try other.request("GET", "/")
        #expect(try other.readResponse().status == 200)
        // Neither half request is in flight, so the stop does not wait for them (it would throw at 5 s).
        try server.shutdown(timeout: .seconds(5))
        #expect(server.port == nil)
    }

    @Test func shutdownIsIdempotent() throws {
        let server = Server(configuration: testConfiguration(), router: try sampleRouter())
        try server.start()
        try server.shutdown()
        try server.shutdown()
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    /// Issue 9: draining keeps accepting, answers normally with
    /// `Connection: close`, and is what a shutdown starts with.
    @Test func drainingStillAnswersButClosesConnections() throws {
        let server = Server(configuration: testConfiguration(), router: try sampleRouter())
        try server.start()
        let port = try #require(server.port)
        #expect(!server.isDraining)
        let before = try RawHTTPClient(port: port)
        try before.request("GET", "/")
        #expect(try before.readResponse().header("Connection")?.lowercased() != "close")
        server.beginDraining()
        #expect(server.isDraining)
        let during = try RawHTTPClient(port: port)
        try during.request("GET", "/")
        let response = try during.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection")?.lowercased() == "close")
        try server.shutdown(timeout: .seconds(5))
        #expect(server.isDraining)
    }
}
