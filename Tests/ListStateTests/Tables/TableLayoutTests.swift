import Foundation
import Testing

@testable import ListState

/// Issue 15, part 1: a list over a table laid out as a `<table>` (the default
/// for lists inferred from a database; `layout: "list"` keeps the `<ol>`).
/// Every answer is validated by `TestServer.get`, continuations in table context.
@Suite struct TableLayoutTests {
    static func headers(_ html: String) -> [String] {
        Markup.matches(#"<th scope="col"([^>]*)><a [^>]*>([^<]*)</a>"#, in: html)
    }

    @Test func aTablesPageIsATableWithSortableHeaders() throws {
        let fixture = try TableFixture()
        let page = try fixture.server.get("/products?limit=2")
        #expect(page.status == 200)
        #expect(page.text.contains(#"<table class="rows-table" aria-labelledby="list-heading">"#))
        #expect(page.text.contains(#"<tbody id="rows" class="rows">"#))
        let labels = Markup.matches(#"<th scope="col"[^>]*><a [^>]*>([^<]*)</a>"#, in: page.text)
        // The label column (the first of short text) heads the rows and links each to its page (issue 46).
        #expect(labels == ["name", "id", "price", "maker", "data"])
        #expect(
            page.text.contains(
                ##"<th scope="col"><a href="/products?sort&#61;name&amp;limit&#61;2" hx-get="/products?sort&#61;name&amp;limit&#61;2" hx-target="#list" hx-swap="outerHTML" hx-push-url="true">name</a>"##
            ))
        #expect(Markup.matches(#"<tr class="row record" id="[^"]+" data-key="([^"]+)""#, in: page.text) == ["1", "2"])
        #expect(page.text.contains(#"<td class="cell cell-real" data-label="price" dir="auto">1.5</td>"#))
        #expect(page.text.contains(#"<tr id="list-footer" class="list-footer list-footer-load-more""#))
        #expect(page.text.contains(##"<td colspan="5"><div class="list-footer-body"><a href="##), "the footer spans every column")
        // The offline retry footer the client puts in its place is a row too.
        #expect(page.text.contains(#"<template id="offline-footer-template">"# + "\n" + #"<tr id="list-footer""#))
        let sorted = try fixture.server.get("/products?sort=-price")
        #expect(
            sorted.text.contains(##"<th scope="col" class="numeric" aria-sort="descending"><a href="/products?sort&#61;price""##),
            "following the sorted header reverses it")
        #expect(!sorted.text.contains(#"aria-sort="ascending""#))
        #expect(
            page.text.contains(#"<th scope="col" class="numeric"><a href="/products?sort&#61;id&amp;limit&#61;2""#),
            "a column of numbers is headed on their side")
        #expect(page.text.contains(#"<th scope="col"><a href="/products?sort&#61;name&amp;limit&#61;2""#))
    }

    @Test func aContinuationIsARunOfRowsAndTheRegionUpdatesTheForm() throws {
        let fixture = try TableFixture()
        let first = try fixture.server.get("/products?limit=2&sort=name")
        let next = try #require(Markup.loadMoreHref(first.text))
        let continuation = try fixture.server.get(next, headers: ["HX-Request": "true", "HX-Target": "list-footer"])
        #expect(continuation.text.hasPrefix("<tr class=\"row record\""))
        #expect(
            continuation.text.contains("<template><div id=\"status\" hx-swap-oob=\"innerHTML\">"),
            "the announcement survives table parsing inside <template>")
        #expect(!continuation.text.contains("<table"))
        let region = try fixture.server.get("/products?sort=-price", headers: ["HX-Request": "true", "HX-Target": "list"])
        #expect(region.text.hasPrefix(#"<div id="list" class="list list-table">"#))
        #expect(
            region.text.contains(
                #"<div id="search-hidden" hx-swap-oob="true">"# + "\n"
                    + #"<input type="hidden" name="sort" value="-price">"#),
            "a header's sort reaches the search form's hidden inputs")
    }

    @Test func placeholdersStandOutsideTheTable() throws {
        let fixture = try TableFixture()
        for target in ["/empty", "/products?q=zzqxj", "/products?name=nothing"] {
            let page = try fixture.server.get(target)
            #expect(page.text.contains("placeholder-no"), "\(target)")
            #expect(!page.text.contains("<table"), "\(target): no table around a placeholder")
        }
    }

    @Test func aWideTableSaysWhatItDoesNotShow() throws {
        let columns = (0..<12).map { "c\($0) TEXT" }.joined(separator: ", ")
        let fixture = try TableFixture("CREATE TABLE wide (id INTEGER PRIMARY KEY, \(columns)); INSERT INTO wide (id, c0) VALUES (1, 'x');")
        let page = try fixture.server.get("/wide")
        #expect(Self.headers(page.text).count == 9, "the label column and 8 more")
        #expect(page.text.contains(#"<p class="more-columns">4 more columns on the row’s page</p>"#))
    }

    @Test func theListLayoutIsKeptWhenConfigured() throws {
        let fixture = try TableFixture(configuration: #"{"lists": {"products": {"layout": "list"}}}"#)
        let page = try fixture.server.get("/products?limit=2")
        #expect(page.text.contains(#"<ol id="rows" class="rows">"#) && !page.text.contains("<table"))
        let next = try #require(Markup.loadMoreHref(page.text))
        #expect(try fixture.server.get(next, headers: ["HX-Request": "true"]).text.hasPrefix("<li"))
        #expect(try fixture.server.get("/makers").text.contains("<table"), "other lists keep the default")
    }

    @Test func aBadLayoutStopsTheStartNamingTheKey() {
        #expect {
            _ = try TableFixture(configuration: #"{"lists": {"products": {"layout": "grid"}}}"#)
        } throws: { error in
            "\(error)".contains("lists.products.layout") && "\(error)".contains("“table”")
        }
    }
}

/// Issue 16, part 4 (in part): every list page links its JSON twin, in the
/// head and beside the sort links; `--cors` lets other origins read the JSON.
@Suite struct TableJSONLinkTests {
    @Test func aListPageLinksItsJSONTwin() throws {
        let fixture = try TableFixture()
        let page = try fixture.server.get("/products?sort=-price&limit=2")
        #expect(page.text.contains(#"<link rel="alternate" type="application/json" href="/products.json?sort&#61;-price&amp;limit&#61;2">"#))
        #expect(page.text.contains(#"<a href="/products.json?sort&#61;-price&amp;limit&#61;2" type="application/json">This page as JSON</a>"#))
        let next = try #require(Markup.loadMoreHref(page.text))
        let later = try fixture.server.get(next)
        #expect(later.text.contains("href=\"/products.json?sort&#61;-price&amp;limit&#61;2&amp;cursor&#61;"), "the twin of a later page has its cursor")
    }

    @Test func otherOriginsReadTheJSONOnlyWhenAllowed() throws {
        let closed = try TableFixture()
        let plain = try closed.server.get("/products.json", headers: ["Origin": "https://example.org"])
        #expect(plain.header("access-control-allow-origin") == nil, "off by default")
        let open = try TableFixture(corsOrigin: "*")
        #expect(try open.server.get("/products.json").header("access-control-allow-origin") == "*")
        #expect(try open.server.get("/products/1.json").header("access-control-allow-origin") == "*")
        #expect(try open.server.get("/products").header("access-control-allow-origin") == nil, "pages are never shared")
        let named = try TableFixture(corsOrigin: "https://example.org")
        let allowed = try named.server.get("/products.json", headers: ["Origin": "https://example.org"])
        #expect(allowed.header("access-control-allow-origin") == "https://example.org")
        #expect(allowed.header("vary")?.contains("Origin") == true)
        #expect(allowed.header("access-control-expose-headers") == "Link, ETag")
        let other = try named.server.get("/products.json", headers: ["Origin": "https://evil.example"])
        #expect(other.header("access-control-allow-origin") == nil)
        // A revalidation's 304 says the same (found by QA: it lost both fields).
        let etag = try #require(allowed.header("etag"))
        let revalidated = try named.server.get(
            "/products.json", headers: ["Origin": "https://example.org", "If-None-Match": etag])
        #expect(revalidated.status == 304)
        #expect(revalidated.header("access-control-allow-origin") == "https://example.org")
        #expect(revalidated.header("vary")?.contains("Origin") == true)
        // A twin of a list that is gone says so to the other origin too (found by a break-it pass).
        let gone = try named.server.get("/gone.json", headers: ["Origin": "https://example.org"])
        #expect(gone.status == 404 && gone.header("access-control-allow-origin") == "https://example.org")
        #expect(try named.server.get("/gone").header("access-control-allow-origin") == nil, "pages are never shared")
    }

    /// A cross-origin `fetch` that revalidates (`If-None-Match`) is preflighted; the
    /// preflight's 204 allows it for the JSON twins `--cors` shares, and for nothing
    /// else. Found by a break-it pass: the 204 allowed nothing, so the fetch failed.
    @Test func aRevalidatingFetchFromAnotherOriginIsPreflighted() throws {
        let preflight = [
            "Origin": "https://example.org", "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "if-none-match",
        ]
        let named = try TableFixture(corsOrigin: "https://example.org")
        for target in ["/products.json", "/products/1.json"] {
            let answer = try named.server.client.send("OPTIONS", target, headers: preflight)
            #expect(answer.status == 204)
            #expect(answer.header("access-control-allow-origin") == "https://example.org")
            #expect(answer.header("access-control-allow-methods") == "GET, HEAD")
            #expect(answer.header("access-control-allow-headers")?.lowercased().contains("if-none-match") == true)
            #expect(answer.header("access-control-max-age") == "600")
            #expect(answer.header("vary") == "Origin")
            #expect(answer.header("allow") == "GET, HEAD, OPTIONS")
        }
        var other = preflight
        other["Origin"] = "https://evil.example"
        #expect(try named.server.client.send("OPTIONS", "/products.json", headers: other).header("access-control-allow-origin") == nil)
        var deleting = preflight
        deleting["Access-Control-Request-Method"] = "DELETE"
        #expect(try named.server.client.send("OPTIONS", "/products.json", headers: deleting).header("access-control-allow-methods") == nil)
        #expect(try named.server.client.send("OPTIONS", "/products", headers: preflight).header("access-control-allow-origin") == nil, "pages are never shared")
        let open = try TableFixture(corsOrigin: "*")
        #expect(try open.server.client.send("OPTIONS", "/products.json", headers: preflight).header("access-control-allow-origin") == "*")
        let closed = try TableFixture()
        let refused = try closed.server.client.send("OPTIONS", "/products.json", headers: preflight)
        #expect(refused.status == 204 && refused.header("access-control-allow-origin") == nil, "off by default")
    }

    /// A list that sorts by some columns only (``ListDefinition/sortableColumns``): the
    /// others are headed without a link, have no sort link, and `sort` naming one is a 400.
    @Test func onlySortableColumnsAreSortLinks() throws {
        let fixture = try TableFixture()
        var list = try #require(fixture.server.application.tables.lists.list(named: "products"))
        list.sortableColumns = ["price"]
        let server = try TestServer(tables: TableCatalog(TableLists([list])))
        let page = try server.get("/products").text
        #expect(page.contains(#"<th scope="col">name</th>"#))
        #expect(page.contains("sort&#61;price") && !page.contains("sort&#61;name"))
        let refused = try server.get("/products?sort=name")
        #expect(refused.status == 400)
        // Found by a break-it pass: the column is there, so "has no column" misled.
        #expect(refused.text.contains("This list cannot be sorted by its column “name”."))
        #expect(try server.get("/products?sort=nope").text.contains("This list has no column “nope” to sort by."))
        #expect(try server.get("/products?sort=-price").status == 200)
    }
}
