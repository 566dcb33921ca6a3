import ListStore
import Testing

@testable import ListState

/// Issue 9, drain on SIGTERM: once the application is draining, `/-/readyz`
/// answers 503 (a load balancer takes the instance out) while pages, fragments
/// and `/-/livez` are still served normally.
@Suite struct DrainTests {
    @Test func readinessFailsWhileDrainingAndPagesStillServe() throws {
        let catalogue = try CatalogueFixture()
        let server = catalogue.server
        #expect(try server.get("/-/readyz").status == 200)
        #expect(!server.application.isDraining)
        server.application.beginDraining()
        server.application.beginDraining()  // idempotent
        #expect(server.application.isDraining)
        let readiness = try server.get("/-/readyz")
        #expect(readiness.status == 503)
        #expect(readiness.text.contains("draining"))
        #expect(readiness.header("cache-control") == "no-store")
        #expect(try server.get("/-/livez").status == 200)
        #expect(try server.get("/").status == 200)
        #expect(try server.get("/", headers: ["HX-Request": "true"]).status == 200)
    }
}
