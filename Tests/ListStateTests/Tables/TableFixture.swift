import Foundation
import Synchronization
import TestSupport

@testable import ListState
@testable import ListStore

/// A user's database in a temporary folder, served by a `TestServer` with
/// no catalogue; the folder is removed when the fixture goes.
final class TableFixture {
    let folder = TemporaryFolder.make("table")
    let path: String
    let server: TestServer
    /// The data-source incidents the server logged.
    let incidents = TestServer.LoggedLines()

    /// The shop: a product table with ties and NULLs, a compound text key,
    /// an empty table, a view, a table whose name needs encoding.
    static let shop = """
        CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, price REAL, maker INTEGER REFERENCES makers, data BLOB);
        CREATE TABLE makers (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE pairs (part TEXT, n INTEGER, PRIMARY KEY (part, n)) WITHOUT ROWID;
        CREATE TABLE empty (x TEXT);
        CREATE TABLE "order items.v2 é" (product INTEGER, note);
        CREATE VIEW cheap AS SELECT name, price FROM products WHERE price < 2;
        INSERT INTO makers VALUES (1, 'Acme'), (2, 'Globex');
        INSERT INTO products (name, price, maker, data) VALUES
            ('apple', 1.5, 1, NULL), ('pear', 2, 2, X'0001'), ('fig', NULL, NULL, NULL), ('kiwi', 1.5, 1, NULL),
            ('plum', 3, 2, NULL), ('lime', 1.5, NULL, NULL), ('date', NULL, 1, NULL);
        INSERT INTO pairs VALUES ('a/b', 1), ('a,b', 2), ('%20', 3), ('é', 4), ('~', 5), ('..', 6), ('x y', 7), ('?#&', 8);
        INSERT INTO "order items.v2 é" VALUES (1, 'https://example.org/a?b=c&d'), (2, 9223372036854775807);
        """

    /// A share of the page's time that leaves a count its whole budget on the request path, so a
    /// first visit counts and is kept, as most tests read it (the default, 0.2 of the page's time,
    /// depends on the machine's speed; the tests of that share set their own).
    static let wholeCountBudget = 1_000.0

    /// - Parameters:
    ///   - templates: Override templates to write (path under the folder → text), served with `--templates`.
    ///   - corsOrigin: `--cors`.
    ///   - basePath: `--base-path`, normalized (`/site`).
    init(
        _ sql: String = TableFixture.shop, queryTimeLimit: Double = 2, configuration: String? = nil,
        templates: [String: String] = [:], corsOrigin: String? = nil, basePath: String = "",
        responseCacheBytes: Int? = nil, countBudgetSeconds: Double? = nil,
        countShareOfPage: Double? = TableFixture.wholeCountBudget, sortOrders: KeptSortOrders? = nil
    ) throws {
        let folder = self.folder
        path = folder + "/shop.sqlite"
        do {
            server = try Self.serve(
                sql, in: folder, queryTimeLimit: queryTimeLimit, configuration: configuration,
                templates: templates, corsOrigin: corsOrigin, basePath: basePath,
                responseCacheBytes: responseCacheBytes, countBudgetSeconds: countBudgetSeconds,
                countShareOfPage: countShareOfPage, sortOrders: sortOrders, incidents: incidents)
        } catch {
            // A fixture that cannot start (a test of a bad configuration) leaves nothing behind.
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Writes the database and the templates into `folder` and starts a server on them.
    private static func serve(
        _ sql: String, in folder: String, queryTimeLimit: Double, configuration: String?,
        templates: [String: String], corsOrigin: String?, basePath: String, responseCacheBytes: Int?,
        countBudgetSeconds: Double?, countShareOfPage: Double?, sortOrders: KeptSortOrders?, incidents: TestServer.LoggedLines
    ) throws -> TestServer {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (file, text) in templates {
            let path = folder + "/templates/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let path = folder + "/shop.sqlite"
        try SQLiteConnection(path: path, readOnly: false).execute(sql)
        var tables = TableConfiguration(file: "test.json")
        tables.basePath = basePath
        if let configuration {
            (tables.lists, tables.tables) = try ConfigurationFile.parse(
                Data(configuration.utf8), file: "test.json",
                knownLists: [], tables: true)
        }
        var application = AppConfiguration(
            templatesDirectory: templates.isEmpty ? nil : folder + "/templates",
            lists: tables.lists, configurationFile: "test.json")
        application.corsOrigin = corsOrigin
        application.basePath = basePath
        if let responseCacheBytes { application.responseCacheBytes = responseCacheBytes }
        if let countBudgetSeconds { application.countBudgetSeconds = countBudgetSeconds }
        if let countShareOfPage { application.countShareOfPage = countShareOfPage }
        // Incidents (a held lock, a damaged file) are what some tests make: kept, not printed.
        return try TestServer(
            tables: TableCatalog(
                databases: [path], queryTimeLimit: queryTimeLimit, configuration: tables, sortOrders: sortOrders,
                log: { line in incidents.append(line) }),
            configuration: application,
            log: { line in incidents.append(line) })
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs `sql` on a writable connection to the database.
    func write(_ sql: String) throws {
        try SQLiteConnection(path: path, readOnly: false).execute(sql)
    }

    /// A writable connection kept open (a program that writes while the server reads).
    func writer() throws -> SQLiteConnection {
        try SQLiteConnection(path: path, readOnly: false)
    }

    /// A connection holding the database's write lock (`BEGIN EXCLUSIVE`) until it is released,
    /// in the middle of a write (`writing`: the header page changed, not committed) or before any.
    func holdLock(writing: Bool = true) throws -> SQLiteConnectionHandle {
        try SQLiteConnectionHandle.holdingLock(on: path, writing: writing)
    }

    /// A held connection; `release()` ends its transaction.
    struct SQLiteConnectionHandle {
        let connection: SQLiteConnection

        /// A connection to `path` holding its write lock; with `writing`, a change made
        /// and not committed (the journal written: what a writer between its first
        /// write and its commit holds, so every read must wait).
        static func holdingLock(on path: String, writing: Bool) throws -> SQLiteConnectionHandle {
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try connection.execute(writing ? "BEGIN EXCLUSIVE; PRAGMA user_version = 7" : "BEGIN EXCLUSIVE")
            return SQLiteConnectionHandle(connection: connection)
        }
        func release() { try? connection.execute("ROLLBACK") }
    }

    /// The JSON object of an answer.
    static func json(_ answer: HTTPTestClient.Answer) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] ?? [:]
    }
}
