import Dispatch
import Foundation
import HTTPServer
import ListStore

/// Lists served: over HTTP on a port of their own (``start(host:port:)``, ``run(host:port:)``),
/// or answered one request at a time inside another server (``respond(to:)``). Both go
/// through the same entry point, so a list answers the same either way.
///
/// ```swift
/// let books = try InMemoryRowSource(name: "books", columns: [.key("id"), .text("title")], rows: rows)
/// let server = try ListServer(lists: [
///     ListDefinition("books", title: "Books", rows: books) { $0
///         .placeholder(.noData) { $0.title("No books yet") }
///     }
/// ])
/// try server.run(port: 8080)   // until SIGINT or SIGTERM
/// ```
///
/// Every list gets its pages at `/NAME`, `/NAME/KEY`, `/NAME.json`, `/NAME.csv` (the URLs
/// of docs/reference/urls.md), every state and footer, the offline client, `/-/livez` and
/// `/-/readyz`.
public final class ListServer: Sendable {
    /// The application: the lists, their templates, the routes.
    let application: ListApplication
    /// Every route, made once.
    let router: Router
    /// The server's own headers and pages for what never reaches a route.
    let serverConfiguration: Server.Configuration
    /// The HTTP server while one runs.
    private let running = BlockingLock<Server?>(nil)

    /// Makes the lists ready to serve: their templates read and drawn once, their
    /// placeholder configurations checked and their stylesheet generated.
    /// - Parameters:
    ///   - lists: The lists, each named uniquely (``ListDefinition/name``).
    ///   - configuration: Template and static overrides, `Retry-After`, a base path, …;
    ///     each list's ``ListDefinition/configuration`` is added to its `lists` unless one
    ///     of that name is there, which then replaces it.
    ///   - log: Receives one line per source failure and per page that could not be drawn
    ///     (standard error when nil).
    /// - Throws: ``AppError``: a list name that cannot be used (a route of ours, or two lists
    ///   of one name), a template that does not parse or draw, a placeholder configuration
    ///   out of range, a `basePath` links cannot carry.
    public init(
        lists: [ListDefinition], configuration: AppConfiguration = AppConfiguration(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws(AppError) {
        var configuration = configuration
        // Read as `--base-path` reads it: `/lists/` is `/lists`; one links cannot carry is refused.
        guard let basePath = BasePath.normalized(configuration.basePath) else {
            throw .configuration(
                ConfigurationError(
                    file: nil, key: "basePath", message: "must be a path such as /lists (segments of letters, digits, - . _ ~)"))
        }
        configuration.basePath = basePath
        var served: [ListDefinition] = []
        for var list in lists {
            if TableLists.reservedNames.contains(list.name) {
                throw .listName(list.name, reason: "it is a route of ListState's own; choose another name")
            }
            if list.name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw .listName(list.name, reason: "it holds a control character, which no page can show")
            }
            if served.contains(where: { $0.name == list.name }) {
                throw .listName(list.name, reason: "another list has this name")
            }
            if let shown = list.shownColumns, let wrong = shown.first(where: { !list.table.columns.indices.contains($0) }) {
                let count = list.table.columns.count
                throw .listName(list.name, reason: "shownColumns holds \(wrong), but its columns are 0…\(count - 1)")
            }
            let names = list.table.columns.map(\.name)
            if let sort = list.defaultSort, !names.contains(sort.column) {
                throw .listName(list.name, reason: "defaultSort names “\(sort.column)”, which is none of its columns (\(names.joined(separator: ", ")))")
            }
            if let wrong = list.sortableColumns?.sorted().first(where: { !names.contains($0) }) {
                throw .listName(list.name, reason: "sortableColumns names “\(wrong)”, which is none of its columns (\(names.joined(separator: ", ")))")
            }
            list.basePath = configuration.basePath
            // One configuration per list, pages and stylesheet alike: the server's of its name, else its own.
            if let given = configuration.lists.first(where: { $0.name == list.configuration.name }) {
                list.configuration = given
            } else {
                configuration.lists.append(list.configuration)
            }
            served.append(list)
        }
        application = try ListApplication(tables: TableCatalog(TableLists(served)), configuration: configuration, log: log)
        router = application.makeRouter()
        var server = Server.Configuration()
        application.configure(&server)
        serverConfiguration = server
    }

    /// The one entry point of every request: the list routes' answer, made now, on a
    /// worker, or awaited.
    func answer(_ request: HTTPServer.Request) -> Answer {
        router.answer(request)
    }

    // MARK: Serving over HTTP

    /// Starts serving over HTTP (libmicrohttpd, its own threads) and returns at once.
    /// - Parameters:
    ///   - host: The address to listen on (`127.0.0.1`; `0.0.0.0` or `::` for every interface).
    ///   - port: The TCP port; 0 picks a free one.
    /// - Returns: The port listened on.
    /// - Throws: ``ListServerError`` when the address is in use or not one of this machine's,
    ///   or a server is running already.
    @discardableResult
    public func start(host: String = "127.0.0.1", port: UInt16 = 8080) throws(ListServerError) -> UInt16 {
        var configuration = serverConfiguration
        configuration.host = host
        configuration.port = port
        let server = Server(configuration: configuration) { [self] request in answer(request) }
        let result: Result<UInt16, ListServerError> = running.withLock { running in
            guard running == nil else { return .failure(ListServerError(message: "the server is running already")) }
            do {
                try server.start()
            } catch {
                return .failure(ListServerError(message: "\(error)", addressInUse: (error as? HTTPServerError)?.kind == .addressInUse))
            }
            running = server
            // A server stopped before (draining) and started again is ready again.
            application.endDraining()
            return .success(server.port ?? port)
        }
        return try result.get()
    }

    /// Stops the server started with ``start(host:port:)``: `/-/readyz` answers 503 at once,
    /// no connection is taken, and requests in flight get up to `timeout` to finish.
    public func stop(timeout: Duration = .seconds(5)) {
        application.beginDraining()
        let server = running.withLock { running in
            defer { running = nil }
            return running
        }
        guard let server else { return }
        server.beginDraining()
        try? server.shutdown(timeout: timeout)
    }

    /// Serves over HTTP until the process gets SIGINT or SIGTERM, then stops (``stop(timeout:)``)
    /// and returns. Call it from the program's main thread before any other thread starts, so
    /// the signals come to it.
    /// - Throws: As ``start(host:port:)``.
    public func run(host: String = "127.0.0.1", port: UInt16 = 8080) throws(ListServerError) {
        Server.blockTerminationSignals()
        let bound = try start(host: host, port: port)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        // Written unbuffered, so a supervisor or a test reading a pipe sees it at once.
        let listening = "ListState is listening on http://\(shownHost):\(bound)\(application.configuration.basePath)/\n"
        FileHandle.standardOutput.write(Data(listening.utf8))
        _ = Server.waitForTerminationSignal()
        stop()
    }

    /// The port the running server listens on; nil when none runs.
    public var port: UInt16? { running.withLock { $0?.port } }
}

/// Why ``ListServer`` could not start serving.
public struct ListServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var message: String
    /// Whether another process listens on the address (choose another port; 0 picks a free one).
    public var addressInUse = false

    public var description: String { message }
}
