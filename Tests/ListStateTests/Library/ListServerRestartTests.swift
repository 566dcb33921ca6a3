import TestSupport
import Testing

@testable import ListState

/// A server stopped and started again is ready again: `stop()` marks it draining for the
/// requests in flight, and a later `start` must not keep `/-/readyz` at 503, or a load
/// balancer never sends it a request.
@Suite struct ListServerRestartTests {
    @Test func aServerStartedAgainAfterStopIsReady() async throws {
        let books = try InMemoryRowSource(name: "books", columns: [.key("id"), .text("title")], rows: [[.integer(1), .text("Dune")]])
        let server = try ListServer(lists: [ListDefinition("books", rows: books)])
        let first = try server.start(port: 0)
        #expect(try await onOwnThread { try HTTPTestClient(port: first).send("GET", "/-/readyz").status } == 200)
        server.stop()
        #expect(await server.respond(to: ListServer.Request(path: "/-/readyz")).status == 503, "draining once stopped")

        let second = try server.start(port: 0)
        defer { server.stop() }
        #expect(try await onOwnThread { try HTTPTestClient(port: second).send("GET", "/-/readyz").status } == 200)
        #expect(await server.respond(to: ListServer.Request(path: "/-/readyz")).status == 200)
    }
}
