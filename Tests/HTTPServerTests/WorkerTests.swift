import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Handlers that may block run on worker threads while their connection
/// waits suspended (docs/design.md, "HTTP and HTMX": a query waiting on a lock
/// must not hold up requests that never touch the data source).
@Suite struct WorkerTests {
    /// A router with `/held` (blocks until `gate` opens), `/answer` (answers now,
    /// or on a worker when asked `?work`), and `/` (never blocks).
    func router(entered: DispatchSemaphore, gate: DispatchSemaphore) throws -> Router {
        var router = try sampleRouter()
        try router.get("/held", mayBlock: true) { _, _ in
            entered.signal()
            gate.wait()
            return .text("held done")
        }
        // One pass: what the connection thread found travels to the worker.
        try router.get("/answer") { request, _ in
            let found = request.query("n") ?? "none"
            guard request.query("work") != nil else { return .now(.text("now \(found)")) }
            return .onWorker { .text("worker \(found) \(Thread.isMainThread ? "main" : "thread")") }
        }
        return router
    }

    /// A started server with one request to `/held` waiting on a worker until `gate` opens.
    func startWithAHeldRequest(gate: DispatchSemaphore) throws -> (Server, RawHTTPClient) {
        let entered = DispatchSemaphore(value: 0)
        let server = Server(configuration: testConfiguration(), router: try router(entered: entered, gate: gate))
        try server.start()
        let held = try RawHTTPClient(port: try #require(server.port))
        try held.request("GET", "/held")
        #expect(entered.wait(timeout: .now() + 10) == .success)
        return (server, held)
    }

    @Test func aBlockedHandlerDoesNotHoldUpTheConnectionThread() throws {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let configuration = testConfiguration {
            $0.threads = 1  // one connection thread: without workers, `/` would wait behind /held
            $0.workerThreads = 2
        }
        try withServer(router: router(entered: entered, gate: gate), configuration: configuration) { server, port in
            defer { gate.signal() }  // never leave the handler blocked (the stop would wait for it)
            let held = try RawHTTPClient(port: port)
            try held.request("GET", "/held")
            #expect(entered.wait(timeout: .now() + 10) == .success)
            // The same connection thread answers other connections meanwhile (the
            // client's 10 s receive timeout is the safety net, not an assertion).
            for _ in 0..<5 {
                let other = try RawHTTPClient(port: port)
                try other.request("GET", "/")
                let answer = try other.readResponse()
                #expect(answer.status == 200 && answer.bodyText == "home")
            }
            #expect(server.requestsInFlight >= 1, "the held request is in flight")
            gate.signal()
            let answer = try held.readResponse()
            #expect(answer.status == 200 && answer.bodyText == "held done")
            // Keep-alive goes on after a resumed request.
            try held.request("GET", "/")
            #expect(try held.readResponse().bodyText == "home")
        }
    }

    @Test func aHeadAnsweredOnAWorkerHasTheGetsLengthAndNoBody() throws {
        try withServer(router: router(entered: DispatchSemaphore(value: 0), gate: DispatchSemaphore(value: 0))) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/answer?n=7&work")
            let get = try client.readResponse()
            #expect(get.bodyText.hasPrefix("worker 7"))
            try client.request("HEAD", "/answer?n=7&work")
            let head = try client.readResponse(bodyless: true)
            #expect(head.status == 200 && head.body.isEmpty && head.header("content-length") == "\(get.body.count)")
        }
    }

    @Test func anAnswerHandlerDecidesWhereItAnswersAndCarriesWhatItFound() throws {
        let router = try router(entered: DispatchSemaphore(value: 0), gate: DispatchSemaphore(value: 0))
        try withServer(router: router) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/answer?n=7")
            #expect(try client.readResponse().bodyText == "now 7")
            try client.request("GET", "/answer?n=8&work")
            #expect(try client.readResponse().bodyText == "worker 8 thread")
        }
        let response = router.respond(to: try Request(method: .get, target: "/answer?n=9&work"))
        #expect(String(decoding: response.body, as: UTF8.self) == "worker 9 thread")
    }

    @Test func manyBlockingRequestsAtOnceAreAllAnswered() throws {
        var router = Router()
        try router.get("/work", mayBlock: true) { request, _ in
            usleep(UInt32.random(in: 0...2_000))
            return .text("done \(request.query("n") ?? "?")")
        }
        let configuration = testConfiguration { $0.workerThreads = 3 }
        try withServer(router: router, configuration: configuration) { _, port in
            let answers = Recorder<String>()
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                guard let client = try? RawHTTPClient(port: port) else { return }
                for round in 0..<3 {
                    try? client.request("GET", "/work?n=\(index)-\(round)")
                    if let answer = try? client.readResponse() { answers.append(answer.bodyText) }
                }
            }
            let all = answers.all
            #expect(all.count == 192)
            #expect(Set(all).count == 192, "every request got its own answer")
        }
    }

    @Test func aGracefulStopWaitsForTheWorker() throws {
        let gate = DispatchSemaphore(value: 0)
        let (server, held) = try startWithAHeldRequest(gate: gate)
        let outcome = Mutex<String>("running")
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            do {
                try server.shutdown(timeout: .seconds(30))
                outcome.withLock { $0 = "ok" }
            } catch { outcome.withLock { $0 = "\(error)" } }
            stopped.signal()
        }.start()
        usleep(50_000)
        #expect(outcome.withLock { $0 } == "running", "the stop waits for the request on the worker")
        gate.signal()
        let answer = try held.readResponse()
        #expect(answer.status == 200 && answer.bodyText == "held done")
        #expect(answer.header("connection")?.lowercased() == "close", "draining")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(outcome.withLock { $0 } == "ok")
    }

    @Test func aStopAtTheDeadlineResumesAndClosesAWaitingConnection() throws {
        let gate = DispatchSemaphore(value: 0)
        let (server, held) = try startWithAHeldRequest(gate: gate)
        // libmicrohttpd aborts the process when it stops with a suspended
        // connection: the stop must resume it first. Reaching the next line is the test.
        #expect(throws: HTTPServerError.self) { try server.shutdown(timeout: .milliseconds(100)) }
        let rest = (try? held.readUntilClosed()) ?? []
        let text = String(decoding: rest, as: UTF8.self)
        #expect(!text.contains("held done"), "the answer came after the stop: dropped")
        gate.signal()  // the worker finishes after the stop and touches nothing
        usleep(20_000)
    }

    @Test func withoutWorkersBlockingHandlersRunOnTheConnectionThread() throws {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        gate.signal()
        let configuration = testConfiguration { $0.workerThreads = 0 }
        try withServer(router: router(entered: entered, gate: gate), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/held")
            #expect(try client.readResponse().bodyText == "held done")
        }
    }
}
