import Foundation
import Mustache
import Testing

@testable import UpstreamStore

/// How each style finds the next page: a body's next URL, a `Link` header (RFC 8288), a
/// cursor, the last key while `hasMore`, page numbers and offsets; and the styles declared.
@Suite struct UpstreamPaginationTests {
    static let page = UpstreamAddress("https://api.example.org/v1/items?limit=10")!

    /// The next address after `page` for `style`, given a JSON body, headers, rows and page size.
    static func next(
        _ style: UpstreamPagination, body: String = "{}", headers: [String: String] = [:], rows: Int = 10, lastKey: String? = "10",
        asked: Int? = 10, after address: UpstreamAddress = page
    ) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
        return style.next(after: address, body: object, header: { headers[$0] }, rows: rows, lastKey: lastKey, asked: asked)
    }

    @Test(arguments: [
        (#"<https://api.example.org/v1/items?page=2>; rel="next""#, "https://api.example.org/v1/items?page=2"),
        (
            #"<https://api.example.org/v1/items?page=1>; rel="prev", <https://api.example.org/v1/items?page=3>; rel="next", <https://api.example.org/v1/items?page=9>; rel="last""#,
            "https://api.example.org/v1/items?page=3"
        ),
        (#"<https://api.example.org/v1/items?page=3>; rel="next last""#, "https://api.example.org/v1/items?page=3"),
        (#"<https://api.example.org/v1/items?page=3>; rel="last next""#, "https://api.example.org/v1/items?page=3"),
        (#"<https://api.example.org/v1/items?page=3>; rel=next"#, "https://api.example.org/v1/items?page=3"),
        (#"<https://api.example.org/a>; rel=prev,<https://api.example.org/b>; rel=next"#, "https://api.example.org/b"),
        (#"  <https://api.example.org/b> ;  rel = "next" ; title="the next page"  "#, "https://api.example.org/b"),
        (#"<https://api.example.org/b>; title="more"; REL="Next""#, "https://api.example.org/b"),
        (#"<https://api.example.org/b>; type="application/json"; rel="next""#, "https://api.example.org/b"),
    ])
    func theNextLinkOfALinkHeader(field: String, target: String) {
        #expect(UpstreamPagination.nextLink(field) == target)
    }

    @Test(arguments: [
        #"<https://api.example.org/v1/items?page=1>; rel="prev", <https://api.example.org/v1/items?page=9>; rel="last""#,
        #"<https://api.example.org/v1/items?page=2>; rel="nextpage""#, #"<https://api.example.org/v1/items?page=2>; rev="next""#,
        "", "garbage",
    ])
    func aLinkHeaderWithoutANextLink(field: String) {
        #expect(UpstreamPagination.nextLink(field) == nil)
    }

    @Test func aLinkIsResolvedAgainstThePage() throws {
        #expect(try Self.next(.link, headers: ["Link": #"</v1/items?page=2>; rel="next""#]) == "https://api.example.org/v1/items?page=2")
        #expect(try Self.next(.link, headers: ["Link": #"<?page=2>; rel="next""#]) == "https://api.example.org/v1/items?page=2")
        #expect(try Self.next(.link, headers: [:]) == nil)
        #expect(try Self.next(.link, headers: ["Link": #"</v1/items?page=1>; rel="first""#]) == nil)
    }

    @Test func aNextURLInTheBody() throws {
        let drf = UpstreamPagination.next(field: ["next"])
        #expect(try Self.next(drf, body: #"{"next": "https://api.example.org/v1/items?offset=10"}"#) == "https://api.example.org/v1/items?offset=10")
        #expect(try Self.next(drf, body: #"{"next": "/v1/items?offset=10"}"#) == "https://api.example.org/v1/items?offset=10", "relative")
        for last in [#"{"next": null}"#, #"{"next": ""}"#, "{}", #"{"next": 3}"#] {
            #expect(try Self.next(drf, body: last) == nil, "\(last)")
        }
        let jsonAPI = UpstreamPagination.next(field: ["links", "next"])
        #expect(try Self.next(jsonAPI, body: #"{"links": {"next": "https://api.example.org/n"}}"#) == "https://api.example.org/n")
        #expect(try Self.next(jsonAPI, body: #"{"links": {"next": null}}"#) == nil)
    }

    @Test func aCursorReachesTheUpstreamAsItself() throws {
        let style = UpstreamPagination.cursor(field: ["meta", "next_cursor"], parameter: "cursor")
        let next = try #require(try Self.next(style, body: #"{"meta": {"next_cursor": "+/a b&c=="}}"#))
        let query = try #require(URLComponents(string: next)?.percentEncodedQuery)
        #expect(!query.contains("+") && !query.contains(" "), "\(query)")
        // As a server reads a query (a `+` a space): the cursor comes back as it was given.
        let pairs = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        let cursor = pairs.first { $0[0] == "cursor" }?[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        #expect(cursor == "+/a b&c==" && pairs.contains(["limit", "10"]), "\(next)")
        let again = try #require(try Self.next(style, body: #"{"meta": {"next_cursor": 42}}"#, after: UpstreamAddress(next)!))
        #expect(again == "https://api.example.org/v1/items?limit=10&cursor=42", "a cursor replaced, not added twice")
        for last in [#"{"meta": {"next_cursor": null}}"#, #"{"meta": {"next_cursor": ""}}"#, "{}"] {
            #expect(try Self.next(style, body: last) == nil)
        }
    }

    @Test func aNextPageThatIsThisPageEndsTheList() throws {
        let here = UpstreamAddress("https://api.example.org/v1/items?limit=10&cursor=abc")!
        #expect(try Self.next(.next(field: ["next"]), body: #"{"next": "\#(here.text)"}"#, after: here) == nil)
        #expect(try Self.next(.link, headers: ["Link": "<\(here.text)>; rel=\"next\""], after: here) == nil)
        #expect(try Self.next(.cursor(field: ["c"], parameter: "cursor"), body: #"{"c": "abc"}"#, after: here) == nil)
        #expect(try Self.next(.cursor(field: ["c"], parameter: "cursor"), body: #"{"c": "abd"}"#, after: here) != nil)
    }

    @Test func theLastKeyWhileThereIsMore() throws {
        let stripe = UpstreamPagination.lastKey(parameter: "starting_after", hasMore: ["has_more"])
        #expect(try Self.next(stripe, body: #"{"has_more": true}"#, lastKey: "cus_9") == "https://api.example.org/v1/items?limit=10&starting_after=cus_9")
        #expect(try Self.next(stripe, body: #"{"has_more": false}"#) == nil)
        #expect(try Self.next(stripe, body: "{}") == nil)
        #expect(try Self.next(stripe, body: #"{"has_more": "true"}"#) == nil, "true, not text")
        #expect(try Self.next(stripe, body: #"{"has_more": true}"#, rows: 0, lastKey: nil) == nil, "no row, no key")
    }

    @Test func pageNumbersEndOnAShortOrEmptyPage() throws {
        let pages = UpstreamPagination.page(parameter: "page", first: 1)
        #expect(try Self.next(pages) == "https://api.example.org/v1/items?limit=10&page=2")
        let third = UpstreamAddress("https://api.example.org/v1/items?page=3&limit=10")!
        #expect(try Self.next(pages, after: third) == "https://api.example.org/v1/items?limit=10&page=4")
        #expect(try Self.next(pages, rows: 9) == nil, "short")
        #expect(try Self.next(pages, rows: 0, asked: nil) == nil, "empty")
        #expect(try Self.next(pages, rows: 3, asked: nil) == "https://api.example.org/v1/items?limit=10&page=2", "no size asked: until empty")
        let fromZero = UpstreamPagination.page(parameter: "p", first: 0)
        #expect(try Self.next(fromZero) == "https://api.example.org/v1/items?limit=10&p=1")
    }

    @Test func offsetsEndOnAShortOrEmptyPage() throws {
        let offsets = UpstreamPagination.offset(parameter: "offset")
        #expect(try Self.next(offsets) == "https://api.example.org/v1/items?limit=10&offset=10")
        let later = UpstreamAddress("https://api.example.org/v1/items?offset=30&limit=10")!
        #expect(try Self.next(offsets, after: later) == "https://api.example.org/v1/items?limit=10&offset=40")
        #expect(try Self.next(offsets, rows: 4) == nil)
        #expect(try Self.next(offsets, rows: 0, asked: nil) == nil)
        #expect(try Self.next(offsets, rows: 7, asked: nil) == "https://api.example.org/v1/items?limit=10&offset=7")
    }

    /// The `pagination` of a declaration.
    static func declared(_ json: String) throws -> UpstreamPagination {
        try Pages.declaration(#"{"url": "https://api.example.org/items", "key": "id", "pagination": \#(json)}"#).pagination
    }

    @Test func eachStyleDeclared() throws {
        #expect(try Self.declared(#""next""#) == .next(field: ["next"]))
        #expect(try Self.declared(#"{"style": "next", "field": "links.next"}"#) == .next(field: ["links", "next"]))
        #expect(try Self.declared(#""link""#) == .link)
        #expect(try Self.declared(#""cursor""#) == .cursor(field: ["next_cursor"], parameter: "cursor"))
        #expect(try Self.declared(#"{"style": "cursor", "field": "meta.after", "parameter": "after"}"#) == .cursor(field: ["meta", "after"], parameter: "after"))
        #expect(try Self.declared(#"{"style": "cursor", "hasMore": "has_more"}"#) == .lastKey(parameter: "starting_after", hasMore: ["has_more"]))
        #expect(try Self.declared(#""page""#) == .page(parameter: "page", first: 1))
        #expect(try Self.declared(#"{"style": "page", "parameter": "p", "first": 0}"#) == .page(parameter: "p", first: 0))
        #expect(try Self.declared(#""offset""#) == .offset(parameter: "offset"))
        #expect(try Self.declared(#"{"style": "offset", "parameter": "skip"}"#) == .offset(parameter: "skip"))
    }

    @Test(arguments: [
        (#"3"#, "pagination", "must be a style's name or an object with style"),
        (#"{"field": "next"}"#, "pagination.style", "must be a non-empty string"),
        (#""pages""#, "pagination.style", "“pages” is not next, link, cursor, page or offset"),
        (#"{"style": "link", "field": "next"}"#, "pagination.field", "is not a key of this style (keys: style)"),
        (#"{"style": "next", "field": ""}"#, "pagination.field", "must be a non-empty string"),
        (#"{"style": "cursor", "field": 3}"#, "pagination.field", "must be a non-empty string"),
        (#"{"style": "cursor", "hasMore": "has_more", "field": "x"}"#, "pagination.field", "is not a key of this style"),
        (#"{"style": "page", "first": "one"}"#, "pagination.first", "must be an integer"),
        (#"{"style": "page", "first": 1.5}"#, "pagination.first", "must be an integer"),
        (#"{"style": "offset", "first": 0}"#, "pagination.first", "is not a key of this style"),
    ])
    func aBadPaginationIsRefusedNamingItsKey(json: String, key: String, message: String) throws {
        let problem = #expect(throws: UpstreamDeclaration.Problem.self) { try Self.declared(json) }
        #expect(problem?.key == key && problem?.message.contains(message) == true, "\(json): \(String(describing: problem))")
    }
}
