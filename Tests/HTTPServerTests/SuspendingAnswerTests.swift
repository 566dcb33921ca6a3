import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// A step that awaits (`Answer.suspending`) runs as a task while its connection waits
/// suspended: no thread, neither a connection thread nor a worker, waits on it. Each test's
/// blocking part (sockets, semaphores) runs on a thread of its own (`onOwnThread`).
@Suite struct SuspendingAnswerTests {
    /// A router with `/awaiting` (suspends until `gate` yields) and `/` (answers now).
    func router(entered: DispatchSemaphore, gate: AsyncStream<Void>) throws -> Router {
        var router = try sampleRouter()
        try router.get("/awaiting") { request, _ in
            let found = request.query("n") ?? "none"
            return .suspending {
                entered.signal()
                for await _ in gate { break }
                return .text("awaited \(found)")
            }
        }
        return router
    }

    @Test func anAwaitingStepHoldsNoThreadAndItsAnswerComesWhenItReturns() async throws {
        let entered = DispatchSemaphore(value: 0)
        let (gate, open) = AsyncStream<Void>.makeStream()
        let configuration = testConfiguration {
            $0.threads = 1  // one connection thread and no workers: a waiting thread would hold up `/`
            $0.workerThreads = 0
        }
        let router = try router(entered: entered, gate: gate)
        try await onOwnThread { try Self.answerWhileAwaiting(router: router, configuration: configuration, entered: entered, open: open) }
    }

    /// The body of ``anAwaitingStepHoldsNoThreadAndItsAnswerComesWhenItReturns()``, on a thread of its own.
    static func answerWhileAwaiting(
        router: Router, configuration: Server.Configuration, entered: DispatchSemaphore, open: AsyncStream<Void>.Continuation
    ) throws {
        try withServer(router: router, configuration: configuration) { server, port in
            defer { open.finish() }  // never leave the step waiting (the stop would drop it)
            let held = try RawHTTPClient(port: port)
            try held.request("GET", "/awaiting?n=3")
            #expect(entered.wait(timeout: .now() + 10) == .success)
            for _ in 0..<5 {
                let other = try RawHTTPClient(port: port)
                try other.request("GET", "/")
                let answer = try other.readResponse()
                #expect(answer.status == 200 && answer.bodyText == "home")
            }
            #expect(server.requestsInFlight >= 1, "the awaiting request is in flight")
            open.yield()
            let answer = try held.readResponse()
            #expect(answer.status == 200 && answer.bodyText == "awaited 3")
            // Keep-alive goes on after a resumed request.
            try held.request("GET", "/")
            #expect(try held.readResponse().bodyText == "home")
        }
    }

    @Test func anAwaitingStepAnsweredHereBlocksForItsAnswer() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        open.yield()
        let router = try router(entered: DispatchSemaphore(value: 0), gate: gate)
        try await onOwnThread {
            let response = router.respond(to: try Request(method: .get, target: "/awaiting?n=5"))
            #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self) == "awaited 5")
        }
    }

    @Test func aStopWhileAStepAwaitsAnswersTheClientAndDropsTheLateAnswer() async throws {
        let entered = DispatchSemaphore(value: 0)
        let (gate, open) = AsyncStream<Void>.makeStream()
        defer { open.finish() }
        let server = Server(configuration: testConfiguration(), router: try router(entered: entered, gate: gate))
        try await onOwnThread { try Self.stopWhileAwaiting(server, entered: entered, open: open) }
    }

    /// The body of ``aStopWhileAStepAwaitsAnswersTheClientAndDropsTheLateAnswer()``, on a thread of its own.
    static func stopWhileAwaiting(_ server: Server, entered: DispatchSemaphore, open: AsyncStream<Void>.Continuation) throws {
        try server.start()
        let held = try RawHTTPClient(port: try #require(server.port))
        try held.request("GET", "/awaiting")
        #expect(entered.wait(timeout: .now() + 10) == .success)
        #expect(throws: (any Error).self, "the stop cannot wait for the step") { try server.shutdown(timeout: .milliseconds(300)) }
        // The client is answered (503, the server stopping) or the connection closed; never left waiting.
        if let answer = try? held.readResponse() { #expect(answer.status == 503) }
        open.yield()  // the late answer goes nowhere
    }
}
