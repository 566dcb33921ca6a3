import Foundation
import HTTPServer
import ListCatalogue
import ListState
import ListStore
import UpstreamStore

/// `liststate serve`: builds the catalogue on first start, then serves the list pages.
enum ServeCommand {
    static let help = """
        usage: liststate serve [options] [FILE.sqlite | postgresql://USER@HOST/DB ...]

        Serves every table and view of the SQLite files and PostgreSQL databases as
        lists over HTTP, read only: it never creates, changes or writes to them.
        Without a database it serves the Unicode character list: on first start it
        builds that catalogue (a SQLite file of its own, --db) from the Unicode data
        in the Swift runtime; that file is the one thing it writes.

        options:
          --host ADDRESS        address to listen on (default 127.0.0.1)
          --port N              TCP port, 0 for any free one (default 8080)
          --db PATH             the catalogue file (default $XDG_DATA_HOME/liststate/catalogue.sqlite,
                                else ~/.local/share/liststate/catalogue.sqlite)
          --database-url URL    a PostgreSQL database to serve (a postgresql:// URI or libpq
                                key=value pairs): best from LISTSTATE_DATABASE_URL, which
                                keeps the password out of ps
          --schema NAME[,NAME]  the PostgreSQL schemas to serve (default: search_path's)
          --pool-size N         the most connections to a PostgreSQL server, for the whole
                                process (default 4)
          --templates DIR       templates that replace the built-in ones of the same name
          --static DIR          static files that replace the built-in ones of the same path
          --threads N           connection threads (default one per core, at least 2)
          --workers N           threads for the requests that query the data source,
                                while their connection waits suspended, so a query
                                waiting on a lock holds up no other request
                                (default 4 x cores, at least 8; 0 runs them on the
                                connection threads)
          --query-timeout SEC   the longest a request waits on the data source,
                                counted from its arrival (default 2)
          --client-timeout SEC  the longest the page's script (or htmx) waits for
                                an answer to a partial request before it treats it
                                as a failed connection: retry footer, banner,
                                automatic retry (default 10)
          --retry-after SEC     the Retry-After of a 503 (source busy or locked) or
                                504 (an upstream's time-out), after which the page
                                tries again by itself (default 5)
          --connection-limit N  open connections at once (default 4096)
          --per-ip-limit N      open connections from one address, 0 for no limit
                                (default 256; behind a reverse proxy every client
                                shares its address: use 0 there)
          --idle-timeout SEC    close a connection idle this long (default 30)
          --drain-grace SEC     on SIGTERM, SIGINT or SIGHUP, keep accepting this long
                                while /-/readyz answers 503, so a load balancer can
                                take the server out first (default 0; a second
                                signal ends the grace at once)
          --drain-limit SEC     then the longest wait for requests in flight before
                                they are cut off and the exit status is 1 (default 25;
                                one second past it the process exits whatever runs)
          --count-budget SEC    the longest a count of a list's matching rows runs (the
                                count above a first page's rows); a page waits for it at
                                most 0.2 of its own time, the rest runs after the answer
                                for the next visit; facets too (default 1; 0 counts
                                nothing: no counts, no facets)
          --response-cache MIB  memory for rendered answers kept for the requests
                                that repeat them, checked against the data's version on
                                every use (default 4; 0 keeps nothing)
          --sort-memory MIB     memory for the orders of sorted pages of SQLite tables
                                and the rankings of their searches, built after the
                                answer so a page sorted by any column, or a search's
                                next page, costs about a page in key order (default 64;
                                0 keeps none: every page sorts and ranks in SQL)
          --log-format FORMAT   the access log on standard output: combined (the Combined
                                Log Format of nginx and Apache, the default) or json (one
                                object per line: time, method, path, status, bytes,
                                duration_ms, request_id, remote, referer, user_agent);
                                each answer carries its request id as X-Request-Id (a
                                proxy's own X-Request-Id is kept)
          --cors ORIGIN         let pages of ORIGIN (https://example.org) or of any site (*)
                                read the JSON twins (/NAME.json); off by default
          --base-path PATH      serve the whole site under PATH (/lists/) behind a reverse
                                proxy that passes the whole path: every link, form, script,
                                redirect and JSON next URL carries it (docs/nginx.conf)
          --config FILE.json    list configuration: placeholders, lazy loading, display flags
                                (schema: docs/reference/configuration.md); a bad key or
                                value stops the start
          --dev                 development mode: serve every list state side by side at /-/states
          -h, --help            show this help

        Every option can also come from the environment (LISTSTATE_ and its name:
        LISTSTATE_QUERY_TIMEOUT=1.5, LISTSTATE_DEV=1, LISTSTATE_CONFIG=site.json)
        and, but --config, from the configuration file's "server" object
        ({"server": {"queryTimeout": 1.5, "dev": true}}); the command line wins
        over the environment, which wins over the file. GET /-/settings.json shows
        each setting's value and where it came from.

        \(ExitStatus.summary)

        """

    typealias Options = ServeSettings.Options

    /// The catalogue built on first start (or rebuilt when outdated) and the
    /// application over it; or, after saying on standard error why it cannot
    /// be, the exit status.
    static func openCatalogue(_ options: Options, configuration: AppConfiguration) -> Result<ListApplication, ExitCode> {
        switch CatalogueBuilder.state(at: options.database) {
        case .current:
            break
        case .foreign:
            Output.standardError(
                "liststate serve: \(options.database) is not a ListState catalogue; "
                    + "it is left untouched. Choose another file with --db.\n")
            return .failure(ExitCode(ExitStatus.dataError))
        case .missing, .outdated:
            Output.standardError("Building the character catalogue at \(options.database) …\n")
            let progress = ProgressReporter(isTerminal: isatty(2) == 1)
            do {
                let report = try CatalogueBuilder.build(at: options.database) { done, total in progress.update(done, total) }
                progress.finish()
                Output.standardError(String(format: "Built %d characters in %.2f s.\n", report.rowCount, report.seconds))
            } catch {
                progress.finish()
                // Its reason, not the error's internal name and SQLite code (found by QA).
                let reason = (error as? ListStoreError)?.message ?? "\(error)"
                Output.standardError("liststate serve: cannot build the catalogue at \(options.database): \(reason)\n")
                return .failure(ExitCode(ExitStatus.cannotCreate))
            }
        }

        let log: @Sendable (String) -> Void = { LogWriter.standardError.write("liststate: \($0)\n") }
        do {
            // The catalogue is one list, served as any other.
            let tables = try CatalogueList.tables(
                path: options.database, queryTimeLimit: options.queryTimeout,
                configuration: configuration.lists.last { $0.name == CatalogueList.name }, basePath: options.basePath,
                sortOrders: KeptSortOrders(budgetBytes: options.sortMemoryMiB << 20), log: log)
            return .success(try ListApplication(tables: tables, configuration: configuration))
        } catch {
            Output.standardError("liststate serve: \(error)\n")
            return .failure(ExitCode(ExitStatus.of(error)))
        }
    }

    /// An exit status carried as an error.
    struct ExitCode: Error {
        var status: Int32
        init(_ status: Int32) { self.status = status }
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch ServeSettings.resolve(arguments) {
        case .success(nil):
            Output.standardOutput(help)
            return ExitStatus.ok
        case .success(let parsed?):
            options = parsed
        case .failure(let problem) where problem.status == ExitStatus.usage:
            return ExitStatus.usageError("liststate serve: \(problem.message)", help: "liststate serve --help")
        case .failure(let problem):
            Output.standardError("liststate serve: \(problem.message)\n")
            return problem.status
        }
        // A server's output is often a pipe (a supervisor, a log collector,
        // `| tee`). Once its reader is gone, a write must fail with EPIPE (and be
        // ignored), not kill the server with SIGPIPE (found by faults.py).
        signal(SIGPIPE, SIG_IGN)
        // The configuration is read before anything else, so a mistake in it stops the
        // start at once (exit 78, EX_CONFIG), naming the file and the key.
        var appConfiguration = AppConfiguration(
            templatesDirectory: options.templates, staticDirectory: options.staticFiles,
            configurationFile: options.configuration,
            isDevelopment: options.isDevelopment)
        appConfiguration.responseCacheBytes = options.responseCacheMiB << 20
        appConfiguration.clientTimeoutSeconds = options.clientTimeout
        appConfiguration.countBudgetSeconds = options.countBudget
        if let seconds = options.retryAfter { appConfiguration.retryAfterSeconds = seconds }
        appConfiguration.corsOrigin = options.corsOrigin
        appConfiguration.basePath = options.basePath
        appConfiguration.settings = ServeSettings.effective(options)
        var tableConfiguration = TableConfiguration(file: options.configuration)
        tableConfiguration.basePath = options.basePath
        let log: @Sendable (String) -> Void = { LogWriter.standardError.write("liststate: \($0)\n") }
        var upstreams: [UpstreamDeclaration] = []
        if let path = options.configuration {
            do {
                upstreams = try UpstreamLists.declarations(path: path, environment: ProcessInfo.processInfo.environment)
                if options.databases.isEmpty && upstreams.isEmpty {
                    appConfiguration.lists = try ConfigurationFile.load(path: path, knownLists: [CatalogueList.name])
                } else {
                    // The tables are read later; a name no table has stops the start then.
                    (tableConfiguration.lists, tableConfiguration.tables) = try ConfigurationFile.loadForTables(path: path)
                    appConfiguration.lists = tableConfiguration.lists
                }
            } catch {
                Output.standardError("liststate serve: \(error)\n")
                return ExitStatus.configuration
            }
        }
        Server.blockTerminationSignals()
        tuneMalloc()

        let upstreamLists: [ListDefinition]
        do {
            upstreamLists = try UpstreamLists.lists(upstreams, file: options.configuration ?? "", log: log)
        } catch {
            Output.standardError("liststate serve: \(error)\n")
            return ExitStatus.configuration
        }

        let application: ListApplication
        if options.databases.isEmpty && upstreamLists.isEmpty {
            switch openCatalogue(options, configuration: appConfiguration) {
            case .success(let catalogue): application = catalogue
            case .failure(let exit): return exit.status
            }
        } else {
            do {
                let tables = try TableCatalog(
                    databases: options.databases, queryTimeLimit: options.queryTimeout,
                    configuration: tableConfiguration,
                    server: { argument in
                        ServerDatabases.source(
                            for: argument, databaseURL: options.databaseURL, schemas: options.schemas,
                            poolSize: options.poolSize, queryTimeLimit: options.queryTimeout, log: log)
                    },
                    alongside: upstreamLists, sortOrders: KeptSortOrders(budgetBytes: options.sortMemoryMiB << 20), log: log)
                application = try ListApplication(tables: tables, configuration: appConfiguration)
            } catch {
                Output.standardError("liststate serve: \(error)\n")
                return ExitStatus.of(error)
            }
        }

        var configuration = Server.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        if let threads = options.threads { configuration.threads = threads }
        if let workers = options.workers { configuration.workerThreads = workers }
        if let limit = options.connectionLimit { configuration.connectionLimit = limit }
        if let limit = options.perIPLimit { configuration.perIPConnectionLimit = limit }
        if let seconds = options.idleTimeout { configuration.connectionTimeoutSeconds = seconds }
        application.configure(&configuration)
        // Never waits on a full pipe: a line that cannot go now is dropped and counted (LogWriter).
        // Standard output on /dev/null: no line is made.
        switch options.logFormat {
        case _ where LogWriter.standardOutput.isDiscarding: configuration.accessLog = nil
        case .combined: configuration.accessLog = { entry in LogWriter.standardOutput.write(bytes: entry.combinedLineBytes) }
        case .json:
            LogWriter.standardOutput.writeNoticesAsJSON()
            configuration.accessLog = { entry in LogWriter.standardOutput.write(entry.jsonLine + "\n") }
        }
        let server = Server(configuration: configuration, router: application.makeRouter())
        do {
            try server.start()
        } catch {
            switch error.kind {
            case .addressInUse, .invalidAddress:
                let hint = error.kind == .addressInUse ? "; choose another with --port (0 picks a free one)" : ""
                Output.standardError("liststate serve: \(error)\(hint)\n")
                return ExitStatus.unavailable
            default:
                Output.standardError("liststate serve: cannot start: \(error)\n")
                return ExitStatus.failure
            }
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        let listening = "ListState is listening on http://\(shownHost):\(server.port ?? options.port)\(options.basePath)/"
        // In a log of JSON lines every line is JSON, this one too (found by QA).
        Output.standardOutput((options.logFormat == .json ? AccessLogEntry.jsonMessage(listening) : listening) + "\n")

        let signal = Server.waitForTerminationSignal()
        // Drain: readiness fails at once, responses close their connections;
        // after the grace the listening socket closes and requests in flight
        // get at most the drain limit.
        application.beginDraining()
        server.beginDraining()
        if options.drainGrace > 0 {
            Output.standardError(
                "liststate serve: signal \(signal) received, draining: still accepting for "
                    + "\(options.drainGrace) s (/-/readyz answers 503) …\n")
            if let second = Server.waitForTerminationSignal(timeout: .milliseconds(Int64(options.drainGrace * 1000))) {
                Output.standardError("liststate serve: signal \(second) received, grace cut short\n")
            }
        }
        Output.standardError(
            "liststate serve: signal \(signal) received, finishing requests in flight "
                + "(at most \(options.drainLimit) s) …\n")
        // At the limit the server stops its threads, which waits for handlers
        // still in the data source (each up to the query time limit, one after
        // another per thread: measured 9.8 s for a 0.2 s limit, RELIABILITY.md).
        // A watchdog makes the limit hard: one second past it, the process
        // exits 1 and the kernel closes every connection.
        let stopped = DispatchSemaphore(value: 0)
        let hardLimit = options.drainLimit + 1
        Thread.detachNewThread {
            if stopped.wait(timeout: .now() + hardLimit) == .timedOut {
                Output.standardError(
                    "liststate serve: requests still running \(hardLimit) s after the drain began; "
                        + "exiting now (status 1)\n")
                _exit(ExitStatus.failure)
            }
        }
        defer { stopped.signal() }
        do {
            try server.shutdown(timeout: .milliseconds(Int64(options.drainLimit * 1000)))
        } catch {
            Output.standardError("liststate serve: \(error)\n")
            return ExitStatus.failure
        }
        Output.standardError("liststate serve: stopped.\n")
        return ExitStatus.ok
    }

    /// Tunes glibc's malloc for a long-running server (mallopt(3); an explicit
    /// `MALLOC_ARENA_MAX` or `MALLOC_MMAP_THRESHOLD_` in the environment still wins):
    /// - at most two arenas (`M_ARENA_MAX`). By default it makes up to 8 × cores,
    ///   one per busy thread, and the server runs about 16 connection and worker
    ///   threads: memory freed in one arena was not reused by the others, and RSS
    ///   grew 44 → 52 MiB over a 5-minute soak; with two it stayed at 41 MiB, at
    ///   the same throughput (RELIABILITY.md);
    /// - blocks of 1 MiB and more always mapped on their own (`M_MMAP_THRESHOLD`),
    ///   so a kept sort order or ranking freed goes back to the system at once. By
    ///   default the threshold rises to the largest block freed (up to 32 MiB), and
    ///   orders rebuilt after writes were then carved from the heap and never
    ///   returned: at 1 M rows RSS reached 171 MiB with the 64 MiB budget, 115 MiB
    ///   with the threshold kept (BENCHMARKS.md, "Memory of kept orders").
    /// Call before any thread starts.
    static func tuneMalloc() {
        #if canImport(Glibc)
            // mallopt is declared in <malloc.h>, which Swift's Glibc module does not
            // export: it is looked up by name. M_ARENA_MAX is -8, M_MMAP_THRESHOLD -3 (glibc's malloc.h).
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
            if getenv("MALLOC_ARENA_MAX") == nil { _ = mallopt(-8, 2) }
            if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(-3, 1 << 20) }
        #endif
    }
}
