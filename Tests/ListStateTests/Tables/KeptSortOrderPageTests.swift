import Foundation
import Testing

@testable import ListState
@testable import ListStore

/// A sorted page served from a kept order (``KeptSortOrders``) is the SQL path's page, byte for
/// byte, HTML (validated) and JSON, on every page of the walk.
@Suite struct KeptSortOrderPageTests {
    @Test(arguments: ["sort=price&limit=2", "sort=-name&limit=3", "sort=maker&limit=2"])
    func sortedPagesFromTheKeptOrderEqualTheSQLPages(_ parameters: String) throws {
        let orders = KeptSortOrders(budgetBytes: 1 << 20, minimumRows: 0)
        let kept = try TableFixture(responseCacheBytes: 0, sortOrders: orders)
        let plain = try TableFixture(responseCacheBytes: 0)
        // The first sorted page asks for the order; it is built off the request path.
        #expect(try kept.server.get("/products?\(parameters)").status == 200)
        let deadline = ContinuousClock.now + .seconds(20)
        while orders.isBuilding && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(!orders.keptKeys.isEmpty, "no order was kept")
        let served = orders.pagesServed.load(ordering: .relaxed)
        var next: String? = "/products.json?\(parameters)"
        var pages = 0
        while let address = next, pages < 20 {
            let html = address.replacingOccurrences(of: "/products.json", with: "/products")
            let fromOrder = try kept.server.get(html)
            let fromSQL = try plain.server.get(html)
            #expect(fromOrder.status == 200)
            #expect(fromOrder.text == fromSQL.text, "\(html)")
            let json = try kept.server.get(address)
            #expect(json.body == (try plain.server.get(address)).body, "\(address)")
            next = try TableFixture.json(json)["next"] as? String
            pages += 1
        }
        #expect(pages > 1)
        // Each page: its HTML and its JSON.
        let fromOrder = orders.pagesServed.load(ordering: .relaxed) - served
        #expect(fromOrder == pages * 2)
    }
}
