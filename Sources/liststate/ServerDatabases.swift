import ListStore

#if PostgreSQL
    import PostgreSQLStore
#endif

/// The database servers `serve` opens besides SQLite files: PostgreSQL, in a
/// build with the `PostgreSQL` trait (the default; Package.swift). A build
/// without it (`swift build --disable-default-traits`) has no libpq and
/// refuses a PostgreSQL address with a message that says so.
enum ServerDatabases {
    /// Whether `argument` names a database server rather than a file: a
    /// `postgresql://` or `postgres://` URI.
    static func isServerAddress(_ argument: String) -> Bool {
        argument.hasPrefix("postgresql://") || argument.hasPrefix("postgres://")
    }

    /// What is wrong with the connection string `conninfo`, or nil when it can be used.
    static func problem(with conninfo: String) -> String? {
        #if PostgreSQL
            if let problem = PostgreSQLSource.libraryProblem { return "cannot be served: \(problem)" }
            return PostgreSQLSource.problem(with: conninfo).map { "is not a PostgreSQL connection string: \($0)" }
        #else
            return "names a PostgreSQL database, which this build does not serve (built without the PostgreSQL trait)"
        #endif
    }

    /// `conninfo` as logs and settings show it: without its password.
    static func displayName(of conninfo: String) -> String {
        #if PostgreSQL
            PostgreSQLSource.displayName(of: conninfo)
        #else
            "postgresql://(not served by this build)"
        #endif
    }

    /// The source for `argument` when it names a database server (or is `databaseURL`), else nil (a file).
    static func source(
        for argument: String, databaseURL: String?, schemas: [String]?, poolSize: Int, queryTimeLimit: Double,
        log: @escaping @Sendable (String) -> Void
    ) -> (any ListSource)? {
        #if PostgreSQL
            guard isServerAddress(argument) || argument == databaseURL else { return nil }
            return PostgreSQLSource(
                conninfo: argument, schemas: schemas, poolSize: poolSize, queryTimeLimit: queryTimeLimit, log: log)
        #else
            return nil
        #endif
    }
}
