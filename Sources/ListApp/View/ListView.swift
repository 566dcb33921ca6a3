import ListState
import ListStore
import Mustache

/// The template context of a list response: the decision, drawn.
///
/// Nothing here decides a state: the body, footer and placeholder kind come
/// from `ListState.decide`; this only puts them into words and links.
///
/// Keys: `lang`, `title`, `heading`, `startHref` (on a page that starts at a
/// cursor), `placeholder` (see `PlaceholderContent`), `hasRows`, `rows` (see
/// `RowView`), `footer` with one of `loadMore.href`, `loading.href`,
/// `endOfList.startHref`, `retry.{message,label,href}`.
struct ListView {
    /// The decision to draw.
    var decision: Decision
    /// The validated request, or nil when it was refused.
    var request: ListRequest?
    /// The rows of the page (drawn only when the decision shows rows).
    var records: [CharacterRecord]
    /// The page language (BCP 47).
    var language = "en"

    /// The whole context.
    var context: MustacheValue {
        let links = ListLinks(request: request)
        var context: [String: MustacheValue] = [
            "lang": .string(language),
            "title": .string(title),
            "heading": .string(heading),
        ]
        if request?.cursor != nil, !decision.body.isContinuationOnly {
            context["startHref"] = .string(links.start)
        }
        if let kind = decision.body.placeholderKind {
            context["placeholder"] = PlaceholderContent.make(
                kind: kind, problem: decision.problem, query: request?.filter.text, links: links).mustacheValue
        }
        if decision.body.showsRows {
            context["hasRows"] = true
            context["rows"] = .array(records.map { .object(RowView($0)) })
        } else if decision.body == .nothingNew {
            context["hasRows"] = true
            context["rows"] = []
        }
        if let footer = footer(links: links) { context["footer"] = footer }
        return .dictionary(context)
    }

    /// The page title.
    var title: String {
        if let text = request?.filter.text { return "“\(text)” in Unicode characters" }
        if let kind = decision.body.placeholderKind, decision.status >= 400 {
            return PlaceholderContent.make(kind: kind, problem: decision.problem, query: nil,
                                           links: ListLinks(request: nil)).title
        }
        return "Unicode characters"
    }

    /// The main heading.
    var heading: String {
        guard let request else { return "Unicode characters" }
        var parts: [String] = []
        if let category = request.filter.category {
            parts.append(ListStore.GeneralCategory.name(forCode: category) ?? category)
        }
        if request.filter.emojiOnly { parts.append("emoji") }
        let base = parts.isEmpty ? "Unicode characters" : "Unicode characters: " + parts.joined(separator: ", ")
        if let text = request.filter.text { return base + " matching “\(text)”" }
        return base
    }

    /// The footer context, or nil for no footer.
    func footer(links: ListLinks) -> MustacheValue? {
        switch decision.footer {
        case .none:
            return nil
        case .loadMore(let cursor):
            return ["loadMore": ["href": .string(links.page(after: cursor, of: request))]]
        case .loading(let cursor):
            let href = cursor.map { links.page(after: $0, of: request) } ?? links.current
            return ["loading": ["href": .string(href)]]
        case .endOfList:
            return ["endOfList": ["startHref": .string(links.start)]]
        case .retry(let cursor):
            let href = cursor.map { links.page(after: $0, of: request) } ?? links.start
            let message = decision.problem == .sourceUnavailable
                ? "More rows could not be loaded: the catalogue is busy or unreachable."
                : "More rows could not be loaded because of an error."
            return ["retry": ["message": .string(message), "label": "Try again", "href": .string(href)]]
        case .startOver:
            let message: String
            if case .badRequest(let reason) = decision.problem { message = reason } else { message = "This part of the list does not exist." }
            return ["retry": ["message": .string(message), "label": "Start again from the beginning", "href": .string(links.start)]]
        }
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

    /// Whether the body only makes sense inside rows already on screen.
    var isContinuationOnly: Bool { self == .nothingNew }
}
