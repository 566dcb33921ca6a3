import ListState
import ListStore
import Mustache

/// The template context of a list response: the decision, drawn in one language.
///
/// Nothing here decides a state: the body, footer, placeholder kind and
/// announcements come from `ListState.decide`; this only puts them into words
/// and links. docs/view-context.md lists every key; in short: `lang`,
/// `strings`, `title`, `heading`, `startHref`, `placeholder`, `hasRows`,
/// `rows`, `footer`, `lazy`, `status` (full pages) or `statusOOB` (fragments),
/// `offline`, `search`, `categories`.
struct ListView: DecisionView {
    /// The decision to draw.
    let decision: Decision
    /// The validated request, or nil when it was refused.
    let request: ListRequest?
    /// Why the request was refused, when it was.
    let refusal: ListRequest.Reason?
    /// The rows of the page (drawn only when the decision shows rows).
    let records: [CharacterRecord]
    /// The page language.
    let language: Language
    /// The list's configuration.
    let list: ListConfiguration
    /// Renders custom placeholder partials; nil renders none.
    let templates: PageTemplates?
    /// Whether the page has a `#list` element that partial requests may target.
    let hasListRegion: Bool
    /// The `lang` parameter to keep in links when the request was refused (a valid request carries its own).
    let languageParameter: String?
    /// Whether the words speak of rows (a page of a server of users' tables:
    /// not found, the offline page) instead of characters.
    let speaksOfRows: Bool
    /// The site's path prefix (`AppConfiguration.basePath`), which every link carries.
    let basePath: String
    /// The path of the catalogue's list (`/characters`, ``CatalogueList``) whose
    /// JSON twin and CSV the page links, when it is served; nil for none.
    var twinPath: String?
    /// The strings of the page language, looked up once: `UIStrings` is a
    /// large value, and a copy per use cost about 3 % of a page (callgrind).
    let strings: UIStrings

    /// Makes the view of a decision.
    /// - Parameters:
    ///   - decision: What `ListState.decide` chose.
    ///   - request: The validated request, or nil when it was refused.
    ///   - refusal: Why it was refused.
    ///   - records: The rows.
    ///   - language: The page language.
    ///   - list: The list's configuration.
    ///   - templates: For custom placeholder partials; nil renders none.
    ///   - hasListRegion: Whether the page has a `#list` element.
    ///   - languageParameter: The `lang` parameter links keep when `request` is nil.
    ///   - speaksOfRows: Whether the words speak of rows (``UIStrings/rows(_:)``) instead of characters.
    ///   - basePath: The site's path prefix.
    init(
        decision: Decision, request: ListRequest?, refusal: ListRequest.Reason? = nil, records: [CharacterRecord],
        language: Language = .english, list: ListConfiguration = ListConfiguration("characters"),
        templates: PageTemplates? = nil, hasListRegion: Bool = true, languageParameter: String? = nil,
        speaksOfRows: Bool = false, basePath: String = ""
    ) {
        self.basePath = basePath
        self.decision = decision
        self.request = request
        self.refusal = refusal
        self.records = records
        self.language = language
        self.list = list
        self.templates = templates
        self.hasListRegion = hasListRegion
        self.languageParameter = languageParameter
        self.speaksOfRows = speaksOfRows
        self.strings = speaksOfRows ? UIStrings.rows(language) : UIStrings.of(language)
    }

    /// The links of this response.
    var links: ListLinks { ListLinks(request: request, language: languageParameter, basePath: basePath) }

    /// One announcement in words.
    static func sentence(_ announcement: Announcement, strings: UIStrings) -> String {
        let words = strings.announce
        switch announcement {
        case .loading: return words.loading
        case .rowsShown(let count): return words.rowsShown(count)
        case .rowsAdded(let count): return words.rowsAdded(count)
        case .endOfList: return words.endOfList
        case .noData: return words.noData
        case .noResults(let query): return words.noResults(query.map(isolated))
        case .unavailable(let seconds): return words.unavailable(seconds)
        case .error: return words.error
        case .badRequest(let reason): return words.badRequest(reason)
        case .notFound: return words.notFound
        }
    }

    var baseContext: MustacheFields {
        let links = self.links
        var context: MustacheFields = [
            "lang": .string(language.tag),
            "strings": (speaksOfRows ? UIStrings.rowsMustacheValues : UIStrings.mustacheValues)[language] ?? strings.mustacheValue,
            "title": .string(title),
            "heading": .string(heading),
        ]
        context.reserveCapacity(16)  // every key below, and `status`/`offline` or `statusOOB`
        if request?.cursor != nil, decision.body != .nothingNew {
            context["startHref"] = .string(links.start)
        }
        if let kind = decision.body.placeholderKind {
            let isShell = decision.rule == .pending
            if isShell { context["lazy"] = ["href": .string(links.current)] }
            let content = PlaceholderContent(
                kind: kind, list: list, language: language, facts: facts(isLazyShell: isShell),
                links: links, strings: strings)
            context["placeholder"] = content.mustacheValue(templates: templates)
        }
        if decision.body.showsRows {
            context["hasRows"] = true
            context["rows"] = .list(RowList(records, language: language, languageParameter: languageParameter, basePath: basePath))
        } else if decision.body == .nothingNew {
            context["hasRows"] = true
            context["rows"] = []
        }
        if let footer = footer(links: links) { context["footer"] = footer }
        var search = searchContext
        if let twinPath {
            // The same list from its start as JSON and CSV (a catalogue cursor is not the twin's).
            let items = (request ?? ListRequest(language: languageParameter)).queryItems(cursor: nil)
            let jsonHref = QueryString.link(twinPath + ".json", items)
            let csvHref = QueryString.link(twinPath + ".csv", items.filter { $0.name != "limit" && $0.name != "lang" })
            context["jsonHref"] = .string(jsonHref)
            context["csvHref"] = .string(csvHref)
            let words = TableWords.of(language)
            if case .dictionary(var fields) = search {
                fields["formats"] = [
                    "jsonHref": .string(jsonHref), "jsonLabel": .string(words.jsonLink),
                    "csvHref": .string(csvHref), "csvLabel": .string(words.csvLink),
                ]
                search = .dictionary(fields)
            }
        }
        context["search"] = search
        var categories = UIStrings.categoryLists[language] ?? []
        if let selected = request?.filter.category,
            let index = ListStore.GeneralCategory.all.firstIndex(where: { $0.code == selected }), index < categories.count
        {
            categories[index] = [
                "code": .string(selected), "name": .string(strings.categoryNames[selected] ?? selected),
                "isSelected": true,
            ]
        }
        context["categories"] = .array(categories)
        return context
    }

    private func facts(isLazyShell: Bool = false) -> PlaceholderContent.Facts {
        PlaceholderContent.Facts(
            problem: decision.problem, refusal: refusal, query: echoedQuery,
            retryAfterSeconds: decision.retryAfterSeconds,
            allowsPartialRequests: hasListRegion, isLazyShell: isLazyShell)
    }

    /// The search form's values (its words are in `strings`).
    private var searchContext: MustacheValue {
        var search: MustacheFields = ["action": .string(basePath + "/")]
        search.reserveCapacity(8)
        if let text = request?.filter.text { search["query"] = .string(text) }
        if let category = request?.filter.category { search["category"] = .string(category) }
        if request?.filter.emojiOnly == true { search["emojiOnly"] = true }
        if let lang = request?.language { search["lang"] = .string(lang) }
        if request?.limit != nil, request?.limit != ListRequest.defaultLimit, let limit = request?.limit {
            search["limit"] = .string(String(limit))
        }
        // Everything but the search text and the cursor travels as hidden inputs.
        let hidden = request?.queryItems(cursor: nil).filter { $0.name != "q" } ?? []
        search["hidden"] = .array(hidden.map { ["name": .string($0.name), "value": .string($0.value)] })
        return .dictionary(search)
    }

    /// The offline `<template>`s' content: the offline placeholder, banner and footer.
    var offlineContext: MustacheValue {
        let links = self.links
        return [
            "placeholder": OfflinePlaceholder.context(
                list: list, language: language, allowsPartialRequests: hasListRegion,
                links: links, templates: templates, speaksOfRows: speaksOfRows),
            "banner": .string(strings.offlineBanner),
            "footer": .string(strings.offlineFooter),
            "announcement": .string(strings.offlineAnnouncement),
            "noAnswerBanner": .string(strings.noAnswerBanner),
            "noAnswerFooter": .string(strings.noAnswerFooter),
            "noAnswerAnnouncement": .string(strings.noAnswerAnnouncement),
            "retryHref": .string(links.current),
        ]
    }

    /// The search text as it is echoed in sentences: between U+2068 FIRST STRONG
    /// ISOLATE and U+2069 POP DIRECTIONAL ISOLATE (UAX #9 §2.7), so a
    /// right-to-left word or a bidi control in it cannot reorder the sentence
    /// around it (found by QA: `q=%E2%80%AEgrin` reversed the heading).
    var echoedQuery: String? {
        request?.filter.text.map(isolated)
    }

    /// The page title.
    var title: String {
        if let text = echoedQuery { return strings.searchTitle(text) }
        if let kind = decision.body.placeholderKind, decision.status >= 400 {
            return PlaceholderContent(kind: kind, list: list, language: language, facts: facts(), links: links, strings: strings).title
        }
        return strings.listName
    }

    /// The main heading.
    var heading: String {
        guard let request else { return strings.listName }
        var filters: [String] = []
        if let category = request.filter.category {
            filters.append(strings.categoryNames[category] ?? category)
        }
        if request.filter.emojiOnly { filters.append(strings.emoji) }
        return strings.heading(filters, echoedQuery)
    }

    /// The footer context, or nil for no footer.
    func footer(links: ListLinks, id: String = "list-footer") -> MustacheValue? {
        Self.footer(
            decision: decision, links: links, strings: strings, list: list, language: language,
            refusalMessage: refusal.map(strings.reason), id: id)
    }

    /// The footer context of `decision`, or nil for no footer: the same for
    /// every list (its words in `strings`, the end-of-list text from `list`).
    /// - Parameter refusalMessage: Why the request was refused, when it was (a start-over footer says it).
    static func footer(
        decision: Decision, links: ListLinks, strings: UIStrings, list: ListConfiguration,
        language: Language, refusalMessage: String?, id: String = "list-footer"
    ) -> MustacheValue? {
        var footer: MustacheFields = ["footerID": .string(id)]
        footer.reserveCapacity(2)
        switch decision.footer {
        case .none:
            return nil
        case .loadMore(let cursor):
            footer["loadMore"] = ["href": .string(links.page(after: cursor))]
        case .loading(let cursor):
            let href = cursor.map { links.page(after: $0) } ?? links.current
            footer["loading"] = ["href": .string(href)]
        case .endOfList:
            let text = list.endOfList?.text(for: language.tag) ?? strings.endOfList
            footer["endOfList"] = ["text": .string(text), "startHref": .string(links.start)]
        case .retry(let cursor):
            let href = cursor.map { links.page(after: $0) } ?? links.start
            let message = decision.problem == .sourceUnavailable ? strings.moreUnavailable : strings.moreFailed
            footer["retry"] = [
                "message": .string(message), "label": .string(strings.tryAgain), "href": .string(href),
                "isPartial": true,
            ]
        case .startOver:
            let message = refusalMessage ?? strings.partGone
            footer["retry"] = ["message": .string(message), "label": .string(strings.startOver), "href": .string(links.start)]
        }
        return .dictionary(footer)
    }
}

extension Decision.Body {
    /// Whether rows are drawn.
    var showsRows: Bool {
        switch self {
        case .rows, .placeholderAboveRows: true
        case .placeholder, .nothing, .nothingNew: false
        }
    }
}

/// `text` between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL
/// ISOLATE (UAX #9 §2.7), with its own embedding, override and isolate
/// controls (U+202A...U+202E, U+2066...U+2069) removed: whatever direction it
/// has stays inside, and it cannot close the isolate early (found by QA:
/// U+2069 U+202E reversed the sentence around the query).
func isolated(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) })
    return "\u{2068}" + String(scalars) + "\u{2069}"
}
