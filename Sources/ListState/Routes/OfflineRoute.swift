import HTTPServer
import ListDecision

/// `GET /-/offline`: the offline page the service worker keeps for a navigation
/// that gets no response. A whole page with the offline placeholder, decided by
/// `ListDecision.decideOfflinePage()` and drawn in the request's language.
///
/// Its retry action is a plain link; the client script turns it into a reload
/// of the address the user asked for (the service worker shows this page in
/// place of that address).
struct OfflineRoute: Sendable {
    /// The route's path.
    static let path = "/-/offline"

    /// How the site draws its pages (templates, the words of the list at `/`, languages).
    let site: SitePages

    /// The offline page in the language the request asks for (`lang`, else
    /// `Accept-Language`); `Cache-Control: no-cache`, so the worker's copy is
    /// refreshed whenever it installs.
    func respond(to request: Request) -> Response {
        let decision = ListDecision.decideOfflinePage()
        let (view, fromHeader) = site.pageView(for: request, decision: decision)
        var response = site.render("message", view.pageContext, status: decision.status)
        if fromHeader { response.headers.replaceOrAdd(name: "Vary", value: "Accept-Language") }
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
        return response
    }
}
