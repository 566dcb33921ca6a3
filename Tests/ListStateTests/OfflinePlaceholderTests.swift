import ListDecision
import ListStore
import Mustache
import Testing

@testable import ListState

/// The offline placeholder is drawn once per list and language; every page still
/// gets its own retry link, and a configured link is left alone.
@Suite struct OfflinePlaceholderTests {
    /// The offline `<template>`'s placeholder drawn from `value`.
    static func drawn(_ value: MustacheValue) throws -> String {
        let bytes = try PageTemplates().render("placeholder", value).get()
        return String(decoding: bytes, as: UTF8.self)
    }

    static func direct(_ list: ListConfiguration, _ language: Language, _ links: ListLinks) -> MustacheValue {
        PlaceholderContent(
            kind: .offline, list: list, language: language,
            facts: PlaceholderContent.Facts(allowsPartialRequests: true), links: links,
            id: "offline-placeholder"
        ).mustacheValue(templates: nil)
    }

    @Test(arguments: [
        ListConfiguration("characters"),
        ListConfiguration("characters").placeholder(.offline) { $0.button("Reload") },
        ListConfiguration("characters").placeholder(.offline) { $0.button("Help", href: "/help") },
        ListConfiguration("characters").placeholder(.offline) { $0.withoutButton() },
    ])
    func keptPlaceholderEqualsADirectDrawingOnEveryPage(_ list: ListConfiguration) throws {
        let targets = [
            ListLinks(request: TableRequest(), language: nil),
            ListLinks(request: TableRequest(query: "snow", language: nil), language: nil),
            ListLinks(request: TableRequest(language: "zh-Hant"), language: nil),
        ]
        for language in Language.allCases {
            for links in targets {
                let kept = OfflinePlaceholder.context(
                    list: list, language: language, allowsPartialRequests: true,
                    links: links, templates: nil)
                #expect(try Self.drawn(kept) == Self.drawn(Self.direct(list, language, links)), "\(language) \(links.current)")
            }
        }
    }

    @Test func everyPageKeepsItsOwnRetryLink() throws {
        let list = ListConfiguration("characters")
        let first = ListLinks(request: TableRequest(query: "a", language: nil), language: nil)
        let second = ListLinks(request: TableRequest(query: "b", language: nil), language: nil)
        let one = try Self.drawn(
            OfflinePlaceholder.context(
                list: list, language: .english, allowsPartialRequests: true,
                links: first, templates: nil))
        let two = try Self.drawn(
            OfflinePlaceholder.context(
                list: list, language: .english, allowsPartialRequests: true,
                links: second, templates: nil))
        #expect(one.contains(#"href="/?q&#61;a""#) && two.contains(#"href="/?q&#61;b""#))
    }
}
