import ExamplesTestSupport
import Foundation
import ListState
import StationsLists
import Testing

/// The Stations example served over HTTP on port 0 against its JSON service (a real one,
/// `station_service.py`, on a port of its own), which each test makes answer, empty, slow
/// or stopped: every state's status, placeholder and words, every HTML page checked.
@Suite struct StationsTests {
    /// Serves the stations of `service` (read within `timeLimit`) on a free port while `body` runs.
    func serving(_ service: StationService, timeLimit: Duration = .seconds(2), _ body: (UInt16) async throws -> Void) async throws {
        let server = try ListServer(lists: [Stations.list(service: service.url, timeLimit: timeLimit)], log: { _ in })
        let port = try server.start(port: 0)
        defer { server.stop() }
        try await body(port)
    }

    func get(_ target: String, _ port: UInt16, headers: [String: String] = [:]) async throws -> Fetched {
        let page = try await fetch(target, port: port, lists: ["stations"], headers: headers)
        #expect(page.problems == [])
        return page
    }

    @Test func theServicesStationsArePagedByItsOwnQuery() async throws {
        let service = try StationService()
        try await serving(service) { port in
            let first = try await get("/stations", port)
            #expect(first.status == 200 && occurrences(of: #"<tr class="row"#, in: first.text) == 20)
            #expect(first.text.contains("Aberdeen") && first.text.contains("Tromsø") && !first.text.contains("Uppsala"))
            let next = try #require(loadMoreHref(first.text))
            let rest = try await get(next, port, headers: ["HX-Request": "true"])
            #expect(rest.status == 200 && occurrences(of: #"<tr class="row"#, in: rest.text) == 10)
            #expect(rest.text.contains("Uppsala") && rest.text.contains("Łódź") && !rest.text.contains("Aberdeen"))
            #expect(rest.text.contains("Those are all the stations."))
            let cork = try await get("/stations/3", port)
            #expect(cork.status == 200 && cork.text.contains("Cork"))
            let missing = try await get("/stations/99", port)
            #expect(missing.status == 404 && missing.text.contains("placeholder-notFound"), "the service's 404 is the row's")
        }
    }

    @Test func anEmptyServiceShowsTheNoDataPlaceholder() async throws {
        let service = try StationService()
        try await service.set("empty")
        try await serving(service) { port in
            let page = try await get("/stations", port)
            #expect(page.status == 200 && page.text.contains("placeholder-noData") && page.text.contains("No station reports yet"))
        }
    }

    @Test func aServicePastTheTimeLimitIsUnavailableOnTime() async throws {
        let service = try StationService()
        try await service.set("slow")
        try await serving(service, timeLimit: .seconds(1)) { port in
            let started = ContinuousClock.now
            let page = try await get("/stations", port)
            #expect(ContinuousClock.now - started < .seconds(3), "answered at the 1 s limit, not when the service answers (4 s)")
            #expect(page.status == 503 && page.header("Retry-After") != nil)
            #expect(page.text.contains("placeholder-unavailable") && page.text.contains("The station service does not answer"))
        }
    }

    @Test func aStoppedServiceIsUnavailable() async throws {
        let service = try StationService()
        service.stop()
        try await serving(service) { port in
            let page = try await get("/stations", port)
            #expect(page.status == 503 && page.header("Retry-After") != nil)
            #expect(page.text.contains("placeholder-unavailable") && page.text.contains("Try again in a minute."))
            let json = try await fetch("/stations.json", port: port, lists: ["stations"])
            #expect(json.status == 503)
        }
    }
}
