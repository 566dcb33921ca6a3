import Foundation
import TestSupport
import Testing

@testable import ListState
@testable import UpstreamStore

/// The sorts and filters an upstream declares are the list's, sent as its own query parameters
/// on the first page and kept by its next pages; the list offers no other.
@Suite struct UpstreamSortAndFilterTests {
    static let declared = #"""
        , "sorts": {"price": {"ascending": {"ordering": "price"}, "descending": {"ordering": "-price"}},
                    "name": {"ascending": {"ordering": "name"}, "descending": {"ordering": "-name"}}},
          "filters": {"active": {"exact": "active"}, "price": {"gte": "price_min", "lte": "price_max"}}
        """#

    static let walks: [(query: String, ids: [Int])] = [
        ("sort=-price&limit=10", Array((1...45).reversed())),
        ("sort=name&limit=7", Array(1...45)),
        ("active=false&limit=4", Array(stride(from: 3, through: 45, by: 3))),
        ("price__gte=100&price__lte=105.99&sort=-price", [42, 41, 40]),
    ]

    @Test(arguments: walks)
    func theUpstreamSortsAndFiltersEveryPage(query: String, numbers: [Int]) async throws {
        let ids = numbers.map(String.init)
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: Self.declared, columns: #"["name", "price", "active"]"#)
        let walk = await Pages.walk(server, query: query)
        #expect(walk.ids == ids && walk.status == 200, "\(query): \(walk.ids)")
        #expect(try await Pages.walkJSON(server, query: query).ids == ids, "\(query): the JSON twin")
        let first = try #require(try await upstream.requests().first?.path)
        #expect(["ordering=", "active=", "price_min="].contains { first.contains($0) }, "\(first)")
    }

    @Test func onlyWhatTheUpstreamDeclaresIsOffered() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream, extra: Self.declared, columns: #"["name", "price", "active"]"#)
        let page = Pages.text(await Pages.get(server, "/items"))
        #expect(page.contains("sort&#61;price") && page.contains("sort&#61;name"), "a sort link for price and name")
        #expect(!page.contains("sort&#61;active"), "none for a column it does not sort")
        for refused in ["sort=id", "name__contains=item", "active__not=true", "price__gt=3"] {
            let answer = await Pages.get(server, "/items", query: refused)
            #expect(answer.status == 400 && Pages.text(answer).contains("placeholder-error"), "\(refused): \(answer.status)")
        }
        #expect(try await upstream.requests().count == 1, "nothing refused was sent")
    }

    @Test func aListWithoutSortsOffersNone() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream)
        #expect(!Pages.text(await Pages.get(server, "/items")).contains("sort&#61;price"))
        #expect(await Pages.get(server, "/items", query: "sort=price").status == 400)
    }
}
