import Foundation
import HTTPServer
import ListCatalogue
import ListState
import ListStore

/// `liststate serve`'s settings and where each comes from: the command line
/// (`--query-timeout 1.5`), the environment (`LISTSTATE_QUERY_TIMEOUT=1.5`),
/// the configuration file (`{"server": {"queryTimeout": 1.5}}`) or the
/// built-in default, in that order of precedence. A bad value names its
/// source: the flag (a usage error, exit 2), the variable or the file and key
/// (a configuration error, exit 78).
enum ServeSettings {
    /// The parsed options.
    struct Options {
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        var database = CatalogueBuilder.defaultPath()
        var templates: String?
        var staticFiles: String?
        var threads: Int?
        var workers: Int?
        var queryTimeout = 2.0
        /// Seconds a page's partial request may wait for its answer.
        var clientTimeout = 10.0
        /// The `Retry-After` of a 503, in seconds (nil: the application's default).
        var retryAfter: Int?
        /// Users' SQLite files and PostgreSQL URIs to serve as lists (none: the catalogue).
        var databases: [String] = []
        /// A PostgreSQL database to serve (`--database-url`, `LISTSTATE_DATABASE_URL`: out of `ps`).
        var databaseURL: String?
        /// The PostgreSQL schemas to serve; nil for the ones on `search_path`.
        var schemas: [String]?
        /// The most connections to a PostgreSQL server, for the whole process.
        var poolSize = 4
        var configuration: String?
        var isDevelopment = false
        var connectionLimit: Int?
        var perIPLimit: Int?
        var idleTimeout: Int?
        /// Seconds to keep accepting after a termination signal (readiness 503).
        var drainGrace = 0.0
        /// Seconds to wait for requests in flight before cutting them off.
        var drainLimit = 25.0
        /// MiB of rendered answers kept for reuse.
        var responseCacheMiB = 4
        /// MiB of sorted pages' orders kept (``KeptSortOrders``; 0: none).
        var sortMemoryMiB = 64
        /// Seconds a count of a list's matching rows may run (0: no counts).
        var countBudget = 1.0
        /// The access log's format: the Combined Log Format, or one JSON object per line.
        var logFormat = LogFormat.combined
        /// The origin allowed to read the JSON twins from another site, or `*`; nil for none.
        var corsOrigin: String?
        /// The path prefix the site is served under (`/lists`), "" for none.
        var basePath = ""
        /// ``poolSize`` as a setting that may be unset.
        var poolSizeSetting: Int? {
            get { poolSize }
            set { poolSize = newValue ?? 4 }
        }
        /// Where each setting's value came from, by name (absent: the default).
        var sources: [String: EffectiveSetting.Source] = [:]
    }

    /// One setting: its name (`query-timeout`, from which the flag, the
    /// variable and the file key follow), how its text is read into the
    /// options, and how its effective value is shown.
    struct Setting: Sendable {
        /// Kebab case: `query-timeout`.
        let name: String
        /// Whether the flag takes the next argument (`--dev` does not).
        var takesValue = true
        /// Whether the value may hold a secret (a password): never echoed in a message.
        var isSecret = false
        /// Reads `text` into the options; returns what is wrong with it (without
        /// naming the source), or nil.
        let apply: @Sendable (inout Options, String) -> String?
        /// The effective value, for `/-/settings.json`.
        let shown: @Sendable (Options) -> EffectiveSetting.Value

        /// `--query-timeout`.
        var flag: String { "--" + name }
        /// `LISTSTATE_QUERY_TIMEOUT`.
        var environmentVariable: String { "LISTSTATE_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
        /// `queryTimeout`, the key under `server` in the configuration file.
        var fileKey: String {
            let words = name.split(separator: "-")
            return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
        }
    }

    /// How the access log is written on standard output.
    enum LogFormat: String, CaseIterable {
        /// The Combined Log Format (nginx's and Apache's): `AccessLogEntry.combinedLine`.
        case combined
        /// One JSON object per line: `AccessLogEntry.jsonLine`.
        case json
    }

    /// What a value must be, when it is not.
    private struct Invalid: Error {
        let message: String
    }

    /// A number within `range`, or what it must be.
    private static func number<T: LosslessStringConvertible & Comparable>(
        _ text: String, _ range: ClosedRange<T>,
        _ what: String
    ) -> Result<T, Invalid> {
        guard let value = T(text), range.contains(value) else {
            return .failure(Invalid(message: "must be \(what) from \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success(value)
    }

    /// Seconds within `range` (finite), or what they must be.
    private static func seconds(_ text: String, _ range: ClosedRange<Double>, lowest: String) -> Result<Double, Invalid> {
        // Decimal only: Double("0x10") would read a hexadecimal float (found by QA).
        let isDecimal = text.range(of: #"^[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
        guard isDecimal, let value = Double(text), value.isFinite, range.contains(value) else {
            return .failure(Invalid(message: "must be a number of seconds from \(lowest) to \(Int(range.upperBound))"))
        }
        return .success(value)
    }

    /// `body` applied to the value `result` holds, or its message.
    private static func set<T>(_ result: Result<T, Invalid>, _ body: (T) -> Void) -> String? {
        switch result {
        case .success(let value):
            body(value)
            return nil
        case .failure(let invalid): return invalid.message
        }
    }

    /// A setting of seconds within `range` (`lowest` written as the message says it).
    private static func seconds(
        _ name: String, _ range: ClosedRange<Double>, lowest: String, at path: WritableKeyPath<Options, Double> & Sendable
    ) -> Setting {
        Setting(
            name: name, apply: { options, text in set(seconds(text, range, lowest: lowest)) { options[keyPath: path] = $0 } },
            shown: { .number($0[keyPath: path]) })
    }

    /// A server setting of whole numbers within `range`, left to the server
    /// (whose own value `unset` is shown) until given.
    private static func count(
        _ name: String, _ range: ClosedRange<Int>, what: String = "a number", at path: WritableKeyPath<Options, Int?> & Sendable,
        unset: Int
    ) -> Setting {
        Setting(
            name: name, apply: { options, text in set(number(text, range, what)) { options[keyPath: path] = $0 } },
            shown: { .number(Double($0[keyPath: path] ?? unset)) })
    }

    /// The server's own defaults (threads and workers by core count), shown for the settings left unset.
    private static let serverDefaults = Server.Configuration()

    /// Every setting, in the order `--help` lists them.
    static let all: [Setting] = [
        Setting(
            name: "host",
            apply: { options, text in
                guard !text.isEmpty else { return "must name an address" }
                options.host = text
                return nil
            }, shown: { .text($0.host) }),
        Setting(
            name: "port", apply: { options, text in set(number(text, 0...65535, "a number")) { options.port = $0 } },
            shown: { .number(Double($0.port)) }),
        Setting(
            name: "db",
            apply: { options, text in
                guard !text.isEmpty, !text.hasSuffix("/") else { return "must name a file" }
                options.database = text
                return nil
            }, shown: { .text($0.database) }),
        Setting(
            name: "database-url", isSecret: true,
            apply: { options, text in
                if let problem = ServerDatabases.problem(with: text) { return problem }
                options.databaseURL = text
                return nil
            }, shown: { $0.databaseURL.map { .text(ServerDatabases.displayName(of: $0)) } ?? .none }),
        Setting(
            name: "schema",
            apply: { options, text in
                let names = text.split(separator: ",").map(String.init)
                guard !names.isEmpty, !names.contains(where: \.isEmpty) else { return "must name a schema (or several, with commas)" }
                options.schemas = names
                return nil
            }, shown: { $0.schemas.map { .texts($0) } ?? .none }),
        count("pool-size", 1...1000, at: \.poolSizeSetting, unset: 4),
        Setting(
            name: "templates",
            apply: { options, text in
                guard !text.isEmpty else { return "must name a folder" }
                options.templates = text
                return nil
            },
            shown: { $0.templates.map { .text($0) } ?? .none }),
        Setting(
            name: "static",
            apply: { options, text in
                // Checked here, as --templates is when it is read (found by QA: a typo went unnoticed).
                var isFolder: ObjCBool = false
                guard !text.isEmpty else { return "must name a folder" }
                guard FileManager.default.fileExists(atPath: text, isDirectory: &isFolder), isFolder.boolValue else {
                    return "must name a folder (there is none at \(text))"
                }
                options.staticFiles = text
                return nil
            },
            shown: { $0.staticFiles.map { .text($0) } ?? .none }),
        count("threads", 1...1024, at: \.threads, unset: serverDefaults.threads),
        count("workers", 0...1024, at: \.workers, unset: serverDefaults.workerThreads),
        seconds("query-timeout", 0.01...600, lowest: "0.01", at: \.queryTimeout),
        seconds("client-timeout", 0.1...600, lowest: "0.1", at: \.clientTimeout),
        count(
            "retry-after", 1...3600, what: "a whole number of seconds", at: \.retryAfter,
            unset: AppConfiguration.defaultRetryAfterSeconds),
        count("connection-limit", 1...100_000, at: \.connectionLimit, unset: serverDefaults.connectionLimit),
        count("per-ip-limit", 0...100_000, at: \.perIPLimit, unset: serverDefaults.perIPConnectionLimit),
        count(
            "idle-timeout", 1...100_000, what: "a whole number of seconds", at: \.idleTimeout,
            unset: serverDefaults.connectionTimeoutSeconds),
        seconds("drain-grace", 0...3600, lowest: "0", at: \.drainGrace),
        seconds("drain-limit", 0.01...3600, lowest: "0.01", at: \.drainLimit),
        seconds("count-budget", 0...60, lowest: "0", at: \.countBudget),
        Setting(
            name: "response-cache",
            apply: { options, text in
                set(number(text, 0...4096, "a number of MiB")) { options.responseCacheMiB = $0 }
            }, shown: { .number(Double($0.responseCacheMiB)) }),
        Setting(
            name: "sort-memory",
            apply: { options, text in
                set(number(text, 0...65_536, "a number of MiB")) { options.sortMemoryMiB = $0 }
            }, shown: { .number(Double($0.sortMemoryMiB)) }),
        Setting(
            name: "log-format",
            apply: { options, text in
                guard let format = LogFormat(rawValue: text) else { return "must be combined or json" }
                options.logFormat = format
                return nil
            }, shown: { .text($0.logFormat.rawValue) }),
        Setting(
            name: "cors",
            apply: { options, text in
                // `*`, or an origin: a scheme, a host and maybe a port, nothing after (RFC 6454 §6.2).
                let isOrigin = text.range(of: #"^https?://[A-Za-z0-9.\-\[\]:]+$"#, options: .regularExpression) != nil
                guard text == "*" || isOrigin else { return "must be * or an origin such as https://example.org" }
                options.corsOrigin = text
                return nil
            }, shown: { $0.corsOrigin.map { .text($0) } ?? .none }),
        Setting(
            name: "base-path",
            apply: { options, text in
                guard let normalized = BasePath.normalized(text) else {
                    return "must be a path such as /lists/ (segments of letters, digits, - . _ ~)"
                }
                options.basePath = normalized
                return nil
            }, shown: { .text($0.basePath.isEmpty ? "/" : $0.basePath + "/") }),
        Setting(
            name: "config",
            apply: { options, text in
                guard !text.isEmpty else { return "must name a file" }
                options.configuration = text
                return nil
            }, shown: { $0.configuration.map { .text($0) } ?? .none }),
        Setting(
            name: "dev", takesValue: false,
            apply: { options, text in
                switch text.lowercased() {
                case "true", "1", "yes": options.isDevelopment = true
                case "false", "0", "no", "": options.isDevelopment = false
                default: return "must be true or false"
                }
                return nil
            }, shown: { .bool($0.isDevelopment) }),
    ]

    /// Why the settings cannot be used, and the exit status that says so.
    struct Problem: Error {
        var message: String
        /// ``ExitStatus/usage`` for the command line, ``ExitStatus/configuration`` otherwise.
        var status: Int32
    }

    /// The options from `arguments` (after `serve`), `environment` and the
    /// configuration file (named by `--config` or `LISTSTATE_CONFIG`); nil
    /// when `--help` was asked for.
    static func resolve(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<Options?, Problem> {
        // The command line first, only read: it may name the configuration file, and its
        // mistakes are usage errors whatever the rest says.
        var flags: [(setting: Setting, value: String)] = []
        var databases: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" { return .success(nil) }
            guard argument.hasPrefix("-") else {
                if ServerDatabases.isServerAddress(argument), let problem = ServerDatabases.problem(with: argument) {
                    return .failure(Problem(message: "\(ServerDatabases.displayName(of: argument)) \(problem)", status: ExitStatus.usage))
                }
                databases.append(argument)
                continue
            }
            guard let setting = all.first(where: { $0.flag == argument }) else {
                return .failure(Problem(message: "unknown option '\(argument)'", status: ExitStatus.usage))
            }
            guard setting.takesValue else {
                flags.append((setting, "true"))
                continue
            }
            guard let value = remaining.popFirst() else {
                return .failure(Problem(message: "\(argument) needs a value", status: ExitStatus.usage))
            }
            flags.append((setting, value))
        }
        var options = Options()
        options.databases = databases
        var probe = Options()
        for (setting, value) in flags {
            if let message = setting.apply(&probe, value) {
                return .failure(Problem(message: "\(setting.flag) \(message)", status: ExitStatus.usage))
            }
        }
        let configuration = flags.last { $0.setting.name == "config" }?.value ?? environment["LISTSTATE_CONFIG"]
        // Then the layers, lowest first: the file, the environment, the command line.
        if let configuration {
            let entries: [(key: String, value: String)]
            do {
                entries = try ConfigurationFile.serverSettings(path: configuration)
            } catch {
                return .failure(Problem(message: "\(error)", status: ExitStatus.configuration))
            }
            for (key, value) in entries {
                guard let setting = all.first(where: { $0.fileKey == key && $0.name != "config" }) else {
                    let known = all.filter { $0.name != "config" }.map(\.fileKey).joined(separator: ", ")
                    return .failure(
                        Problem(
                            message: "\(configuration): error: server.\(key): unknown key (known here: \(known))",
                            status: ExitStatus.configuration))
                }
                if let message = setting.apply(&options, value) {
                    return .failure(
                        Problem(
                            message: "\(configuration): error: server.\(key): \(message)",
                            status: ExitStatus.configuration))
                }
                options.sources[setting.name] = .file
            }
        }
        for setting in all {
            guard let value = environment[setting.environmentVariable] else { continue }
            if let message = setting.apply(&options, value) {
                return .failure(
                    Problem(
                        message: "\(setting.environmentVariable)=\(setting.isSecret ? "…" : String(value.prefix(100))): \(message)",
                        status: ExitStatus.configuration))
            }
            options.sources[setting.name] = .environment
        }
        for (setting, value) in flags {
            _ = setting.apply(&options, value)
            options.sources[setting.name] = .flag
        }
        // Served after the files named on the command line.
        if let url = options.databaseURL { options.databases.append(url) }
        return .success(options)
    }

    /// Every setting's effective value and source, for `/-/settings.json`.
    static func effective(_ options: Options) -> [EffectiveSetting] {
        var settings = all.map { setting in
            EffectiveSetting(name: setting.fileKey, value: setting.shown(options), source: options.sources[setting.name] ?? .default)
        }
        settings.append(
            EffectiveSetting(
                name: "databases",
                value: .texts(
                    options.databases.map {
                        ServerDatabases.isServerAddress($0) || $0 == options.databaseURL ? ServerDatabases.displayName(of: $0) : $0
                    }),
                source: options.databases.isEmpty ? .default : .flag))
        return settings
    }
}
