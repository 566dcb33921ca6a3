import ListDecision
import Mustache

/// The template context of a page that belongs to no list: the not-found
/// page, an address that cannot be read, the offline page the service worker
/// keeps, the gallery's frame. Drawn with the words and placeholder
/// configuration of the site's list at `/` when there is exactly one
/// (``SitePages/homeList``), else with the words of lists over tables.
///
/// Keys (docs/view-context.md): `lang`, `strings`, `title`, `heading`,
/// `placeholder`, `footer` (a refused continuation's start-over footer),
/// `status` or `statusOOB`, `offline`.
struct SiteView: DecisionView {
    let decision: Decision
    /// Why the request was refused, when it was.
    let refusal: ListRequest.Reason?
    let language: Language
    /// The `lang` parameter links keep (nil when negotiated).
    let languageParameter: String?
    /// The placeholders and flags the page is drawn with.
    let configuration: ListConfiguration
    let words: ListWords
    /// Renders custom placeholder partials; nil renders none.
    let templates: PageTemplates?
    /// The site's path prefix, which every link carries.
    let basePath: String
    let strings: SharedWords<UIStrings>

    /// The view of `decision` for a page of the site.
    init(
        decision: Decision, refusal: ListRequest.Reason? = nil, language: Language = .english,
        languageParameter: String? = nil, configuration: ListConfiguration = ListConfiguration(""),
        words: ListWords = .rows, templates: PageTemplates? = nil, basePath: String = ""
    ) {
        self.decision = decision
        self.refusal = refusal
        self.language = language
        self.languageParameter = languageParameter
        self.configuration = configuration
        self.words = words
        self.templates = templates
        self.basePath = basePath
        self.strings = words.shared(language)
    }

    /// Every link leads to the site's start.
    var links: ListLinks { ListLinks(request: nil, language: languageParameter, basePath: basePath) }

    var title: String {
        guard let kind = decision.body.placeholderKind, decision.status >= 400 else { return strings.words.listName }
        return placeholder(kind).title
    }

    func placeholder(_ kind: PlaceholderKind) -> PlaceholderContent {
        let facts = PlaceholderContent.Facts(
            problem: decision.problem, refusal: refusal, retryAfterSeconds: decision.retryAfterSeconds,
            allowsPartialRequests: false)
        return PlaceholderContent(kind: kind, list: configuration, language: language, facts: facts, links: links, strings: strings.words)
    }

    var baseContext: MustacheFields {
        var context: MustacheFields = [
            "lang": .string(language.tag),
            "strings": words.mustacheValue(language),
            "title": .string(title),
            "heading": .string(strings.words.listName),
            "homeHref": .string(ListLinks.link(basePath + "/", language: languageParameter)),
        ]
        if let kind = decision.body.placeholderKind {
            context["placeholder"] = placeholder(kind).mustacheValue(templates: templates)
        }
        if let footer = ListFooter.context(
            decision: decision, links: links, strings: strings, list: configuration, language: language,
            refusalMessage: refusal.map { strings.words.reason($0) })
        {
            context["footer"] = footer
        }
        return context
    }

    var offlineContext: MustacheValue {
        OfflinePlaceholder.templatesContext(
            list: configuration, language: language, allowsPartialRequests: false, links: links, templates: templates,
            words: words)
    }
}
