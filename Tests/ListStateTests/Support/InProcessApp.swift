import HTTPServer
import ListState
import MarkupValidation
import Testing

/// The application answering requests without a socket: its router is called in
/// process, as the server calls it (the answer's step run here, a suspending one
/// awaited, the server's default headers added, a streamed body read to its end).
/// Every HTML answer is validated as `TestServer` validates a live one. Tests of what
/// needs a socket (libmicrohttpd's limits, keep-alive, a connection broken off,
/// suspension) stay on `TestServer`.
final class InProcessApp: Sendable {
    let application: ListApplication
    let router: Router
    /// The headers the server adds to every answer (`ListApplication.configure`).
    let defaultHeaders: HTTPHeaders

    init(tables: TableCatalog, configuration: AppConfiguration = AppConfiguration()) throws {
        application = try ListApplication(tables: tables, configuration: configuration, log: { _ in })
        router = application.makeRouter()
        var server = Server.Configuration()
        application.configure(&server)
        defaultHeaders = server.defaultHeaders
    }

    /// Answers `GET target` with `headers`, and validates whatever HTML comes back.
    func get(
        _ target: String, headers: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HTTPTestClient.Answer {
        let request = try Request(
            method: .get, target: target,
            headers: HTTPHeaders(headers.sorted { $0.key < $1.key }.map { HTTPHeaders.Field(name: $0.key, value: $0.value) }))
        var response = router.answer(request).respondHere()
        response.headers.addMissing(defaultHeaders)
        var body = response.body
        var isComplete = true
        if let stream = response.stream {
            reading: while true {
                switch stream.next() {
                case .bytes(let bytes): body += bytes
                case .end: break reading
                case .failed:
                    isComplete = false
                    break reading
                }
            }
        }
        let answer = HTTPTestClient.Answer(
            status: response.status, headers: response.headers.fields.map { ($0.name.lowercased(), $0.value) }, body: body,
            isComplete: isComplete)
        if answer.header("content-type")?.hasPrefix("text/html") == true {
            for diagnostic in TestServer.diagnostics(answer.text, router: router) {
                Issue.record("\(target): \(diagnostic)", sourceLocation: sourceLocation)
            }
        }
        return answer
    }
}
