import Foundation
import HTTPServer
import ListState
import ListStore
import MarkupValidation
import Synchronization
import TestSupport
import Testing

@testable import ListCatalogue

/// The real server on port 0 over a catalogue built once per test process.
final class TestServer: Sendable {
    /// The full catalogue, built once per test process.
    static let catalogueFile: String? = {
        let path = TemporaryFolder.make("app") + "/catalogue.sqlite"
        do {
            try CatalogueBuilder.build(at: path)
            return path
        } catch {
            print("test catalogue failed: \(error)")
            return nil
        }
    }()

    /// The shared server over the full catalogue.
    static let shared: TestServer? = try? catalogue()

    /// A server of the full catalogue as `liststate serve` serves it: one list over its file.
    static func catalogue(configuration: AppConfiguration = AppConfiguration()) throws -> TestServer {
        let path = try #require(catalogueFile)
        let tables = try CatalogueList.tables(
            path: path, queryTimeLimit: 2, configuration: configuration.lists.last { $0.name == CatalogueList.name },
            basePath: configuration.basePath, log: { _ in })
        return try TestServer(tables: tables, configuration: configuration)
    }

    let server: Server
    let client: HTTPTestClient
    let application: ListApplication
    /// The incident log ("the data source is failing", …) when no `log` was given:
    /// kept for the tests that look, not printed into a green run.
    let incidents = LoggedLines()

    /// Lines logged from any thread.
    final class LoggedLines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Starts a server over the lists `tables` on a free port; `log` receives the incident log (``incidents`` when nil).
    init(
        tables: TableCatalog, configuration: AppConfiguration = AppConfiguration(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws {
        let incidents = self.incidents
        application = try ListApplication(
            tables: tables, configuration: configuration,
            log: log ?? { incidents.append($0) })
        var serverConfiguration = Server.Configuration()
        // The server's own error lines (a streamed body broken off) go where incidents go.
        serverConfiguration.errorLog = log ?? { incidents.append($0) }
        serverConfiguration.port = 0
        serverConfiguration.threads = 4
        application.configure(&serverConfiguration)
        server = Server(configuration: serverConfiguration, router: application.makeRouter())
        try server.start()
        client = HTTPTestClient(port: server.port ?? 0)
    }

    deinit { try? server.shutdown(timeout: .seconds(5)) }

    /// Sends a GET to the server and validates whatever HTML comes back (see `validate`).
    func get(
        _ target: String, headers: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HTTPTestClient.Answer {
        let answer = try client.send("GET", target, headers: headers)
        validate(answer, target: target, sourceLocation: sourceLocation)
        return answer
    }

    /// Records a test issue for every markup diagnostic in an HTML answer: a
    /// whole document, a continuation fragment (`<li>` run, in `<ol>` context)
    /// or a region fragment, checked against the server's own routes.
    func validate(_ answer: HTTPTestClient.Answer, target: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard answer.header("content-type")?.hasPrefix("text/html") == true else { return }
        for diagnostic in Self.diagnostics(answer.text, router: application.makeRouter()) {
            Issue.record("\(target): \(diagnostic)", sourceLocation: sourceLocation)
        }
    }

    /// The markup diagnostics of an HTML answer: a whole document, a continuation fragment
    /// (`<li>` run, in `<ol>` context; `<tr>` run in a table's) or a region fragment,
    /// its links checked against `router`'s routes.
    static func diagnostics(_ text: String, router: Router) -> [Diagnostic] {
        let validator = MarkupValidator(
            options: .init(
                knownIDs: ["main", "status", "list", "rows"],
                routeExists: { path in router.matches(method: .get, path: path) }))
        if text.hasPrefix("<!DOCTYPE") {
            return validator.validateDocument(text)
        } else if text.hasPrefix("<li") {
            return validator.validateFragment(text, context: .listItems)
        } else if text.hasPrefix("<tr") {
            return validator.validateFragment(text, context: .tableRows)
        } else {
            return validator.validateFragment(text, context: .region)
        }
    }
}

/// Small readers of the markup the server sends.
enum Markup {
    /// The ids of the row items (`<li class="row character" id="char-…">`), in order.
    static func rowIDs(_ html: String) -> [String] {
        matches(#"<li class="row[^"]*" id="([^"]+)""#, in: html)
    }

    /// The text of the status region (`<div id="status" …>`, on a page or out of band), entities decoded.
    static func statusText(_ html: String) -> String? {
        matches(#"<div id="status"[^>]*>([^<]*)</div>"#, in: html).first.map(unescape)
    }

    /// The `href` of the "Load more" link, HTML entities decoded.
    static func loadMoreHref(_ html: String) -> String? {
        matches(#"<a href="([^"]+)" rel="next">"#, in: html).first.map(unescape)
    }

    /// The `#list` element of a page (from its start tag to the status region), or the whole text.
    static func listRegion(_ html: String) -> String {
        guard let start = html.firstRange(of: #"<div id="list""#) else { return html }
        let rest = html[start.lowerBound...]
        guard let end = rest.firstRange(of: #"<div id="status""#) else { return String(rest) }
        return String(rest[..<end.lowerBound])
    }

    /// The text a person reads: the markup without its tags (attribute values dropped with them).
    static func visibleText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    }

    /// Every capture of the first group of `pattern`.
    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Undoes the HTML escaping of attribute values.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#61;", with: "=")
            .replacingOccurrences(of: "&#x3D;", with: "=").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
    }
}
