import ListDecision
import Testing

@testable import ListCatalogue
@testable import ListState

/// `GET /-/states`: only with `--dev`; every state, validated in every language.
@Suite struct GalleryTests {
    @Test(arguments: Language.allCases)
    func galleryShowsEveryKindAndFooter(_ language: Language) throws {
        let catalogue = try CatalogueFixture(configuration: AppConfiguration(isDevelopment: true))
        let server = catalogue.server
        let page = try server.get("/-/states?lang=\(language.tag)")
        #expect(page.status == 200)
        #expect(page.text.contains(#"<html lang="\#(language.tag)">"#))
        for kind in PlaceholderKind.allCases {
            #expect(page.text.contains("placeholder-\(kind.rawValue)"), "\(kind)")
        }
        for footer in ["list-footer-load-more", "list-footer-loading", "list-footer-end", "list-footer-retry", "list-footer-offline", "offline-banner"] {
            #expect(page.text.contains(footer), "\(footer)")
        }
        #expect(page.text.contains(CatalogueWords.of(language).strings.reason(.badLimit)))
        #expect(page.text.contains(CatalogueWords.of(language).strings.unavailableDetail(5)))
    }

    @Test func galleryIsAbsentWithoutDev() throws {
        let server = try TestServer(tables: TableCatalog())
        let answer = try server.get("/-/states")
        #expect(answer.status == 404)
        #expect(answer.text.contains("placeholder-notFound"))
    }
}
