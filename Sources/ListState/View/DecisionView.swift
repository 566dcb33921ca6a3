import Foundation
import ListDecision
import Mustache

/// What every page view shares (`TableView`, `SiteView`): a decision drawn in
/// one language, as a full page's context (the announcement in the status
/// region, the offline templates) or a fragment's (the announcement out of band).
protocol DecisionView {
    /// The decision to draw.
    var decision: Decision { get }
    /// The words of the page language, by reference (``SharedWords``: read a
    /// field through it, `strings.words.tryAgain`, rather than copy them all).
    var strings: SharedWords<UIStrings> { get }
    /// Why the request was refused, when it was: its announcement says so in the page
    /// language (the decision carries the reason in English, for logs).
    var refusal: ListRequest.Reason? { get }
    /// Everything but the announcement and the offline templates.
    var baseContext: MustacheFields { get }
    /// The offline `<template>`s' content of a full page.
    var offlineContext: MustacheValue { get }
    /// How many rows match, as a sentence, when they were counted (announced after the decision's own).
    var countText: String? { get }
}

extension DecisionView {
    /// The decision's announcements as sentences in the page language, joined.
    var announcementText: String {
        let words = strings.words.announce
        var sentences = decision.announcements.map { announcement in
            // Found by QA: a refusal was announced with its English reason on every page.
            if case .badRequest = announcement, let refusal { return words.badRequest(strings.words.reason(refusal)) }
            return words.sentence(announcement)
        }
        if let countText { sentences.append(countText) }
        return sentences.joined(separator: words.separator)
    }

    /// No count by default.
    var countText: String? { nil }

    /// The fields of ``pageContext``, for pages that add their own.
    var pageFields: MustacheFields {
        var context = baseContext
        context["status"] = ["text": .string(announcementText)]
        context["offline"] = offlineContext
        return context
    }

    /// The context of a full page: everything, with the announcement in the status region.
    var pageContext: MustacheValue { .dictionary(pageFields) }

    /// The context of a fragment: everything, with the announcement as an out-of-band element.
    var fragmentContext: MustacheValue {
        var context = baseContext
        let text = announcementText
        if !text.isEmpty { context["statusOOB"] = ["text": .string(text)] }
        return .dictionary(context)
    }
}

extension UIStrings {
    /// One announcement in words.
    func sentence(_ announcement: Announcement) -> String { announce.sentence(announcement) }
}

extension UIStrings.AnnouncementWords {
    /// One announcement in these words.
    func sentence(_ announcement: Announcement) -> String {
        let words = self
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
        case .stale(let since): return words.stale(Self.readAt(since))
        }
    }

    /// `seconds` since 1970 as a reader sees it, `2026-12-07 15:42:09 UTC` (no-break spaces) (ISO 8601's order;
    /// the server cannot know the reader's time zone, so it names UTC).
    static func readAt(_ seconds: Int) -> String {
        let style = Date.ISO8601FormatStyle(dateSeparator: .dash, dateTimeSeparator: .space, timeZone: .gmt)
        // No-break spaces: the time stays on one line (a phone broke it after the date).
        let text = Date(timeIntervalSince1970: Double(seconds)).formatted(style.year().month().day().time(includingFractionalSeconds: false))
        return text.replacingOccurrences(of: " ", with: "\u{A0}") + "\u{A0}UTC"
    }
}
