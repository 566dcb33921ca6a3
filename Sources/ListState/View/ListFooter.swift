import ListDecision
import Mustache

/// The footer under a list's rows, drawn from the decision: the same for
/// every list (its words in the list's ``UIStrings``, the end-of-list text
/// from its configuration). docs/view-context.md, `footer`.
enum ListFooter {
    /// The footer context of `decision`, or nil for no footer.
    /// - Parameters:
    ///   - links: The page's links (load more, retry, start over lead along them).
    ///   - strings: The words of the page language.
    ///   - refusalMessage: Why the request was refused, when it was (a start-over footer says it).
    ///   - next: The next page's address when the route made it already; else made from `links`.
    ///   - id: The footer element's id.
    static func context(
        decision: Decision, links: ListLinks, strings: SharedWords<UIStrings>, list: ListConfiguration,
        language: Language, refusalMessage: String?, next: String? = nil, id: String = "list-footer"
    ) -> MustacheValue? {
        var footer: MustacheFields = ["footerID": .string(id)]
        footer.reserveCapacity(2)
        switch decision.footer {
        case .none:
            return nil
        case .loadMore(let cursor):
            footer["loadMore"] = ["href": .string(next ?? links.page(after: cursor))]
        case .loading(let cursor):
            let href = cursor.map { links.page(after: $0) } ?? links.current
            footer["loading"] = ["href": .string(href)]
        case .endOfList:
            let text = list.endOfList?.text(for: language.tag) ?? strings.words.endOfList
            footer["endOfList"] = ["text": .string(text), "startHref": .string(links.start)]
        case .retry(let cursor):
            let href = cursor.map { links.page(after: $0) } ?? links.start
            let message = decision.problem == .sourceUnavailable ? strings.words.moreUnavailable : strings.words.moreFailed
            var retry: MustacheFields = [
                "message": .string(message), "label": .string(strings.words.tryAgain), "href": .string(href),
                "isPartial": true,
            ]
            // A 503's delay: the page tries again by itself after it (Static/liststate-retry.js).
            if decision.problem == .sourceUnavailable, let seconds = decision.retryAfterSeconds { retry["retryAfter"] = .int(seconds) }
            footer["retry"] = .dictionary(retry)
        case .startOver:
            let message = refusalMessage ?? strings.words.partGone
            footer["retry"] = ["message": .string(message), "label": .string(strings.words.startOver), "href": .string(links.start)]
        }
        return .dictionary(footer)
    }
}
