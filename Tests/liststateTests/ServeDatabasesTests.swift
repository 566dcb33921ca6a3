import Foundation
import TestSupport
import Testing

@testable import ListStore

#if canImport(Glibc)
    import Glibc
#endif

/// `liststate serve FILE.sqlite …`: users' databases, never touched; a file
/// that cannot be served stops the start with a message naming it (status 1,
/// not the usage status 2).
@Suite(.serialized) struct ServeDatabasesTests {
    /// A temporary folder removed when the test ends.
    final class Folder {
        let path = TemporaryFolder.make("serve-db")
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// A database at `name` made by `sql`.
        func database(_ name: String, _ sql: String) throws -> String {
            let file = path + "/" + name
            try SQLiteConnection(path: file, readOnly: false).execute(sql)
            return file
        }
    }

    @Test func servesEveryTableWithoutWritingTheFile() throws {
        let folder = try Folder()
        let file = try folder.database(
            "shop.sqlite",
            """
            CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, price REAL);
            INSERT INTO products (name, price) VALUES ('apple', 1.5), ('pear', 2);
            CREATE TABLE "order items" (product INTEGER REFERENCES products, n INTEGER);
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        let server = try ServeProcess([file])
        let index = try CLIRun.run(["check", server.url])
        #expect(index.status == 0, "\(index.standardOutput)\(index.standardError)")
        let list = try CLIRun.run(["check", server.url + "products", server.url + "order~20items", server.url + "products/1"])
        #expect(list.status == 0, "\(list.standardOutput)\(list.standardError)")
        #expect(server.stop() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["shop.sqlite"], "the server left files beside the database: \(left)")
    }

    /// Whether `server`'s process maps a library whose file name contains `library`.
    static func maps(_ server: ServeProcess, _ library: String) throws -> Bool {
        // Read to its end: a /proc file says its size is 0.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(server.process.processIdentifier)/maps"))
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("libmicrohttpd"), "the maps were read")
        return maps.contains(library)
    }

    /// libpq is loaded when a PostgreSQL database is named, not linked: a server
    /// of SQLite files maps none of it (nor OpenSSL, Kerberos and LDAP, which it
    /// pulls in: about 2.5 MiB of resident memory, issue 18).
    @Test func libpqIsMappedOnlyWhenAPostgreSQLDatabaseIsServed() throws {
        let folder = try Folder()
        let file = try folder.database("shop.sqlite", "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT);")
        let sqlite = try ServeProcess([file])
        #expect(try !Self.maps(sqlite, "libpq.so"))
        #expect(sqlite.stop() == 0)
        // No server answers on port 1: ListState starts anyway, with libpq loaded.
        let postgreSQL = try ServeProcess([file, "postgresql://reader@127.0.0.1:1/shop?connect_timeout=1"])
        #expect(try Self.maps(postgreSQL, "libpq.so"))
        #expect(postgreSQL.stop() == 0)
    }

    /// libcurl is loaded when an upstream list first fetches, not linked: a server of
    /// database files maps none of it (nor OpenSSL, Kerberos, LDAP and SSH, which it pulls
    /// in: about 3 MiB of resident memory, issue 48's idle RSS; GnuTLS is libmicrohttpd's too).
    @Test func libcurlIsNotMappedByAServerOfDatabaseFiles() throws {
        let folder = try Folder()
        let file = try folder.database("shop.sqlite", "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT);")
        let sqlite = try ServeProcess([file])
        let list = try CLIRun.run(["check", sqlite.url + "products"])
        #expect(list.status == 0, "\(list.standardOutput)\(list.standardError)")
        #expect(try !Self.maps(sqlite, "libcurl"))
        #expect(try !Self.maps(sqlite, "libssh2"))
        #expect(sqlite.stop() == 0)
    }

    @Test func aMissingFileStopsTheStartNamingIt() throws {
        let folder = try Folder()
        let run = try CLIRun.run(["serve", "--port", "0", folder.path + "/nope.sqlite"])
        #expect(run.status == 66)
        #expect(run.standardError.contains("nope.sqlite") && run.standardError.contains("no such file"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/nope.sqlite"), "a database was created")
    }

    @Test func aFileThatIsNotSQLiteStopsTheStartNamingIt() throws {
        let folder = try Folder()
        let file = folder.path + "/notes.txt"
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: file))
        let run = try CLIRun.run(["serve", "--port", "0", file])
        #expect(run.status == 65)
        #expect(run.standardError.contains("notes.txt") && run.standardError.contains("not a SQLite database"))
    }

    @Test func aNameTwoFilesShareOrARouteOfOursStopsTheStart() throws {
        let folder = try Folder()
        let first = try folder.database("a.sqlite", "CREATE TABLE t (x);")
        let second = try folder.database("b.sqlite", "CREATE TABLE t (y);")
        let shared = try CLIRun.run(["serve", "--port", "0", first, second])
        #expect(shared.status == 78)
        #expect(shared.standardError.contains("a.sqlite") && shared.standardError.contains("b.sqlite"))
        let reserved = try folder.database("c.sqlite", "CREATE TABLE static (x);")
        let run = try CLIRun.run(["serve", "--port", "0", reserved])
        #expect(run.status == 78)
        #expect(run.standardError.contains("“static”"))
    }
}

extension ServeDatabasesTests {
    @Test func aFileNamedTwiceStopsTheStart() throws {
        let folder = try Folder()
        let file = try folder.database("a.sqlite", "CREATE TABLE t (x);")
        let run = try CLIRun.run(["serve", "--port", "0", file, file])
        #expect(run.status == 2 && run.standardError.contains("named twice"))
        // However it is spelled (found by QA, second round).
        let link = folder.path + "/link.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let spelled = try CLIRun.run(["serve", "--port", "0", file, folder.path + "/./a.sqlite", link])
        #expect(spelled.status == 2 && spelled.standardError.contains("named twice"))
    }
}
