import HTTPServer
import ListState
import ListStore

/// `GET /char/:codepoint`: one character with every property the catalogue and
/// the Unicode data of the Swift runtime know, and links back to the list.
///
/// - The canonical address is `/char/U+2603` (see `CodePointAddress`); other
///   spellings of the same code point get a 308 to it.
/// - A malformed address, a surrogate, or a code point the catalogue does not
///   hold (unassigned or unnamed) is a 404 with the notFound placeholder.
/// - A failing source gives the unavailable (503, Retry-After) or error (500)
///   placeholder page.
///
/// Every state comes from `ListState.decide`, like the list's.
struct CharacterRoute: Sendable {
    /// The route pattern.
    static let pattern = CodePointAddress.pathPrefix + ":codepoint"

    let application: ListApplication
    /// The catalogue.
    let source: any ListSource

    /// Answers a request for the character named by `segment`.
    func respond(to request: Request, segment: String) -> Response {
        guard let address = CodePointAddress(segment: segment) else { return application.notFound(request) }
        guard address.canonicalSegment == segment else {
            // The query (a `lang`, say) travels along (found by QA: it was dropped).
            let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
            let path = application.configuration.basePath + address.path
            var response = Response.text("Moved to \(path)\n", status: 308)
            response.headers.replaceOrAdd(name: "Location", value: path + query)
            return response
        }
        guard Unicode.Scalar(address.codePoint) != nil else { return application.notFound(request) }
        let result = source.record(codePoint: address.codePoint, startedAt: request.received)
        application.health.record(result)
        switch result {
        case .success(.some(let record)):
            let (view, fromHeader) = application.pageView(for: request, decision: ListState.decide(ListSnapshot(rowsPerSection: [1])))
            var fields = view.pageFields
            fields["status"] = ["text": ""]
            let character = CharacterView(
                record: record, language: view.language.tag, languageParameter: view.languageParameter,
                basePath: application.configuration.basePath)
            if case .dictionary(let character) = character.context {
                for (name, value) in character { fields[name] = value }
            }
            var response = application.render("character", .dictionary(fields), status: 200)
            if fromHeader { response.headers.replaceOrAdd(name: "Vary", value: "Accept-Language") }
            return response
        case .success(.none):
            return application.notFound(request)
        case .failure(let error):
            var snapshot = ListSnapshot()
            snapshot.source =
                error.isTransient
                ? .unavailable(retryAfterSeconds: application.configuration.retryAfterSeconds)
                : .failed
            let decision = ListState.decide(snapshot)
            let view = application.pageView(for: request, decision: decision).view
            var response = application.render("message", view.pageContext, status: decision.status)
            if let seconds = decision.retryAfterSeconds {
                response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds))
            }
            return response
        }
    }
}
