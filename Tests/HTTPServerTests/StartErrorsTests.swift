import Testing

@testable import HTTPServer

/// Start failures are thrown errors with a clear message, never a crash.
@Suite struct StartErrorsTests {
    @Test func portInUse() throws {
        let router = try sampleRouter()
        try withServer(router: router) { _, port in
            let second = Server(configuration: testConfiguration { $0.port = port }, router: router)
            do {
                try second.start()
                Issue.record("a second server started on a port in use")
            } catch let error as HTTPServerError {
                #expect(error.kind == .addressInUse)
                #expect(error.context.contains("127.0.0.1:\(port)"))
                #expect(error.context.contains("already in use"))
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func badHostAndConfiguration() throws {
        let badHost = Server(configuration: testConfiguration { $0.host = "not a host" }, router: Router())
        #expect { try badHost.start() } throws: { ($0 as? HTTPServerError)?.kind == .invalidAddress }
        let badThreads = Server(configuration: testConfiguration { $0.threads = 0 }, router: Router())
        #expect { try badThreads.start() } throws: { ($0 as? HTTPServerError)?.kind == .invalidConfiguration }
    }

    @Test func ipv6Loopback() throws {
        let server = Server(configuration: testConfiguration { $0.host = "::1" }, router: try sampleRouter())
        do {
            try server.start()
        } catch  where error.kind == .invalidAddress {
            return  // no IPv6 on this machine
        }
        #expect(server.port != nil)
        try server.shutdown()
    }
}
