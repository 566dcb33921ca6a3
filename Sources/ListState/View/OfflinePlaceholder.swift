import ListDecision
import Mustache
import Synchronization

/// The placeholder of the offline `<template>` every list page carries, drawn once
/// per list, language and partial-request support instead of once per page.
///
/// Drawing it (`PlaceholderContent` and its context) was about half of a list
/// page's view context (callgrind, BENCHMARKS.md), and it is the same on every page
/// but for where its button leads: the current address. A drawn context is kept
/// and that one link is put into it per page. Not kept: a custom layout (its
/// partial is rendered with the link inside) and a button whose own `href` is
/// configured (nothing to patch; it is drawn each time, as before).
enum OfflinePlaceholder {
    /// What a drawn placeholder depends on besides the link.
    struct Key: Hashable {
        let list: ListConfiguration
        let language: Language
        let allowsPartialRequests: Bool
        /// The list's words' name (``ListWords/name``); nil for the built-in words.
        let words: String?
        /// The site's path prefix, which the image's address carries (found by a test: two
        /// servers in one process, one under a prefix, shared a drawing without it).
        let basePath: String

        /// Hashes the cheap parts only: hashing the whole configuration cost more than
        /// the drawing it saves (callgrind); equality still compares all of it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            hasher.combine(allowsPartialRequests)
            hasher.combine(words)
            hasher.combine(basePath)
        }
    }

    /// Drawn contexts; cleared when `limit` is reached (lists × languages × 2 in a
    /// server; tests make many applications).
    private static let drawn = Mutex<[Key: MustacheValue]>([:])
    static let limit = 64

    /// The offline `<template>`s' content of a full page (docs/view-context.md,
    /// `offline`): the offline placeholder (``context(list:language:allowsPartialRequests:links:templates:words:)``),
    /// the banner, footer and announcement words in `words`' language, the
    /// automatic retry's note, and the address a retry loads (`links.current`).
    static func templatesContext(
        list: ListConfiguration, language: Language, allowsPartialRequests: Bool, links: ListLinks,
        templates: PageTemplates?, words: ListWords
    ) -> MustacheValue {
        let strings = words.strings(language)
        let current = links.current
        return [
            "placeholder": context(
                list: list, language: language, allowsPartialRequests: allowsPartialRequests, links: links,
                templates: templates, words: words, current: current),
            "banner": .string(strings.offlineBanner),
            "footer": .string(strings.offlineFooter),
            "announcement": .string(strings.offlineAnnouncement),
            "noAnswerBanner": .string(strings.noAnswerBanner),
            "noAnswerFooter": .string(strings.noAnswerFooter),
            "noAnswerAnnouncement": .string(strings.noAnswerAnnouncement),
            "retryHref": .string(current),
            "retryIn": .string(strings.retryIn),
            "retryAt": .string(strings.retryAt),
        ]
    }

    /// The offline placeholder's context for a page whose current address is
    /// `links.current` (or `current`, when the caller has it already), as
    /// `PlaceholderContent(kind: .offline, …)` draws it.
    static func context(
        list: ListConfiguration, language: Language, allowsPartialRequests: Bool, links: ListLinks,
        templates: PageTemplates?, words: ListWords? = nil, current: String? = nil
    ) -> MustacheValue {
        let draw = {
            PlaceholderContent(
                kind: .offline, list: list, language: language,
                facts: PlaceholderContent.Facts(allowsPartialRequests: allowsPartialRequests),
                links: links, id: "offline-placeholder",
                strings: words?.strings(language)
            ).mustacheValue(templates: templates)
        }
        let configuration = list.placeholder(.offline)
        let buttonFollowsPage: Bool
        switch configuration.button {
        case .builtIn: buttonFollowsPage = true
        case .hidden: buttonFollowsPage = false
        case .custom(let button): buttonFollowsPage = button.href == nil
        }
        guard configuration.layout != .custom, buttonFollowsPage || configuration.button == .hidden else { return draw() }
        let key = Key(
            list: list, language: language, allowsPartialRequests: allowsPartialRequests, words: words?.name,
            basePath: links.basePath)
        if let kept = drawn.withLock({ $0[key] }) {
            return buttonFollowsPage ? leading(kept, to: current ?? links.current) : kept
        }
        let value = draw()
        drawn.withLock { table in
            if table.count >= limit { table.removeAll() }
            table[key] = value
        }
        return value
    }

    /// `placeholder` with its button's `href` set to `href`.
    static func leading(_ placeholder: MustacheValue, to href: String) -> MustacheValue {
        guard case .dictionary(var fields) = placeholder, case .dictionary(var button)? = fields["button"] else {
            return placeholder
        }
        button["href"] = .string(href)
        fields["button"] = .dictionary(button)
        return .dictionary(fields)
    }
}
