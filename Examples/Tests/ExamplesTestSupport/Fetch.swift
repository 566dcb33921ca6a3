import Foundation
import MarkupValidation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer of an example's server, fetched over HTTP.
public struct Fetched: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var text: String
    /// What the markup checker found wrong in an HTML answer (empty for a valid one, and for JSON).
    public var problems: [String]

    /// A header field's value, by its name in any case.
    public func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
}

/// GETs `target` from the server on `port` over HTTP and checks an HTML answer with the markup
/// checker: a whole page, a continuation (`<li>` or `<tr>` rows) or a region, its links to
/// paths checked against the routes of a server of the lists named `lists`.
public func fetch(_ target: String, port: UInt16, lists: [String], headers: [String: String] = [:]) async throws -> Fetched {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as! HTTPURLResponse
    let text = String(decoding: data, as: UTF8.self)
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields { fields[name] = value }
    guard http.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true else {
        return Fetched(status: http.statusCode, headers: fields, text: text, problems: [])
    }
    // The routes of a ListServer of these lists (docs/reference/urls.md).
    let routeExists: @Sendable (String) -> Bool = { path in
        path == "/" || path == "/sw.js" || path.hasPrefix("/static/") || path.hasPrefix("/-/")
            || lists.contains { path == "/\($0)" || path == "/\($0).json" || path == "/\($0).csv" || path.hasPrefix("/\($0)/") }
    }
    let checker = MarkupValidator(options: .init(knownIDs: ["main", "status", "list", "rows"], routeExists: routeExists))
    let diagnostics =
        if text.hasPrefix("<!DOCTYPE") {
            checker.validateDocument(text)
        } else if text.hasPrefix("<li") {
            checker.validateFragment(text, context: .listItems)
        } else if text.hasPrefix("<tr") {
            checker.validateFragment(text, context: .tableRows)
        } else {
            checker.validateFragment(text, context: .region)
        }
    return Fetched(status: http.statusCode, headers: fields, text: text, problems: diagnostics.map { "\(target): \($0)" })
}

/// The `href` of a page's "Load more" link (`rel="next"`), its entities decoded.
public func loadMoreHref(_ html: String) -> String? {
    guard let match = html.firstMatch(of: /<a href="([^"]+)" rel="next">/) else { return nil }
    // The server escapes `&` and `=` (`&amp;`, `&#61;`).
    return String(match.1).replacing(/&#(\d+);/) { String(UnicodeScalar(UInt8($0.1) ?? 63)) }
        .replacingOccurrences(of: "&amp;", with: "&")
}

/// How many times `part` occurs in `text`.
public func occurrences(of part: String, in text: String) -> Int { text.ranges(of: part).count }
