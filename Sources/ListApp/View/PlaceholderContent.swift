import ListState
import Mustache

/// What one placeholder shows: a title, a detail sentence and at most one action.
///
/// The decision module says *which* placeholder; this says it in words. The
/// template `placeholder.mustache` draws it.
struct PlaceholderContent: Sendable, Hashable {
    /// The placeholder kind; also its CSS class (`placeholder-noResults`).
    var kind: PlaceholderKind
    /// The heading.
    var title: String
    /// One or two sentences under the heading, or nil.
    var detail: String?
    /// The way on: a link label and its target, or nil.
    var action: (label: String, href: String)?

    /// The built-in English content of a placeholder.
    ///
    /// - Parameters:
    ///   - kind: The placeholder the decision chose.
    ///   - problem: What went wrong, for the error kinds.
    ///   - query: The search text, echoed by `noResults`.
    ///   - links: Where the actions lead.
    static func make(kind: PlaceholderKind, problem: Problem?, query: String?, links: ListLinks) -> PlaceholderContent {
        switch kind {
        case .loading:
            return PlaceholderContent(kind: kind, title: "Loading characters…", detail: nil,
                                      action: ("Show the list now", links.rowsAtOnce))
        case .noData:
            return PlaceholderContent(kind: kind, title: "No characters yet",
                                      detail: "The catalogue is empty. Rows appear here as soon as it has any.",
                                      action: ("Reload", links.current))
        case .noResults:
            if let query {
                return PlaceholderContent(kind: kind, title: "No results for “\(query)”",
                                          detail: "No character name contains these words. Check the spelling, or try fewer or shorter words.",
                                          action: ("Clear the search", links.withoutQuery))
            }
            return PlaceholderContent(kind: kind, title: "No characters match these filters",
                                      detail: "Try another category, or show every character.",
                                      action: ("Clear the filters", links.start))
        case .offline:
            return PlaceholderContent(kind: kind, title: "You are offline",
                                      detail: "The list will load again when your connection returns.",
                                      action: ("Try again", links.current))
        case .unavailable:
            return PlaceholderContent(kind: kind, title: "The list is not available right now",
                                      detail: "The character catalogue is busy or cannot be reached. Please try again in a few seconds.",
                                      action: ("Try again", links.current))
        case .error:
            if case .badRequest(let reason) = problem {
                return PlaceholderContent(kind: kind, title: "This address does not work",
                                          detail: reason, action: ("Go to the start of the list", links.start))
            }
            return PlaceholderContent(kind: kind, title: "Something went wrong",
                                      detail: "The list could not be loaded. The fault has been logged; trying again may help.",
                                      action: ("Try again", links.current))
        case .notFound:
            return PlaceholderContent(kind: kind, title: "Page not found",
                                      detail: "There is no page at this address.",
                                      action: ("Go to the list of characters", "/"))
        }
    }

    /// The template context: `kind`, `title`, `detail`, `action.label`, `action.href`.
    var mustacheValue: MustacheValue {
        var value: [String: MustacheValue] = ["kind": .string(kind.rawValue), "title": .string(title)]
        if let detail { value["detail"] = .string(detail) }
        if let action { value["action"] = ["label": .string(action.label), "href": .string(action.href)] }
        return .dictionary(value)
    }

    static func == (lhs: PlaceholderContent, rhs: PlaceholderContent) -> Bool {
        lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.detail == rhs.detail
            && lhs.action?.label == rhs.action?.label && lhs.action?.href == rhs.action?.href
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(title)
    }
}
