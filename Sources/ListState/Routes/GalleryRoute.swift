import HTTPServer
import ListDecision
import ListStore
import Mustache

/// `GET /-/states` (only with `--dev`): every placeholder and footer the
/// decision can produce, side by side, in the request's language — for
/// designers, and for the tests, which validate it in every language.
///
/// Each item is decided by `ListDecision.decide` from a sample snapshot, exactly
/// as a list response would be; only the element ids differ, so that many
/// placeholders can share one page.
struct GalleryRoute: Sendable {
    /// How the site draws its pages.
    let site: SitePages

    /// A sample: a label, the snapshot, and the request behind it.
    private struct Sample {
        var label: String
        var snapshot: ListSnapshot
        var request: TableRequest? = TableRequest()
        var refusal: ListRequest.Reason?
    }

    /// A cursor to show in sample links (of no list: the links are not followed).
    private static let cursor = RowCursor(
        after: RowPosition(sortValue: nil, key: [.integer(0x2603)]), rowid: nil, list: "", sort: nil
    ).encoded

    private static var placeholderSamples: [Sample] {
        [
            Sample(label: "loading: a lazy list's shell (row 4)", snapshot: ListSnapshot(isPending: true)),
            Sample(label: "noData: the list is empty (row 8)", snapshot: ListSnapshot()),
            Sample(
                label: "noResults: a search found nothing (row 7)",
                snapshot: ListSnapshot(filters: Filters(query: "zzqx")),
                request: TableRequest(query: "zzqx", language: nil)),
            Sample(
                label: "noResults: filters matched nothing (row 7)",
                snapshot: ListSnapshot(filters: Filters(hasActiveFilter: true)),
                request: TableRequest(filters: [RowFilter(column: "category", operation: .exact, value: "Zl")], language: nil)),
            Sample(
                label: "unavailable: the data source is busy (row 3, 503)",
                snapshot: ListSnapshot(source: .unavailable(retryAfterSeconds: 5))),
            Sample(label: "error: the data source failed (row 3, 500)", snapshot: ListSnapshot(source: .failed)),
            Sample(
                label: "error: a bad parameter (row 1, 400)",
                snapshot: ListSnapshot(request: .badRequest(reason: "limit")), request: nil, refusal: .badLimit),
            Sample(label: "notFound: no such page (row 1, 404)", snapshot: ListSnapshot(request: .notFound), request: nil),
        ]
    }

    private static var footerSamples: [Sample] {
        [
            Sample(
                label: "footer: load more (row 10)",
                snapshot: ListSnapshot(rowsPerSection: [20], hasMore: true, nextCursor: cursor)),
            Sample(
                label: "footer: loading the next page (row 4, continuation)",
                snapshot: ListSnapshot(isPending: true, cursor: cursor, isContinuation: true)),
            Sample(
                label: "footer: end of the list (rows 6 and 12)",
                snapshot: ListSnapshot(cursor: cursor, isContinuation: true)),
            Sample(
                label: "footer: retry, the data source is busy (row 2, 503)",
                snapshot: ListSnapshot(cursor: cursor, isContinuation: true, source: .unavailable(retryAfterSeconds: 5))),
            Sample(
                label: "footer: retry, the data source failed (row 2, 500)",
                snapshot: ListSnapshot(cursor: cursor, isContinuation: true, source: .failed)),
            Sample(
                label: "footer: start over, a bad cursor (row 1, continuation)",
                snapshot: ListSnapshot(request: .badRequest(reason: "cursor"), isContinuation: true),
                request: nil, refusal: .badCursor),
        ]
    }

    func respond(to request: Request) -> Response {
        let negotiated = Language.negotiate(
            parameter: request.query("lang"),
            acceptLanguage: request.headers["Accept-Language"])
        let language = negotiated.language
        let lang = negotiated.fromHeader ? nil : language.tag
        let view = site.siteView(decision: ListDecision.decide(ListSnapshot(rowsPerSection: [1])), language: language, languageParameter: lang)
        let list = view.configuration
        let strings = view.strings.words
        let templates = site.templates
        var items: [MustacheValue] = []

        for (index, sample) in Self.placeholderSamples.enumerated() {
            let decision = ListDecision.decide(sample.snapshot)
            guard let kind = decision.body.placeholderKind else { continue }
            var listRequest = sample.request
            listRequest?.language = lang
            let facts = PlaceholderContent.Facts(
                problem: decision.problem, refusal: sample.refusal,
                query: listRequest?.query, retryAfterSeconds: decision.retryAfterSeconds,
                allowsPartialRequests: false, isLazyShell: decision.rule == .pending)
            let content = PlaceholderContent(
                kind: kind, list: list, language: language, facts: facts,
                links: ListLinks(request: listRequest, language: lang, basePath: site.basePath), id: "gallery-placeholder-\(index)",
                strings: strings)
            items.append([
                "label": .string(sample.label), "labelID": .string("gallery-label-\(index)"),
                "placeholder": content.mustacheValue(templates: templates),
            ])
        }
        let offline = PlaceholderContent(
            kind: .offline, list: list, language: language,
            facts: PlaceholderContent.Facts(allowsPartialRequests: false),
            links: ListLinks(request: nil, language: lang, basePath: site.basePath), id: "gallery-placeholder-offline",
            strings: strings)
        items.append([
            "label": "offline: no response arrived (client-side)", "labelID": "gallery-label-offline",
            "placeholder": offline.mustacheValue(templates: templates),
        ])

        for (index, sample) in Self.footerSamples.enumerated() {
            let decision = ListDecision.decide(sample.snapshot)
            var listRequest = sample.request
            listRequest?.language = lang
            let links = ListLinks(request: listRequest, language: lang, basePath: site.basePath)
            guard
                let footer = ListFooter.context(
                    decision: decision, links: links, strings: view.strings, list: list, language: language,
                    refusalMessage: sample.refusal.map(strings.reason), id: "gallery-footer-\(index)")
            else { continue }
            items.append(["label": .string(sample.label), "labelID": .string("gallery-footer-label-\(index)"), "footer": footer])
        }
        items.append([
            "label": "footer: offline retry (client-side)", "labelID": "gallery-footer-label-offline",
            "offlineFooter": ["text": .string(strings.offlineFooter), "href": .string(ListLinks.link(site.basePath + "/", language: lang))],
        ])
        items.append([
            "label": "banner: offline with rows on screen (client-side)", "labelID": "gallery-label-banner",
            "banner": ["text": .string(strings.offlineBanner)],
        ])

        var context = view.pageFields
        context["title"] = "Every list state"
        context["heading"] = "Every list state"
        context["items"] = .array(items)
        context["status"] = ["text": ""]
        context["languages"] = .array(
            Language.allCases.map { other in
                ["tag": .string(other.tag), "href": .string(site.basePath + "/-/states?lang=\(other.tag)"), "isCurrent": .bool(other == language)]
            })
        var response = site.render("gallery", .dictionary(context), status: 200)
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
        if negotiated.fromHeader { response.headers.replaceOrAdd(name: "Vary", value: "Accept-Language") }
        return response
    }
}
