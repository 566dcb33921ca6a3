import HTTPServer
import ListDecision
import ListStore
import MarkupValidation
import Mustache
import Testing

@testable import ListState

/// A continuation is drawn from its own small context (`TableView.continuationContext`):
/// the same bytes as from a region's whole context, with none of the page's chrome made.
@Suite struct ContinuationWriterTests {
    let fixture: TableFixture
    let lists: TableLists

    init() throws {
        fixture = try TableFixture()
        lists = fixture.server.application.tables.lists
    }

    /// The view of a continuation of `products` in `layout`: three rows read after none,
    /// and the decision the route would take for them (`next` made as the route makes it).
    func view(_ layout: ListDefinition.Layout, language: Language = .english) throws -> TableView {
        var list = try #require(lists.list(named: "products"))
        list.layout = layout
        let page = try list.source.page(RowPageQuery(table: list.table, limit: 3)).get()
        var snapshot = ListSnapshot(display: list.configuration.display)
        snapshot.isContinuation = true
        snapshot.cursor = "AQ"
        snapshot.take(page, of: list, sort: nil)
        let decision = ListDecision.decide(snapshot)
        let view = TableView(
            decision: decision, list: list, request: TableRequest(), refusal: nil, page: page, language: language,
            languageParameter: nil, lists: lists, templates: fixture.server.application.templates)
        if case .loadMore(let cursor) = decision.footer { view.next = "/products?cursor=\(cursor)" }
        return view
    }

    @Test(arguments: ListDefinition.Layout.allCases, [Language.english, .simplifiedChinese])
    func aContinuationPrintsWhatTheWholeFragmentContextPrinted(layout: ListDefinition.Layout, language: Language) throws {
        let view = try view(layout, language: language)
        let site = fixture.server.application.site
        let drawn = try #require(ContinuationWriter().write(view, site: site))
        let whole = site.render("continuation", view.fragmentContext, status: 200, forTable: true, list: view.list)
        let text = String(decoding: drawn.body, as: UTF8.self)
        #expect(drawn.body == whole.body && drawn.status == 200)
        #expect(text.contains("rel=\"next\"") && text.contains("id=\"status\""), "rows, the footer and the announcement: \(text)")
        let context: MarkupValidator.FragmentContext = layout == .table ? .tableRows : .listItems
        #expect(MarkupValidator().validateFragment(text, context: context).isEmpty)
    }

    @Test func aContinuationMakesNoneOfThePageChrome() throws {
        for layout in ListDefinition.Layout.allCases {
            guard case .dictionary(let fields) = try view(layout).continuationContext else {
                Issue.record("not a dictionary")
                continue
            }
            let allowed: Set = ["lang", "strings", "rowHeader", "columnCount", "hasRows", "rows", "footer", "statusOOB"]
            #expect(Set(fields.names).isSubset(of: allowed), "\(layout): \(fields.names)")
            #expect(fields["rows"] != nil && fields["footer"] != nil)
        }
    }

    @Test func everyFormatButCSVHasAWriter() {
        let formats: [ListFormat] = [.page, .region, .continuation, .json, .csv, .rowPage, .rowJSON]
        #expect(formats.filter { $0.writer == nil } == [.csv])
    }
}
