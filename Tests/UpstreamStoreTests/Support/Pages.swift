import Foundation
import HTTPServer
import MarkupValidation
import Mustache
import Testing

@testable import ListState
@testable import UpstreamStore

/// A list over an upstream served by `ListServer`, answered through `respond(to:)`: its
/// pages fetched (every HTML one validated) and walked through Load more.
enum Pages {
    /// Answers `GET path?query`, recording an issue for each markup diagnostic of an HTML answer.
    static func get(
        _ server: ListServer, _ path: String, query: String? = nil, headers: [(name: String, value: String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ListServer.Response {
        let response = await server.respond(to: ListServer.Request(path: path, query: query, headers: headers))
        if response.header("Content-Type")?.hasPrefix("text/html") == true {
            for diagnostic in diagnostics(text(response), router: server.router) {
                Issue.record("\(path): \(diagnostic)", sourceLocation: sourceLocation)
            }
        }
        return response
    }

    static func text(_ response: ListServer.Response) -> String { String(decoding: response.body, as: UTF8.self) }

    /// The markup diagnostics of a whole page, a continuation (`<li>` rows) or a region, links checked against `router`.
    static func diagnostics(_ text: String, router: Router) -> [Diagnostic] {
        let validator = MarkupValidator(
            options: .init(knownIDs: ["main", "status", "list", "rows"], routeExists: { router.matches(method: .get, path: $0) }))
        if text.hasPrefix("<!DOCTYPE") { return validator.validateDocument(text) }
        if text.hasPrefix("<li") { return validator.validateFragment(text, context: .listItems) }
        if text.hasPrefix("<tr") { return validator.validateFragment(text, context: .tableRows) }
        return validator.validateFragment(text, context: .region)
    }

    /// The `href` of the "Load more" link, its entities decoded.
    static func loadMoreHref(_ html: String) -> String? {
        guard let match = html.firstMatch(of: /<a href="([^"]+)" rel="next">/) else { return nil }
        return String(match.1).replacing(/&#(\d+);/) { String(UnicodeScalar(UInt8($0.1) ?? 63)) }
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The row ids a page shows (their links to `/items/ID`), in order.
    static func ids(_ html: String) -> [String] {
        html.matches(of: /<a [^>]*href="\/items\/([^"\/]+)"/).map { String($0.1) }
    }

    /// `/items?query` and every continuation through Load more (HX requests): the ids shown,
    /// each cursor's length in bytes, and the last page's status and text.
    static func walk(
        _ server: ListServer, query: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> (ids: [String], cursors: [Int], status: Int, last: String) {
        var target = ("/items", query)
        var ids: [String] = []
        var cursors: [Int] = []
        for _ in 0..<30 {
            let page = await get(
                server, target.0, query: target.1, headers: ids.isEmpty ? [] : [("HX-Request", "true")], sourceLocation: sourceLocation)
            let text = text(page)
            ids += Self.ids(text)
            guard page.status == 200, let next = loadMoreHref(text) else { return (ids, cursors, page.status, text) }
            let parts = next.split(separator: "?", maxSplits: 1)
            target = (String(parts[0]), String(parts[1]))
            let cursor = parts[1].split(separator: "&").first { $0.hasPrefix("cursor=") }
            cursors.append(cursor?.utf8.count ?? 0)
        }
        Issue.record("more than 30 pages", sourceLocation: sourceLocation)
        return (ids, cursors, 0, "")
    }

    /// `/items.json?query` and every `next` after it: the ids of the rows, and the last status.
    static func walkJSON(_ server: ListServer, query: String) async throws -> (ids: [String], status: Int) {
        var target = ("/items.json", query)
        var ids: [String] = []
        for _ in 0..<30 {
            let page = await get(server, target.0, query: target.1)
            guard page.status == 200 else { return (ids, page.status) }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
            ids += (object["rows"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "")" }
            guard let next = object["next"] as? String else { return (ids, page.status) }
            let parts = next.split(separator: "?", maxSplits: 1)
            target = (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        Issue.record("more than 30 pages")
        return (ids, 0)
    }

    /// The declaration of the JSON object `json` as the list `items`.
    static func declaration(_ json: String, environment: [String: String] = [:]) throws -> UpstreamDeclaration {
        guard case .dictionary(let fields) = try MustacheValue(jsonData: Data(json.utf8)) else {
            throw UpstreamDeclaration.Problem(key: "", message: "not a JSON object: \(json)")
        }
        return try UpstreamDeclaration(name: "items", fields: fields, environment: environment)
    }
}
