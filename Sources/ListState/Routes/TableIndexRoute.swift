import HTTPServer
import ListDecision
import ListStore
import Mustache

/// `GET /` when several lists are served: a
/// link to each list with its title, description and row count.
///
/// Counting reads every row, so the whole page counts within one budget
/// (``countBudgetSeconds``); a list whose count did not finish in what was
/// left says "many rows". Counts are kept per list under the database's
/// ``ListStore/DataVersion`` (the one kept answers are keyed on), so a page
/// after a write counts afresh; a source that cannot give one keeps none.
struct TableIndexRoute: Sendable {
    /// Seconds all the counts of one index page may take together.
    static let countBudgetSeconds = 0.5

    /// How the site draws its pages.
    let site: SitePages
    private let counts = VersionedTallies<RowCount>(capacity: 4096)

    init(site: SitePages) {
        self.site = site
    }

    /// The index of `lists`.
    func respond(to request: Request, lists: TableLists) -> Response {
        let negotiated = Language.negotiate(parameter: request.query("lang"), acceptLanguage: request.headers["Accept-Language"])
        let words = TableWords.of(negotiated.language)
        let languageParameter = negotiated.fromHeader ? nil : negotiated.language.tag
        let deadline = ContinuousClock.now + .milliseconds(Int(Self.countBudgetSeconds * 1000))
        var items: [MustacheValue] = []
        for list in lists.lists {
            var item: MustacheFields = [
                "href": .string(ListLinks.link(list.path, language: languageParameter)),
                "title": .string(list.title(in: negotiated.language)),
                "count": .string(count(list, until: deadline).map(words.rowCount) ?? words.notCounted),
            ]
            if let description = list.description { item["description"] = .string(description) }
            items.append(.dictionary(item))
        }
        let strings = UIStrings.of(negotiated.language)
        let fields: MustacheFields = [
            "lang": .string(negotiated.language.tag),
            "strings": UIStrings.mustacheValues[negotiated.language] ?? strings.mustacheValue,
            "title": .string(words.indexTitle),
            "heading": .string(words.indexTitle),
            "homeHref": .string(ListLinks.link(site.basePath + "/", language: languageParameter)),
            "hasLists": .bool(!items.isEmpty),
            "lists": .array(items),
            "noLists": .string(words.noLists),
            "status": ["text": ""],
        ]
        var response = site.render("table-index", .dictionary(fields), status: 200, forTable: true)
        response.headers.replaceOrAdd(name: "Vary", value: ResponseHeaders.listVary(negotiatedFromHeader: negotiated.fromHeader))
        response.headers.replaceOrAdd(name: "Cache-Control", value: ResponseHeaders.listCacheControl)
        response.headers.replaceOrAdd(name: "ETag", value: EntityTag.strong(for: response.body))
        return response.evaluatingConditions(of: request)
    }

    /// The list's row count: kept, or counted within what is left until
    /// `deadline` (`.some(nil)`, "many rows", when that ran out); nil when the
    /// database cannot be read now (locked, damaged): not counted.
    private func count(_ list: ListDefinition, until deadline: ContinuousClock.Instant) -> Int?? {
        let version = try? list.rows.dataVersion().get()
        let key = list.name
        if let version, let kept = counts.value(for: key, version: version), !kept.isLowerBound { return .some(kept.value) }
        switch list.rows.count(filters: [], until: deadline) {
        case .success(let counted?):
            if let version { counts.store(RowCount(counted), for: key, version: version) }
            return .some(counted)
        case .success(nil):
            return .some(nil)
        case .failure:
            return nil
        }
    }
}
