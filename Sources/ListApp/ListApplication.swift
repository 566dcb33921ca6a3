import HTTPServer
import ListState
import ListStore
import Mustache

/// The ListState web application: its routes over a `ListSource`, drawn with
/// the page templates.
///
/// Routes:
/// - `GET /`: the character list (page, region fragment or continuation; see `ListRoute`).
/// - `GET /char/:codepoint`: one character's page (see `CharacterRoute`).
/// - `GET /static/*`: the stylesheet, scripts and images (built-in, or the override folder).
/// - `GET /-/livez`: 200 while the process runs; never touches the source.
/// - `GET /-/readyz`: 200 when the last query succeeded, 503 when it failed; never waits on the source.
/// - anything else: the not-found page (404), through the decision module.
public final class ListApplication: Sendable {
    /// The data source.
    public let source: any ListSource
    /// The configuration it was made with.
    public let configuration: AppConfiguration
    let templates: PageTemplates
    let health = SourceHealth()

    /// Loads the templates (strictly: a broken template is an error here, never a half page later).
    /// - Throws: `AppError` naming the template file, line and column.
    public init(source: any ListSource, configuration: AppConfiguration = AppConfiguration()) throws(AppError) {
        self.source = source
        self.configuration = configuration
        self.templates = try PageTemplates(overrideDirectory: configuration.templatesDirectory)
    }

    /// The router with every route.
    public func makeRouter() -> Router {
        var router = Router()
        let list = ListRoute(application: self)
        let character = CharacterRoute(application: self)
        let staticFiles = StaticFiles(prefix: "/static/", overrideDirectory: configuration.staticDirectory,
                                      builtIn: BuiltInResources.staticFiles,
                                      cacheControl: configuration.staticCacheControl)
        do {
            try router.get("/") { request, _ in list.respond(to: request) }
            try router.get(CharacterRoute.pattern) { request, parameters in
                character.respond(to: request, segment: parameters["codepoint"] ?? "")
            }
            try router.get("/-/livez") { _, _ in Response.text("ok\n") }
            try router.get("/-/readyz") { [health] _, _ in
                health.failure == nil ? Response.text("ready\n") : Response.text("the data source is failing\n", status: 503)
            }
            try router.addStaticFiles(staticFiles)
        } catch {
            // The patterns above are constants; a malformed one is a programming error caught by the tests.
            assertionFailure("\(error)")
        }
        router.notFound = { [self] request in notFound(request) }
        return router
    }

    /// The not-found page, decided like every other state.
    func notFound(_ request: Request) -> Response {
        let decision = ListState.decide(ListSnapshot(request: .notFound))
        let view = ListView(decision: decision, request: nil, records: [])
        return render("message", view.context, status: decision.status)
    }

    /// Renders a template into an HTML response; a rendering fault (which the
    /// strict load makes very unlikely) becomes a plain 500 with no detail.
    func render(_ template: String, _ context: MustacheValue, status: Int) -> Response {
        switch templates.render(template, context) {
        case .success(let body):
            return Response.html(body, status: status)
        case .failure(let error):
            logError("rendering \(template) failed: \(error)")
            return Response.text("Internal Server Error\n", status: 500)
        }
    }
}
