import ListDecision
import Mustache

/// What one placeholder shows, in one language: the built-in words and
/// illustration of its kind, changed by the list's ``PlaceholderConfiguration``.
///
/// The decision module says *which* placeholder; this says it in words.
/// `placeholder.mustache` draws it (docs/view-context.md, "placeholder").
struct PlaceholderContent {
    /// The facts a placeholder's words depend on.
    struct Facts {
        /// What went wrong, from the decision.
        var problem: Problem?
        /// Why the request was refused, when it was.
        var refusal: ListRequest.Reason?
        /// The non-empty search text.
        var query: String?
        /// The `Retry-After` delay, in seconds.
        var retryAfterSeconds: Int?
        /// Whether a partial request may target `#list` (false on pages without it).
        var allowsPartialRequests = true
        /// Whether this is a lazy shell (a `<noscript>` link to the rows).
        var isLazyShell = false
        /// The query time limit in seconds, when a search or filter ran past it
        /// (the unavailable placeholder then says so instead of "busy").
        var searchTimeLimit: Int?
        /// Whether the site serves several lists: the not-found button then leads to their
        /// index, not to the list the address named (issue 46: "Go to the lists" led to one).
        var hasSeveralLists = false
    }

    /// The kind; also a CSS class (`placeholder-noResults`).
    var kind: PlaceholderKind
    /// The element id; its heading is `<id>-title`.
    var id: String
    /// The heading.
    var title: String
    /// The sentence under the heading.
    var detail: String?
    /// What to try (a search that found nothing), under a heading.
    var suggestions: (heading: String, items: [String])?
    /// Example searches (label and link), after a heading.
    var examples: (heading: String, links: [(label: String, href: String)])?
    /// The illustration.
    var image: (src: String, alt: String, width: Int, height: Int, animation: PlaceholderImage.Animation)?
    /// The action.
    var button: (label: String, href: String, isPartial: Bool, style: PlaceholderButton.Style)?
    /// The `Retry-After` delay (seconds) after which the page follows the built-in
    /// button by itself: an unavailable source's, when the server gave one.
    var retryAfterSeconds: Int?
    /// The `<noscript>` link of a lazy shell.
    var noscriptHref: String?
    /// The CSS classes of the element.
    var classes: String
    /// The custom partial that replaces the content, if any.
    var partial: String?
    /// The offline placeholder's words for a server that gave no answer: the client
    /// shows them (`data-no-answer`) when the request timed out, the server could not be
    /// reached while the browser is online, or a proxy answered for it.
    var noAnswer: (title: String, detail: String)?

    /// A configured site path (`/products?x=1`) as the page links it: under the base
    /// path, and with the page's `lang` parameter when the request named one and the
    /// path names none, before any fragment. Found by a break-it pass: a configured
    /// button left the site's prefix (404 behind the proxy) and dropped the language,
    /// which every built-in link keeps.
    static func siteLink(_ path: String, links: ListLinks) -> String {
        var link = path
        if let language = links.languageParameter {
            let fragment = link.firstIndex(of: "#").map { String(link[$0...]) } ?? ""
            var head = String(link.dropLast(fragment.count))
            let query = head.firstIndex(of: "?").map { head[head.index(after: $0)...] } ?? ""
            if !query.split(separator: "&").contains(where: { $0 == "lang" || $0.hasPrefix("lang=") }) {
                head += (head.contains("?") ? "&" : "?") + QueryString.encoded([("lang", language)])
            }
            link = head + fragment
        }
        return links.basePath + link
    }

    /// The built-in illustrations, by kind (files under Static/illustrations/).
    static func builtInImage(_ kind: PlaceholderKind) -> PlaceholderImage {
        let file: String =
            switch kind {
            case .loading: "loading"
            case .noData: "no-data"
            case .noResults: "no-results"
            case .offline: "offline"
            case .unavailable: "unavailable"
            case .error: "error"
            case .notFound: "not-found"
            }
        return PlaceholderImage(
            path: "illustrations/\(file).svg", width: 96, height: 96,
            animation: kind == .loading ? .spin : .none)
    }

    /// Words, image, action and classes of a placeholder.
    ///
    /// - Parameters:
    ///   - kind: The placeholder the decision chose.
    ///   - list: The list's configuration.
    ///   - language: The page language.
    ///   - facts: The problem, query and delay the words mention.
    ///   - links: Where the built-in actions lead.
    ///   - id: The element id.
    ///   - strings: The words (``UIStrings/of(_:)`` in `language` when nil; a list's own are its ``ListWords``).
    init(
        kind: PlaceholderKind, list: ListConfiguration, language: Language, facts: Facts, links: ListLinks,
        id: String = "placeholder", strings: UIStrings? = nil
    ) {
        let strings = strings ?? UIStrings.of(language)
        let configuration = list.placeholder(kind)
        self.kind = kind
        self.id = id

        // Built-in words, target and request style.
        var words: UIStrings.PlaceholderWords
        var href = links.current
        var isPartial = true
        switch kind {
        case .loading:
            words = strings.loading
        case .noData:
            words = strings.noData
        case .noResults:
            // Clearing changes what the whole page shows (heading, search box,
            // address), so it is a navigation, not a partial request (found by QA:
            // a partial clear left the box and hidden filter inputs stale).
            isPartial = false
            if facts.query != nil {
                words = strings.noResultsForQuery
                href = links.withoutQuery
                suggestions = (strings.suggestionsHeading, strings.suggestions)
                if !strings.exampleSearches.isEmpty {
                    examples = (strings.examplesHeading, strings.exampleSearches.map { ($0, links.search($0)) })
                }
            } else {
                words = strings.noResultsForFilters
                href = links.withoutFilters
                // Forced (`forceDisplay`) on a page without filters, clearing them leads back
                // here: no such button (found by a break-it pass).
                if href == links.current { words.button = nil }
            }
        case .offline:
            words = strings.offline
            noAnswer = (strings.noAnswerTitle, strings.noAnswerDetail)
        case .unavailable:
            words = strings.unavailable
            if let seconds = facts.retryAfterSeconds { words.detail = strings.unavailableDetail(seconds) }
            if let seconds = facts.searchTimeLimit { words.detail = strings.searchTooSlow(seconds) }
        case .error:
            if let refusal = facts.refusal {
                words = strings.badRequest
                words.detail = strings.reason(refusal)
                href = links.start
                isPartial = false
            } else if case .badRequest(let reason) = facts.problem {
                words = strings.badRequest
                words.detail = reason
                href = links.start
                isPartial = false
            } else {
                words = strings.failed
            }
        case .notFound:
            words = strings.notFound
            href = ListLinks.link(facts.hasSeveralLists ? links.basePath + "/" : links.path, language: links.languageParameter)
            isPartial = false
        }

        // The list's configuration.
        let tag = language.tag
        func fill(_ text: String) -> String {
            guard let query = facts.query else { return text }
            return text.replacingAll("{query}", with: query)
        }
        title = fill(configuration.title?.text(for: tag) ?? words.title)
        detail = (configuration.detail?.text(for: tag) ?? words.detail).map(fill)

        let picture: PlaceholderImage? =
            switch configuration.image {
            case .builtIn: Self.builtInImage(kind)
            case .hidden: nil
            case .custom(let custom): custom
            }
        image = picture.map { picture in
            (
                links.basePath + "/static/" + picture.path, picture.alternativeText?.text(for: tag) ?? "", picture.width, picture.height,
                picture.animation
            )
        }

        switch configuration.button {
        case .hidden:
            button = nil
        case .builtIn:
            button = words.button.map { ($0, href, isPartial && facts.allowsPartialRequests, .primary) }
        case .custom(let custom):
            let label = custom.label?.text(for: tag) ?? words.button ?? strings.tryAgain
            button = (
                label, custom.href.map { Self.siteLink($0, links: links) } ?? href,
                custom.request == .partial && facts.allowsPartialRequests, custom.style
            )
        }
        if kind == .unavailable, case .builtIn = configuration.button, button?.isPartial == true {
            retryAfterSeconds = facts.retryAfterSeconds
        }
        if facts.isLazyShell { noscriptHref = links.rowsAtOnce }

        var classes = [
            "placeholder", "placeholder-\(kind.rawValue)", "placeholder-\(configuration.variant.rawValue)",
            "placeholder-\(configuration.layout.rawValue)",
        ]
        if configuration.fadesIn { classes.append("placeholder-fade-in") }
        if configuration.hasAppearance { classes.append(PlaceholderStylesheet.className(list: list.name, kind: kind)) }
        self.classes = classes.joined(separator: " ")
        partial = configuration.layout == .custom ? configuration.partial : nil
    }

    /// The template context (docs/view-context.md, "placeholder").
    ///
    /// - Parameter templates: Renders the custom partial, when there is one.
    func mustacheValue(templates: PageTemplates?) -> MustacheValue {
        var value: MustacheFields = [
            "kind": .string(kind.rawValue),
            "is": .dictionary([kind.rawValue: true]),
            "id": .string(id),
            "titleID": .string(id + "-title"),
            "classes": .string(classes),
            "title": .string(title),
        ]
        value.reserveCapacity(14)
        if kind == .loading { value["isBusy"] = true }
        if let detail { value["detail"] = .string(detail) }
        if let suggestions {
            value["suggestions"] = [
                "heading": .string(suggestions.heading),
                "items": .array(suggestions.items.map { .string($0) }),
            ]
        }
        if let examples {
            value["examples"] = [
                "heading": .string(examples.heading),
                "links": .array(examples.links.map { ["label": .string($0.label), "href": .string($0.href)] }),
            ]
        }
        if let image {
            value["image"] = [
                "src": .string(image.src), "alt": .string(image.alt), "isDecorative": .bool(image.alt.isEmpty),
                "width": .int(image.width), "height": .int(image.height),
                "animationClass": .string(image.animation == .none ? "" : " placeholder-image-\(image.animation.rawValue)"),
            ]
        }
        if let button {
            value["button"] = [
                "label": .string(button.label), "href": .string(button.href), "isPartial": .bool(button.isPartial),
                "styleClass": .string("button-\(button.style.rawValue)"),
                "retryAfter": retryAfterSeconds.map { .int($0) } ?? .null,
            ]
        }
        if let noscriptHref { value["noscript"] = ["href": .string(noscriptHref)] }
        if let noAnswer { value["noAnswer"] = ["title": .string(noAnswer.title), "detail": .string(noAnswer.detail)] }
        if let partial, let templates {
            let context = MustacheValue.dictionary(value)
            switch templates.render(partial, context) {
            case .success(let bytes): value["custom"] = ["html": .string(String(decoding: bytes, as: UTF8.self))]
            case .failure(let error): logError("rendering the placeholder partial \(partial) failed: \(error)")
            }
        }
        return .dictionary(value)
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
