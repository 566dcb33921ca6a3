import Foundation

@testable import PostgreSQLStore

/// The throw-away PostgreSQL cluster `scripts/with-postgresql` started for
/// this run (`LISTSTATE_TEST_POSTGRESQL`), and databases made in it for one
/// test each, dropped when the test ends. Tests that need it are enabled
/// only where it is (`make test` always starts one).
enum TestCluster {
    /// The cluster's libpq connection string (`host=FOLDER user=postgres dbname=postgres`), if any.
    static let conninfo = ProcessInfo.processInfo.environment["LISTSTATE_TEST_POSTGRESQL"]
    /// Whether a cluster is there.
    static var isAvailable: Bool { conninfo != nil }

    /// `psql` of the cluster's PostgreSQL version.
    static var psql: String {
        (ProcessInfo.processInfo.environment["LISTSTATE_TEST_POSTGRESQL_BIN"] ?? "/usr/bin") + "/psql"
    }

    /// Runs `sql` with psql on `database` (the cluster's `postgres` when nil); its output, rows as `a|b` lines.
    @discardableResult
    static func run(_ sql: String, database: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: psql)
        process.arguments = ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", connection(to: database), "-c", sql]
        var environment = ProcessInfo.processInfo.environment
        environment["PGOPTIONS"] = "-c client_min_messages=warning"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ClusterError(message: "psql failed: " + String(decoding: problem, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `sql` with psql in the background (a transaction that holds a lock, say); stop it with `terminate()`.
    static func start(_ sql: String, database: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: psql)
        process.arguments = ["-X", "-q", "-d", connection(to: database), "-c", sql]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The connection string for `database`.
    static func connection(to database: String?) -> String {
        guard let database else { return conninfo ?? "" }
        return (conninfo ?? "") + " dbname=" + database
    }

    /// Runs `body` with the connection string and the name of a new database made by `setUp`
    /// (SQL), then drops it, whether `body` passed or threw.
    /// - Parameter locale: The new database's locale (`C`: code point order without COLLATE).
    static func withDatabase<T>(locale: String = "C", _ setUp: String, _ body: (String, String) throws -> T) throws -> T {
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try run("CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8' LOCALE '\(locale)'")
        defer {
            _ = try? run(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()")
            _ = try? run("DROP DATABASE IF EXISTS \(name)")
        }
        if !setUp.isEmpty { try run(setUp, database: name) }
        return try body(connection(to: name), name)
    }

    struct ClusterError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
