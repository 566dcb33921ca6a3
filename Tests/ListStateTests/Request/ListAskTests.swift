import HTTPServer
import Testing

@testable import ListCatalogue
@testable import ListState

/// A list request read once (`ListAsk`, `ListFormat`): the format from the path and
/// headers, the language negotiated once and carried into the validated request,
/// the raw query kept for the cache key, the refusal carrying `q` as given.
@Suite struct ListAskTests {
    let fixture: CatalogueFixture
    let list: ListDefinition

    init() throws {
        fixture = try CatalogueFixture()
        list = try #require(fixture.server.application.tables.lists.list(named: CatalogueList.name))
    }

    /// The ask of `target` as the list's route makes it: the format from the path segment and the headers.
    func ask(_ target: String, _ headers: HTTPHeaders = [:], path: String = CatalogueList.name) throws -> ListAsk {
        let request = try Request(method: .get, target: target, headers: headers)
        let format = ListFormat(path: path, headers: headers, hasCursor: request.query("cursor") != nil)
        return ListAsk(request, list: list, format: format)
    }

    @Test func formatComesFromThePathAndTheHeaders() throws {
        let cursor = CatalogueFixture.cursor(after: 0x41)
        let partial: HTTPHeaders = ["HX-Request": "true"]
        #expect(try ask("/characters").format == .page)
        #expect(try ask("/characters?cursor=\(cursor)").format == .page)
        #expect(try ask("/characters", partial).format == .region)
        #expect(try ask("/characters?cursor=\(cursor)", partial).format == .continuation)
        #expect(try ask("/characters?cursor=\(cursor)", ["HX-Request": "true", "HX-Target": "list"]).format == .region)
        #expect(try ask("/characters?cursor=\(cursor)", ["HX-Request": "true", "HX-History-Restore-Request": "true"]).format == .page)
        #expect(try ask("/characters.json?cursor=\(cursor)", partial, path: "characters.json").format == .json)
        #expect(try ask("/characters.csv", partial, path: "characters.csv").format == .csv)
        #expect(ListFormat(rowKey: "U+0041") == .rowPage)
        #expect(ListFormat(rowKey: "U+0041.json") == .rowJSON)
    }

    @Test func malformedTargetsGetTheirFormatTheSameWay() {
        // The query of a malformed target cannot be read: the raw target tells whether it names a cursor.
        let partial: HTTPHeaders = ["HX-Request": "true"]
        #expect(ListFormat(path: "/characters.json", headers: partial, hasCursor: true) == .json)
        #expect(ListFormat(path: "/characters.csv", headers: [:], hasCursor: false) == .csv)
        #expect(ListFormat(path: "/characters", headers: partial, hasCursor: true) == .continuation)
        #expect(ListFormat(path: "/characters", headers: partial, hasCursor: false) == .region)
        #expect(ListFormat(path: "/characters", headers: [:], hasCursor: true) == .page)
    }

    @Test func languageIsNegotiatedOnceAndTheRequestCarriesIt() throws {
        let named = try ask("/characters?lang=zh-Hant", ["Accept-Language": "en"])
        #expect(named.language == .traditionalChinese && !named.languageFromHeader)
        #expect(named.languageParameter == "zh-Hant")
        #expect(try named.validated().get().language == "zh-Hant")

        let unknown = try ask("/characters?lang=de", ["Accept-Language": "zh-TW"])
        #expect(unknown.language == .traditionalChinese && unknown.languageFromHeader)
        #expect(unknown.languageParameter == nil)
        #expect(try unknown.validated().get().language == nil)

        // A repeated `lang` is still refused, in the language its first names.
        let repeated = try ask("/characters?lang=zh-Hans&lang=en")
        #expect(repeated.language == .simplifiedChinese)
        guard case .failure(let refusal) = repeated.validated() else {
            Issue.record("a repeated lang was accepted")
            return
        }
        #expect(refusal.reason == .repeated("lang"))
    }

    @Test func theRawQueryIsKeptUnparsed() throws {
        #expect(try ask("/characters").rawQuery == nil)
        #expect(try ask("/characters?").rawQuery == "")
        #expect(try ask("/characters?q=a%20b&x=%7E").rawQuery == "q=a%20b&x=%7E")
    }

    @Test func aRefusalCarriesTheSearchAsGiven() throws {
        guard case .failure(let refusal) = try ask("/characters?q=%20snow%20&limit=0").validated() else {
            Issue.record("limit=0 was accepted")
            return
        }
        #expect(refusal.reason == .badLimit)
        #expect(refusal.searchAsGiven == " snow ")
        let valid = try ask("/characters?q=%20snow%20").validated().get()
        #expect(valid.query == "snow" && valid.searchAsGiven == " snow ")
    }

    @Test func anExportReadsNeitherCursorNorLimit() throws {
        let export = try ask("/characters.csv?cursor=nonsense&limit=0&q=snow", path: "characters.csv")
        let request = try export.validated().get()
        #expect(request.start == nil && request.limit == ListRequest.defaultLimit && request.query == "snow")
        guard case .failure = try ask("/characters?cursor=nonsense").validated() else {
            Issue.record("a bad cursor was accepted on a page")
            return
        }
    }
}
